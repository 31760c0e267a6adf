// Tree pickers of categories, brands and suppliers, each under its root ('所有类别', '所有品牌', '所有供应商')
// as the legacy calls answer them. The root stands for "all": it is shown open and is not a choice, so an empty
// value means all. In the supplier tree only suppliers are choices (their category groups are not); with
// `leafOnly` only categories without sub-classes are (a form that needs a leaf category).
import type { common } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type PickerWidth, type TreeKind, popupWidth, treeQuery } from './lookups';

interface TreeOption {
  value: string;
  title: string;
  selectable: boolean;
  children: TreeOption[];
}

/** Supplier groups carry ids `category:…`; only their children (suppliers) are choices. */
const isGroup = (kind: TreeKind, node: common.TreeNode) => kind === 'supplier' && node.id.startsWith('category:');

/** `rootTitle` names the root in the page's language (the call answers it in Chinese: '所有类别'…); null below it. */
function optionsOf(kind: TreeKind, nodes: common.TreeNode[], rootTitle: string | null, leafOnly: boolean): TreeOption[] {
  return nodes.map((node) => ({
    value: rootTitle !== null ? `root:${kind}` : node.id,
    title: rootTitle ?? node.label,
    selectable: rootTitle === null && !isGroup(kind, node) && !(leafOnly && node.children.length > 0),
    children: optionsOf(kind, node.children, null, leafOnly),
  }));
}

export interface PickerCommon {
  width?: PickerWidth;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  'aria-label'?: string;
}
export type Single = PickerCommon & { multiple?: false; value?: string | undefined; onChange?(value: string | undefined): void };
export type Multiple = PickerCommon & { multiple: true; value?: string[] | undefined; onChange?(value: string[]): void };

/** A tree picker of one kind; shared by the category, brand and supplier pickers. */
export function TreePicker(props: { kind: TreeKind; leafOnly?: boolean } & (Single | Multiple)) {
  const { t } = useTranslation();
  const tree = useQuery(treeQuery(props.kind));
  const { width = 220, id, placeholder, disabled, leafOnly = false, 'aria-label': ariaLabel } = props;
  // The input names its list `${id}_list` (aria-owns, aria-controls), which the tree's popup does not carry: the
  // popup is wrapped in an element of that id, so the reference holds (axe: aria-valid-attr-value).
  const ownId = `tree-picker-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const pickerId = id ?? ownId;
  const rootTitle = t(`pickers.${props.kind}Placeholder`);
  const options = useMemo(() => optionsOf(props.kind, tree.data ?? [], rootTitle, leafOnly), [props.kind, tree.data, rootTitle, leafOnly]);
  const change = (next: string | string[] | undefined) => {
    if (props.multiple) props.onChange?.(Array.isArray(next) ? next : []);
    else props.onChange?.(typeof next === 'string' && next ? next : undefined);
  };
  return (
    <TreeSelect<string | string[]>
      id={pickerId}
      aria-label={ariaLabel}
      disabled={disabled}
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      multiple={props.multiple}
      maxTagCount={props.multiple ? 1 : undefined}
      maxTagTextLength={10}
      placeholder={placeholder ?? t(`pickers.${props.kind}Placeholder`)}
      style={{ width }}
      popupMatchSelectWidth={popupWidth(width, 280)}
      loading={tree.isLoading}
      treeData={options}
      treeDefaultExpandedKeys={options.map((o) => o.value)}
      value={props.multiple ? (props.value ?? []) : props.value || undefined}
      onChange={change}
      popupRender={(menu) => <div id={`${pickerId}_list`}>{menu}</div>}
    />
  );
}

/**
 * One category (in a filter a category filters its sub-classes too; empty: all), or with `multiple` several.
 * `leafOnly`: only categories without sub-classes are choices, as a goods item's category must be.
 */
export const CategoryPicker = (props: { leafOnly?: boolean } & (Single | Multiple)) => <TreePicker kind="category" {...props} />;

/** One brand, or with `multiple` several; empty: all. */
export const BrandPicker = (props: Single | Multiple) => <TreePicker kind="brand" {...props} />;
