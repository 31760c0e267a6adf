// The form of an endpoint, new or edited, in a drawer: kind, name, address (with where to find it for each
// platform), a robot's 加签 secret, the events it takes and, for a team robot, its role.
import type { notifyDelivery } from '@portal/contract';
import { App, Button, Drawer, Form, Input, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EndpointBody, type ScreenCalls, useCreateEndpoint, useUpdateEndpoint } from './api';
import { useLabels } from './labels';

export type Editing =
  | { mode: 'create'; kinds: readonly notifyDelivery.EndpointKind[] }
  | { mode: 'edit'; endpoint: notifyDelivery.Endpoint; kinds: readonly notifyDelivery.EndpointKind[] };

interface FormValues {
  kind: notifyDelivery.EndpointKind;
  name: string;
  url: string;
  secret?: string;
  topics: string[];
  ownerRole: string;
}

export function EndpointDrawer({
  calls,
  editing,
  topics,
  roles,
  onClose,
  onCreated,
}: {
  calls: ScreenCalls;
  editing: Editing;
  /** The topics this screen's endpoints may take. */
  topics: readonly string[];
  /** Staff roles a team robot may belong to; none: no team field (webhooks, a supplier's robots). */
  roles?: { code: string; name: string }[] | undefined;
  onClose(): void;
  onCreated(answer: notifyDelivery.EndpointWithSecret): void;
}) {
  const { t } = useTranslation();
  const k = (key: string, options?: Record<string, unknown>) => t(`notifyChannels.${key}`, options);
  const { message } = App.useApp();
  const labels = useLabels();
  const [form] = Form.useForm<FormValues>();
  const create = useCreateEndpoint(calls);
  const update = useUpdateEndpoint(calls);
  const kind = Form.useWatch('kind', form) ?? editing.kinds[0]!;
  const initial: FormValues =
    editing.mode === 'edit'
      ? {
          kind: editing.endpoint.kind,
          name: editing.endpoint.name,
          url: editing.endpoint.url,
          topics: editing.endpoint.topics,
          ownerRole: editing.endpoint.ownerRole,
        }
      : { kind: editing.kinds[0]!, name: '', url: '', topics: [], ownerRole: '' };
  const signedKind = kind === 'dingtalk' || kind === 'feishu';
  const teamField = roles !== undefined && kind !== 'webhook';

  const submit = async () => {
    const values = await form.validateFields();
    const secret = values.secret?.trim();
    const body: EndpointBody = {
      // A screen of one kind has no kind field: the form holds no value for it.
      kind: values.kind ?? kind,
      name: values.name.trim(),
      url: values.url.trim(),
      topics: values.topics ?? [],
      ...(teamField ? { ownerRole: values.ownerRole ?? '' } : {}),
      // A robot's secret: typed on create; on edit only a new one is sent (empty keeps it).
      ...(signedKind && (editing.mode === 'create' || secret) ? { secret: secret ?? '' } : {}),
    };
    if (editing.mode === 'create') {
      const answer = await create.mutateAsync(body);
      onClose();
      onCreated(answer);
    } else {
      await update.mutateAsync({ ...body, id: editing.endpoint.id });
      void message.success(k('saved'));
      onClose();
    }
  };
  const title =
    editing.mode === 'edit'
      ? k('editTitle', { name: editing.endpoint.name })
      : editing.kinds.includes('webhook')
        ? k('createWebhook')
        : k('createRobot');

  return (
    <Drawer
      open
      title={title}
      size="min(560px, 100vw)"
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>{k('cancel')}</Button>
          <Button type="primary" loading={create.isPending || update.isPending} onClick={() => void submit().catch(() => undefined)}>
            {k('save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={() => void submit().catch(() => undefined)}>
        {editing.kinds.length > 1 && (
          <Form.Item name="kind" label={k('kind')}>
            <Radio.Group
              optionType="button"
              disabled={editing.mode === 'edit' && editing.endpoint.kind === 'webhook'}
              options={editing.kinds.map((value) => ({ value, label: labels.kind(value) }))}
            />
          </Form.Item>
        )}
        <Form.Item name="name" label={k('name')} rules={[{ required: true, whitespace: true, message: k('nameRequired') }]}>
          <Input maxLength={60} placeholder={k('namePlaceholder')} autoFocus />
        </Form.Item>
        <Form.Item
          name="url"
          label={k('url')}
          extra={k(`urlHints.${kind}`)}
          rules={[
            { required: true, whitespace: true, message: k('urlRequired') },
            { pattern: /^\s*https?:\/\/\S+\s*$/i, message: k('urlInvalid') },
          ]}
        >
          <Input maxLength={1000} inputMode="url" spellCheck={false} />
        </Form.Item>
        {signedKind && (
          <Form.Item name="secret" label={k('secret')} extra={k(`secretHints.${kind}`)}>
            <Input.Password
              maxLength={200}
              autoComplete="off"
              placeholder={editing.mode === 'edit' && editing.endpoint.signed ? k('secretKeep') : ''}
            />
          </Form.Item>
        )}
        {teamField && (
          <Form.Item name="ownerRole" label={k('team')} extra={k('teamHint')}>
            <Select
              options={[{ value: '', label: k('wholeRetailer') }, ...roles.map((r) => ({ value: r.code, label: r.name }))]}
              style={{ maxWidth: 320 }}
            />
          </Form.Item>
        )}
        <Form.Item name="topics" label={k('topics')} extra={k('topicsHint')}>
          <Select
            mode="multiple"
            allowClear
            placeholder={k('allTopics')}
            optionFilterProp="label"
            options={topics.map((topic) => ({ value: topic, label: labels.topic(topic) }))}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
