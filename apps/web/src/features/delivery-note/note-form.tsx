// A new delivery note: the store or DC, then its confirmed order lines still open (of one or several orders), each
// picked with the quantity to deliver (the open quantity at first), packages, and for goods with a shelf life the
// batch, production and expiry dates; the expected arrival. The server checks every rule again.
import { businessDay } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Alert, Button, Form, Input, InputNumber, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StorePicker } from '../../components/pickers/store-picker';
import { formatQty } from '../../lib/format';
import { createNote, type OpenLine, openLinesQuery } from './api';
import { Scroll } from './scroll';

interface Entry {
  qty: string;
  packages: number;
  batchNo: string;
  productionDate: string;
  expiryDate: string;
}

const keyOf = (l: Pick<OpenLine, 'billNumber' | 'lineNo'>) => `${l.billNumber}#${l.lineNo}`;
const trimQty = (q: string) => q.replace(/\.?0+$/, '');

export function NoteForm({ onCreated }: { onCreated: (noteNumber: string) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [deptCode, setDeptCode] = useState<string>();
  const [expectedDate, setExpectedDate] = useState(businessDay(new Date()));
  const [remark, setRemark] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [entries, setEntries] = useState<Record<string, Entry>>({});
  const [saving, setSaving] = useState(false);
  const open = useQuery(openLinesQuery(deptCode, Boolean(deptCode)));
  const lines = open.data?.lines ?? [];
  const c = (field: string) => t(`deliveryNote.form.columns.${field}`);

  const entryOf = (l: OpenLine): Entry =>
    entries[keyOf(l)] ?? {
      qty: trimQty(l.openQty),
      packages: Math.max(1, Math.ceil(Number(l.openQty) / Math.max(1, l.caseQty))),
      batchNo: '',
      productionDate: '',
      expiryDate: '',
    };
  const edit = (l: OpenLine, change: Partial<Entry>) => setEntries((e) => ({ ...e, [keyOf(l)]: { ...entryOf(l), ...change } }));

  const submit = async () => {
    const chosen = lines.filter((l) => picked.includes(keyOf(l)));
    if (chosen.length === 0) {
      void message.warning(t('deliveryNote.form.pickOne'));
      return;
    }
    setSaving(true);
    try {
      const note = await createNote({
        expectedDate,
        remark,
        lines: chosen.map((l) => {
          const e = entryOf(l);
          return { billNumber: l.billNumber, lineNo: l.lineNo, ...e, qty: e.qty.trim() };
        }),
      });
      void message.success(t('deliveryNote.form.created', { noteNumber: note.header.noteNumber }));
      onCreated(note.header.noteNumber);
    } catch {
      // The call's refusal is shown by the client.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form layout="vertical" aria-label={t('deliveryNote.form.title')} onFinish={submit}>
      <Typography.Paragraph type="secondary">{t('deliveryNote.form.hint')}</Typography.Paragraph>
      <Space wrap align="start" size={16}>
        <Form.Item label={t('deliveryNote.form.dept')} required>
          <StorePicker
            value={deptCode}
            onChange={(code: string | undefined) => {
              setDeptCode(code);
              setPicked([]);
            }}
            width={240}
            aria-label={t('deliveryNote.form.dept')}
          />
        </Form.Item>
        <Form.Item label={t('deliveryNote.form.expectedDate')} required htmlFor="dn-expected">
          <Input
            id="dn-expected"
            type="date"
            value={expectedDate}
            min={businessDay(new Date())}
            onChange={(e) => setExpectedDate(e.target.value)}
          />
        </Form.Item>
        <Form.Item label={t('deliveryNote.form.remark')} htmlFor="dn-remark">
          <Input id="dn-remark" value={remark} maxLength={200} onChange={(e) => setRemark(e.target.value)} style={{ width: 260 }} />
        </Form.Item>
      </Space>
      {!deptCode ? (
        <Alert type="info" showIcon title={t('deliveryNote.form.deptRequired')} />
      ) : (
        <>
          {open.data && (
            <Typography.Paragraph type="secondary">
              {t('deliveryNote.form.tolerance', { percent: open.data.overDeliveryPercent })}
            </Typography.Paragraph>
          )}
          <Scroll label={t('deliveryNote.form.grid')} minWidth={1300}>
            <Table<OpenLine>
              className="dn-open-lines"
              aria-label={t('deliveryNote.form.grid')}
              rowKey={keyOf}
              size="small"
              loading={open.isFetching}
              dataSource={lines}
              pagination={false}
              locale={{ emptyText: t('deliveryNote.form.noLines') }}
              rowSelection={{
                selectedRowKeys: picked,
                onChange: (keys) => setPicked(keys.map(String)),
                getCheckboxProps: (l) => ({ 'aria-label': `${t('deliveryNote.form.pick')} ${l.billNumber} ${l.lineNo}` }),
              }}
              columns={[
                { key: 'order', title: c('billNumber'), width: 170, render: (_, l) => `${l.billNumber} / ${l.lineNo}` },
                {
                  key: 'goods',
                  title: c('goods'),
                  width: 220,
                  render: (_, l) => (
                    <>
                      {l.goodsCode} {l.goodsName}
                      <br />
                      <Typography.Text type="secondary">
                        {l.spec} · {l.unit}
                        {l.shelfLifeDays !== null && ` · ${t('deliveryNote.form.shelfLife', { days: l.shelfLifeDays })}`}
                      </Typography.Text>
                    </>
                  ),
                },
                { key: 'confirmedQty', title: c('confirmedQty'), width: 80, align: 'right', render: (_, l) => formatQty(l.confirmedQty) },
                { key: 'openQty', title: c('openQty'), width: 80, align: 'right', render: (_, l) => formatQty(l.openQty) },
                { key: 'promisedDate', title: c('promisedDate'), dataIndex: 'promisedDate', width: 105 },
                {
                  key: 'qty',
                  title: c('qty'),
                  width: 100,
                  render: (_, l) => (
                    <Input
                      aria-label={`${c('qty')} ${l.billNumber} ${l.lineNo}`}
                      inputMode="decimal"
                      value={entryOf(l).qty}
                      onChange={(e) => edit(l, { qty: e.target.value })}
                    />
                  ),
                },
                {
                  key: 'packages',
                  title: c('packages'),
                  width: 80,
                  render: (_, l) => (
                    <InputNumber
                      aria-label={`${c('packages')} ${l.billNumber} ${l.lineNo}`}
                      min={0}
                      precision={0}
                      value={entryOf(l).packages}
                      onChange={(v) => edit(l, { packages: Number(v ?? 0) })}
                      style={{ width: '100%' }}
                    />
                  ),
                },
                {
                  key: 'batchNo',
                  title: c('batchNo'),
                  width: 120,
                  render: (_, l) => (
                    <Input
                      aria-label={`${c('batchNo')} ${l.billNumber} ${l.lineNo}`}
                      value={entryOf(l).batchNo}
                      maxLength={40}
                      onChange={(e) => edit(l, { batchNo: e.target.value })}
                    />
                  ),
                },
                {
                  key: 'productionDate',
                  title: c('productionDate'),
                  width: 140,
                  render: (_, l) => (
                    <Input
                      type="date"
                      aria-label={`${c('productionDate')} ${l.billNumber} ${l.lineNo}`}
                      value={entryOf(l).productionDate}
                      onChange={(e) => edit(l, { productionDate: e.target.value })}
                    />
                  ),
                },
                {
                  key: 'expiryDate',
                  title: c('expiryDate'),
                  width: 140,
                  render: (_, l) => (
                    <Input
                      type="date"
                      aria-label={`${c('expiryDate')} ${l.billNumber} ${l.lineNo}`}
                      value={entryOf(l).expiryDate}
                      onChange={(e) => edit(l, { expiryDate: e.target.value })}
                    />
                  ),
                },
              ]}
            />
          </Scroll>
        </>
      )}
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" loading={saving} disabled={!deptCode}>
          {t('deliveryNote.form.submit')}
        </Button>
      </Space>
    </Form>
  );
}
