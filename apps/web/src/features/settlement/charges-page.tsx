// 费用明细 (module ms0032): the charges raised against the supplier (staff: of the tenant or one supplier),
// searched by month, name, dispute and settle state; the selected charge opens with its clause, its
// calculation, attachments, and its dispute: the supplier raises one with a note, staff answer it.
import { type Charge, settlement } from '@portal/contract';
import { App, Button, Card, DatePicker, Descriptions, Drawer, Form, Input, Select, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '../../components/data-grid';
import { ListPagination } from '../../components/list-pagination';
import { useServerList } from '../../components/server-list/use-server-list';
import { SupplierPicker } from '../../components/pickers/supplier-picker';
import { useAuthButtons } from '../../lib/use-auth-buttons';
import { useUserStore } from '../../stores/user';
import { type ChargeListQuery, chargeColumnValues, chargePageQuery, useAnswerDispute, useDisputeCharge, useFreshWhenShown } from './api';
import { NewChargeDrawer } from './charge-form';
import { ChargeFacts, disputeTone } from './charges-block';
import { chargeColumns, chargeRow } from './columns';
import { ExportButtons } from './export-buttons';
import { Money } from './money';
import './settlement.css';

interface Search {
  months: [Dayjs | null, Dayjs | null] | null;
  chargeName: string;
  disputeStatus?: Charge['disputeStatus'] | undefined;
  settleStatus?: Charge['settleStatus'] | undefined;
  suppCode?: string | undefined;
}
const noSearch: Search = { months: null, chargeName: '' };

function queryOf(search: Search): Omit<ChargeListQuery, 'page' | 'limit' | 'sort' | 'filters'> {
  const [start, end] = search.months ?? [null, null];
  const chargeName = search.chargeName.trim();
  return {
    ...(start ? { periodStart: start.format('YYYY-MM') } : {}),
    ...(end ? { periodEnd: end.format('YYYY-MM') } : {}),
    ...(chargeName ? { chargeName } : {}),
    ...(search.disputeStatus ? { disputeStatus: search.disputeStatus } : {}),
    ...(search.settleStatus ? { settleStatus: search.settleStatus } : {}),
    ...(search.suppCode ? { suppCode: search.suppCode } : {}),
  };
}

export default function ChargesPage() {
  const { t } = useTranslation();
  const staff = useUserStore((s) => s.staff);
  const row = useCallback((c: Charge) => chargeRow(t, c), [t]);
  const charges = useServerList({
    initialSearch: noSearch,
    bodyOf: queryOf,
    pageQuery: chargePageQuery,
    columnValues: chargeColumnValues,
    row,
    pageSizes: [20, 50, 100],
    maxRows: 15,
    // Grows with the business: the next and previous pages are read by keyset.
    keyset: true,
  });
  const { list } = charges;
  const exports = useAuthButtons(settlement.chargeModule).has(settlement.chargeButtons.export);
  const columns = useMemo(() => chargeColumns(t, staff), [t, staff]);
  const [selectedCode, setSelectedCode] = useState<string>();
  const [open, setOpen] = useState(false);
  const [raising, setRaising] = useState(false);
  // Charges are raised by the clerk of the 审核 step, who also answers their disputes (admin reads them).
  const role = useUserStore((s) => s.roles?.[0]);
  const canRaise = staff && role === settlement.stepRoles['审核'];
  const selected = list.find((c) => c.chargeCode === selectedCode);
  const k = (field: string) => t(`settlement.charges.${field}`);
  const anchor = useRef<HTMLDivElement>(null);
  useFreshWhenShown(anchor);

  return (
    <div ref={anchor}>
      <Card title={k('title')}>
        <Form {...charges.form} name="sam-charges" layout="inline" style={{ rowGap: 12, marginBottom: 12 }} aria-label={k('title')}>
          {staff && (
            <Form.Item name="suppCode" label={t('shell.supplier')}>
              <SupplierPicker width={220} />
            </Form.Item>
          )}
          <Form.Item name="months" label={k('period')}>
            <DatePicker.RangePicker picker="month" allowEmpty={[true, true]} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="chargeName" label={k('chargeName')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="disputeStatus" label={k('dispute')}>
            <Select
              allowClear
              placeholder={t('settlement.all')}
              style={{ width: 110 }}
              options={settlement.disputeStatuses.map((s) => ({ value: s, label: t(`settlement.charges.disputeStates.${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="settleStatus" label={k('settle')}>
            <Select
              allowClear
              placeholder={t('settlement.all')}
              style={{ width: 110 }}
              options={settlement.settleStatuses.map((s) => ({ value: s, label: t(`settlement.charges.settleStates.${s}`) }))}
            />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('settlement.search')}
            </Button>
            <Button onClick={charges.reset}>{t('settlement.reset')}</Button>
          </Space>
        </Form>
        <Space wrap style={{ marginBottom: 12 }}>
          <Button type="primary" disabled={!selected} onClick={() => setOpen(true)}>
            {k('view')}
          </Button>
          {canRaise && <Button onClick={() => setRaising(true)}>{k('raise')}</Button>}
          {exports && <ExportButtons list="charges" search={charges.exportBody} />}
          <Typography.Text type="secondary" aria-live="polite">
            {selected ? t('settlement.selected', { billNumber: `${selected.chargeCode} ${selected.chargeName}` }) : k('noneSelected')}
          </Typography.Text>
        </Space>
        <DataGrid
          aria-label={k('grid')}
          columns={columns}
          {...charges.grid}
          onActiveRowChange={(index) => setSelectedCode(list[index]?.chargeCode)}
          onRowOpen={(index) => {
            if (!list[index]) return;
            setSelectedCode(list[index].chargeCode);
            setOpen(true);
          }}
        />
        <ListPagination {...charges.pagination} />
        <ChargeDrawer charge={open ? selected : undefined} onClose={() => setOpen(false)} />
        {canRaise && <NewChargeDrawer open={raising} onClose={() => setRaising(false)} onSaved={() => setRaising(false)} />}
      </Card>
    </div>
  );
}

function ChargeDrawer({ charge, onClose }: { charge: Charge | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const staff = useUserStore((s) => s.staff);
  const role = useUserStore((s) => s.roles?.[0]);
  const { has } = useAuthButtons(settlement.chargeModule);
  const dispute = useDisputeCharge();
  const answer = useAnswerDispute();
  const [form] = Form.useForm<{ note: string; amount?: string }>();
  const k = (field: string) => t(`settlement.charges.${field}`);
  const c = (field: string) => t(`settlement.charges.columns.${field}`);
  const canDispute =
    !staff && has(settlement.chargeButtons.dispute) && charge?.disputeStatus !== '异议中' && charge?.settleStatus === '未结算';
  // Disputes are answered by the clerk of the 审核 step (admin reads them).
  const canAnswer = staff && role === settlement.stepRoles['审核'] && charge?.disputeStatus === '异议中';

  const submit = async () => {
    if (!charge) return;
    const v = await form.validateFields();
    if (canDispute) {
      await dispute.mutateAsync({ chargeCode: charge.chargeCode, note: v.note.trim() });
      void message.success(k('disputed'));
    } else {
      await answer.mutateAsync({
        chargeCode: charge.chargeCode,
        suppCode: charge.suppCode,
        answer: v.note.trim(),
        ...(v.amount?.trim() ? { amount: v.amount.trim() } : {}),
      });
      void message.success(k('answered'));
    }
    form.resetFields();
  };

  return (
    <Drawer
      open={Boolean(charge)}
      onClose={onClose}
      title={charge ? `${k('detail')} ${charge.chargeCode}` : ''}
      size="large"
      destroyOnHidden
    >
      {charge && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2 }}
            items={[
              {
                key: 'name',
                label: c('chargeName'),
                children: `${t(`settlement.charges.chargeTypes.${charge.chargeType}`, { defaultValue: charge.chargeType })} · ${charge.chargeName}`,
              },
              { key: 'supplier', label: c('suppName'), children: `${charge.suppCode} ${charge.suppName}` },
              { key: 'dept', label: c('deptName'), children: charge.deptName },
              { key: 'period', label: c('period'), children: charge.period },
              { key: 'direction', label: c('direction'), children: t(`settlement.charges.directions.${charge.direction}`) },
              { key: 'amount', label: c('signedAmount'), children: <Money value={charge.signedAmount} strong /> },
              {
                key: 'settle',
                label: c('settleStatus'),
                children: `${t(`settlement.charges.settleStates.${charge.settleStatus}`)}${charge.samBillNum ? ` · ${charge.samBillNum}` : ''}`,
              },
              {
                key: 'dispute',
                label: c('disputeStatus'),
                children: (
                  <Tag color={disputeTone(charge.disputeStatus)}>{t(`settlement.charges.disputeStates.${charge.disputeStatus}`)}</Tag>
                ),
              },
            ]}
          />
          <ChargeFacts charge={charge} />
          {(canDispute || canAnswer) && (
            <Form form={form} name="sam-charge-dispute" layout="vertical" aria-label={canDispute ? k('raiseDispute') : k('answer')}>
              <Form.Item
                name="note"
                label={canDispute ? k('disputeNote') : k('answerNote')}
                rules={[{ required: true, whitespace: true, message: t('settlement.actions.reasonRequired') }]}
              >
                <Input.TextArea rows={3} maxLength={500} placeholder={canDispute ? k('disputeNotePlaceholder') : undefined} />
              </Form.Item>
              {canAnswer && (
                <Form.Item
                  name="amount"
                  label={k('correctedAmount')}
                  rules={[{ pattern: /^\d{1,12}(\.\d{1,2})?$/, message: t('settlement.payment.amountFormat') }]}
                >
                  <Input inputMode="decimal" prefix="¥" style={{ width: 200 }} />
                </Form.Item>
              )}
              <Button type="primary" loading={dispute.isPending || answer.isPending} onClick={() => void submit().catch(() => undefined)}>
                {canDispute ? k('raiseDispute') : k('answer')}
              </Button>
            </Form>
          )}
        </Space>
      )}
    </Drawer>
  );
}
