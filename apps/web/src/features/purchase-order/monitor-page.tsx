// 订单确认监控 (ms0113, staff): the orders waiting for their supplier's confirmation, overdue, declined (with the
// reason), changed by the retailer and waiting again, and confirmed late; each view with its figure, filtered by
// supplier, store or DC and order date, paged on the server; an order opens its detail. ?view=overdue opens a view.
import { type PurOrderSummary, purchaseOrder } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Space, Tabs } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { type GridColumn, type GridRow, fitTitles } from '../../components/data-grid';
import { useServerList } from '../../components/server-list/use-server-list';
import { formatTime } from '../../lib/format';
import { type MonitorQuery, monitorListQuery, monitorPageQuery } from './api';
import { marksOf } from './order-columns';
import { OrderGrid, OrderSearchForm } from './order-list-parts';
import { statusClass } from './order-status';
import { detailPath } from './purchase-order-page';
import './purchase-order.css';

type View = (typeof purchaseOrder.monitorViews)[number];

interface Search {
  view: View;
  suppCode?: string | undefined;
  deptCode?: string | undefined;
  dates: [Dayjs | null, Dayjs | null] | null;
}

function queryOf(search: Search): Omit<MonitorQuery, 'page' | 'limit'> {
  const [start, end] = search.dates ?? [null, null];
  return {
    view: search.view,
    ...(search.suppCode ? { suppCode: search.suppCode } : {}),
    ...(search.deptCode ? { deptCode: search.deptCode } : {}),
    ...(start ? { startDate: start.format('YYYY-MM-DD') } : {}),
    ...(end ? { endDate: end.format('YYYY-MM-DD') } : {}),
  };
}

const rowOf = (o: PurOrderSummary): GridRow => ({
  billNumber: o.billNumber,
  supplier: `${o.suppCode} ${o.suppName}`,
  deptName: o.deptName,
  status: o.status,
  marks: marksOf(o),
  orderDate: o.orderDate,
  confirmDueAt: formatTime(o.confirmDueAt),
  readAt: formatTime(o.readAt),
  confirmedAt: formatTime(o.confirmedAt),
  declineReason: o.declineReason ? `${o.declineReason}${o.declineNote ? `: ${o.declineNote}` : ''}` : '',
  reopenedAt: formatTime(o.reopenedAt),
  totalAmount: o.totalAmount,
});

export default function MonitorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const k = (key: string) => t(`purchaseOrder.monitor.${key}`);
  const [initialSearch] = useState<Search>(() => {
    const asked = params.get('view');
    return { view: (purchaseOrder.monitorViews as readonly string[]).includes(asked ?? '') ? (asked as View) : 'waiting', dates: null };
  });
  const monitor = useServerList({
    initialSearch,
    bodyOf: queryOf,
    pageQuery: monitorListQuery,
    row: rowOf,
    pageSizes: [20, 50, 100],
    maxRows: 15,
  });
  // The same query the list made (cached): its figures per view.
  const counts = useQuery(monitorPageQuery(monitor.body)).data?.counts;

  const columns = useMemo((): GridColumn[] => {
    const c = (field: string) => t(`purchaseOrder.monitor.columns.${field}`, { defaultValue: '' }) || t(`purchaseOrder.columns.${field}`);
    const fixed = { sortable: false, filterable: false } as const;
    return fitTitles([
      { field: 'billNumber', title: c('billNumber'), width: 150, fixed: 'left', ...fixed },
      { field: 'supplier', title: t('purchaseOrder.monitor.columns.suppName'), width: 200, ...fixed },
      { field: 'deptName', title: c('deptName'), width: 140, ...fixed },
      {
        field: 'status',
        title: c('status'),
        width: 96,
        display: (v) => t(`purchaseOrder.statuses.${v}`, { defaultValue: v }),
        cellClass: (row) => statusClass(String(row.status)),
        ...fixed,
      },
      {
        field: 'marks',
        title: c('marks'),
        width: 110,
        display: (v) =>
          v
            .split(',')
            .filter(Boolean)
            .map((m) => t(`purchaseOrder.marks.${m}`))
            .join(' · '),
        cellClass: (row) => (row.marks ? 'po-mark' : undefined),
        ...fixed,
      },
      { field: 'orderDate', title: c('orderDate'), type: 'date', width: 110, ...fixed },
      { field: 'confirmDueAt', title: c('confirmDueAt'), width: 160, ...fixed },
      { field: 'readAt', title: c('readAt'), width: 160, ...fixed },
      { field: 'confirmedAt', title: c('confirmedAt'), width: 160, ...fixed },
      { field: 'declineReason', title: c('declineReason'), width: 200, ...fixed },
      { field: 'reopenedAt', title: c('reopenedAt'), width: 160, ...fixed },
      { field: 'totalAmount', title: c('totalAmount'), type: 'money', width: 120, ...fixed },
    ]);
  }, [t]);

  return (
    <Card title={k('title')}>
      <OrderSearchForm form={monitor.form} label={k('title')} supplier onReset={monitor.reset} />
      <OrderGrid
        label={k('grid')}
        openLabel={k('open')}
        list={monitor.list}
        grid={monitor.grid}
        columns={columns}
        pagination={monitor.pagination}
        onOpen={(billNumber) => navigate(detailPath(billNumber))}
      >
        <Tabs
          aria-label={k('viewsLabel')}
          activeKey={monitor.search.view}
          onChange={(view) => monitor.apply({ view: view as View })}
          items={purchaseOrder.monitorViews.map((view) => ({
            key: view,
            label: (
              <Space size={6}>
                {t(`purchaseOrder.monitor.views.${view}`)}
                <Badge
                  count={counts?.[view] ?? 0}
                  showZero
                  overflowCount={9999}
                  color={view === 'overdue' || view === 'declined' ? '#cf1322' : '#595959'}
                />
              </Space>
            ),
          }))}
        />
      </OrderGrid>
    </Card>
  );
}
