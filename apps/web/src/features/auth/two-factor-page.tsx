// 双重验证 (/twoFactor, every signed-in user, from the user menu; the only page of a session whose account must
// enrol): link an authenticator by QR code or the key by hand, confirm with a code, keep the recovery codes shown
// this once (copy, download), and turn it off again with a code when the policy allows.
import { auth } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiFailure, call } from '../../api/client';
import { LanguageSwitch } from '../../components/language-switch';
import { safeRedirect } from '../../lib/safe-redirect';
import { loginPathOf, useUserStore } from '../../stores/user';
import { CodeInput } from './code-input';
import { mfaKeys, startEnrolment, statusQuery, useConfirmEnrolment, useDisable } from './mfa-api';

type Enrolment = Awaited<ReturnType<typeof startEnrolment>>;

export default function TwoFactorPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const client = useQueryClient();
  const pending = useUserStore((s) => s.twoFactorPending);
  const { data: status } = useQuery(statusQuery);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [error, setError] = useState('');
  const [starting, setStarting] = useState(false);
  // Turning off takes a recovery code too (the phone is gone).
  const [recovery, setRecovery] = useState(false);
  const confirm = useConfirmEnrolment();
  const disable = useDisable();
  const [confirmForm] = Form.useForm<{ code: string }>();
  const [disableForm] = Form.useForm<{ code: string }>();

  const failed = (err: unknown) => setError(err instanceof ApiFailure ? err.message : String(err));

  const start = async () => {
    setStarting(true);
    setError('');
    try {
      setEnrolment(await startEnrolment());
    } catch (err) {
      failed(err);
    } finally {
      setStarting(false);
    }
  };

  const onConfirm = async ({ code }: { code: string }) => {
    setError('');
    try {
      const answer = await confirm.mutateAsync(code.trim());
      setRecoveryCodes(answer.recoveryCodes);
      setEnrolment(null);
    } catch (err) {
      failed(err);
      confirmForm.setFieldValue('code', '');
    }
  };

  const onDisable = async ({ code }: { code: string }) => {
    setError('');
    try {
      await disable.mutateAsync(code.trim());
      disableForm.resetFields();
      void message.success(t('mfa.disabled'));
    } catch (err) {
      failed(err);
      disableForm.setFieldValue('code', '');
    }
  };

  const codesText = () => `${t('mfa.recoveryTitle')}\n${(recoveryCodes ?? []).join('\n')}\n`;
  const copyCodes = async () => {
    await navigator.clipboard.writeText(codesText());
    void message.success(t('mfa.copied'));
  };
  const downloadCodes = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([codesText()], { type: 'text/plain;charset=utf-8' }));
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };

  const done = async () => {
    setRecoveryCodes(null);
    await client.invalidateQueries({ queryKey: mfaKeys.status });
    void message.success(t('mfa.enabled'));
    if (pending) {
      useUserStore.getState().setTwoFactorPending(false);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    }
  };

  const signOut = async () => {
    await call(auth.logout, {}, { silent: true }).catch(() => undefined);
    const staff = useUserStore.getState().staff;
    useUserStore.getState().signOut();
    navigate(loginPathOf(staff), { replace: true });
  };

  return (
    <main style={{ minHeight: '100vh', background: '#f0f2f5', padding: '24px 12px', display: 'flex', justifyContent: 'center' }}>
      <Card style={{ width: 600, maxWidth: '100%', alignSelf: 'flex-start' }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 8 }}>
          <Typography.Title level={1} style={{ fontSize: 20, marginTop: 0 }}>
            {t('mfa.pageTitle')}
          </Typography.Title>
          <LanguageSwitch />
        </div>
        {pending && <Alert type="warning" showIcon title={t('mfa.forcedIntro')} style={{ marginBottom: 16 }} />}
        {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
        {!status ? (
          <Skeleton active />
        ) : recoveryCodes ? (
          <section aria-labelledby="recovery-title">
            <Typography.Title level={2} id="recovery-title" style={{ fontSize: 16 }}>
              {t('mfa.recoveryTitle')}
            </Typography.Title>
            <Typography.Paragraph>{t('mfa.recoveryIntro')}</Typography.Paragraph>
            <ol aria-labelledby="recovery-title" className="recovery-codes">
              {recoveryCodes.map((code) => (
                <li key={code} data-testid="recovery-code">
                  {code}
                </li>
              ))}
            </ol>
            <Space wrap style={{ marginTop: 12 }}>
              <Button onClick={() => void copyCodes()}>{t('mfa.copyCodes')}</Button>
              <Button onClick={downloadCodes}>{t('mfa.downloadCodes')}</Button>
              <Button type="primary" onClick={() => void done()}>
                {t('mfa.saved')}
              </Button>
            </Space>
          </section>
        ) : status.enabled ? (
          <section>
            <Typography.Paragraph>
              {t('punct.labelled', { label: t('mfa.statusLabel'), value: '' })}
              <Tag color="green">{t('mfa.on')}</Tag>
            </Typography.Paragraph>
            <Typography.Paragraph>{t('mfa.recoveryLeft', { n: status.recoveryCodesLeft })}</Typography.Paragraph>
            {status.required ? (
              <Typography.Paragraph type="secondary">{t('mfa.requiredByPolicy')}</Typography.Paragraph>
            ) : (
              <Form form={disableForm} layout="vertical" onFinish={onDisable} requiredMark={false} disabled={disable.isPending}>
                <Typography.Paragraph>{t('mfa.disableIntro')}</Typography.Paragraph>
                <Form.Item
                  name="code"
                  label={t(recovery ? 'mfa.recoveryCode' : 'mfa.code')}
                  rules={[{ required: true, whitespace: true, message: t('mfa.codeRequired') }]}
                >
                  <CodeInput recovery={recovery} />
                </Form.Item>
                <Space wrap>
                  <Button danger htmlType="submit" loading={disable.isPending}>
                    {t('mfa.disable')}
                  </Button>
                  <Button type="link" onClick={() => setRecovery((r) => !r)}>
                    {t(recovery ? 'mfa.useTotp' : 'mfa.useRecovery')}
                  </Button>
                </Space>
              </Form>
            )}
          </section>
        ) : enrolment ? (
          <section>
            <Typography.Title level={2} style={{ fontSize: 16 }}>
              {t('mfa.step1')}
            </Typography.Title>
            <div style={{ textAlign: 'center' }}>
              <img src={enrolment.qrCode} alt={t('mfa.qrAlt')} width={200} height={200} style={{ maxWidth: '100%' }} />
            </div>
            <Typography.Paragraph>{t('mfa.manual')}</Typography.Paragraph>
            <Typography.Paragraph>
              <Typography.Text
                code
                copyable={{ text: enrolment.secret, tooltips: [t('mfa.copySecret'), t('mfa.copied')] }}
                data-testid="totp-secret"
                style={{ wordBreak: 'break-word', fontSize: 14 }}
              >
                {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
              </Typography.Text>
            </Typography.Paragraph>
            <Typography.Title level={2} style={{ fontSize: 16 }}>
              {t('mfa.step2')}
            </Typography.Title>
            <Form form={confirmForm} layout="vertical" onFinish={onConfirm} requiredMark={false} disabled={confirm.isPending}>
              <Form.Item name="code" label={t('mfa.code')} rules={[{ required: true, whitespace: true, message: t('mfa.codeRequired') }]}>
                <CodeInput recovery={false} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={confirm.isPending}>
                {t('mfa.confirm')}
              </Button>
            </Form>
          </section>
        ) : (
          <section>
            <Typography.Paragraph>
              {t('punct.labelled', { label: t('mfa.statusLabel'), value: '' })}
              <Tag>{t('mfa.off')}</Tag>
            </Typography.Paragraph>
            <Typography.Paragraph type="secondary">{t('mfa.codeIntro')}</Typography.Paragraph>
            <Button type="primary" onClick={() => void start()} loading={starting}>
              {t('mfa.start')}
            </Button>
          </section>
        )}
        <div style={{ marginTop: 24, display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          {pending ? (
            <Button onClick={() => void signOut()}>{t('mfa.signOut')}</Button>
          ) : (
            <Button onClick={() => navigate(safeRedirect(params.get('redirect')))}>{t('mfa.toApp')}</Button>
          )}
        </div>
      </Card>
    </main>
  );
}
