// 通知渠道 (ms0122, staff admins): the retailer's webhooks (a signing secret shown once, changed on demand) and its
// teams' group robots of 企业微信, 钉钉 and 飞书; each with a test message and its delivery log with replay.
import { integration, type notifyDelivery } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpointsQuery, staffCalls } from './api';
import { DeliveryLog } from './delivery-log';
import { type Editing, EndpointDrawer } from './endpoint-drawer';
import { EndpointTable } from './endpoint-table';
import { SecretDialog } from './secret-dialog';

type Tab = 'webhooks' | 'teamRobots';
const robotKinds = ['wecom', 'dingtalk', 'feishu'] as const;

export default function ChannelsPage() {
  const { t } = useTranslation();
  const k = (key: string) => t(`notifyChannels.${key}`);
  const { data, isFetching } = useQuery(endpointsQuery(staffCalls));
  const [tab, setTab] = useState<Tab>('webhooks');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [logOf, setLogOf] = useState<notifyDelivery.Endpoint | null>(null);
  const [secret, setSecret] = useState<notifyDelivery.EndpointWithSecret | null>(null);
  const endpoints = data?.endpoints ?? [];
  const kindsOf = (of: Tab) => (of === 'webhooks' ? (['webhook'] as const) : robotKinds);
  const table = (of: Tab) => (
    <EndpointTable
      calls={staffCalls}
      endpoints={endpoints.filter((e) => (e.kind === 'webhook') === (of === 'webhooks'))}
      loading={isFetching}
      showTeam={of === 'teamRobots'}
      label={`${k('table')} · ${k(of)}`}
      onEdit={(endpoint) => setEditing({ mode: 'edit', endpoint, kinds: kindsOf(of) })}
      onLog={setLogOf}
      onSecret={setSecret}
    />
  );

  return (
    <Card
      title={k('channelsTitle')}
      extra={
        <Button type="primary" onClick={() => setEditing({ mode: 'create', kinds: kindsOf(tab) })}>
          {tab === 'webhooks' ? k('addWebhook') : k('addRobot')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{k('channelsIntro')}</Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        items={(['webhooks', 'teamRobots'] as const).map((of) => ({ key: of, label: k(of), children: table(of) }))}
      />
      {editing && (
        <EndpointDrawer
          calls={staffCalls}
          editing={editing}
          topics={integration.eventTopics}
          roles={data?.roles ?? []}
          onClose={() => setEditing(null)}
          onCreated={(answer) => answer.secret && setSecret(answer)}
        />
      )}
      {logOf && <DeliveryLog calls={staffCalls} endpoint={logOf} onClose={() => setLogOf(null)} />}
      {secret && <SecretDialog answer={secret} onClose={() => setSecret(null)} />}
    </Card>
  );
}
