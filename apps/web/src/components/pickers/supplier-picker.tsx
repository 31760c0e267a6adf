// The one supplier picker: a staff user narrows a page to a supplier (empty: all suppliers of the tenant) or
// chooses suppliers for a setting. `mode="list"` (the default) is a flat list searched by code or name, read
// from the legacy supplier list; `mode="tree"` shows each supplier once, under the top category of most of its goods.
// A supplier account has no choice: the picker shows its own supplier, fixed.
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../../stores/user';
import { CodeSelect } from './code-select';
import { suppliersQuery } from './lookups';
import { type Multiple, type Single, TreePicker } from './tree-picker';

export type SupplierPickerProps = { mode?: 'list' | 'tree' } & (Single | Multiple);

/** Controlled, or inside a Form.Item that passes value and onChange. The value is the supplier code. */
export function SupplierPicker(props: SupplierPickerProps) {
  const { t } = useTranslation();
  const staff = useUserStore((s) => s.staff);
  const ownCode = useUserStore((s) => s.supplierCode);
  const ownName = useUserStore((s) => s.supplierName);
  const own = staff ? null : { code: ownCode, name: ownName };
  const { mode = 'list', width = 260, id, placeholder, 'aria-label': ariaLabel = t('shell.supplier') } = props;
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

  return (
    <CodeSelect
      {...props}
      aria-label={ariaLabel}
      placeholder={placeholder ?? t('pickers.supplierPlaceholder')}
      width={width}
      items={(suppliers.data ?? []).map((s) => ({ code: s.suppCode, name: s.suppName }))}
      loading={suppliers.isLoading}
      wide={300}
    />
  );
}
