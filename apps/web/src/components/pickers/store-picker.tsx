// Picks stores and DCs (one or several) from those the caller deals with: a supplier's are the ones its orders
// or receipts name, staff see their tenant's. `storesOnly` offers the open stores, as the store picker call does.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CodeSelect } from './code-select';
import { storesQuery } from './lookups';
import type { Multiple, Single } from './tree-picker';

/** Controlled, or inside a Form.Item: one code, or with `multiple` a list of codes. */
export function StorePicker(props: { storesOnly?: boolean } & (Single | Multiple)) {
  const { t } = useTranslation();
  const { storesOnly = false, placeholder } = props;
  const stores = useQuery(storesQuery(storesOnly));
  return (
    <CodeSelect
      {...props}
      placeholder={placeholder ?? (storesOnly ? t('pickers.storePlaceholder') : t('pickers.deptPlaceholder'))}
      items={(stores.data ?? []).map((d) => ({ code: d.deptCode, name: d.deptName }))}
      loading={stores.isLoading}
      wide={260}
      tags={{ maxTagCount: 1, maxTagTextLength: 10 }}
    />
  );
}
