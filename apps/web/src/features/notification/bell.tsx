// The bell of the top bar: the unread count (one cheap call, polled every 20 s while the window is shown, on focus,
// and a moment after each change the user makes, since that change may notify), the latest messages in a panel
// with 'view all' and 'mark all read'; a message opens its object and is marked read. It also tells the server the
// UI's language when the user switches, for the account's e-mails and robot texts.
import { BellOutlined } from '@ant-design/icons';
import type { notification } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, Popover, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { whenIdle } from '../../lib/when-idle';
import { keys, messagesQuery, saveLanguage, unreadQuery, useMarkAllRead, useMarkRead } from './api';
import { MessageLine } from './parts';

/** The message centre's route (module ms0120). */
export const centrePath = '/messages';
/** How long after a change of the user's the count is read again: the dispatcher's poll and a commit. */
const afterChangeMs = 1500;

export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  // The first count waits until the page the user opened has drawn (a call and a render less before it); the
  // polls follow from there.
  const [started, setStarted] = useState(false);
  useEffect(() => whenIdle(() => setStarted(true), 2000), []);
  const unread = useQuery({ ...unreadQuery, enabled: started });
  const count = unread.data?.unread ?? 0;
  const latest = useQuery({ ...messagesQuery({ page: 1, limit: 6, state: 'all' }), enabled: open });
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();

  // A change the user made (any mutation but the bell's own) may notify someone: read the count again shortly.
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const stop = client.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        void client.invalidateQueries({ queryKey: keys.unread });
      }, afterChangeMs);
      timers.add(timer);
    });
    return () => {
      stop();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [client]);

  // The server writes messages in the reader's language: a switch re-reads them and becomes the account's language.
  useEffect(() => {
    const changed = (language: string) => {
      void saveLanguage(language === 'en' ? 'en' : 'zh-CN');
      void client.invalidateQueries({ queryKey: keys.messages });
    };
    i18n.on('languageChanged', changed);
    return () => i18n.off('languageChanged', changed);
  }, [client, i18n]);

  // A new message while the panel is open shows at once.
  useEffect(() => {
    if (open) void client.invalidateQueries({ queryKey: keys.messages });
  }, [open, unread.data?.latestId, client]);

  const openMessage = (m: notification.Message) => {
    if (!m.read) markRead.mutate([m.id]);
    setOpen(false);
    navigate(m.link);
  };

  const label = count > 0 ? t('notification.bell.labelCount', { count }) : t('notification.bell.label');
  const panel = (
    <div style={{ width: 'min(360px, calc(100vw - 32px))' }}>
      {latest.isLoading ? (
        <Spin size="small" />
      ) : (latest.data?.list.length ?? 0) === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notification.bell.empty')} />
      ) : (
        <ul className="notification-list notification-list-compact">
          {latest.data?.list.map((m) => (
            <li key={m.id}>
              <MessageLine message={m} onOpen={openMessage} compact />
            </li>
          ))}
        </ul>
      )}
      <Space style={{ width: '100%', justifyContent: 'space-between', marginTop: 8 }}>
        <Button
          size="small"
          onClick={() => {
            setOpen(false);
            navigate(centrePath);
          }}
        >
          {t('notification.bell.viewAll')}
        </Button>
        <Button size="small" type="link" disabled={count === 0} loading={markAll.isPending} onClick={() => markAll.mutate(undefined)}>
          {t('notification.bell.markAll')}
        </Button>
      </Space>
    </div>
  );

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      title={<Typography.Text strong>{t('notification.bell.latest')}</Typography.Text>}
      content={panel}
    >
      <Button type="text" aria-label={label} aria-haspopup="dialog" aria-expanded={open}>
        <Badge count={count} size="small" overflowCount={99} aria-hidden>
          <BellOutlined style={{ fontSize: 16 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
