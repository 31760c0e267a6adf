// The one supplier picker: a staff user narrows a page to a supplier (empty: all suppliers of the tenant) or
// chooses suppliers for a setting. `mode="list"` (the default) is a flat list searched by code or name, read
// from the legacy supplier list; `mode="tree"` shows the suppliers under the top categories of their goods.
// A supplier account has no choice: the picker shows its own supplier, fixed.
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../../stores/user';
import { popupWidth, suppliersQuery } from './lookups';
import { type Multiple, type Single, TreePicker } from './tree-picker';

export type SupplierPickerProps = { mode?: 'list' | 'tree' } & (Single | Multiple);

/** Controlled, or inside a Form.Item that passes value and onChange. The value is the supplier code. */
export function SupplierPicker(props: SupplierPickerProps) {
  const { t } = useTranslation();
  const staff = useUserStore((s) => s.staff);
  const ownCode = useUserStore((s) => s.supplierCode);
  const ownName = useUserStore((s) => s.supplierName);
  const own = staff ? null : { code: ownCode, name: ownName };
  const { mode = 'list', width = 260, id, placeholder, disabled, 'aria-label': ariaLabel = t('shell.supplier') } = props;
  const suppliers = useQuery({ ...suppliersQuery, enabled: mode === 'list' && !own });

  if (own) {
    const label = `${own.code} ${own.name}`;
    return (
      <Select
        id={id}
        aria-label={ariaLabel}
        disabled
        style={{ width }}
        mode={props.multiple ? 'multiple' : undefined}
        value={props.multiple ? [own.code] : own.code}
        options={[{ value: own.code, label }]}
      />
    );
  }
  if (mode === 'tree') return <TreePicker kind="supplier" {...props} aria-label={ariaLabel} />;

  const shared = {
    id,
    'aria-label': ariaLabel,
    disabled,
    allowClear: true,
    showSearch: { optionFilterProp: 'label' },
    placeholder: placeholder ?? t('pickers.supplierPlaceholder'),
    style: { width },
    popupMatchSelectWidth: popupWidth(width, 300),
    loading: suppliers.isLoading,
    options: (suppliers.data ?? []).map((s) => ({ value: s.suppCode, label: `${s.suppCode} ${s.suppName}` })),
  } as const;
  if (props.multiple)
    return (
      <Select<string[]>
        {...shared}
        mode="multiple"
        maxTagCount="responsive"
        value={props.value ?? []}
        onChange={(codes) => props.onChange?.(codes ?? [])}
      />
    );
  return <Select<string> {...shared} value={props.value || undefined} onChange={(code) => props.onChange?.(code || undefined)} />;
}
