// 群机器人 (ms0123, a supplier's main account, or a child account it granted): the supplier's own group robots of
// 企业微信, 钉钉 and 飞书, the events each takes, a test message and the delivery log with replay.
import { notifyDelivery } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpointsQuery, supplierCalls } from './api';
import { DeliveryLog } from './delivery-log';
import { type Editing, EndpointDrawer } from './endpoint-drawer';
import { EndpointTable } from './endpoint-table';

export default function RobotsPage() {
  const { t } = useTranslation();
  const k = (key: string) => t(`notifyChannels.${key}`);
  const { data, isFetching } = useQuery(endpointsQuery(supplierCalls));
  const [editing, setEditing] = useState<Editing | null>(null);
  const [logOf, setLogOf] = useState<notifyDelivery.Endpoint | null>(null);

  return (
    <Card
      title={k('robotsTitle')}
      extra={
        <Button type="primary" onClick={() => setEditing({ mode: 'create', kinds: notifyDelivery.robotKinds })}>
          {k('addRobot')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{k('robotsIntro')}</Typography.Paragraph>
      <EndpointTable
        calls={supplierCalls}
        endpoints={data?.endpoints ?? []}
        loading={isFetching}
        showTeam={false}
        label={k('table')}
        onEdit={(endpoint) => setEditing({ mode: 'edit', endpoint, kinds: notifyDelivery.robotKinds })}
        onLog={setLogOf}
        onSecret={() => undefined}
      />
      {editing && (
        <EndpointDrawer
          calls={supplierCalls}
          editing={editing}
          topics={notifyDelivery.supplierTopics}
          onClose={() => setEditing(null)}
          onCreated={() => undefined}
        />
      )}
      {logOf && <DeliveryLog calls={supplierCalls} endpoint={logOf} onClose={() => setLogOf(null)} />}
    </Card>
  );
}
