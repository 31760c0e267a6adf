// Purchase orders of the supplier (module ms0022): search by order date, store or DC, status and order
// number (staff: and supplier); the server-paged grid (sort and column filters run on the server); open
// an order's detail. 待确认 (waiting: 已下达 and 已阅读) is one of the status choices; ?waiting=1 opens the list on it
// (the dashboard's link).
import { Button, Card, DatePicker, Form, Input, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DataGrid } from '../../components/data-grid';
import { ListPagination } from '../../components/list-pagination';
import { useServerList } from '../../components/server-list/use-server-list';
import { StorePicker } from '../../components/pickers/store-picker';
import { SupplierPicker } from '../../components/pickers/supplier-picker';
import { useUserStore } from '../../stores/user';
import { orderColumnValues, type OrderListQuery, orderPageQuery } from './api';
import { orderColumns, orderRow } from './order-columns';
import { useStatusOptions } from './order-status';
import './purchase-order.css';

interface Search {
  dates: [Dayjs | null, Dayjs | null] | null;
  deptCode?: string | undefined;
  /** A state, or 'waiting': the orders waiting for confirmation. */
  status?: OrderListQuery['status'] | 'waiting';
  billNumber: string;
  /** Staff only. */
  suppCode?: string | undefined;
}
const noSearch: Search = { dates: null, billNumber: '' };
const pageSizes = [20, 50, 100];

export const detailPath = (billNumber: string) => `/purOrder/detail?${new URLSearchParams({ billNumber })}`;

function queryOf(search: Search): Omit<OrderListQuery, 'page' | 'limit' | 'sort' | 'filters'> {
  const [start, end] = search.dates ?? [null, null];
  const billNumber = search.billNumber.trim();
  return {
    ...(start ? { startDate: start.format('YYYY-MM-DD') } : {}),
    ...(end ? { endDate: end.format('YYYY-MM-DD') } : {}),
    ...(search.deptCode ? { deptCode: search.deptCode } : {}),
    ...(search.status === 'waiting' ? { waiting: true } : search.status ? { status: search.status } : {}),
    ...(billNumber ? { billNumber } : {}),
    ...(search.suppCode ? { suppCode: search.suppCode } : {}),
  };
}

export default function PurchaseOrderPage() {
  const { t } = useTranslation();
  const statusOptions = useStatusOptions();
  const navigate = useNavigate();
  const staff = useUserStore((s) => s.staff);
  const [params] = useSearchParams();
  const [initialSearch] = useState<Search>(() => (params.get('waiting') === '1' ? { ...noSearch, status: 'waiting' } : noSearch));
  const options = useMemo(() => [{ value: 'waiting', label: t('purchaseOrder.waiting') }, ...statusOptions], [t, statusOptions]);
  const orders = useServerList({
    initialSearch,
    bodyOf: queryOf,
    pageQuery: orderPageQuery,
    columnValues: orderColumnValues,
    row: orderRow,
    pageSizes,
    maxRows: 15,
  });
  const { list } = orders;
  const [selected, setSelected] = useState<string>();
  const columns = useMemo(() => orderColumns(t), [t]);

  const open = (billNumber: string | undefined) => billNumber && navigate(detailPath(billNumber));

  return (
    <Card title={t('purchaseOrder.title')}>
      <Form {...orders.form} layout="inline" style={{ rowGap: 12, marginBottom: 12 }} aria-label={t('purchaseOrder.title')}>
        {staff && (
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
        <Form.Item name="status" label={t('purchaseOrder.status')}>
          <Select allowClear placeholder={t('purchaseOrder.all')} options={options} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="billNumber" label={t('purchaseOrder.billNumber')}>
          <Input allowClear placeholder={t('purchaseOrder.billNumberPlaceholder')} style={{ width: 200 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('purchaseOrder.search')}
          </Button>
          <Button onClick={orders.reset}>{t('purchaseOrder.reset')}</Button>
        </Space>
      </Form>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button type="primary" disabled={!selected} onClick={() => open(selected)}>
          {t('purchaseOrder.view')}
        </Button>
        <Typography.Text type="secondary" aria-live="polite">
          {selected ? t('purchaseOrder.selected', { billNumber: selected }) : t('purchaseOrder.noneSelected')}
        </Typography.Text>
      </Space>
      <DataGrid
        aria-label={t('purchaseOrder.grid')}
        columns={columns}
        {...orders.grid}
        onActiveRowChange={(index) => setSelected(list[index]?.billNumber)}
        onRowOpen={(index) => open(list[index]?.billNumber)}
      />
      <ListPagination {...orders.pagination} />
    </Card>
  );
}
