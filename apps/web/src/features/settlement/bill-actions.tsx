// What the caller may do to a bill now (the server lists it in `actions`; a supplier's child also needs the
// button): submit, edit, delete and void a draft, enter invoices; staff audit, reject, confirm invoices,
// send back, approve, void and record payments. Each asks first, with a reason where one is required.
import { type BillDetail, compareDecimal, isDecimal, settlement } from '@portal/contract';
import { App, Button, DatePicker, Form, Input, Modal, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiFailure } from '../../api/client';
import { businessToday } from '../../lib/business-day';
import { formatMoney } from '../../lib/format';
import { useAuthButtons } from '../../lib/use-auth-buttons';
import { useUserStore } from '../../stores/user';
import {
  useApplyBill,
  useApproveBill,
  useAuditBill,
  useConfirmInvoice,
  useDeleteBill,
  usePayBill,
  useRejectBill,
  useReturnBill,
  useVoidBill,
} from './api';
import { InvoiceDialog } from './invoice-block';

type BillAction = settlement.BillAction;
import { editorPath } from './paths';
import { closingOnRefusal } from '../../lib/confirm-call';

/** The button a supplier account needs for an action (staff actions need the module only). */
const buttonOf: Partial<Record<BillAction, string>> = {
  modify: settlement.billButtons.save,
  invoice: settlement.billButtons.save,
  apply: settlement.billButtons.apply,
  delete: settlement.billButtons.delete,
};
const withReason: BillAction[] = ['reject', 'returnBack', 'void'];
const withNote: BillAction[] = ['audit', 'confirmInvoice', 'approve'];
const order: BillAction[] = [
  'modify',
  'apply',
  'invoice',
  'audit',
  'confirmInvoice',
  'approve',
  'pay',
  'returnBack',
  'reject',
  'void',
  'delete',
];
const primary = new Set<BillAction>(['apply', 'audit', 'confirmInvoice', 'approve', 'pay']);

interface PaymentValues {
  amount: string;
  payDate: Dayjs;
  payMethod: (typeof settlement.payMethods)[number];
  reference: string;
  note: string;
}

export function useBillActions(bill: BillDetail): BillAction[] {
  const staff = useUserStore((s) => s.staff);
  const { has } = useAuthButtons(settlement.billModule);
  return order.filter((a) => bill.actions.includes(a) && (staff || !buttonOf[a] || has(buttonOf[a])));
}

export function BillActions({ bill, onDeleted }: { bill: BillDetail; onDeleted(): void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const actions = useBillActions(bill);
  const [dialog, setDialog] = useState<BillAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ text: string }>();
  const [payForm] = Form.useForm<PaymentValues>();
  const mutations = {
    apply: useApplyBill(),
    delete: useDeleteBill(),
    void: useVoidBill(),
    audit: useAuditBill(),
    reject: useRejectBill(),
    confirmInvoice: useConfirmInvoice(),
    returnBack: useReturnBill(),
    approve: useApproveBill(),
    pay: usePayBill(),
  };
  const { samBillNum, version, unpaidAmount } = bill.header;
  const label = (a: BillAction) => t(`settlement.actions.${a}`);
  const done = (a: BillAction) => void message.success(t('settlement.actions.done', { action: label(a) }));

  const start = (a: BillAction) => {
    if (a === 'modify') return navigate(editorPath({ samBillNum }));
    if (a === 'apply' || a === 'delete')
      return modal.confirm({
        title: label(a),
        content:
          a === 'delete'
            ? t('settlement.confirmDelete', { billNumber: samBillNum })
            : t('settlement.actions.confirm', { action: label(a), billNumber: samBillNum }),
        okText: t('settlement.ok'),
        cancelText: t('settlement.cancel'),
        okButtonProps: { danger: a === 'delete' },
        // A refusal (409: a document another bill took, a stale version) was toasted by the client.
        onOk: closingOnRefusal(async () => {
          if (a === 'apply') await mutations.apply.mutateAsync({ samBillNum, version });
          else {
            await mutations.delete.mutateAsync({ samBillNum });
            onDeleted();
          }
          done(a);
        }),
      });
    form.resetFields();
    if (a === 'pay')
      payForm.setFieldsValue({ amount: unpaidAmount, payDate: businessToday(), payMethod: '银行转账', reference: '', note: '' });
    setDialog(a);
  };

  const submit = async () => {
    if (!dialog) return;
    setBusy(true);
    try {
      if (dialog === 'pay') {
        const v = await payForm.validateFields();
        await mutations.pay.mutateAsync({
          samBillNum,
          payment: {
            amount: v.amount.trim(),
            payDate: v.payDate.format('YYYY-MM-DD'),
            payMethod: v.payMethod,
            reference: v.reference ?? '',
            note: v.note ?? '',
          },
        });
      } else {
        const { text = '' } = await form.validateFields();
        if (withReason.includes(dialog)) {
          const run = mutations[dialog as 'reject' | 'returnBack' | 'void'];
          await run.mutateAsync({ samBillNum, reason: text.trim() });
        } else {
          const run = mutations[dialog as 'audit' | 'confirmInvoice' | 'approve'];
          await run.mutateAsync({ samBillNum, note: text.trim() });
        }
      }
      done(dialog);
      setDialog(null);
    } catch (err) {
      // Validation errors stay by their fields; the server's refusal was toasted by the client.
      if (!(err instanceof ApiFailure) && !(err && typeof err === 'object' && 'errorFields' in err)) throw err;
    } finally {
      setBusy(false);
    }
  };

  const invoiceOpen = dialog === 'invoice';
  return (
    <>
      <Space wrap>
        {actions.map((a) => (
          <Button key={a} type={primary.has(a) ? 'primary' : 'default'} danger={a === 'void' || a === 'delete'} onClick={() => start(a)}>
            {label(a)}
          </Button>
        ))}
      </Space>
      <InvoiceDialog open={invoiceOpen} samBillNum={samBillNum} onClose={() => setDialog(null)} />
      <Modal
        open={dialog !== null && !invoiceOpen && dialog !== 'pay'}
        title={dialog ? `${label(dialog)} ${samBillNum}` : ''}
        okText={t('settlement.ok')}
        cancelText={t('settlement.cancel')}
        confirmLoading={busy}
        onOk={() => void submit()}
        onCancel={() => setDialog(null)}
        destroyOnHidden
        okButtonProps={{ danger: dialog !== null && withReason.includes(dialog) }}
      >
        <Form form={form} name="sam-bill-action" layout="vertical" aria-label={dialog ? label(dialog) : undefined}>
          {dialog && withNote.includes(dialog) && (
            <Form.Item name="text" label={t('settlement.actions.note')}>
              <Input.TextArea rows={3} maxLength={500} placeholder={t('settlement.actions.notePlaceholder')} />
            </Form.Item>
          )}
          {dialog && withReason.includes(dialog) && (
            <Form.Item
              name="text"
              label={t('settlement.actions.reason')}
              rules={[{ required: true, whitespace: true, message: t('settlement.actions.reasonRequired') }]}
            >
              <Input.TextArea rows={3} maxLength={500} />
            </Form.Item>
          )}
        </Form>
      </Modal>
      <Modal
        open={dialog === 'pay'}
        title={`${t('settlement.payment.title')} ${samBillNum}`}
        okText={t('settlement.ok')}
        cancelText={t('settlement.cancel')}
        confirmLoading={busy}
        onOk={() => void submit()}
        onCancel={() => setDialog(null)}
        forceRender
      >
        <Typography.Paragraph type="secondary">
          {t('settlement.payment.unpaid', { amount: formatMoney(unpaidAmount) })}
        </Typography.Paragraph>
        <Form form={payForm} name="sam-bill-payment" layout="vertical" aria-label={t('settlement.payment.title')}>
          <Form.Item
            name="amount"
            label={t('settlement.payment.amount')}
            rules={[
              { required: true, whitespace: true, message: t('settlement.payment.amountRequired') },
              {
                validator: async (_, value: string | undefined) => {
                  const text = (value ?? '').trim();
                  if (!text) return;
                  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text) || !isDecimal(text) || compareDecimal(text, '0') <= 0)
                    throw new Error(t('settlement.payment.amountFormat'));
                  if (compareDecimal(text, unpaidAmount) > 0) throw new Error(t('settlement.payment.overpaid'));
                },
              },
            ]}
          >
            <Input inputMode="decimal" prefix="¥" style={{ textAlign: 'right' }} />
          </Form.Item>
          <Form.Item name="payDate" label={t('settlement.payment.payDate')} rules={[{ required: true }]}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="payMethod" label={t('settlement.payment.payMethod')}>
            <Select options={settlement.payMethods.map((m) => ({ value: m, label: t(`settlement.payment.methods.${m}`) }))} />
          </Form.Item>
          <Form.Item name="reference" label={t('settlement.payment.reference')}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="note" label={t('settlement.payment.note')}>
            <Input maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
