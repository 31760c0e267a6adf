// /ctf/upload (hidden, under ms0040): a new certificate of a type (replacing the current one, which stays
// in its history), or a change to one not yet approved (?id=). Files upload with progress as they are
// chosen; saving may submit the certificate for review at once.
import type { CtfForm, StoredFile } from '@portal/contract';
import { certificate } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, DatePicker, Form, Input, Row, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiFailure } from '../../api/client';
import { fieldError } from '../../api/field-error';
import { useTagsViewStore } from '../../stores/tags-view';
import { detailQuery, overviewQuery, typesQuery, uploadFiles, useSaveCtf } from './api';
import { FileUpload } from '../../components/file-upload';
import { useTypeName } from '../../lib/use-type-name';

interface Values {
  typeCode: string;
  ctfNumber: string;
  ctfName: string;
  issuer?: string;
  validFrom?: Dayjs | null;
  validTo?: Dayjs | null;
  nextReviewDate?: Dayjs | null;
  barcode?: string;
  goodsName?: string;
  approvalNumber?: string;
}

const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : '');

export default function UploadPage() {
  const { t } = useTranslation();
  const typeName = useTypeName();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const [form] = Form.useForm<Values>();
  const types = useQuery(typesQuery);
  const overview = useQuery(overviewQuery(undefined));
  const existing = useQuery(detailQuery(id));
  const [files, setFiles] = useState<StoredFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const save = useSaveCtf();
  const typeCode = Form.useWatch('typeCode', form) ?? params.get('type') ?? undefined;
  const type = types.data?.find((x) => x.typeCode === typeCode);

  useEffect(() => {
    const c = existing.data?.certificate;
    if (!c) {
      const preset = types.data?.find((x) => x.typeCode === params.get('type'));
      if (!id && preset && !form.getFieldValue('typeCode')) {
        // Renewing a goods certificate (?type=ZJBG&barcode=...): its goods item comes with it.
        const barcode = preset.scope === 'goods' ? (params.get('barcode') ?? '') : '';
        const renewed = overview.data?.types
          .find((x) => x.type.typeCode === preset.typeCode)
          ?.certificates.find((x) => barcode && x.barcode === barcode);
        if (barcode && !renewed && !overview.data) return; // wait for the certificates to name the goods item
        form.setFieldsValue({
          typeCode: preset.typeCode,
          ctfName: renewed?.ctfName ?? preset.typeName,
          ...(barcode ? { barcode, goodsName: renewed?.goodsName ?? '', approvalNumber: renewed?.approvalNumber ?? '' } : {}),
        });
      }
      return;
    }
    form.setFieldsValue({
      ...c,
      validFrom: c.validFrom ? dayjs(c.validFrom) : null,
      validTo: dayjs(c.validTo),
      nextReviewDate: c.nextReviewDate ? dayjs(c.nextReviewDate) : null,
    });
  }, [existing.data, id, params, form, types.data, overview.data]);
  // The files of the certificate being edited, taken once when it has loaded.
  const [filesFrom, setFilesFrom] = useState<number>();
  if (existing.data && filesFrom !== existing.data.certificate.id) {
    setFilesFrom(existing.data.certificate.id);
    setFiles(existing.data.certificate.files);
  }

  // The current certificate of the slot (type, and goods item for a goods type) that saving replaces.
  const barcode = Form.useWatch('barcode', form) as string | undefined;
  const replacing = useMemo(() => {
    if (id || !type) return undefined;
    const slot = (c: { barcode: string }) => type.scope !== 'goods' || (Boolean(barcode) && c.barcode === barcode?.trim());
    return overview.data?.types.find((x) => x.type.typeCode === type.typeCode)?.certificates.find((c) => c.current && slot(c));
  }, [id, type, barcode, overview.data]);

  const close = () => {
    useTagsViewStore.getState().deleteView(location.pathname + location.search);
    navigate('/ctfType');
  };

  const submit = async (andSubmit: boolean) => {
    // Missing fields are named by the fields themselves.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (andSubmit && files.length === 0) {
      void message.error(t('certificate.form.filesRequired'));
      return;
    }
    const body: CtfForm = {
      ...(id ? { id } : {}),
      typeCode: values.typeCode,
      ctfNumber: values.ctfNumber,
      ctfName: values.ctfName,
      issuer: values.issuer ?? '',
      validFrom: day(values.validFrom),
      validTo: day(values.validTo),
      nextReviewDate: day(values.nextReviewDate),
      barcode: values.barcode ?? '',
      goodsName: values.goodsName ?? '',
      approvalNumber: values.approvalNumber ?? '',
      fileIds: files.map((f) => f.fileId),
      submit: andSubmit,
    };
    try {
      await save.mutateAsync(body);
      void message.success(andSubmit ? t('certificate.form.submitted') : t('certificate.form.saved'));
      close();
    } catch (err) {
      const field = fieldError(err);
      if (field && field.field in values) form.setFields([{ name: field.field as keyof Values, errors: [field.message] }]);
      else if (err instanceof ApiFailure) void message.error(err.message, 5);
    }
  };

  const title = id ? t('certificate.form.editTitle') : replacing ? t('certificate.form.replaceTitle') : t('certificate.form.newTitle');
  return (
    <Card title={title}>
      <Form form={form} layout="vertical" aria-label={title} style={{ maxWidth: 960 }}>
        {replacing && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('certificate.form.replacing', { number: replacing.ctfNumber })}
          />
        )}
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="typeCode"
              label={t('certificate.type')}
              rules={[{ required: true, message: t('certificate.form.typeRequired') }]}
            >
              <Select
                disabled={Boolean(id)}
                options={(types.data ?? []).filter((x) => x.enabled).map((x) => ({ value: x.typeCode, label: typeName(x) }))}
                onChange={(code: string) => {
                  const picked = types.data?.find((x) => x.typeCode === code);
                  if (picked && !form.getFieldValue('ctfName')) form.setFieldValue('ctfName', picked.typeName);
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="ctfNumber"
              label={t('certificate.number')}
              rules={[{ required: true, whitespace: true, message: t('certificate.form.numberRequired') }]}
            >
              <Input maxLength={60} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="ctfName"
              label={t('certificate.name')}
              rules={[{ required: true, whitespace: true, message: t('certificate.form.nameRequired') }]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="issuer" label={t('certificate.issuer')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          {type?.scope === 'goods' && (
            <>
              <Col xs={24} md={8}>
                <Form.Item
                  name="barcode"
                  label={t('certificate.barcode')}
                  rules={[{ required: true, whitespace: true, message: t('certificate.form.barcodeRequired') }]}
                >
                  <Input maxLength={20} disabled={Boolean(id)} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="goodsName" label={t('certificate.goodsName')}>
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="approvalNumber" label={t('certificate.approvalNumber')}>
                  <Input maxLength={60} />
                </Form.Item>
              </Col>
            </>
          )}
          <Col xs={24} md={8}>
            <Form.Item name="validFrom" label={t('certificate.validFrom')}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="validTo"
              label={t('certificate.validTo')}
              rules={[{ required: true, message: t('certificate.form.validToRequired') }]}
            >
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {type?.annualReview && (
            <Col xs={24} md={8}>
              <Form.Item name="nextReviewDate" label={t('certificate.nextReviewDate')}>
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Form.Item label={t('certificate.form.files')} extra={t('certificate.form.filesHint')} required>
          <FileUpload
            files={files}
            onChange={setFiles}
            call={certificate.uploadCtfFile}
            upload={uploadFiles}
            max={certificate.maxCtfFiles}
            onBusyChange={setUploading}
            preview
          />
        </Form.Item>
        <Space wrap>
          <Button type="primary" loading={save.isPending} disabled={uploading} onClick={() => void submit(true)}>
            {t('certificate.form.saveSubmit')}
          </Button>
          <Button loading={save.isPending} disabled={uploading} onClick={() => void submit(false)}>
            {t('certificate.form.save')}
          </Button>
          <Button onClick={close}>{t('certificate.form.back')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
