// Purchase orders of the supplier (module ms0022): search by order date, store or DC, status and order
// number (staff: and supplier); the server-paged grid (sort and column filters run on the server); open
// an order's detail. 待确认 (waiting: 已下达 and 已阅读) is one of the status choices; ?waiting=1 opens the list on it
// (the dashboard's link).
import { Card, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useServerList } from '../../components/server-list/use-server-list';
import { useUserStore } from '../../stores/user';
import { orderColumnValues, type OrderListQuery, orderPageQuery } from './api';
import { isOrderSortField, orderColumns, orderRow } from './order-columns';
import { OrderGrid, OrderSearchForm } from './order-list-parts';
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
    sortable: isOrderSortField,
    // Grows with the business: the next and previous pages are read by keyset.
    keyset: true,
  });
  const columns = useMemo(() => orderColumns(t), [t]);

  return (
    <Card title={t('purchaseOrder.title')}>
      <OrderSearchForm form={orders.form} label={t('purchaseOrder.title')} supplier={staff} onReset={orders.reset}>
        <Form.Item name="status" label={t('purchaseOrder.status')}>
          <Select allowClear placeholder={t('purchaseOrder.all')} options={options} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="billNumber" label={t('purchaseOrder.billNumber')}>
          <Input allowClear placeholder={t('purchaseOrder.billNumberPlaceholder')} style={{ width: 200 }} />
        </Form.Item>
      </OrderSearchForm>
      <OrderGrid
        label={t('purchaseOrder.grid')}
        openLabel={t('purchaseOrder.view')}
        list={orders.list}
        grid={orders.grid}
        columns={columns}
        pagination={orders.pagination}
        onOpen={(billNumber) => navigate(detailPath(billNumber))}
      />
    </Card>
  );
}
