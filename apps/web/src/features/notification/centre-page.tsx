// 消息中心 (ms0120): the account's messages, newest first, filtered by group, kind and read state, paged; a message
// opens its object's page and is marked read; mark one read, or every one (of the group shown).
import { type integration, notification } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Empty, Pagination, Segmented, Select, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCanOpen } from '../../lib/use-can-open';
import { useUserStore } from '../../stores/user';
import { messagesQuery, useMarkAllRead, useMarkRead } from './api';
import { MessageLine, useNames } from './parts';

type State = (typeof notification.readStates)[number];

export default function CentrePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const names = useNames();
  const [group, setGroup] = useState<notification.NotificationGroup | undefined>();
  const [topic, setTopic] = useState<string | undefined>();
  const [state, setState] = useState<State>('all');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const body = { page, limit, state, ...(group ? { group } : {}), ...(topic ? { topic: topic as integration.EventTopic } : {}) };
  const { data, isError } = useQuery(messagesQuery(body));
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();

  const staff = useUserStore((u) => u.staff);
  const topics = notification.topicsFor(staff ? 'staff' : 'supplier').filter((x) => !group || notification.topicInfo[x].group === group);
  const open = (m: notification.Message) => {
    if (!m.read) markRead.mutate([m.id]);
    navigate(m.link);
  };
  const filter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <Card
      title={t('notification.centre.title')}
      extra={
        // A child account may hold the centre without the settings: no link to a page it may not open.
        canOpen('/notificationSettings') && (
          <Button type="link" onClick={() => navigate('/notificationSettings')}>
            {t('notification.centre.settings')}
          </Button>
        )
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label={t('notification.centre.group')}
          style={{ width: 180 }}
          allowClear
          placeholder={t('notification.centre.allGroups')}
          value={group}
          onChange={(v: notification.NotificationGroup | undefined) => {
            filter(setGroup)(v);
            setTopic(undefined);
          }}
          options={notification.notificationGroups.map((g) => ({ value: g, label: names.group(g) }))}
        />
        <Select
          aria-label={t('notification.centre.topic')}
          style={{ width: 240 }}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('notification.centre.allTopics')}
          value={topic}
          onChange={filter(setTopic)}
          options={topics.map((x) => ({ value: x, label: names.topic(x) }))}
        />
        <Segmented<State>
          aria-label={t('notification.centre.state')}
          value={state}
          onChange={filter(setState)}
          options={notification.readStates.map((s) => ({ value: s, label: t(`notification.centre.states.${s}`) }))}
        />
        <Button
          disabled={!data?.unread}
          loading={markAll.isPending}
          onClick={() => markAll.mutate(group, { onSuccess: () => void message.success(t('notification.centre.marked')) })}
        >
          {t('notification.centre.markAll')}
        </Button>
        <Typography.Text type="secondary" aria-live="polite">
          {t('notification.centre.unread', { count: data?.unread ?? 0 })}
        </Typography.Text>
      </Space>
      {/* Until the first page answers, a skeleton and no pager: the list then grows below it, nothing on screen moves
        (an empty state first, then twenty messages, pushed the pager down: a layout shift of 0.63). */}
      {!data && !isError ? (
        <Skeleton active title={false} paragraph={{ rows: 8 }} />
      ) : (data?.list.length ?? 0) === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notification.centre.empty')} />
      ) : (
        <ul className="notification-list">
          {data?.list.map((m) => (
            <li key={m.id}>
              <Space orientation="vertical" size={2} style={{ minWidth: 0, flex: 1 }}>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {names.group(m.group)} · {names.topic(m.topic)}
                </Typography.Text>
                <MessageLine message={m} onOpen={open} />
              </Space>
              {!m.read && (
                <Button size="small" type="link" onClick={() => markRead.mutate([m.id])}>
                  {t('notification.centre.markRead')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {data && (
        <Pagination
          style={{ marginTop: 12, justifyContent: 'flex-end' }}
          size="small"
          current={page}
          pageSize={limit}
          total={data.total}
          showSizeChanger
          hideOnSinglePage={false}
          onChange={(p, size) => {
            setPage(size === limit ? p : 1);
            setLimit(size);
          }}
        />
      )}
    </Card>
  );
}
