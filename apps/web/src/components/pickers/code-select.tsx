// The flat list of the store and supplier pickers: codes searched by code or name, one or several, each shown
// as "code name"; the list may be wider than the picker (popupWidth).
import { Select } from 'antd';
import { popupWidth } from './lookups';
import type { Multiple, Single } from './tree-picker';

export type CodeSelectProps = (Single | Multiple) & {
  /** The choices: code and name. */
  items: readonly { code: string; name: string }[];
  loading: boolean;
  /** Width of the open list on a wide screen. */
  wide: number;
  /** Several chosen: how their tags are drawn. */
  tags?: { maxTagCount: number | 'responsive'; maxTagTextLength?: number };
};

export function CodeSelect(props: CodeSelectProps) {
  const {
    items,
    loading,
    wide,
    width = 220,
    id,
    placeholder,
    disabled,
    'aria-label': ariaLabel,
    tags = { maxTagCount: 'responsive' },
  } = props;
  const shared = {
    id,
    'aria-label': ariaLabel,
    disabled,
    allowClear: true,
    showSearch: { optionFilterProp: 'label' },
    placeholder,
    style: { width },
    popupMatchSelectWidth: popupWidth(width, wide),
    loading,
    options: items.map((item) => ({ value: item.code, label: `${item.code} ${item.name}` })),
  } as const;
  if (props.multiple)
    return (
      <Select<string[]>
        {...shared}
        mode="multiple"
        {...tags}
        value={props.value ?? []}
        onChange={(codes) => props.onChange?.(codes ?? [])}
      />
    );
  return <Select<string> {...shared} value={props.value || undefined} onChange={(code) => props.onChange?.(code || undefined)} />;
}
