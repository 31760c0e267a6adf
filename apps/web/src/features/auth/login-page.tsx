// The supplier (/login) and staff (/stafflogin) sign-in pages: identity choice, captcha, redirect.
import { type LoginIdentity, type LoginResult, LogConstants, ResultCode } from '@portal/contract';
import { Alert, Button, Card, Form, Input, List, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiFailure } from '../../api/client';
import { InsecureContextError } from '../../api/crypto';
import { LanguageSwitch } from '../../components/language-switch';
import { useUserStore } from '../../stores/user';
import { safeRedirect } from '../../lib/safe-redirect';
import { sendUsage } from '../../lib/usage-tracking';
import { type Credentials, fetchCaptcha, signIn } from './api';
import { CodeStep } from './code-step';

interface FormValues {
  username: string;
  password: string;
  validCode?: string;
}

export function LoginPage({ staff }: { staff: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signedIn = useUserStore((s) => s.signedIn);
  const tenantid = params.get('tenantid') || useUserStore.getState().tenantid;
  const redirect = safeRedirect(params.get('redirect'));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [captcha, setCaptcha] = useState<{ captchaId: string; image: string } | null>(null);
  const [identities, setIdentities] = useState<{ list: LoginIdentity[]; credentials: Credentials } | null>(null);
  // An account with two-factor sign-in: the password was right, the code step follows.
  const [challenge, setChallenge] = useState<string | null>(null);
  const [form] = Form.useForm<FormValues>();

  // A signed-in user visiting a login page goes on to the target.
  if (signedIn) return <Navigate to={redirect} replace />;

  const refreshCaptcha = async () => setCaptcha(await fetchCaptcha());

  const signedInWith = (result: LoginResult) => {
    useUserStore.getState().signIn(result, tenantid);
    sendUsage(LogConstants.loginLogType);
    navigate(redirect, { replace: true });
  };

  const attempt = async (credentials: Credentials) => {
    setBusy(true);
    setError('');
    try {
      const answer = await signIn(staff, tenantid, credentials);
      if (Array.isArray(answer)) {
        setIdentities({ list: answer, credentials });
        return;
      }
      if ('twoFactor' in answer) {
        setChallenge(answer.challenge);
        return;
      }
      signedInWith(answer);
    } catch (err) {
      if (err instanceof InsecureContextError) setError(t('login.insecure'));
      else if (err instanceof ApiFailure) {
        setError(err.message);
        if (err.code === ResultCode.captchaRequired || captcha) {
          form.setFieldValue('validCode', '');
          await refreshCaptcha().catch(() => undefined);
        }
      } else setError(String(err));
    } finally {
      setBusy(false);
    }
  };

  const onFinish = (values: FormValues) =>
    attempt({
      username: values.username,
      password: values.password,
      ...(captcha ? { captchaId: captcha.captchaId, validCode: values.validCode ?? '' } : {}),
    });

  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(135deg, #1f3b63 0%, #2d6cb5 100%)',
      }}
    >
      <Card style={{ width: 400, maxWidth: 'calc(100vw - 24px)', boxShadow: '0 8px 24px rgba(0,0,0,.2)' }}>
        <div style={{ textAlign: 'right', margin: '-12px -12px 0 0' }}>
          <LanguageSwitch withLabel />
        </div>
        <Typography.Title level={1} style={{ textAlign: 'center', marginBottom: 4, fontSize: 24 }}>
          {t('app.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          {t(staff ? 'login.staffTitle' : 'login.supplierTitle')}
        </Typography.Paragraph>
        {challenge !== null ? (
          <CodeStep
            tenantid={tenantid}
            challenge={challenge}
            onSignedIn={signedInWith}
            onRestart={(text) => {
              setChallenge(null);
              setError(text ?? '');
              form.setFieldValue('password', '');
            }}
          />
        ) : (
          <>
            {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} role="alert" />}
            <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} disabled={busy}>
              <Form.Item
                label={t('login.username')}
                name="username"
                rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
              >
                <Input autoComplete="username" placeholder={t('login.usernamePlaceholder')} size="large" autoFocus />
              </Form.Item>
              <Form.Item label={t('login.password')} name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
                <Input.Password autoComplete="current-password" placeholder={t('login.passwordPlaceholder')} size="large" />
              </Form.Item>
              {captcha && (
                <Form.Item label={t('login.captcha')} required>
                  <Space.Compact style={{ width: '100%' }}>
                    <Form.Item name="validCode" noStyle rules={[{ required: true, message: t('login.captchaRequired') }]}>
                      <Input size="large" maxLength={8} aria-label={t('login.captcha')} />
                    </Form.Item>
                    <Button
                      size="large"
                      onClick={() => void refreshCaptcha()}
                      aria-label={t('login.refreshCaptcha')}
                      style={{ padding: 0, height: 40 }}
                    >
                      <img src={captcha.image} alt={t('login.captcha')} height={38} />
                    </Button>
                  </Space.Compact>
                </Form.Item>
              )}
              <Button type="primary" htmlType="submit" block size="large" loading={busy}>
                {t('login.submit')}
              </Button>
            </Form>
            <div style={{ textAlign: 'center', marginTop: 16 }}>
              <Link to={`${staff ? '/login' : '/stafflogin'}${params.size ? `?${params.toString()}` : ''}`}>
                {t(staff ? 'login.toSupplier' : 'login.toStaff')}
              </Link>
            </div>
          </>
        )}
      </Card>
      <Modal open={identities !== null} title={t('login.chooseIdentity')} footer={null} onCancel={() => setIdentities(null)}>
        <List
          dataSource={identities?.list ?? []}
          renderItem={(identity) => (
            <List.Item
              actions={[
                <Button
                  key="choose"
                  type="link"
                  onClick={() => {
                    const credentials = identities!.credentials;
                    setIdentities(null);
                    void attempt({ ...credentials, identityId: identity.identityId });
                  }}
                >
                  {t('login.submit')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={`${identity.supplierName} (${identity.supplierCode})`}
                description={`${identity.employeeName} · ${identity.employeeCode}`}
              />
            </List.Item>
          )}
        />
      </Modal>
    </main>
  );
}
