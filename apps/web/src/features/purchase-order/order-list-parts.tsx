// What the order list and the confirmation monitor share: the search form (supplier for staff, order dates, store
// or DC, the page's own fields, search and reset) and the grid with its "open the selected order" bar and paging.
import { Button, DatePicker, Form, type FormProps, Space, Typography } from 'antd';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type DataGridProps } from '../../components/data-grid';
import { ListPagination } from '../../components/list-pagination';
import { StorePicker } from '../../components/pickers/store-picker';
import { SupplierPicker } from '../../components/pickers/supplier-picker';

export function OrderSearchForm<Search>({
  form,
  label,
  supplier,
  onReset,
  children,
}: {
  form: FormProps<Search>;
  label: string;
  /** Staff: the supplier picker first. */
  supplier: boolean;
  onReset: () => void;
  /** The page's own fields, after the store or DC. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form {...form} layout="inline" style={{ rowGap: 12, marginBottom: 12 }} aria-label={label}>
      {supplier && (
        <Form.Item name="suppCode" label={t('shell.supplier')}>
          <SupplierPicker width={220} />
        </Form.Item>
      )}
      <Form.Item name="dates" label={t('purchaseOrder.orderDate')}>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          placeholder={[t('purchaseOrder.startDate'), t('purchaseOrder.endDate')]}
          style={{ width: 250 }}
        />
      </Form.Item>
      <Form.Item name="deptCode" label={t('purchaseOrder.dept')}>
        <StorePicker placeholder={t('purchaseOrder.deptPlaceholder')} width={200} />
      </Form.Item>
      {children}
      <Space>
        <Button type="primary" htmlType="submit">
          {t('purchaseOrder.search')}
        </Button>
        <Button onClick={onReset}>{t('purchaseOrder.reset')}</Button>
      </Space>
    </Form>
  );
}

/** The grid of orders: the active row is the selected order, which the button (or a double click, Enter) opens. */
export function OrderGrid({
  label,
  openLabel,
  list,
  grid,
  columns,
  pagination,
  onOpen,
  children,
}: {
  label: string;
  openLabel: string;
  list: readonly { billNumber: string }[];
  grid: Omit<DataGridProps, 'columns'>;
  columns: DataGridProps['columns'];
  pagination: ComponentProps<typeof ListPagination>;
  onOpen: (billNumber: string) => void;
  /** Between the bar and the grid (the monitor's views). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string>();
  const open = (billNumber: string | undefined) => billNumber && onOpen(billNumber);
  return (
    <>
      {children}
      <Space wrap style={{ marginBottom: 12 }}>
        <Button type="primary" disabled={!selected} onClick={() => open(selected)}>
          {openLabel}
        </Button>
        <Typography.Text type="secondary" aria-live="polite">
          {selected ? t('purchaseOrder.selected', { billNumber: selected }) : t('purchaseOrder.noneSelected')}
        </Typography.Text>
      </Space>
      <DataGrid
        aria-label={label}
        columns={columns}
        {...grid}
        onActiveRowChange={(index) => setSelected(list[index]?.billNumber)}
        onRowOpen={(index) => open(list[index]?.billNumber)}
      />
      <ListPagination {...pagination} />
    </>
  );
}
