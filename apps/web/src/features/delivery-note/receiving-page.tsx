// /receiving (ms0115, the receiving role): scan or type a delivery note's number, open it, record per line the
// received and rejected quantities (a rejection with its reason) and post: the server writes the acceptance
// lines through the integration service and the note becomes 已收货 (once).
import { ModuleCode, deliveryNote, toUnits } from '@portal/contract';
import { App, Alert, Button, Card, Descriptions, Form, Input, Select, Space, Table, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../api/client';
import { formatQty } from '../../lib/format';
import { useAuthButtons } from '../../lib/use-auth-buttons';
import { type NoteDetail, type NoteLine, postReceiving, receivingNote } from './api';
import { NoteView } from './note-detail';
import { NoteStatusTag } from './note-status';
import { Scroll } from './scroll';
import './delivery-note.css';

interface Entry {
  receivedQty: string;
  rejectedQty: string;
  rejectReason: '' | deliveryNote.RejectReason;
}

const trimQty = (q: string) => q.replace(/\.?0+$/, '') || '0';

export default function ReceivingPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { has } = useAuthButtons(ModuleCode.receiving);
  const [number, setNumber] = useState('');
  const [note, setNote] = useState<NoteDetail>();
  const [failure, setFailure] = useState('');
  const [entries, setEntries] = useState<Record<number, Entry>>({});
  const [busy, setBusy] = useState(false);
  const scan = useRef<HTMLInputElement>(null);
  const r = (key: string) => t(`deliveryNote.receiving.${key}`);
  const c = (key: string) => t(`deliveryNote.detail.columns.${key}`);
  const reasons = deliveryNote.rejectReasons.map((v) => ({ value: v, label: t(`deliveryNote.reasons.${v}`) }));

  const load = async (raw: string) => {
    const value = raw.trim().replace(/^DN:/, '');
    if (!value) return;
    setBusy(true);
    setFailure('');
    try {
      const found = await receivingNote(value);
      setNote(found);
      setEntries(
        Object.fromEntries(found.lines.map((l) => [l.lineNo, { receivedQty: trimQty(l.qty), rejectedQty: '0', rejectReason: '' }])),
      );
    } catch (err) {
      setNote(undefined);
      setFailure(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const entryOf = (l: NoteLine) => entries[l.lineNo] ?? { receivedQty: '', rejectedQty: '0', rejectReason: '' };
  const edit = (l: NoteLine, change: Partial<Entry>) => setEntries((e) => ({ ...e, [l.lineNo]: { ...entryOf(l), ...change } }));
  const rejected = (l: NoteLine) => /^\d+(\.\d+)?$/.test(entryOf(l).rejectedQty) && toUnits(entryOf(l).rejectedQty, 3) > 0n;

  const post = async () => {
    if (!note) return;
    setBusy(true);
    try {
      const done = await postReceiving({
        noteNumber: note.header.noteNumber,
        lines: note.lines.map((l) => ({ lineNo: l.lineNo, ...entryOf(l) })),
      });
      setNote(done);
      void message.success(t('deliveryNote.receiving.posted', { noteNumber: done.header.noteNumber }));
      setNumber('');
      scan.current?.focus();
    } catch {
      // The call's refusal is shown by the client.
    } finally {
      setBusy(false);
    }
  };

  const receivable = note && (note.header.status === '已创建' || note.header.status === '已预约');
  return (
    <Card title={r('title')}>
      <Form layout="inline" aria-label={r('title')} onFinish={() => load(number)} className="dn-scan">
        <Form.Item label={r('scan')} htmlFor="dn-scan" style={{ flex: 1 }}>
          <Input
            id="dn-scan"
            ref={(el) => {
              scan.current = el?.input ?? null;
            }}
            autoFocus
            allowClear
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            autoComplete="off"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {r('open')}
        </Button>
      </Form>
      {failure && <Alert style={{ marginTop: 12 }} type="warning" showIcon title={failure} />}
      {note && !receivable && (
        <div style={{ marginTop: 16 }}>
          {note.header.status !== '已收货' && (
            <Alert type="warning" showIcon title={r('already').replace('{{status}}', t(`deliveryNote.statuses.${note.header.status}`))} />
          )}
          <NoteView note={note} />
        </div>
      )}
      {note && receivable && (
        <Space direction="vertical" size={12} style={{ width: '100%', marginTop: 16 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('deliveryNote.receiving.note', { noteNumber: note.header.noteNumber })} <NoteStatusTag status={note.header.status} />
          </Typography.Title>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2, lg: 4 }}
            items={[
              { key: 'supplier', label: r('supplier'), children: `${note.header.suppCode} ${note.header.suppName}` },
              { key: 'dept', label: r('dept'), children: `${note.header.deptCode} ${note.header.deptName}` },
              { key: 'expected', label: t('deliveryNote.columns.expectedDate'), children: note.header.expectedDate },
              { key: 'packages', label: t('deliveryNote.columns.packages'), children: note.header.packages },
            ]}
          />
          <Scroll label={r('grid')} minWidth={900}>
            <Table<NoteLine>
              aria-label={r('grid')}
              rowKey="lineNo"
              size="small"
              pagination={false}
              dataSource={note.lines}
              rowClassName={(l) => (rejected(l) || entryOf(l).receivedQty !== trimQty(l.qty) ? 'dn-diff-row' : '')}
              columns={[
                { key: 'lineNo', title: c('lineNo'), dataIndex: 'lineNo', width: 50 },
                {
                  key: 'goods',
                  title: c('goodsName'),
                  width: 220,
                  render: (_, l) => (
                    <>
                      {l.goodsName}
                      <br />
                      <Typography.Text type="secondary">
                        {l.barcode} · {l.billNumber}/{l.poLineNo}
                        {l.batchNo && ` · ${l.batchNo}`}
                        {l.expiryDate && ` · ${l.expiryDate}`}
                      </Typography.Text>
                    </>
                  ),
                },
                { key: 'qty', title: c('qty'), width: 80, align: 'right', render: (_, l) => formatQty(l.qty) },
                {
                  key: 'received',
                  title: r('received'),
                  width: 110,
                  render: (_, l) => (
                    <Input
                      aria-label={`${r('received')} ${l.lineNo}`}
                      inputMode="decimal"
                      value={entryOf(l).receivedQty}
                      onChange={(e) => edit(l, { receivedQty: e.target.value.trim() })}
                    />
                  ),
                },
                {
                  key: 'rejected',
                  title: r('rejected'),
                  width: 110,
                  render: (_, l) => (
                    <Input
                      aria-label={`${r('rejected')} ${l.lineNo}`}
                      inputMode="decimal"
                      value={entryOf(l).rejectedQty}
                      onChange={(e) => edit(l, { rejectedQty: e.target.value.trim() })}
                    />
                  ),
                },
                {
                  key: 'reason',
                  title: r('reason'),
                  width: 140,
                  render: (_, l) => (
                    <Select
                      aria-label={`${r('reason')} ${l.lineNo}`}
                      allowClear
                      placeholder={r('reasonPlaceholder')}
                      options={reasons}
                      value={entryOf(l).rejectReason || undefined}
                      onChange={(v?: deliveryNote.RejectReason) => edit(l, { rejectReason: v ?? '' })}
                      status={rejected(l) && !entryOf(l).rejectReason ? 'error' : ''}
                      style={{ width: '100%' }}
                    />
                  ),
                },
              ]}
            />
          </Scroll>
          {has(deliveryNote.receivingButtons.receive) && (
            <Button type="primary" onClick={post} loading={busy}>
              {r('post')}
            </Button>
          )}
        </Space>
      )}
    </Card>
  );
}
