// A webhook's new signing secret: shown this once, with a copy button and how the receiver verifies a delivery;
// closing it forgets the secret.
import type { notifyDelivery } from '@portal/contract';
import { Alert, App, Button, Input, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function SecretDialog({ answer, onClose }: { answer: notifyDelivery.EndpointWithSecret; onClose(): void }) {
  const { t } = useTranslation();
  const k = (key: string) => t(`notifyChannels.${key}`);
  const { message } = App.useApp();
  const copy = () => void navigator.clipboard.writeText(answer.secret).then(() => message.success(k('copied'), 1.5));
  return (
    <Modal
      open
      title={k('secretTitle')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      width="min(640px, 100vw)"
      footer={
        <Button type="primary" onClick={onClose}>
          {k('secretDone')}
        </Button>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Alert type="warning" showIcon title={k('secretWarning')} />
        <div>
          <label htmlFor="notify-webhook-secret">{k('secretLabel')}</label>
          <Space.Compact style={{ width: '100%', marginTop: 4 }}>
            <Input id="notify-webhook-secret" readOnly value={answer.secret} style={{ fontFamily: 'monospace' }} />
            <Button onClick={copy} aria-label={`${k('copy')} ${k('secretLabel')}`}>
              {k('copy')}
            </Button>
          </Space.Compact>
        </div>
        <div>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {k('verifyTitle')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {k('verifyText')}
          </Typography.Paragraph>
        </div>
      </Space>
    </Modal>
  );
}
