// The supplier's answers to an order (issue 29): the confirm form (each line's confirmed quantity and promised
// date, a reason where it is short or later than the order's deadline; "confirm all as ordered" fills them) and
// the decline form (a reason and, for 其他, a text). The server checks the same rules and the order's version.
import { businessDay, purchaseOrder, toUnits } from '@portal/contract';
import { App, Button, DatePicker, Form, Input, Modal, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatQty } from '../../lib/format';
import { type OrderDetail, useConfirmOrder, useDeclineOrder } from './api';

interface LineForm {
  confirmedQty: string;
  promisedDate: Dayjs | null;
  note: string;
}

const plain = (qty: string) => qty.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
const qtyForm = /^\d{1,11}(\.\d{1,3})?$/;

export function ConfirmDialog({ order, open, onClose }: { order: OrderDetail; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirmOrder();
  const [form] = Form.useForm<{ lines: LineForm[] }>();
  const k = (key: string, options?: Record<string, unknown>) => t(`purchaseOrder.confirm.${key}`, options);
  const { header, lines } = order;
  const today = businessDay(new Date());
  const initial = lines.map((l): LineForm => ({
    confirmedQty: l.confirmedQty ? plain(l.confirmedQty) : '',
    promisedDate: l.promisedDate && l.promisedDate >= today ? dayjs(l.promisedDate) : null,
    note: l.confirmNote,
  }));
  const fillAll = () =>
    form.setFieldsValue({
      lines: lines.map((l) => ({
        confirmedQty: plain(l.orderQty),
        promisedDate: dayjs(
          l.promisedDate && l.promisedDate >= today ? l.promisedDate : header.deliveryDate >= today ? header.deliveryDate : today,
        ),
        note: '',
      })),
    });
  const needsNote = (index: number) => {
    const qty = String(form.getFieldValue(['lines', index, 'confirmedQty']) ?? '').trim();
    const date = form.getFieldValue(['lines', index, 'promisedDate']) as Dayjs | null;
    const short = qtyForm.test(qty) && toUnits(qty, 3) < toUnits(lines[index]!.orderQty, 3);
    return short || Boolean(date && date.format('YYYY-MM-DD') > header.deadline);
  };

  const submit = async () => {
    const values = await form.validateFields();
    const done = await confirm.mutateAsync({
      billNumber: header.billNumber,
      version: header.version,
      lines: lines.map((l, i) => ({
        lineNo: l.lineNo,
        confirmedQty: values.lines[i]!.confirmedQty.trim(),
        promisedDate: values.lines[i]!.promisedDate!.format('YYYY-MM-DD'),
        note: (values.lines[i]!.note ?? '').trim(),
      })),
    });
    void message.success(k(done.header.status === '部分确认' ? 'partlyConfirmed' : 'confirmed'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={k('title', { billNumber: header.billNumber })}
      onCancel={onClose}
      width={960}
      destroyOnHidden
      footer={
        <Space wrap>
          <Button onClick={onClose}>{k('cancel')}</Button>
          <Button type="primary" loading={confirm.isPending} onClick={() => void submit().catch(() => undefined)}>
            {k('submit')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{k('hint', { deadline: header.deadline })}</Typography.Paragraph>
      <Button onClick={fillAll} style={{ marginBottom: 12 }}>
        {k('fillAll')}
      </Button>
      <Form form={form} name="po-confirm" layout="vertical" initialValues={{ lines: initial }} aria-label={k('lines')}>
        <div className="po-confirm-lines">
          {lines.map((line, i) => (
            <fieldset key={line.lineNo} className={`po-confirm-line${line.changed ? ' po-confirm-changed' : ''}`}>
              <legend>
                {line.lineNo}. {line.goodsName} <Typography.Text type="secondary">{line.spec}</Typography.Text>
              </legend>
              <div className="po-confirm-fields">
                <div className="po-confirm-ordered">
                  <Typography.Text type="secondary">{k('orderQty')}</Typography.Text>
                  <div>
                    {formatQty(line.orderQty)} {line.unit}
                  </div>
                </div>
                <Form.Item
                  name={['lines', i, 'confirmedQty']}
                  label={k('confirmedQty')}
                  rules={[
                    { required: true, whitespace: true, message: k('qtyRequired') },
                    {
                      validator: (_, value: string) => {
                        const qty = String(value ?? '').trim();
                        if (!qty) return Promise.resolve();
                        const ok = qtyForm.test(qty) && toUnits(qty, 3) > 0n && toUnits(qty, 3) <= toUnits(line.orderQty, 3);
                        return ok ? Promise.resolve() : Promise.reject(new Error(k('qtyRange')));
                      },
                    },
                  ]}
                >
                  <Input inputMode="decimal" style={{ width: 120 }} />
                </Form.Item>
                <Form.Item
                  name={['lines', i, 'promisedDate']}
                  label={k('promisedDate')}
                  rules={[{ required: true, message: k('dateRequired') }]}
                >
                  <DatePicker disabledDate={(d) => d.format('YYYY-MM-DD') < today} style={{ width: 150 }} />
                </Form.Item>
                <Form.Item
                  name={['lines', i, 'note']}
                  label={k('note')}
                  className="po-confirm-note"
                  dependencies={[
                    ['lines', i, 'confirmedQty'],
                    ['lines', i, 'promisedDate'],
                  ]}
                  rules={[
                    {
                      validator: (_, value: string) =>
                        needsNote(i) && !String(value ?? '').trim() ? Promise.reject(new Error(k('noteRequired'))) : Promise.resolve(),
                    },
                  ]}
                >
                  <Input maxLength={200} placeholder={k('notePlaceholder')} />
                </Form.Item>
              </div>
            </fieldset>
          ))}
        </div>
      </Form>
    </Modal>
  );
}

export function DeclineDialog({ order, open, onClose }: { order: OrderDetail; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const decline = useDeclineOrder();
  const [form] = Form.useForm<{ reason?: (typeof purchaseOrder.declineReasons)[number]; note: string }>();
  const k = (key: string, options?: Record<string, unknown>) => t(`purchaseOrder.confirm.${key}`, options);
  const { header } = order;

  const submit = async () => {
    const values = await form.validateFields();
    await decline.mutateAsync({
      billNumber: header.billNumber,
      version: header.version,
      reason: values.reason!,
      note: (values.note ?? '').trim(),
    });
    void message.success(k('declined'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={k('declineTitle', { billNumber: header.billNumber })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space wrap>
          <Button onClick={onClose}>{k('cancel')}</Button>
          <Button danger type="primary" loading={decline.isPending} onClick={() => void submit().catch(() => undefined)}>
            {k('declineSubmit')}
          </Button>
        </Space>
      }
    >
      <Form form={form} name="po-decline" layout="vertical" initialValues={{ note: '' }} aria-label={k('decline')}>
        <Form.Item name="reason" label={k('reason')} rules={[{ required: true, message: k('reasonRequired') }]}>
          <Select options={purchaseOrder.declineReasons.map((r) => ({ value: r, label: k(`reasons.${r}`) }))} style={{ maxWidth: 240 }} />
        </Form.Item>
        <Form.Item
          name="note"
          label={k('reasonNote')}
          dependencies={['reason']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value: string) =>
                getFieldValue('reason') === '其他' && !String(value ?? '').trim()
                  ? Promise.reject(new Error(k('otherRequired')))
                  : Promise.resolve(),
            }),
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} placeholder={k('reasonNotePlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
