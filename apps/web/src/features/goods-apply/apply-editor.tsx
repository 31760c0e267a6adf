// The supplier's application form in a drawer: a new draft, or one in 草稿 or 驳回 to change. The barcode's
// EAN-13 check digit and the prices are checked as the server checks them (the contract's rules); files
// upload with progress as they are chosen; saving keeps a draft, submitting starts the review.
import type { ApplyDetail, ApplyForm, StoredFile } from '@portal/contract';
import { compareDecimal, goodsApply } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Col, Drawer, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../api/client';
import { linkableQuery, uploadFiles, useSaveApply, useSubmitApply } from './api';
import { FileUpload } from '../../components/file-upload';
import { BrandPicker, CategoryPicker } from '../../components/pickers/tree-picker';
import { useTypeName } from '../../lib/use-type-name';

type Values = Omit<ApplyForm, 'applyNo' | 'fileIds' | 'remark'> & { remark?: string };

/** The check digit a 13-digit barcode should end with. */
const checkDigit = (code: string) => {
  const sum = [...code.slice(0, 12)].map(Number).reduce((s, d, i) => s + d * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
};

/** A server message naming a field of the form ("body.form.barcode: ..." or "body.barcode: ..."). */
function fieldOf(err: unknown): { field: string; message: string } | null {
  if (!(err instanceof ApiFailure)) return null;
  const match = /^body\.(?:form\.)?([A-Za-z]+)(?:\.\d+)?:\s*(.+)$/s.exec(err.message);
  return match ? { field: match[1]!, message: match[2]! } : null;
}

/** What the form starts with: the application's fields, or a new one's defaults. */
function initialOf(apply: ApplyDetail | undefined): Partial<Values> {
  if (!apply) return { caseQty: 1, taxRate: '13', ctfIds: [] };
  return {
    goodsName: apply.goodsName,
    barcode: apply.barcode,
    spec: apply.spec,
    unit: apply.unit,
    caseQty: apply.caseQty,
    categoryCode: apply.categoryCode,
    brandCode: apply.brandCode,
    price: apply.price,
    retailPrice: apply.retailPrice,
    taxRate: apply.taxRate as Values['taxRate'],
    shelfLifeDays: apply.shelfLifeDays,
    origin: apply.origin,
    remark: apply.remark,
    ctfIds: apply.certificates.map((c) => c.id),
  };
}

/** Mounted while open (a new mount per application), so its state starts from the application. */
export function ApplyEditor({ apply, onClose }: { apply: ApplyDetail | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const typeName = useTypeName();
  const barcode = Form.useWatch('barcode', form) as string | undefined;
  const linkable = useQuery(linkableQuery);
  const save = useSaveApply();
  const submit = useSubmitApply();
  const [files, setFiles] = useState<StoredFile[]>(apply?.files ?? []);
  const [uploading, setUploading] = useState(false);

  const finish = async (andSubmit: boolean) => {
    const values = await form.validateFields();
    const body: ApplyForm = {
      ...values,
      ...(apply ? { applyNo: apply.applyNo } : {}),
      remark: values.remark ?? '',
      fileIds: files.map((f) => f.fileId),
      ctfIds: values.ctfIds ?? [],
    };
    if (andSubmit && body.fileIds.length + body.ctfIds.length === 0) {
      void message.error(t('goodsApply.form.certificatesRequired'), 5);
      return;
    }
    try {
      await (andSubmit ? submit : save).mutateAsync(body);
      void message.success(andSubmit ? t('goodsApply.form.submitted') : t('goodsApply.form.saved'));
      onClose();
    } catch (err) {
      const field = fieldOf(err);
      if (field && field.field in form.getFieldsValue(true))
        form.setFields([{ name: field.field as keyof Values, errors: [field.message] }]);
      else if (err instanceof ApiFailure) void message.error(err.message, 5);
    }
  };

  const required = (field: string) => ({ required: true, whitespace: true, message: t('goodsApply.form.required', { field }) });
  const money = (field: string, places: number) => ({
    validator: async (_: unknown, value: string | undefined) => {
      if (!value) throw new Error(t('goodsApply.form.required', { field }));
      if (!new RegExp(`^\\d{1,8}(\\.\\d{1,${places}})?$`).test(value.trim()) || compareDecimal(value.trim(), '0') <= 0)
        throw new Error(t('goodsApply.form.money', { field, places }));
    },
  });
  const title = apply ? t('goodsApply.form.editTitle', { no: apply.applyNo }) : t('goodsApply.form.newTitle');
  const busy = save.isPending || submit.isPending || uploading;
  return (
    <Drawer open onClose={onClose} title={title} size="large" destroyOnHidden>
      <Form form={form} layout="vertical" aria-label={title} initialValues={initialOf(apply)}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="goodsName" label={t('goodsApply.goodsName')} rules={[required(t('goodsApply.goodsName'))]}>
              <Input maxLength={60} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="barcode"
              label={t('goodsApply.barcode')}
              rules={[
                {
                  validator: async (_, value: string | undefined) => {
                    const code = (value ?? '').trim();
                    if (!code) throw new Error(t('goodsApply.form.required', { field: t('goodsApply.barcode') }));
                    if (!/^\d{13}$/.test(code)) throw new Error(t('goodsApply.form.barcodeFormat'));
                    if (!goodsApply.isEan13(code)) throw new Error(t('goodsApply.form.barcodeCheck', { digit: checkDigit(code) }));
                  },
                },
              ]}
            >
              <Input maxLength={13} inputMode="numeric" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="spec" label={t('goodsApply.spec')} rules={[required(t('goodsApply.spec'))]}>
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="unit" label={t('goodsApply.unit')} rules={[required(t('goodsApply.unit'))]}>
              <Input maxLength={10} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item
              name="caseQty"
              label={t('goodsApply.caseQty')}
              rules={[{ required: true, message: t('goodsApply.form.required', { field: t('goodsApply.caseQty') }) }]}
            >
              <InputNumber min={1} max={9999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="categoryCode"
              label={t('goodsApply.category')}
              rules={[{ required: true, message: t('goodsApply.form.required', { field: t('goodsApply.category') }) }]}
            >
              <CategoryPicker leafOnly width="100%" placeholder={t('pickers.leafCategoryPlaceholder')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="brandCode"
              label={t('goodsApply.brand')}
              rules={[{ required: true, message: t('goodsApply.form.required', { field: t('goodsApply.brand') }) }]}
            >
              <BrandPicker width="100%" placeholder={t('pickers.chooseBrand')} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="price" label={t('goodsApply.price')} rules={[money(t('goodsApply.price'), 6)]}>
              <Input inputMode="decimal" maxLength={16} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item
              name="retailPrice"
              label={t('goodsApply.retailPrice')}
              dependencies={['price']}
              rules={[
                money(t('goodsApply.retailPrice'), 2),
                ({ getFieldValue }) => ({
                  validator: async (_, value: string | undefined) => {
                    const price = String(getFieldValue('price') ?? '').trim();
                    if (value && /^\d+(\.\d+)?$/.test(price) && /^\d+(\.\d+)?$/.test(value.trim()))
                      if (compareDecimal(value.trim(), price) < 0) throw new Error(t('goodsApply.form.retailBelow'));
                  },
                }),
              ]}
            >
              <Input inputMode="decimal" maxLength={12} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="taxRate" label={t('goodsApply.taxRate')} rules={[{ required: true }]}>
              <Select options={goodsApply.taxRates.map((r) => ({ value: r, label: `${r}%` }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item
              name="shelfLifeDays"
              label={t('goodsApply.shelfLife')}
              rules={[{ required: true, message: t('goodsApply.form.required', { field: t('goodsApply.shelfLife') }) }]}
            >
              <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="origin" label={t('goodsApply.origin')} rules={[required(t('goodsApply.origin'))]}>
              <Input maxLength={60} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="remark" label={t('goodsApply.remark')}>
              <Input.TextArea maxLength={200} rows={2} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t('goodsApply.form.files')} extra={t('goodsApply.form.filesHint')}>
          <FileUpload
            files={files}
            onChange={setFiles}
            call={goodsApply.uploadApplyFile}
            upload={uploadFiles}
            max={goodsApply.maxApplyFiles}
            onBusyChange={setUploading}
          />
        </Form.Item>
        <Form.Item name="ctfIds" label={t('goodsApply.form.link')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            // A goods certificate speaks for its own barcode only: another barcode's is not offered (the server refuses it too).
            options={(linkable.data ?? [])
              .filter((c) => !c.barcode || c.barcode === barcode?.trim())
              .map((c) => ({
                value: c.id,
                label: `${typeName(c)} ${c.ctfNumber}${c.barcode ? ` (${c.barcode})` : ''} · ${c.validTo}${c.daysLeft < 0 ? ` ${t('goodsApply.expired')}` : ''}`,
              }))}
          />
        </Form.Item>
        <Space wrap>
          <Button type="primary" loading={submit.isPending} disabled={busy} onClick={() => void finish(true)}>
            {t('goodsApply.form.submit')}
          </Button>
          <Button loading={save.isPending} disabled={busy} onClick={() => void finish(false)}>
            {t('goodsApply.form.save')}
          </Button>
          <Button onClick={onClose}>{t('goodsApply.form.cancel')}</Button>
        </Space>
      </Form>
    </Drawer>
  );
}
