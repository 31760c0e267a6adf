// The supplier a staff user narrows a page to (empty: all suppliers of the tenant). Supplier accounts
// never see it: their pages always read their own supplier.
import { dashboard } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';

/** Controlled, or inside a Form.Item that passes value and onChange. */
export function SupplierPicker({
  value,
  onChange,
  width = 260,
}: {
  value?: string | undefined;
  onChange?(suppCode: string | undefined): void;
  width?: number;
}) {
  const { t } = useTranslation();
  const suppliers = useQuery({ queryKey: ['suppliers'], queryFn: () => call(dashboard.getSuppliers), staleTime: 5 * 60_000 });
  return (
    <Select
      aria-label={t('shell.supplier')}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('shell.allSuppliers')}
      style={{ width }}
      value={value}
      onChange={(v: string | undefined) => onChange?.(v || undefined)}
      loading={suppliers.isLoading}
      options={(suppliers.data ?? []).map((s) => ({ value: s.suppCode, label: `${s.suppCode} ${s.suppName}` }))}
    />
  );
}
