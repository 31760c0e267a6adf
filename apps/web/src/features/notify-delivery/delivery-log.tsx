// An endpoint's delivery log in a drawer: its deliveries newest first, paged on the server, by state; each with its
// last answer (status, time taken, the start of the body) and its tries when opened; a delivered or given-up one
// can be sent again (same key).
import { notifyDelivery } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Drawer, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format';
import { type ScreenCalls, attemptsQuery, deliveriesQuery, useReplay } from './api';
import { stateColor, useLabels } from './labels';

const pageSize = 20;

export function DeliveryLog({ calls, endpoint, onClose }: { calls: ScreenCalls; endpoint: notifyDelivery.Endpoint; onClose(): void }) {
  const { t } = useTranslation();
  const k = (key: string, options?: Record<string, unknown>) => t(`notifyChannels.${key}`, options);
  const labels = useLabels();
  const { message } = App.useApp();
  const [state, setState] = useState<notifyDelivery.DeliveryState | undefined>();
  const [page, setPage] = useState(1);
  const query = { endpointId: endpoint.id, page, limit: pageSize, ...(state ? { state } : {}) };
  const { data, isFetching } = useQuery(deliveriesQuery(calls, query));
  const replay = useReplay(calls);
  const answerText = (status: number | null) => (status === null ? k('noAnswer') : `HTTP ${status}`);

  return (
    <Drawer open title={k('logTitle', { name: endpoint.name })} size="min(1100px, 100vw)" onClose={onClose} destroyOnHidden>
      <Space style={{ marginBottom: 12 }} wrap>
        <label htmlFor="notify-log-state">{k('stateFilter')}</label>
        <Select<notifyDelivery.DeliveryState | ''>
          id="notify-log-state"
          value={state ?? ''}
          style={{ width: 140 }}
          onChange={(value) => {
            setState(value || undefined);
            setPage(1);
          }}
          options={[
            { value: '', label: k('allStates') },
            ...notifyDelivery.deliveryStates.map((s) => ({ value: s, label: labels.state(s) })),
          ]}
        />
      </Space>
      <Table<notifyDelivery.DeliveryRow>
        aria-label={k('logTable')}
        size="small"
        rowKey="id"
        loading={isFetching}
        dataSource={data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Typography.Text type="secondary">{k('emptyLog')}</Typography.Text> }}
        pagination={{
          current: page,
          pageSize,
          total: data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
          size: 'small',
        }}
        expandable={{ expandedRowRender: (row) => <Attempts calls={calls} id={row.id} /> }}
        columns={[
          { title: k('logColumns.at'), dataIndex: 'createdAt', width: 160, render: (at: string) => formatTime(at) },
          {
            title: k('logColumns.event'),
            key: 'event',
            render: (_, row) => (
              <Space orientation="vertical" size={0}>
                <span>{labels.topic(row.topic)}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {row.subject}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: k('logColumns.state'),
            key: 'state',
            render: (_, row) => (
              <Space orientation="vertical" size={0}>
                <Tag color={stateColor[row.state]}>{labels.state(row.state)}</Tag>
                {row.state === 'pending' && row.nextAt && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {k('nextAt', { time: formatTime(row.nextAt) })}
                  </Typography.Text>
                )}
                {row.state === 'sent' && row.sentAt && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {k('sentAt', { time: formatTime(row.sentAt) })}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          { title: k('logColumns.attempts'), dataIndex: 'attempts', align: 'right' },
          {
            title: k('logColumns.answer'),
            key: 'answer',
            render: (_, row) => (row.lastAt ? answerText(row.lastStatus) : '—'),
          },
          {
            title: k('logColumns.duration'),
            dataIndex: 'lastDurationMs',
            align: 'right',
            render: (ms: number | null) => (ms === null ? '—' : k('ms', { ms })),
          },
          {
            title: k('logColumns.excerpt'),
            dataIndex: 'lastExcerpt',
            render: (text: string) => <Excerpt text={text} />,
          },
          {
            title: k('logColumns.error'),
            dataIndex: 'lastError',
            render: (text: string) => <Excerpt text={text} />,
          },
          {
            title: k('logColumns.actions'),
            key: 'actions',
            render: (_, row) =>
              row.state === 'sent' || row.state === 'dead' ? (
                <Button
                  size="small"
                  loading={replay.isPending && replay.variables === row.id}
                  aria-label={`${k('replay')} ${row.subject}`}
                  onClick={() =>
                    void replay
                      .mutateAsync(row.id)
                      .then(() => message.success(k('replayed')))
                      .catch(() => undefined)
                  }
                >
                  {k('replay')}
                </Button>
              ) : null,
          },
        ]}
      />
    </Drawer>
  );
}

/** A body excerpt or an error on one line, whole on hover and in the expanded tries. */
function Excerpt({ text }: { text: string }) {
  if (!text) return <>—</>;
  return (
    <Typography.Text style={{ maxWidth: 220, fontFamily: 'monospace', fontSize: 12 }} ellipsis={{ tooltip: text }}>
      {text}
    </Typography.Text>
  );
}

function Attempts({ calls, id }: { calls: ScreenCalls; id: string }) {
  const { t } = useTranslation();
  const k = (key: string, options?: Record<string, unknown>) => t(`notifyChannels.${key}`, options);
  const { data, isFetching } = useQuery(attemptsQuery(calls, id));
  return (
    <Table<notifyDelivery.AttemptRow & { key: number }>
      aria-label={k('attemptsTable')}
      size="small"
      loading={isFetching}
      dataSource={(data ?? []).map((row, index) => ({ ...row, key: index }))}
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: k('attemptColumns.at'), dataIndex: 'at', width: 160, render: (at: string) => formatTime(at) },
        {
          title: k('attemptColumns.status'),
          key: 'status',
          render: (_, row) => <Tag color={row.ok ? 'green' : 'red'}>{row.status === null ? k('noAnswer') : `HTTP ${row.status}`}</Tag>,
        },
        { title: k('attemptColumns.duration'), dataIndex: 'durationMs', align: 'right', render: (ms: number) => k('ms', { ms }) },
        {
          title: k('attemptColumns.excerpt'),
          dataIndex: 'excerpt',
          render: (text: string) => <pre style={{ margin: 0, whiteSpace: 'pre-wrap', maxWidth: 480, fontSize: 12 }}>{text || '—'}</pre>,
        },
        { title: k('attemptColumns.error'), dataIndex: 'error', render: (text: string) => text || '—' },
      ]}
    />
  );
}
