// The step-up dialog: registered with the API client once, it opens when a sensitive call is refused for want of
// a fresh code (or the password), confirms it with the server, and lets the client send the call again.
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../api/client';
import { type StepUpKind, setStepUpHandler } from '../../api/step-up';
import { CodeInput } from './code-input';
import { stepUp } from './mfa-api';
import { Deferred } from '../../components/deferred';

export function StepUpDialog() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<StepUpKind | null>(null);
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const settle = useRef<((ok: boolean) => void) | null>(null);
  const [form] = Form.useForm<{ answer: string }>();

  useEffect(
    () =>
      setStepUpHandler(
        (asked) =>
          new Promise<boolean>((resolve) => {
            settle.current?.(false);
            settle.current = resolve;
            setError('');
            setRecovery(false);
            setKind(asked);
          }),
      ),
    [],
  );

  const close = (ok: boolean) => {
    settle.current?.(ok);
    settle.current = null;
    setKind(null);
  };

  const submit = async ({ answer }: { answer: string }) => {
    setBusy(true);
    setError('');
    try {
      await stepUp(kind === 'code' ? { code: answer.trim() } : { password: answer });
      close(true);
    } catch (err) {
      setError(err instanceof ApiFailure ? err.message : String(err));
      form.setFieldValue('answer', '');
    } finally {
      setBusy(false);
    }
  };

  return (
    // Mounted when first asked for (a closed Modal still builds its styles in the first render).
    <Deferred when={kind !== null}>
      <Modal
        open={kind !== null}
        title={t('mfa.stepUpTitle')}
        className="step-up-dialog"
        onCancel={() => close(false)}
        destroyOnHidden
        footer={[
          <Button key="cancel" onClick={() => close(false)}>
            {t('mfa.cancel')}
          </Button>,
          <Button key="ok" type="primary" loading={busy} onClick={() => form.submit()}>
            {t('mfa.confirmIdentity')}
          </Button>,
        ]}
      >
        <Typography.Paragraph>{t(kind === 'code' ? 'mfa.stepUpCodeIntro' : 'mfa.stepUpPasswordIntro')}</Typography.Paragraph>
        {error && <Alert type="error" title={error} showIcon role="alert" style={{ marginBottom: 12 }} />}
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} disabled={busy}>
          <Form.Item
            name="answer"
            label={kind === 'code' ? t(recovery ? 'mfa.recoveryCode' : 'mfa.code') : t('mfa.password')}
            rules={[{ required: true, whitespace: true, message: t(kind === 'code' ? 'mfa.codeRequired' : 'mfa.passwordRequired') }]}
          >
            {kind === 'code' ? (
              <CodeInput recovery={recovery} autoFocus />
            ) : (
              <Input.Password size="large" autoComplete="current-password" autoFocus />
            )}
          </Form.Item>
        </Form>
        {kind === 'code' && (
          <Button type="link" style={{ padding: 0 }} onClick={() => setRecovery((r) => !r)}>
            {t(recovery ? 'mfa.useTotp' : 'mfa.useRecovery')}
          </Button>
        )}
      </Modal>
    </Deferred>
  );
}
