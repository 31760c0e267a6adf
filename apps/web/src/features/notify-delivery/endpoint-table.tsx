// A list of endpoints with what each does: kind, events, team, state, its deliveries (waiting, given up, the last
// try), and its actions: edit, send a test message, the delivery log, a webhook's new secret, disable or enable.
import type { notifyDelivery } from '@portal/contract';
import { App, Button, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format';
import { type ScreenCalls, useRotateSecret, useSetEnabled, useTestEndpoint } from './api';
import { useLabels } from './labels';
import { closingOnRefusal } from '../../lib/confirm-call';

export function EndpointTable({
  calls,
  endpoints,
  loading,
  showTeam,
  label,
  onEdit,
  onLog,
  onSecret,
}: {
  calls: ScreenCalls;
  endpoints: notifyDelivery.Endpoint[];
  loading: boolean;
  showTeam: boolean;
  label: string;
  onEdit(endpoint: notifyDelivery.Endpoint): void;
  onLog(endpoint: notifyDelivery.Endpoint): void;
  onSecret(answer: notifyDelivery.EndpointWithSecret): void;
}) {
  const { t } = useTranslation();
  const k = (key: string, options?: Record<string, unknown>) => t(`notifyChannels.${key}`, options);
  const labels = useLabels();
  return (
    <Table<notifyDelivery.Endpoint>
      aria-label={label}
      rowKey="id"
      loading={loading}
      dataSource={endpoints}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Typography.Text type="secondary">{k('empty')}</Typography.Text> }}
      columns={[
        {
          title: k('columns.name'),
          dataIndex: 'name',
          render: (name: string, e) => (
            <Space orientation="vertical" size={0}>
              <Typography.Text strong>{name}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 320 }} ellipsis={{ tooltip: e.url }}>
                {e.url}
              </Typography.Text>
            </Space>
          ),
        },
        { title: k('columns.kind'), dataIndex: 'kind', render: (kind: notifyDelivery.EndpointKind) => labels.kind(kind) },
        {
          title: k('columns.topics'),
          dataIndex: 'topics',
          render: (topics: string[]) =>
            topics.length === 0 ? (
              k('allTopics')
            ) : (
              <Typography.Text title={topics.map(labels.topic).join('、')}>
                {topics.length <= 2 ? topics.map(labels.topic).join('、') : k('topicCount', { count: topics.length })}
              </Typography.Text>
            ),
        },
        ...(showTeam
          ? [
              {
                title: k('columns.team'),
                key: 'team',
                render: (_: unknown, e: notifyDelivery.Endpoint) => e.ownerRoleName || e.ownerRole || k('wholeRetailer'),
              },
            ]
          : []),
        {
          title: k('columns.status'),
          key: 'status',
          render: (_, e) => (
            <Space size={4} wrap>
              {e.enabled ? <Tag color="green">{k('enabled')}</Tag> : <Tag>{k('disabled')}</Tag>}
              {e.signed && <Tag color="blue">{k('signed')}</Tag>}
            </Space>
          ),
        },
        {
          title: k('columns.deliveries'),
          key: 'deliveries',
          render: (_, e) => (
            <Space orientation="vertical" size={0}>
              {e.lastAttemptAt ? (
                <Typography.Text type={e.lastOk ? undefined : 'danger'}>
                  {k(e.lastOk ? 'lastOk' : 'lastFailed', { time: formatTime(e.lastAttemptAt) })}
                </Typography.Text>
              ) : (
                <Typography.Text type="secondary">{k('neverSent')}</Typography.Text>
              )}
              {(e.waiting > 0 || e.dead > 0) && (
                <Space size={8}>
                  {e.waiting > 0 && <Typography.Text type="secondary">{k('waiting', { count: e.waiting })}</Typography.Text>}
                  {e.dead > 0 && <Typography.Text type="danger">{k('dead', { count: e.dead })}</Typography.Text>}
                </Space>
              )}
            </Space>
          ),
        },
        {
          title: k('columns.actions'),
          key: 'actions',
          render: (_, e) => <Actions calls={calls} endpoint={e} onEdit={() => onEdit(e)} onLog={() => onLog(e)} onSecret={onSecret} />,
        },
      ]}
    />
  );
}

function Actions({
  calls,
  endpoint,
  onEdit,
  onLog,
  onSecret,
}: {
  calls: ScreenCalls;
  endpoint: notifyDelivery.Endpoint;
  onEdit(): void;
  onLog(): void;
  onSecret(answer: notifyDelivery.EndpointWithSecret): void;
}) {
  const { t } = useTranslation();
  const k = (key: string, options?: Record<string, unknown>) => t(`notifyChannels.${key}`, options);
  const { modal, message } = App.useApp();
  const setEnabled = useSetEnabled(calls);
  const test = useTestEndpoint(calls);
  const rotate = useRotateSecret();
  const named = (action: string) => `${k(action)} ${endpoint.name}`;

  const sendTest = async () => {
    const result = await test.mutateAsync(endpoint.id);
    if (result.ok) void message.success(k('testOk', { status: result.status, ms: result.durationMs }));
    else
      void message.error(
        k('testFailed', { error: [result.error, result.excerpt].filter(Boolean).join(' · ') || `HTTP ${result.status}` }),
        6,
      );
  };
  const toggle = () =>
    modal.confirm({
      title: endpoint.name,
      content: k(endpoint.enabled ? 'disableConfirm' : 'enableConfirm', { name: endpoint.name }),
      okText: k(endpoint.enabled ? 'disable' : 'enable'),
      cancelText: k('cancel'),
      okButtonProps: { danger: endpoint.enabled },
      onOk: closingOnRefusal(async () => {
        await setEnabled.mutateAsync({ id: endpoint.id, enabled: !endpoint.enabled });
        void message.success(k('saved'));
      }),
    });
  const newSecret = () =>
    modal.confirm({
      title: k('rotate'),
      content: k('rotateConfirm', { name: endpoint.name }),
      okText: k('rotate'),
      cancelText: k('cancel'),
      okButtonProps: { danger: true },
      onOk: closingOnRefusal(async () => onSecret(await rotate.mutateAsync(endpoint.id))),
    });

  return (
    <Space size={4} wrap>
      <Button size="small" onClick={onEdit} aria-label={named('edit')}>
        {k('edit')}
      </Button>
      <Button
        size="small"
        disabled={!endpoint.enabled}
        loading={test.isPending}
        onClick={() => void sendTest().catch(() => undefined)}
        aria-label={named('test')}
      >
        {k('test')}
      </Button>
      <Button size="small" onClick={onLog} aria-label={named('log')}>
        {k('log')}
      </Button>
      {endpoint.kind === 'webhook' && (
        <Button size="small" onClick={newSecret} aria-label={named('rotate')}>
          {k('rotate')}
        </Button>
      )}
      <Button size="small" danger={endpoint.enabled} onClick={toggle} aria-label={named(endpoint.enabled ? 'disable' : 'enable')}>
        {k(endpoint.enabled ? 'disable' : 'enable')}
      </Button>
    </Space>
  );
}
