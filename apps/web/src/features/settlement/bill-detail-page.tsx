// /samBill/detail?samBillNum=: one bill: header, payment progress, totals per tax rate, lines, charges,
// invoices, payments, reconciliation lines, attachments, the history, the actions open to the caller, and
// printing on a clean A4 page.
import { type BillDetail, percentOf, settlement } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Progress, Result, Space, Spin, Table, Tabs, Typography } from 'antd';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiFailure } from '../../api/client';
import { DataGrid, gridHeight } from '../../components/data-grid';
import { ListPagination } from '../../components/list-pagination';
import { RecordHistory } from '../../components/record-history';
import { formatTime } from '../../lib/format';
import { previewHref } from '../../lib/print-link';
import { useAuthButtons } from '../../lib/use-auth-buttons';
import { useViewShown } from '../../lib/use-view-shown';
import { useUserStore } from '../../stores/user';
import { useTagsViewStore } from '../../stores/tags-view';
import { attachmentsQuery, billDetailQuery, checkDetailsQuery, useAttachBillFiles } from './api';
import { AttachmentList, UploadButton } from './attachments';
import { BillActions, useBillActions } from './bill-actions';
import { BillStatusTag, statusText } from './bill-status';
import { ChargesBlock } from './charges-block';
import { checkColumns, checkRow, lineColumns, lineRow } from './columns';
import { InvoiceTable } from './invoice-block';
import { Money } from './money';
import { billListPath } from './paths';
import { RejectedNotice } from './rejected-notice';
import { TotalsTable } from './totals-table';
import './settlement.css';

const maxRows = 12;

export default function BillDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const samBillNum = params.get('samBillNum')?.trim() ?? '';
  const detail = useQuery(billDetailQuery(samBillNum));
  // Staff and the supplier move the same bill: a tab shown again reads it afresh.
  const anchor = useRef<HTMLDivElement>(null);
  useViewShown(anchor, () => void detail.refetch());

  const back = () => {
    useTagsViewStore.getState().deleteView(location.pathname + location.search);
    navigate(billListPath);
  };
  const backButton = <Button onClick={back}>{t('settlement.detail.back')}</Button>;

  const page = (content: ReactNode) => <div ref={anchor}>{content}</div>;
  if (!samBillNum) return page(<Result status="warning" title={t('settlement.detail.missingBill')} extra={backButton} />);
  if (detail.error) {
    const status =
      detail.error instanceof ApiFailure && [403, 404].includes(detail.error.status)
        ? (String(detail.error.status) as '403' | '404')
        : 'error';
    return page(<Result status={status} title={t('settlement.detail.notFound')} subTitle={detail.error.message} extra={backButton} />);
  }
  if (!detail.data)
    return page(
      <Card>
        <Spin spinning>
          <div style={{ height: 200 }} />
        </Spin>
      </Card>,
    );
  return page(<BillView bill={detail.data} backButton={backButton} onDeleted={back} />);
}

function BillView({ bill, backButton, onDeleted }: { bill: BillDetail; backButton: ReactNode; onDeleted(): void }) {
  const { t } = useTranslation();
  const { header } = bill;
  const actions = useBillActions(bill);
  const lines = useMemo(() => ({ columns: lineColumns(t), rows: bill.lines.map((l) => lineRow(t, l)) }), [t, bill.lines]);
  const paidPercent = percentOf(header.paidAmount, header.payableAmount, 1);
  const d = (field: string) => t(`settlement.detail.${field}`);
  const c = (field: string) => t(`settlement.columns.${field}`);
  const p = (field: string) => t(`settlement.payment.columns.${field}`);

  return (
    <>
      <Card
        className="print-hidden"
        title={
          <Space wrap>
            {t('settlement.detail.title', { billNumber: header.samBillNum })}
            <BillStatusTag status={header.status} />
            {header.billKind === 'advance' && <Typography.Text type="secondary">{t('settlement.kinds.advance')}</Typography.Text>}
          </Space>
        }
        extra={
          <Space wrap>
            {backButton}
            <Button href={previewHref('samBill', header.samBillNum, header.suppCode)} target="_blank" rel="noopener">
              {d('print')}
            </Button>
          </Space>
        }
      >
        <RejectedNotice bill={bill} />
        {actions.length > 0 && (
          <div style={{ marginBottom: 12 }}>
            <BillActions bill={bill} onDeleted={onDeleted} />
          </div>
        )}
        <Descriptions
          aria-label={d('header')}
          bordered
          size="small"
          column={{ xs: 1, sm: 2, lg: 3, xxl: 4 }}
          items={[
            { key: 'num', label: c('samBillNum'), children: header.samBillNum },
            { key: 'status', label: c('status'), children: <BillStatusTag status={header.status} /> },
            { key: 'supplier', label: d('supplier'), children: `${header.suppCode} ${header.suppName}` },
            { key: 'node', label: c('nodeName'), children: `${header.nodeCode} ${header.nodeName}` },
            { key: 'company', label: d('company'), children: header.companyName },
            { key: 'taxNumber', label: d('taxNumber'), children: header.nodeTaxNumber },
            { key: 'period', label: t('settlement.period'), children: `${header.periodStart} ~ ${header.periodEnd}` },
            { key: 'due', label: c('dueDate'), children: header.dueDate },
            {
              key: 'mode',
              label: d('businessMode'),
              children: t(`settlement.contract.modes.${header.businessMode}`, { defaultValue: header.businessMode }),
            },
            { key: 'term', label: d('payTerm'), children: t('settlement.detail.days', { count: header.payTermDays }) },
            { key: 'payable', label: c('payableAmount'), children: <Money value={header.payableAmount} strong /> },
            { key: 'paid', label: c('paidAmount'), children: <Money value={header.paidAmount} /> },
            { key: 'unpaid', label: c('unpaidAmount'), children: <Money value={header.unpaidAmount} /> },
            { key: 'invoiced', label: c('invoiceAmount'), children: <Money value={header.invoiceAmount} /> },
            {
              key: 'progress',
              label: d('progress'),
              children:
                paidPercent === null ? (
                  ''
                ) : (
                  <Progress
                    percent={Number(paidPercent)}
                    format={() => `${paidPercent}%`}
                    size="small"
                    style={{ maxWidth: 300, margin: 0 }}
                  />
                ),
            },
            { key: 'createdBy', label: d('createdBy'), children: `${header.createdBy} ${formatTime(header.createdAt)}` },
            ...(header.remark ? [{ key: 'remark', label: d('remark'), children: header.remark }] : []),
          ]}
        />
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t('settlement.totals.title')}
        </Typography.Title>
        <TotalsTable totals={bill.totals} />
        <Tabs
          style={{ marginTop: 12 }}
          items={[
            {
              key: 'lines',
              label: `${d('lines')} (${bill.lines.length})`,
              children: (
                <DataGrid
                  aria-label={d('linesGrid')}
                  columns={lines.columns}
                  rows={lines.rows}
                  height={gridHeight(lines.rows.length, maxRows)}
                />
              ),
            },
            { key: 'charges', label: `${d('charges')} (${bill.charges.length})`, children: <ChargesBlock charges={bill.charges} /> },
            {
              key: 'invoices',
              label: `${d('invoices')} (${bill.invoices.length})`,
              children: <InvoiceTable invoices={bill.invoices} samBillNum={header.samBillNum} editable={actions.includes('invoice')} />,
            },
            {
              key: 'payments',
              label: `${d('payments')} (${bill.payments.length})`,
              children: (
                <Table
                  className="sam-table"
                  size="small"
                  rowKey="paymentId"
                  pagination={false}
                  scroll={{ x: 700 }}
                  dataSource={bill.payments}
                  aria-label={d('payments')}
                  locale={{ emptyText: d('noPayments') }}
                  columns={[
                    { title: p('payDate'), dataIndex: 'payDate', width: 110 },
                    {
                      title: p('amount'),
                      dataIndex: 'amount',
                      width: 130,
                      className: 'sam-num',
                      render: (v: string) => <Money value={v} strong />,
                    },
                    {
                      title: p('payMethod'),
                      dataIndex: 'payMethod',
                      width: 100,
                      render: (v: string) => t(`settlement.payment.methods.${v}`, { defaultValue: v }),
                    },
                    { title: p('reference'), dataIndex: 'reference', width: 160 },
                    { title: p('note'), dataIndex: 'note' },
                    { title: p('createdBy'), dataIndex: 'createdBy', width: 100 },
                  ]}
                />
              ),
            },
            { key: 'checks', label: d('checks'), children: <CheckDetails samBillNum={header.samBillNum} /> },
            { key: 'files', label: d('attachments'), children: <BillAttachments bill={bill} /> },
          ]}
        />
        <RecordHistory
          entries={bill.history}
          stateText={(code) => statusText(t, code)}
          actionText={(code) => t(`settlement.flowActions.${code}`, { defaultValue: code })}
        />
      </Card>
    </>
  );
}

function CheckDetails({ samBillNum }: { samBillNum: string }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, limit: 50 });
  const checks = useQuery(checkDetailsQuery(samBillNum, paging.page, paging.limit));
  const columns = useMemo(() => checkColumns(t), [t]);
  const rows = useMemo(() => (checks.data?.list ?? []).map((c) => checkRow(t, c)), [t, checks.data]);
  return (
    <>
      <DataGrid
        aria-label={t('settlement.detail.checksGrid')}
        columns={columns}
        rows={rows}
        loading={checks.isFetching}
        height={gridHeight(rows.length, maxRows)}
      />
      <ListPagination
        page={paging.page}
        limit={paging.limit}
        total={checks.data?.total ?? 0}
        onChange={(page, limit) => setPaging({ page, limit })}
      />
    </>
  );
}

function BillAttachments({ bill }: { bill: BillDetail }) {
  const { samBillNum, status } = bill.header;
  const staff = useUserStore((s) => s.staff);
  const role = useUserStore((s) => s.roles?.[0]);
  const { has } = useAuthButtons(settlement.billModule);
  const files = useQuery(attachmentsQuery(samBillNum));
  const attach = useAttachBillFiles();
  // Staff of a review step's role may attach (admin owns no step); suppliers with the save button.
  const canAttach =
    settlement.attachableBillStatuses.includes(status) && (staff ? settlement.stepOfRole(role) !== null : has(settlement.billButtons.save));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {canAttach && (
        <UploadButton
          onUploaded={(added) =>
            attach.mutate({ samBillNum, fileIds: [...bill.attachments.map((f) => f.fileId), ...added.map((f) => f.fileId)] })
          }
        />
      )}
      {files.data ? <AttachmentList files={files.data} /> : <Spin />}
    </Space>
  );
}
