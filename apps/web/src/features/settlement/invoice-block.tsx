// The invoices of a bill: the table (with the desk's confirmation), and the dialog in which the supplier
// enters one in 已审核 with its scan uploaded to the file store. 数电发票 have no code; the total is the
// exact sum of excl. tax and tax.
import { type Invoice, type StoredFile, fromUnits, isDecimal, settlement, toUnits } from '@portal/contract';
import { App, Button, DatePicker, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../api/client';
import { formatDecimal } from '../../lib/format';
import { useDeleteInvoice, useSaveInvoice } from './api';
import { AttachmentList, UploadButton } from './attachments';
import { Money } from './money';
import { closingOnRefusal } from '../../lib/confirm-call';

type InvoiceType = (typeof settlement.invoiceTypes)[number];
interface Values {
  invoiceType: InvoiceType;
  invoiceCode?: string;
  invoiceNumber: string;
  invoiceDate: Dayjs;
  taxRate: string;
  amountExcl: string;
  tax: string;
  amount: string;
}
const fieldNames: (keyof Values)[] = [
  'invoiceType',
  'invoiceCode',
  'invoiceNumber',
  'invoiceDate',
  'taxRate',
  'amountExcl',
  'tax',
  'amount',
];
const moneyPattern = /^\d{1,12}(\.\d{1,2})?$/;

export function InvoiceDialog({ open, samBillNum, onClose }: { open: boolean; samBillNum: string; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<StoredFile[]>([]);
  const save = useSaveInvoice();
  const type = Form.useWatch('invoiceType', form);
  const digital = type ? settlement.isDigitalInvoice(type) : false;
  const k = (field: string) => t(`settlement.invoice.${field}`);
  const money = { pattern: moneyPattern, message: t('settlement.payment.amountFormat') };

  const fillTotal = () => {
    const { amountExcl, tax } = form.getFieldsValue();
    if (amountExcl && tax && isDecimal(amountExcl) && isDecimal(tax))
      form.setFieldValue('amount', fromUnits(toUnits(amountExcl, 2) + toUnits(tax, 2), 2));
  };

  const submit = async () => {
    const v = await form.validateFields();
    try {
      await save.mutateAsync({
        samBillNum,
        invoice: {
          invoiceType: v.invoiceType,
          invoiceCode: digital ? '' : (v.invoiceCode ?? '').trim(),
          invoiceNumber: v.invoiceNumber.trim(),
          invoiceDate: v.invoiceDate.format('YYYY-MM-DD'),
          taxRate: v.taxRate.trim(),
          amountExcl: v.amountExcl.trim(),
          tax: v.tax.trim(),
          amount: v.amount.trim(),
          fileIds: files.map((f) => f.fileId),
        },
      });
      void message.success(k('saved'));
      form.resetFields();
      setFiles([]);
      onClose();
    } catch (err) {
      // The server names the field inside the invoice ("body.invoice.invoiceCode: ...").
      const field = err instanceof ApiFailure ? /^body\.invoice\.(\w+):\s*(.+)$/s.exec(err.message) : null;
      const name = field?.[1] as keyof Values | undefined;
      if (field && name && fieldNames.includes(name)) form.setFields([{ name, errors: [field[2]!] }]);
      else if (err instanceof ApiFailure) void message.error(err.message, 5);
      else throw err;
    }
  };

  return (
    <Modal
      open={open}
      title={`${k('title')} ${samBillNum}`}
      okText={t('settlement.ok')}
      cancelText={t('settlement.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      forceRender
    >
      <Typography.Paragraph type="secondary">{k('hint')}</Typography.Paragraph>
      <Form
        form={form}
        name="sam-bill-invoice"
        layout="vertical"
        aria-label={k('title')}
        initialValues={{ invoiceType: '增值税专用发票', taxRate: '13' }}
      >
        <Form.Item name="invoiceType" label={k('invoiceType')} rules={[{ required: true }]}>
          <Select options={settlement.invoiceTypes.map((v) => ({ value: v, label: k(`types.${v}`) }))} />
        </Form.Item>
        <Space wrap style={{ width: '100%' }} size={[12, 0]}>
          <Form.Item
            name="invoiceCode"
            label={k('invoiceCode')}
            extra={digital ? k('digitalNoCode') : undefined}
            rules={
              digital
                ? []
                : [
                    { required: true, message: k('required') },
                    { pattern: /^(\d{10}|\d{12})$/, message: k('codeFormat') },
                  ]
            }
          >
            <Input disabled={digital} maxLength={12} inputMode="numeric" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="invoiceNumber"
            label={k('invoiceNumber')}
            rules={[
              { required: true, message: k('required') },
              { pattern: /^(\d{8}|\d{20})$/, message: k('numberFormat') },
            ]}
          >
            <Input maxLength={20} inputMode="numeric" style={{ width: 220 }} />
          </Form.Item>
        </Space>
        <Space wrap style={{ width: '100%' }} size={[12, 0]}>
          <Form.Item name="invoiceDate" label={k('invoiceDate')} rules={[{ required: true, message: k('required') }]}>
            <DatePicker style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="taxRate"
            label={k('taxRate')}
            rules={[
              { required: true, message: k('required') },
              { pattern: /^\d{1,2}(\.\d{1,2})?$/, message: k('rateFormat') },
            ]}
          >
            <Input inputMode="decimal" style={{ width: 120 }} />
          </Form.Item>
        </Space>
        <Space wrap style={{ width: '100%' }} size={[12, 0]}>
          <Form.Item name="amountExcl" label={k('amountExcl')} rules={[{ required: true, message: k('required') }, money]}>
            <Input inputMode="decimal" onBlur={fillTotal} style={{ width: 150, textAlign: 'right' }} />
          </Form.Item>
          <Form.Item name="tax" label={k('tax')} rules={[{ required: true, message: k('required') }, money]}>
            <Input inputMode="decimal" onBlur={fillTotal} style={{ width: 130, textAlign: 'right' }} />
          </Form.Item>
          <Form.Item
            name="amount"
            label={k('amount')}
            dependencies={['amountExcl', 'tax']}
            rules={[
              { required: true, message: k('required') },
              money,
              ({ getFieldValue }) => ({
                validator: async (_, value: string | undefined) => {
                  const excl = String(getFieldValue('amountExcl') ?? '');
                  const tax = String(getFieldValue('tax') ?? '');
                  if (!value || !moneyPattern.test(value) || !moneyPattern.test(excl) || !moneyPattern.test(tax)) return;
                  if (toUnits(value, 2) !== toUnits(excl, 2) + toUnits(tax, 2)) throw new Error(k('sumMismatch'));
                },
              }),
            ]}
          >
            <Input inputMode="decimal" style={{ width: 150, textAlign: 'right' }} />
          </Form.Item>
        </Space>
        <Form.Item label={k('files')}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <UploadButton label={k('upload')} onUploaded={(stored) => setFiles((before) => [...before, ...stored])} />
            {files.length > 0 && <AttachmentList files={files} />}
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function InvoiceTable({ invoices, samBillNum, editable }: { invoices: Invoice[]; samBillNum: string; editable: boolean }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const remove = useDeleteInvoice();
  const k = (field: string) => t(`settlement.invoice.${field}`);
  return (
    <Table
      className="sam-table"
      size="small"
      rowKey="invoiceId"
      pagination={false}
      scroll={{ x: 900 }}
      dataSource={invoices}
      locale={{ emptyText: t('settlement.detail.noInvoices') }}
      aria-label={t('settlement.detail.invoices')}
      expandable={{
        rowExpandable: (r) => r.attachments.length > 0,
        expandedRowRender: (r) => <AttachmentList files={r.attachments} />,
      }}
      columns={[
        {
          title: k('invoiceType'),
          dataIndex: 'invoiceType',
          width: 140,
          render: (v: string) => t(`settlement.invoice.types.${v}`, { defaultValue: v }),
        },
        { title: k('invoiceCode'), dataIndex: 'invoiceCode', width: 130 },
        { title: k('invoiceNumber'), dataIndex: 'invoiceNumber', width: 190 },
        { title: k('invoiceDate'), dataIndex: 'invoiceDate', width: 110 },
        {
          title: k('taxRate'),
          dataIndex: 'taxRate',
          width: 80,
          className: 'sam-num',
          render: (v: string) => `${formatDecimal(v, { max: 2 })}%`,
        },
        { title: k('amountExcl'), dataIndex: 'amountExcl', width: 120, className: 'sam-num', render: (v: string) => <Money value={v} /> },
        { title: k('tax'), dataIndex: 'tax', width: 110, className: 'sam-num', render: (v: string) => <Money value={v} /> },
        { title: k('amount'), dataIndex: 'amount', width: 120, className: 'sam-num', render: (v: string) => <Money value={v} strong /> },
        {
          title: k('state'),
          dataIndex: 'confirmed',
          width: 90,
          render: (v: boolean) => <Tag color={v ? 'green' : 'orange'}>{v ? k('confirmed') : k('unconfirmed')}</Tag>,
        },
        ...(editable
          ? [
              {
                title: '',
                key: 'delete',
                width: 70,
                render: (_: unknown, r: Invoice) => (
                  <Button
                    type="link"
                    danger
                    size="small"
                    onClick={() =>
                      modal.confirm({
                        title: k('delete'),
                        content: t('settlement.invoice.confirmDelete', { number: r.invoiceNumber }),
                        okText: t('settlement.ok'),
                        cancelText: t('settlement.cancel'),
                        onOk: closingOnRefusal(() => remove.mutateAsync({ samBillNum, invoiceId: r.invoiceId })),
                      })
                    }
                  >
                    {k('delete')}
                  </Button>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
