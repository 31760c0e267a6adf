// Tree pickers of categories, brands and suppliers, each under its root ('所有类别', '所有品牌', '所有供应商')
// as the legacy calls answer them. The root stands for "all": it is shown open and is not a choice, so an empty
// value means all. In the supplier tree only suppliers are choices (their category groups are not).
import type { common } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type TreeKind, popupWidth, treeQuery } from './lookups';

interface TreeOption {
  value: string;
  title: string;
  selectable: boolean;
  children: TreeOption[];
}

/** Supplier groups carry ids `category:…`; only their children (suppliers) are choices. */
const isGroup = (kind: TreeKind, node: common.TreeNode) => kind === 'supplier' && node.id.startsWith('category:');

function optionsOf(kind: TreeKind, nodes: common.TreeNode[], root: boolean): TreeOption[] {
  return nodes.map((node) => ({
    value: root ? `root:${kind}` : node.id,
    title: node.label,
    selectable: !root && !isGroup(kind, node),
    children: optionsOf(kind, node.children, false),
  }));
}

interface Common {
  width?: number;
  id?: string;
  placeholder?: string;
  'aria-label'?: string;
}
type Single = Common & { value?: string | undefined; onChange?(value: string | undefined): void };
type Multiple = Common & { value?: string[] | undefined; onChange?(value: string[]): void };

function TreePicker(props: { kind: TreeKind } & ((Single & { multiple?: false }) | (Multiple & { multiple: true }))) {
  const { t } = useTranslation();
  const tree = useQuery(treeQuery(props.kind));
  const options = useMemo(() => optionsOf(props.kind, tree.data ?? [], true), [props.kind, tree.data]);
  const { width = 220, id, placeholder, 'aria-label': ariaLabel } = props;
  const change = (next: string | string[] | undefined) => {
    if (props.multiple) props.onChange?.(Array.isArray(next) ? next : []);
    else props.onChange?.(typeof next === 'string' && next ? next : undefined);
  };
  return (
    <TreeSelect<string | string[]>
      id={id}
      aria-label={ariaLabel}
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
    />
  );
}

/** One category (a category filters its sub-classes too); empty: all. */
export const CategoryPicker = (props: Single) => <TreePicker kind="category" {...props} />;

/** Several brands; empty: all. */
export const BrandPicker = (props: Multiple) => <TreePicker kind="brand" multiple {...props} />;

/** One supplier, found under the top categories of its goods; empty: all (staff). */
export const SupplierTreePicker = (props: Single) => <TreePicker kind="supplier" {...props} />;
