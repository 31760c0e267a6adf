// The public cooperation application (/coApply, no sign-in): company data, categories, licences and a
// captcha, sent in one multipart call; the answer is a reference number. A second tab looks up the state
// with the reference number and the credit code.
import { type SupplierApplyState as ApplyState, supplierApply } from '@portal/contract';
import { UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, DatePicker, Descriptions, Form, Input, Result, Row, Space, Tabs, TreeSelect, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiFailure } from '../../api/client';
import { ruleBreach } from '../../api/upload';
import { FilePicker, RemovableFiles } from '../../components/file-upload';
import { LanguageSwitch } from '../../components/language-switch';
import { contractRule } from '../../lib/contract-rule';
import { formatTime } from '../../lib/format';
import { useUserStore } from '../../stores/user';
import { type ApplyBody, categoriesQuery, lookUpApplication, newCaptcha, submitApplication } from './api';
import { ApplyStatusTag } from './status-tag';

const field = supplierApply.applyForm.shape;

function useCaptcha() {
  const [captcha, setCaptcha] = useState<{ captchaId: string; image: string }>();
  const refresh = useCallback(() => void newCaptcha().then(setCaptcha, () => setCaptcha(undefined)), []);
  useEffect(refresh, [refresh]);
  return { captcha, refresh };
}

type Values = Omit<ApplyBody, 'licenceValidTo' | 'captchaId'> & { licenceValidTo?: Dayjs | null };

function ApplyForm({ tenantid }: { tenantid: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { captcha, refresh } = useCaptcha();
  const categories = useQuery(categoriesQuery(tenantid));
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();

  const onFinish = async (values: Values) => {
    const chosen = files;
    const breach = ruleBreach(supplierApply.submitApply, chosen);
    if (chosen.length === 0 || breach) return setError(breach?.message ?? t('supplierApply.licencesRequired'));
    setBusy(true);
    setError(undefined);
    try {
      const answer = await submitApplication(
        tenantid,
        {
          ...values,
          licenceValidTo: values.licenceValidTo ? values.licenceValidTo.format('YYYY-MM-DD') : '',
          captchaId: captcha?.captchaId ?? '',
        },
        chosen,
      );
      setDone(answer.applyNo);
    } catch (err) {
      setError(err instanceof ApiFailure ? err.message : String(err));
      form.setFieldValue('validCode', '');
      refresh();
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <Result
        status="success"
        title={t('supplierApply.submitted')}
        subTitle={<span data-testid="apply-no-text">{t('supplierApply.submittedText', { applyNo: done })}</span>}
        extra={
          <Typography.Text copyable={{ text: done }} strong style={{ fontSize: 20 }}>
            {done}
          </Typography.Text>
        }
      />
    );
  const half = { xs: 24, md: 12 };
  return (
    <Form form={form} layout="vertical" onFinish={(v) => void onFinish(v)} disabled={busy} scrollToFirstError>
      {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} role="alert" />}
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t('supplierApply.company')}
      </Typography.Title>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="companyName" label={t('supplierApply.companyName')} required rules={[contractRule(field.companyName)]}>
            <Input maxLength={100} autoComplete="organization" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="creditCode" label={t('supplierApply.creditCode')} required rules={[contractRule(field.creditCode)]}>
            <Input maxLength={18} style={{ textTransform: 'uppercase' }} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="legalPerson" label={t('supplierApply.legalPerson')} required rules={[contractRule(field.legalPerson)]}>
            <Input maxLength={40} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="licenceValidTo" label={t('supplierApply.licenceValidTo')} extra={t('supplierApply.licenceLongTerm')}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="address" label={t('supplierApply.address')} rules={[contractRule(field.address)]}>
            <Input maxLength={200} autoComplete="street-address" />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t('supplierApply.contact')}
      </Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="contactName" label={t('supplierApply.contactName')} required rules={[contractRule(field.contactName)]}>
            <Input maxLength={40} autoComplete="name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="contactPhone" label={t('supplierApply.contactPhone')} required rules={[contractRule(field.contactPhone)]}>
            <Input maxLength={11} inputMode="tel" autoComplete="tel" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="contactEmail" label={t('supplierApply.contactEmail')} rules={[contractRule(field.contactEmail)]}>
            <Input maxLength={100} type="email" autoComplete="email" />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t('supplierApply.bank')}
      </Typography.Title>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="bankName" label={t('supplierApply.bankName')} required rules={[contractRule(field.bankName)]}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="bankAccount" label={t('supplierApply.bankAccount')} required rules={[contractRule(field.bankAccount)]}>
            <Input maxLength={30} inputMode="numeric" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="categories" label={t('supplierApply.categories')} required rules={[contractRule(field.categories)]}>
        <TreeSelect
          treeData={categories.data ?? []}
          treeCheckable
          showSearch
          treeNodeFilterProp="label"
          placeholder={t('supplierApply.categoriesPlaceholder')}
          aria-label={t('supplierApply.categories')}
          loading={categories.isLoading}
        />
      </Form.Item>
      <Form.Item label={t('supplierApply.licences')} required extra={t('supplierApply.licencesHint')}>
        <Space direction="vertical">
          <FilePicker
            call={supplierApply.submitApply}
            room={supplierApply.maxApplyFiles - files.length}
            onPick={(picked) => setFiles((before) => [...before, ...picked])}
          >
            <Button icon={<UploadOutlined />}>{t('supplierApply.chooseFiles')}</Button>
          </FilePicker>
          <RemovableFiles
            names={files.map((f) => f.name)}
            onRemove={(index) => setFiles((before) => before.filter((_, i) => i !== index))}
          />
        </Space>
      </Form.Item>
      <Form.Item name="remark" label={t('supplierApply.remark')} rules={[contractRule(field.remark)]}>
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
      <Form.Item label={t('supplierApply.captcha')} required>
        <Space.Compact>
          <Form.Item name="validCode" noStyle rules={[{ required: true, whitespace: true, message: t('supplierApply.captchaRequired') }]}>
            <Input maxLength={8} aria-label={t('supplierApply.captcha')} style={{ width: 140 }} />
          </Form.Item>
          <Button onClick={refresh} aria-label={t('supplierApply.refreshCaptcha')} style={{ padding: 0, height: 40 }}>
            {captcha ? <img src={captcha.image} alt={t('supplierApply.captcha')} height={38} /> : t('supplierApply.refreshCaptcha')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" loading={busy}>
        {t('supplierApply.submit')}
      </Button>
    </Form>
  );
}

function StateLookup({ tenantid }: { tenantid: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<ApplyState>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const onFinish = async (values: { applyNo: string; creditCode: string }) => {
    setBusy(true);
    setError(undefined);
    try {
      setState(await lookUpApplication(tenantid, values.applyNo, values.creditCode));
    } catch (err) {
      setState(undefined);
      setError(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Form layout="vertical" onFinish={(v: { applyNo: string; creditCode: string }) => void onFinish(v)} style={{ maxWidth: 420 }}>
        <Form.Item name="applyNo" label={t('supplierApply.applyNo')} rules={[contractRule(supplierApply.applyNo)]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="creditCode" label={t('supplierApply.creditCode')} rules={[contractRule(field.creditCode)]}>
          <Input maxLength={18} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('supplierApply.query')}
        </Button>
      </Form>
      {error && <Alert type="error" title={error} showIcon style={{ marginTop: 16 }} role="alert" />}
      {state && (
        <Descriptions bordered size="small" column={1} style={{ marginTop: 16, maxWidth: 420 }}>
          <Descriptions.Item label={t('supplierApply.applyNo')}>{state.applyNo}</Descriptions.Item>
          <Descriptions.Item label={t('supplierApply.state')}>
            <ApplyStatusTag status={state.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('supplierApply.submittedAt')}>{formatTime(state.submittedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('supplierApply.updatedAt')}>{formatTime(state.updatedAt)}</Descriptions.Item>
        </Descriptions>
      )}
    </>
  );
}

export default function CoApplyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const tenantid = params.get('tenantid') || useUserStore.getState().tenantid;
  useEffect(() => {
    document.title = `${t('supplierApply.publicTitle')} - ${t('app.title')}`;
  }, [t]);
  return (
    <main style={{ minHeight: '100vh', background: '#f0f2f5', padding: '24px 12px' }}>
      <Card style={{ maxWidth: 880, margin: '0 auto' }}>
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
            {t('supplierApply.publicTitle')}
          </Typography.Title>
          <LanguageSwitch withLabel />
        </Space>
        <Typography.Paragraph style={{ marginTop: 8, color: '#595959' }}>{t('supplierApply.publicIntro')}</Typography.Paragraph>
        <Tabs
          items={[
            { key: 'apply', label: t('supplierApply.applyTab'), children: <ApplyForm tenantid={tenantid} /> },
            { key: 'query', label: t('supplierApply.queryTab'), children: <StateLookup tenantid={tenantid} /> },
          ]}
        />
      </Card>
    </main>
  );
}
