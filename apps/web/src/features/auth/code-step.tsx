// The login's second step for an account with two-factor sign-in: the authenticator's code (or a recovery code)
// with the challenge of the password step; the answer is the session, as a login without it answers.
import type { LoginResult } from '@portal/contract';
import { Alert, Button, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../api/client';
import { CodeInput } from './code-input';
import { signInWithCode } from './mfa-api';

export function CodeStep({
  tenantid,
  challenge,
  onSignedIn,
  onRestart,
}: {
  tenantid: string;
  challenge: string;
  onSignedIn: (result: LoginResult) => void;
  /** Back to the password (the challenge expired, or the user wants another account). */
  onRestart: (message?: string) => void;
}) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ code: string }>();

  const submit = async ({ code }: { code: string }) => {
    setBusy(true);
    setError('');
    try {
      onSignedIn(await signInWithCode(tenantid, challenge, code.trim()));
    } catch (err) {
      const text = err instanceof ApiFailure ? err.message : String(err);
      // The challenge is gone (expired or used): the password step again.
      if (err instanceof ApiFailure && err.code === '10001') return onRestart(text);
      setError(text);
      form.setFieldValue('code', '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="code-step-title">
      <Typography.Title level={2} id="code-step-title" style={{ fontSize: 18 }}>
        {t('mfa.codeTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('mfa.codeIntro')}</Typography.Paragraph>
      {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} role="alert" />}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} disabled={busy}>
        <Form.Item
          label={t(recovery ? 'mfa.recoveryCode' : 'mfa.code')}
          name="code"
          rules={[{ required: true, whitespace: true, message: t('mfa.codeRequired') }]}
        >
          <CodeInput recovery={recovery} autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {t('mfa.verify')}
        </Button>
      </Form>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 12, flexWrap: 'wrap', gap: 8 }}>
        <Button type="link" style={{ padding: 0 }} onClick={() => setRecovery((r) => !r)}>
          {t(recovery ? 'mfa.useTotp' : 'mfa.useRecovery')}
        </Button>
        <Button type="link" style={{ padding: 0 }} onClick={() => onRestart()}>
          {t('mfa.back')}
        </Button>
      </div>
    </section>
  );
}
