// Picks stores and DCs (one or several) from those the caller deals with: a supplier's are the ones its orders
// or receipts name, staff see their tenant's. `storesOnly` offers the open stores, as the store picker call does.
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type PickerWidth, popupWidth, storesQuery } from './lookups';

interface Common {
  storesOnly?: boolean;
  width?: PickerWidth;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  'aria-label'?: string;
}

/** Controlled, or inside a Form.Item: one code, or with `multiple` a list of codes. */
export function StorePicker(
  props: Common &
    (
      | { multiple?: false; value?: string | undefined; onChange?(code: string | undefined): void }
      | {
          multiple: true;
          value?: string[] | undefined;
          onChange?(codes: string[]): void;
        }
    ),
) {
  const { t } = useTranslation();
  const { storesOnly = false, width = 220, id, placeholder, disabled, 'aria-label': ariaLabel } = props;
  const stores = useQuery(storesQuery(storesOnly));
  const options = (stores.data ?? []).map((d) => ({
    value: d.deptCode,
    label: `${d.deptCode} ${d.deptName}`,
  }));
  const shared = {
    id,
    'aria-label': ariaLabel,
    disabled,
    allowClear: true,
    showSearch: { optionFilterProp: 'label' },
    placeholder: placeholder ?? (storesOnly ? t('pickers.storePlaceholder') : t('pickers.deptPlaceholder')),
    style: { width },
    popupMatchSelectWidth: popupWidth(width, 260),
    loading: stores.isLoading,
    options,
  } as const;
  if (props.multiple)
    return (
      <Select<string[]>
        {...shared}
        mode="multiple"
        maxTagCount={1}
        maxTagTextLength={10}
        value={props.value}
        onChange={(codes) => props.onChange?.(codes ?? [])}
      />
    );
  return <Select<string> {...shared} value={props.value || undefined} onChange={(code) => props.onChange?.(code || undefined)} />;
}
