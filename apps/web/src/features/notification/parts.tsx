// What the bell and the message centre share: a topic's and a group's name in the UI's language, one message as a
// line (unread dot, title as the link that opens the object, text, time).
import { integration, notification } from '@portal/contract';
import { Badge, Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format';
import './notification.css';

export function useNames() {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  return {
    topic: (topic: string) => (en ? integration.eventTopicTextEn : integration.eventTopicText)[topic as integration.EventTopic] ?? topic,
    group: (group: notification.NotificationGroup) =>
      (en ? notification.notificationGroupTextEn : notification.notificationGroupText)[group],
  };
}

/** One message: its title opens the object (and marks it read). */
export function MessageLine({
  message,
  onOpen,
  compact = false,
}: {
  message: notification.Message;
  onOpen: (m: notification.Message) => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={0} style={{ width: '100%', minWidth: 0 }}>
      <Space size={6} align="start" style={{ maxWidth: '100%' }}>
        <Badge status={message.read ? 'default' : 'error'} />
        <Button type="link" style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }} onClick={() => onOpen(message)}>
          {!message.read && <span className="sr-only">{t('notification.centre.unreadTag')} </span>}
          <span style={{ fontWeight: message.read ? 400 : 600 }}>{message.title}</span>
        </Button>
      </Space>
      <Typography.Text type="secondary" style={{ fontSize: compact ? 12 : 13 }} ellipsis={compact ? { tooltip: message.body } : false}>
        {message.body}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatTime(message.at)}
      </Typography.Text>
    </Space>
  );
}
