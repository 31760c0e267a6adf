// /purOrder/detail?billNumber=: one purchase order: its header, its lines with what was received against
// what was ordered, the lines split into cases and loose units; printing opens the print preview.
import { ModuleCode, fromUnits, percentOf, purchaseOrder, toUnits } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Progress, Result, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiFailure } from '../../api/client';
import { useAuthButtons } from '../../lib/use-auth-buttons';
import { DataGrid, gridHeight } from '../../components/data-grid';
import { formatMoney, formatQty, formatTime } from '../../lib/format';
import { useUserStore } from '../../stores/user';
import { previewHref } from '../../lib/print-link';
import { useTagsViewStore } from '../../stores/tags-view';
import { type OrderDetail, orderDetailQuery, splitLinesQuery } from './api';
import { ConfirmDialog, DeclineDialog } from './confirm-dialogs';
import { changeTextOf, lineColumns, lineRow, shortOf, splitColumns, splitRow } from './order-columns';
import { OrderStatusTag } from './order-status';
import './purchase-order.css';

/** Lines shown before the grid scrolls. */
const maxRows = 12;

export default function OrderDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const billNumber = params.get('billNumber')?.trim() ?? '';
  const { has } = useAuthButtons(ModuleCode.purchaseOrder);
  const staff = useUserStore((u) => u.staff);
  const detail = useQuery(orderDetailQuery(billNumber));

  const back = () => {
    useTagsViewStore.getState().deleteView(location.pathname + location.search);
    navigate('/purOrder');
  };
  const backButton = <Button onClick={back}>{t('purchaseOrder.detail.back')}</Button>;

  if (!billNumber) return <Result status="warning" title={t('purchaseOrder.detail.missingBill')} extra={backButton} />;
  if (detail.error) {
    const status =
      detail.error instanceof ApiFailure && detail.error.status === 403
        ? '403'
        : detail.error instanceof ApiFailure && detail.error.status === 404
          ? '404'
          : 'error';
    return <Result status={status} title={t('purchaseOrder.detail.notFound')} subTitle={detail.error.message} extra={backButton} />;
  }
  if (!detail.data)
    return (
      <Card>
        <Spin spinning>
          <div style={{ height: 200 }} />
        </Spin>
      </Card>
    );
  return (
    <OrderView
      order={detail.data}
      backButton={backButton}
      canPrint={has('print')}
      canConfirm={!staff && has(purchaseOrder.orderButtons.confirm)}
      canDecline={!staff && has(purchaseOrder.orderButtons.decline)}
    />
  );
}

interface ViewProps {
  order: OrderDetail;
  backButton: ReactNode;
  canPrint: boolean;
  canConfirm: boolean;
  canDecline: boolean;
}

function OrderView({ order, backButton, canPrint, canConfirm, canDecline }: ViewProps) {
  const { t } = useTranslation();
  const { header, lines } = order;
  const [answering, setAnswering] = useState<'confirm' | 'decline'>();
  const waiting = (purchaseOrder.waitingStatuses as readonly string[]).includes(header.status);
  const received = toUnits(header.receivedQty, 3) > 0n;
  const split = useQuery(splitLinesQuery(header.billNumber));
  const confirmedAny = lines.some((l) => l.confirmedQty !== null || l.changed);
  const lineGrid = useMemo(
    () => ({
      columns: lineColumns(t, { confirmation: confirmedAny }),
      rows: lines.map((l) => lineRow(l, received, changeTextOf(t, header.deliveryDate))),
    }),
    [t, lines, received, confirmedAny, header.deliveryDate],
  );
  const splitGrid = useMemo(() => ({ columns: splitColumns(t), rows: (split.data ?? []).map(splitRow) }), [t, split.data]);
  const shortages = lines.map((l) => shortOf(l, received)).filter((s): s is string => s !== null);
  const shortTotal = fromUnits(
    shortages.reduce((sum, s) => sum + toUnits(s, 3), 0n),
    3,
  );
  const fillRate = percentOf(header.receivedQty, header.totalQty);
  const head = (field: string) => t(`purchaseOrder.columns.${field}`);

  const delivery = !received ? (
    <Alert type="info" showIcon title={t('purchaseOrder.detail.notReceived')} />
  ) : shortages.length ? (
    <Alert type="warning" showIcon title={t('purchaseOrder.detail.shortLines', { count: shortages.length, qty: formatQty(shortTotal) })} />
  ) : (
    <Alert type="success" showIcon title={t('purchaseOrder.detail.allReceived')} />
  );

  return (
    <>
      <Card
        className="print-hidden"
        title={
          <Space>
            {t('purchaseOrder.detail.title', { billNumber: header.billNumber })}
            <OrderStatusTag status={header.status} />
          </Space>
        }
        extra={
          <Space wrap>
            {backButton}
            {waiting && canDecline && (
              <Button danger onClick={() => setAnswering('decline')}>
                {t('purchaseOrder.confirm.decline')}
              </Button>
            )}
            {waiting && canConfirm && (
              <Button type="primary" onClick={() => setAnswering('confirm')}>
                {t('purchaseOrder.confirm.open')}
              </Button>
            )}
            {canPrint && (
              <Button type="primary" href={previewHref('purOrder', header.billNumber, header.suppCode)} target="_blank" rel="noopener">
                {t('purchaseOrder.print')}
              </Button>
            )}
          </Space>
        }
      >
        <Descriptions
          aria-label={t('purchaseOrder.detail.header')}
          bordered
          size="small"
          column={{ xs: 1, sm: 2, lg: 3, xxl: 4 }}
          items={[
            { key: 'billNumber', label: head('billNumber'), children: header.billNumber },
            {
              key: 'status',
              label: head('status'),
              children: (
                <Space size={4} wrap>
                  <OrderStatusTag status={header.status} />
                  {header.changed && <Tag color="orange">{t('purchaseOrder.marks.changed')}</Tag>}
                  {header.overdue && <Tag color="red">{t('purchaseOrder.marks.overdue')}</Tag>}
                </Space>
              ),
            },
            { key: 'confirmDueAt', label: t('purchaseOrder.detail.confirmDueAt'), children: formatTime(header.confirmDueAt) },
            ...(header.readAt ? [{ key: 'readAt', label: t('purchaseOrder.detail.readAt'), children: formatTime(header.readAt) }] : []),
            ...(header.confirmedAt
              ? [
                  {
                    key: 'confirmedAt',
                    label: t('purchaseOrder.detail.confirmedAt'),
                    children: (
                      <Space size={4} wrap>
                        {formatTime(header.confirmedAt)}
                        {header.late && <Tag color="red">{t('purchaseOrder.detail.lateTag')}</Tag>}
                      </Space>
                    ),
                  },
                ]
              : []),
            ...(header.status === '已拒绝'
              ? [
                  {
                    key: 'declined',
                    label: t('purchaseOrder.detail.declined'),
                    children: (() => {
                      const reason = t(`purchaseOrder.confirm.reasons.${header.declineReason}`, { defaultValue: header.declineReason });
                      return header.declineNote ? t('punct.labelled', { label: reason, value: header.declineNote }) : reason;
                    })(),
                  },
                ]
              : []),
            { key: 'supplier', label: t('purchaseOrder.detail.supplier'), children: `${header.suppCode} ${header.suppName}` },
            { key: 'dept', label: head('deptName'), children: `${header.deptCode} ${header.deptName}` },
            { key: 'company', label: t('purchaseOrder.detail.company'), children: header.companyName },
            { key: 'category', label: head('categoryName'), children: header.categoryName },
            { key: 'orderDate', label: head('orderDate'), children: header.orderDate },
            { key: 'deliveryDate', label: head('deliveryDate'), children: header.deliveryDate },
            {
              key: 'deadline',
              label: head('deadline'),
              children: t('punct.bracketed', {
                text: header.deadline,
                note: `${t('purchaseOrder.detail.validDays')} ${t('purchaseOrder.detail.days', { count: header.validDays })}`,
              }),
            },
            { key: 'deliveryMode', label: head('deliveryMode'), children: header.deliveryMode },
            { key: 'orderType', label: head('orderType'), children: header.orderType },
            { key: 'lineCount', label: head('lineCount'), children: header.lineCount },
            { key: 'totalQty', label: head('totalQty'), children: formatQty(header.totalQty) },
            { key: 'receivedQty', label: head('receivedQty'), children: formatQty(header.receivedQty) },
            {
              key: 'totalAmount',
              label: head('totalAmount'),
              children: <Typography.Text strong>¥ {formatMoney(header.totalAmount)}</Typography.Text>,
            },
            {
              key: 'fillRate',
              label: t('purchaseOrder.detail.fillRate'),
              children:
                fillRate === null ? (
                  ''
                ) : (
                  <Progress
                    percent={Number(fillRate)}
                    aria-label={t('purchaseOrder.detail.fillRate')}
                    format={() => `${fillRate}%`}
                    size="small"
                    style={{ maxWidth: 360, margin: 0 }}
                    {...(received ? { strokeColor: shortages.length ? '#fa8c16' : '#52c41a' } : {})}
                  />
                ),
            },
          ]}
        />
        {header.changed && <Alert style={{ marginTop: 12 }} type="warning" showIcon title={t('purchaseOrder.detail.changedAlert')} />}
        {header.overdue && (
          <Alert
            style={{ marginTop: 12 }}
            type="error"
            showIcon
            title={t('purchaseOrder.detail.overdueAlert', { due: formatTime(header.confirmDueAt) })}
          />
        )}
        <div style={{ margin: '12px 0' }}>{delivery}</div>
        <Tabs
          items={[
            {
              key: 'lines',
              label: t('purchaseOrder.detail.lines'),
              children: (
                <DataGrid
                  aria-label={t('purchaseOrder.detail.linesGrid')}
                  columns={lineGrid.columns}
                  rows={lineGrid.rows}
                  height={gridHeight(lines.length, maxRows)}
                />
              ),
            },
            {
              key: 'split',
              label: t('purchaseOrder.detail.split'),
              children: (
                <>
                  <Typography.Paragraph type="secondary">{t('purchaseOrder.detail.splitHint')}</Typography.Paragraph>
                  <DataGrid
                    aria-label={t('purchaseOrder.detail.splitGrid')}
                    columns={splitGrid.columns}
                    rows={splitGrid.rows}
                    loading={split.isFetching}
                    height={gridHeight(splitGrid.rows.length, maxRows)}
                  />
                </>
              ),
            },
          ]}
        />
      </Card>
      {answering === 'confirm' && <ConfirmDialog order={order} open onClose={() => setAnswering(undefined)} />}
      {answering === 'decline' && <DeclineDialog order={order} open onClose={() => setAnswering(undefined)} />}
    </>
  );
}
