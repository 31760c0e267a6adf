// A delivery note as its supplier (and the receiving desk) sees it: head, lines with order, goods, batch and dates,
// and after receiving the received and rejected quantities, reasons and shortages, the lines that differ highlighted.
import { fromUnits, toUnits } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Result, Space, Spin, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatQty, formatTime } from '../../lib/format';
import { type NoteDetail, type NoteLine, noteDetailQuery, printHref } from './api';
import { NoteStatusTag, useReasonLabel } from './note-status';
import { Scroll } from './scroll';

/** Whether a received line differs from what the note said (short or rejected). */
export const differs = (l: NoteLine) =>
  l.receivedQty !== '' && (toUnits(l.shortQty || '0', 3) !== 0n || toUnits(l.rejectedQty || '0', 3) !== 0n);

export function NoteDetailView({ noteNumber, canPrint }: { noteNumber: string; canPrint: boolean }) {
  const { t } = useTranslation();
  const detail = useQuery(noteDetailQuery(noteNumber));
  if (detail.error) return <Result status="warning" title={t('deliveryNote.detail.notFound')} subTitle={detail.error.message} />;
  if (!detail.data) return <Spin spinning />;
  return <NoteView note={detail.data} canPrint={canPrint} />;
}

export function NoteView({ note, canPrint }: { note: NoteDetail; canPrint?: boolean }) {
  const { t } = useTranslation();
  const reason = useReasonLabel();
  const { header, lines } = note;
  const c = (field: string) => t(`deliveryNote.detail.columns.${field}`);
  const h = (field: string) => t(`deliveryNote.columns.${field}`);
  const received = header.status === '已收货';
  const diff = lines.filter(differs);
  const sum = (pick: (l: NoteLine) => string) =>
    fromUnits(
      diff.reduce((s, l) => s + toUnits(pick(l) || '0', 3), 0n),
      3,
    );
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'noteNumber', label: h('noteNumber'), children: header.noteNumber },
          { key: 'status', label: h('status'), children: <NoteStatusTag status={header.status} /> },
          { key: 'supplier', label: t('deliveryNote.detail.supplier'), children: `${header.suppCode} ${header.suppName}` },
          { key: 'dept', label: h('deptName'), children: `${header.deptCode} ${header.deptName}` },
          { key: 'expectedDate', label: h('expectedDate'), children: header.expectedDate },
          { key: 'packages', label: h('packages'), children: header.packages },
          { key: 'totalQty', label: h('totalQty'), children: formatQty(header.totalQty) },
          { key: 'createdAt', label: h('createdAt'), children: `${formatTime(header.createdAt)} · ${header.createdBy}` },
          ...(received
            ? [
                { key: 'receivedQty', label: h('receivedQty'), children: formatQty(header.receivedQty) },
                { key: 'rejectedQty', label: h('rejectedQty'), children: formatQty(header.rejectedQty) },
                { key: 'receivedAt', label: t('deliveryNote.detail.receivedAt'), children: formatTime(header.receivedAt) },
                { key: 'receivingBill', label: t('deliveryNote.detail.receivingBill'), children: header.receivingBill },
              ]
            : []),
          ...(header.remark ? [{ key: 'remark', label: t('deliveryNote.detail.remark'), children: header.remark }] : []),
        ]}
      />
      {received ? (
        diff.length ? (
          <Alert
            type="warning"
            showIcon
            title={t('deliveryNote.detail.differences', {
              count: diff.length,
              short: formatQty(sum((l) => l.shortQty)),
              rejected: formatQty(sum((l) => l.rejectedQty)),
            })}
          />
        ) : (
          <Alert type="success" showIcon title={t('deliveryNote.detail.noDifference')} />
        )
      ) : (
        header.status !== '已取消' && <Alert type="info" showIcon title={t('deliveryNote.detail.notReceived')} />
      )}
      {canPrint && header.status !== '已取消' && (
        <Button href={printHref(header.noteNumber)} target="_blank" rel="noopener">
          {t('deliveryNote.print')}
        </Button>
      )}
      <Scroll label={t('deliveryNote.detail.lines')} minWidth={received ? 1200 : 900}>
        <Table
          aria-label={t('deliveryNote.detail.lines')}
          rowKey="lineNo"
          size="small"
          pagination={false}
          dataSource={lines}
          rowClassName={(l) => (differs(l) ? 'dn-diff-row' : '')}
          columns={[
            { key: 'lineNo', title: c('lineNo'), dataIndex: 'lineNo', width: 50 },
            { key: 'order', title: c('billNumber'), width: 170, render: (_, l) => `${l.billNumber} / ${l.poLineNo}` },
            { key: 'goods', title: c('goodsName'), width: 200, render: (_, l) => `${l.goodsCode} ${l.goodsName}` },
            { key: 'spec', title: c('spec'), width: 90, render: (_, l) => `${l.spec} ${l.unit}` },
            { key: 'qty', title: c('qty'), width: 80, align: 'right', render: (_, l) => formatQty(l.qty) },
            { key: 'packages', title: c('packages'), dataIndex: 'packages', width: 60, align: 'right' },
            { key: 'batchNo', title: c('batchNo'), dataIndex: 'batchNo', width: 110 },
            { key: 'productionDate', title: c('productionDate'), dataIndex: 'productionDate', width: 105 },
            { key: 'expiryDate', title: c('expiryDate'), dataIndex: 'expiryDate', width: 105 },
            ...(received
              ? [
                  {
                    key: 'receivedQty',
                    title: c('receivedQty'),
                    width: 80,
                    align: 'right' as const,
                    render: (_: unknown, l: NoteLine) => formatQty(l.receivedQty),
                  },
                  {
                    key: 'rejectedQty',
                    title: c('rejectedQty'),
                    width: 80,
                    align: 'right' as const,
                    render: (_: unknown, l: NoteLine) => (
                      <span className={toUnits(l.rejectedQty || '0', 3) > 0n ? 'dn-diff' : undefined}>{formatQty(l.rejectedQty)}</span>
                    ),
                  },
                  { key: 'rejectReason', title: c('rejectReason'), width: 90, render: (_: unknown, l: NoteLine) => reason(l.rejectReason) },
                  {
                    key: 'shortQty',
                    title: c('shortQty'),
                    width: 80,
                    align: 'right' as const,
                    render: (_: unknown, l: NoteLine) => (
                      <span className={toUnits(l.shortQty || '0', 3) !== 0n ? 'dn-diff' : undefined}>{formatQty(l.shortQty)}</span>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Scroll>
    </Space>
  );
}
