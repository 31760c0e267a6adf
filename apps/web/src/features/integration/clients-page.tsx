// 接口集成 (ms0110, admins): the retailer's sending systems as integration clients: their scopes, source
// addresses, rate, state and last use; create or edit one in a drawer, rotate its secret with a grace period,
// disable or enable it. A new secret is shown once, in a dialog that cannot be reopened.
import { type ClientWithSecret, type IntegrationClient, type IntegrationScope, integration } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Drawer, Form, Input, InputNumber, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiBase } from '../../api/client';
import { formatTime } from '../../lib/format';
import { contractRule } from '../../lib/contract-rule';
import { type ClientSettings, clientsQuery, useCreateClient, useRotateSecret, useSetDisabled, useUpdateClient } from './api';
import { closingOnRefusal } from '../../lib/confirm-call';

type Editing = { mode: 'create' } | { mode: 'edit'; client: IntegrationClient };

export default function ClientsPage() {
  const { t } = useTranslation();
  const { data, isFetching } = useQuery(clientsQuery);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [rotating, setRotating] = useState<IntegrationClient | null>(null);
  const [secret, setSecret] = useState<ClientWithSecret | null>(null);
  const label = useScopeLabel();

  return (
    <Card
      title={t('integrationClients.title')}
      extra={
        <Button type="primary" onClick={() => setEditing({ mode: 'create' })}>
          {t('integrationClients.add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('integrationClients.intro')}</Typography.Paragraph>
      <Table<IntegrationClient>
        aria-label={t('integrationClients.table')}
        rowKey="clientId"
        loading={isFetching}
        dataSource={data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Typography.Text type="secondary">{t('integrationClients.empty')}</Typography.Text> }}
        columns={[
          {
            title: t('integrationClients.columns.name'),
            dataIndex: 'name',
            render: (name: string, c) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{name}</Typography.Text>
                <Typography.Text type="secondary" copyable={{ text: c.clientId }} style={{ fontFamily: 'monospace', fontSize: 12 }}>
                  {c.clientId}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('integrationClients.columns.scopes'),
            dataIndex: 'scopes',
            render: (scopes: string[]) =>
              scopes.length ? (
                <Space size={[0, 4]} wrap style={{ maxWidth: 360 }}>
                  {scopes.map((s) => (
                    <Tag key={s} title={s}>
                      {label(s)}
                    </Tag>
                  ))}
                </Space>
              ) : (
                t('integrationClients.noScope')
              ),
          },
          {
            title: t('integrationClients.columns.sources'),
            dataIndex: 'allowedSources',
            render: (sources: string[]) => (sources.length ? sources.join(', ') : t('integrationClients.anySource')),
          },
          { title: t('integrationClients.columns.rate'), dataIndex: 'ratePerMinute', align: 'right' },
          {
            title: t('integrationClients.columns.status'),
            dataIndex: 'disabled',
            render: (disabled: boolean) =>
              disabled ? (
                <Tag color="default">{t('integrationClients.disabled')}</Tag>
              ) : (
                <Tag color="green">{t('integrationClients.enabled')}</Tag>
              ),
          },
          {
            title: t('integrationClients.columns.lastUsed'),
            dataIndex: 'lastUsedAt',
            render: (at: string) => (at ? formatTime(at) : t('integrationClients.never')),
          },
          {
            title: t('integrationClients.columns.rotated'),
            dataIndex: 'rotatedAt',
            render: (at: string, c) => (
              <Space direction="vertical" size={0}>
                <span>{at ? t('integrationClients.rotatedAt', { time: formatTime(at) }) : t('integrationClients.notRotated')}</span>
                {c.previousValidUntil && (
                  <Typography.Text type="warning">
                    {t('integrationClients.graceUntil', { time: formatTime(c.previousValidUntil) })}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: t('integrationClients.columns.actions'),
            key: 'actions',
            render: (_, c) => (
              <ClientActions client={c} onEdit={() => setEditing({ mode: 'edit', client: c })} onRotate={() => setRotating(c)} />
            ),
          },
        ]}
      />
      {editing && <ClientDrawer editing={editing} onClose={() => setEditing(null)} onCreated={setSecret} />}
      {rotating && (
        <RotateDialog
          client={rotating}
          onClose={() => setRotating(null)}
          onRotated={(answer) => {
            setRotating(null);
            setSecret(answer);
          }}
        />
      )}
      {secret && <SecretDialog answer={secret} onClose={() => setSecret(null)} />}
    </Card>
  );
}

/** A scope's label in the user's language. */
function useScopeLabel() {
  const { i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'zh-CN';
  return (scope: string) =>
    Object.hasOwn(integration.scopeLabels, scope) ? integration.scopeLabels[scope as IntegrationScope][language] : scope;
}

function ClientActions({ client, onEdit, onRotate }: { client: IntegrationClient; onEdit(): void; onRotate(): void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const setDisabled = useSetDisabled();
  const toggle = () =>
    modal.confirm({
      title: t('integrationClients.title'),
      content: t(client.disabled ? 'integrationClients.enableConfirm' : 'integrationClients.disableConfirm', { name: client.name }),
      okText: t(client.disabled ? 'integrationClients.enable' : 'integrationClients.disable'),
      cancelText: t('integrationClients.cancel'),
      okButtonProps: { danger: !client.disabled },
      onOk: closingOnRefusal(async () => {
        await setDisabled.mutateAsync({ clientId: client.clientId, disabled: !client.disabled });
        void message.success(t('integrationClients.saved'));
      }),
    });
  return (
    <Space size={4} wrap>
      <Button size="small" onClick={onEdit} aria-label={`${t('integrationClients.edit')} ${client.name}`}>
        {t('integrationClients.edit')}
      </Button>
      <Button size="small" onClick={onRotate} aria-label={`${t('integrationClients.rotate')} ${client.name}`}>
        {t('integrationClients.rotate')}
      </Button>
      <Button
        size="small"
        danger={!client.disabled}
        onClick={toggle}
        aria-label={`${t(client.disabled ? 'integrationClients.enable' : 'integrationClients.disable')} ${client.name}`}
      >
        {t(client.disabled ? 'integrationClients.enable' : 'integrationClients.disable')}
      </Button>
    </Space>
  );
}

interface FormValues {
  name: string;
  scopes: IntegrationScope[];
  allowedSources: string[];
  ratePerMinute: number;
}

function ClientDrawer({ editing, onClose, onCreated }: { editing: Editing; onClose(): void; onCreated(answer: ClientWithSecret): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const create = useCreateClient();
  const update = useUpdateClient();
  const label = useScopeLabel();
  const fields = integration.clientForm.shape;
  const initial: FormValues =
    editing.mode === 'edit'
      ? {
          name: editing.client.name,
          scopes: editing.client.scopes.filter((s): s is IntegrationScope => Object.hasOwn(integration.scopeLabels, s)),
          allowedSources: editing.client.allowedSources,
          ratePerMinute: editing.client.ratePerMinute,
        }
      : { name: '', scopes: [], allowedSources: [], ratePerMinute: integration.defaultRatePerMinute };
  const saving = create.isPending || update.isPending;
  const submit = async () => {
    const values = await form.validateFields();
    const body: ClientSettings = { ...values, allowedSources: values.allowedSources ?? [] };
    if (editing.mode === 'create') {
      const answer = await create.mutateAsync(body);
      onClose();
      onCreated(answer);
    } else {
      await update.mutateAsync({ ...body, clientId: editing.client.clientId });
      void message.success(t('integrationClients.saved'));
      onClose();
    }
  };
  return (
    <Drawer
      open
      title={
        editing.mode === 'create' ? t('integrationClients.createTitle') : t('integrationClients.editTitle', { name: editing.client.name })
      }
      width="min(560px, 100vw)"
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>{t('integrationClients.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit().catch(() => undefined)}>
            {t('integrationClients.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={() => void submit().catch(() => undefined)}>
        <Form.Item name="name" label={t('integrationClients.columns.name')} rules={[contractRule(fields.name)]}>
          <Input maxLength={100} placeholder={t('integrationClients.namePlaceholder')} autoFocus />
        </Form.Item>
        <Form.Item name="scopes" label={t('integrationClients.columns.scopes')} extra={t('integrationClients.scopesHint')}>
          <Checkbox.Group style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))', gap: 6 }}>
            {integration.integrationScopes.map((s) => (
              <Checkbox key={s} value={s}>
                {label(s)}{' '}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {s}
                </Typography.Text>
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <Form.Item
          name="allowedSources"
          label={t('integrationClients.columns.sources')}
          extra={t('integrationClients.sourcesHint')}
          rules={[
            {
              validator: async (_, value: string[] | undefined) => {
                if ((value ?? []).some((v) => !integration.sourceAddress.safeParse(v).success))
                  throw new Error(t('integrationClients.badSource'));
              },
            },
          ]}
        >
          <Select
            mode="tags"
            open={false}
            suffixIcon={null}
            tokenSeparators={[',', ' ']}
            placeholder={t('integrationClients.sourcesPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="ratePerMinute"
          label={t('integrationClients.columns.rate')}
          extra={t('integrationClients.rateHint')}
          rules={[{ required: true }]}
        >
          <InputNumber min={1} max={100_000} precision={0} style={{ width: 180 }} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

function RotateDialog({
  client,
  onClose,
  onRotated,
}: {
  client: IntegrationClient;
  onClose(): void;
  onRotated(answer: ClientWithSecret): void;
}) {
  const { t } = useTranslation();
  const rotate = useRotateSecret();
  const [graceDays, setGraceDays] = useState<number | null>(7);
  const ok = async () => {
    const answer = await rotate.mutateAsync({ clientId: client.clientId, graceDays: graceDays ?? 0 });
    onRotated(answer);
  };
  return (
    <Modal
      open
      title={t('integrationClients.rotateTitle', { name: client.name })}
      okText={t('integrationClients.rotateOk')}
      cancelText={t('integrationClients.cancel')}
      confirmLoading={rotate.isPending}
      onOk={() => void ok().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('integrationClients.rotateIntro')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('integrationClients.graceDays')} extra={t('integrationClients.graceHint')} htmlFor="integration-grace-days">
          <InputNumber
            id="integration-grace-days"
            min={0}
            max={integration.maxGraceDays}
            precision={0}
            value={graceDays}
            onChange={setGraceDays}
            style={{ width: 140 }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The secret of a new or rotated client: shown this once, with a copy button; closing it forgets the secret. */
function SecretDialog({ answer, onClose }: { answer: ClientWithSecret; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = (text: string) => void navigator.clipboard.writeText(text).then(() => message.success(t('integrationClients.copied'), 1.5));
  const row = (labelKey: string, value: string, id: string) => (
    <div>
      <label htmlFor={id}>{t(labelKey)}</label>
      <Space.Compact style={{ width: '100%', marginTop: 4 }}>
        <Input id={id} readOnly value={value} style={{ fontFamily: 'monospace' }} />
        <Button onClick={() => copy(value)} aria-label={`${t('integrationClients.copy')} ${t(labelKey)}`}>
          {t('integrationClients.copy')}
        </Button>
      </Space.Compact>
    </div>
  );
  return (
    <Modal
      open
      title={t('integrationClients.secretTitle')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      width="min(600px, 100vw)"
      footer={
        <Button type="primary" onClick={onClose}>
          {t('integrationClients.secretDone')}
        </Button>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Alert type="warning" showIcon title={t('integrationClients.secretWarning')} />
        {row('integrationClients.clientIdLabel', answer.client.clientId, 'integration-client-id')}
        {row('integrationClients.secretLabel', answer.clientSecret, 'integration-client-secret')}
        {row(
          'integrationClients.tokenUrlLabel',
          `${window.location.origin}${apiBase}${integration.issueToken.path}`,
          'integration-token-url',
        )}
      </Space>
    </Modal>
  );
}
