// 双重验证策略 (ms0127, staff admins): which staff roles and whether supplier main accounts must sign in with an
// authenticator code, and whether accounts without it confirm sensitive actions with their password. Saving is itself
// a sensitive action (step-up).
import type { MfaPolicy } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Form, Skeleton, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { policyQuery, useSavePolicy } from './mfa-api';

export default function MfaPolicyPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { data } = useQuery(policyQuery);
  const save = useSavePolicy();
  const [form] = Form.useForm<MfaPolicy>();

  useEffect(() => {
    if (data)
      form.setFieldsValue({
        requiredRoles: data.requiredRoles,
        supplierMainRequired: data.supplierMainRequired,
        stepUpPassword: data.stepUpPassword,
      });
  }, [data, form]);

  const submit = async (values: MfaPolicy) => {
    await save.mutateAsync(values);
    void message.success(t('mfa.policySaved'));
  };

  return (
    <Card>
      <Typography.Paragraph>{t('mfa.policyIntro')}</Typography.Paragraph>
      {data?.isDefault && <Alert type="info" showIcon title={t('mfa.policyDefault')} style={{ marginBottom: 16 }} />}
      {!data ? (
        <Skeleton active />
      ) : (
        <Form
          form={form}
          layout="vertical"
          onFinish={(values) => void submit(values).catch(() => undefined)}
          disabled={save.isPending}
          style={{ maxWidth: 720 }}
        >
          <Form.Item name="requiredRoles" label={t('mfa.requiredRoles')}>
            <Checkbox.Group
              options={data.roles.map((role) => ({ value: role.code, label: `${role.name} (${role.code})` }))}
              style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 8 }}
            />
          </Form.Item>
          <Form.Item name="supplierMainRequired" label={t('mfa.supplierMainRequired')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="stepUpPassword" label={t('mfa.stepUpPassword')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('mfa.policySave')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
