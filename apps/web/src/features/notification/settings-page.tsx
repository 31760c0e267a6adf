// 通知设置 (ms0121): per kind of notification, in the portal (on or off) and by e-mail (off, at once, daily digest);
// a supplier's main account also sets the defaults its child accounts follow where they set nothing; the language
// of the account's e-mails and group-robot texts.
import { type Language, notification } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Select, Space, Spin, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { prefsQuery, useSavePrefs } from './api';
import { useNames } from './parts';

type Row = notification.PrefRow;

function PrefTable({ rows, onChange, label }: { rows: Row[]; onChange: (rows: Row[]) => void; label: string }) {
  const { t } = useTranslation();
  const names = useNames();
  const set = (topic: Row['topic'], change: Partial<Row>) => onChange(rows.map((r) => (r.topic === topic ? { ...r, ...change } : r)));
  return (
    <Table<Row>
      aria-label={label}
      rowKey="topic"
      size="small"
      pagination={false}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          title: t('notification.settings.topic'),
          dataIndex: 'topic',
          render: (topic: Row['topic']) => (
            <Space orientation="vertical" size={0}>
              <span>{names.topic(topic)}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {names.group(notification.topicInfo[topic].group)}
              </Typography.Text>
            </Space>
          ),
        },
        {
          title: t('notification.settings.portal'),
          dataIndex: 'portal',
          render: (mode: Row['portal'], r) => (
            <Select
              aria-label={`${names.topic(r.topic)} ${t('notification.settings.portal')}`}
              style={{ width: 110 }}
              value={mode}
              onChange={(portal: Row['portal']) => set(r.topic, { portal })}
              options={(['instant', 'off'] as const).map((m) => ({ value: m, label: t(`notification.settings.modes.${m}`) }))}
            />
          ),
        },
        {
          title: t('notification.settings.email'),
          dataIndex: 'email',
          render: (mode: Row['email'], r) => (
            <Select
              aria-label={`${names.topic(r.topic)} ${t('notification.settings.email')}`}
              style={{ width: 130 }}
              value={mode}
              onChange={(email: Row['email']) => set(r.topic, { email })}
              options={notification.modes.map((m) => ({ value: m, label: t(`notification.settings.modes.${m}`) }))}
            />
          ),
        },
      ]}
    />
  );
}

export default function SettingsPage() {
  const { data, dataUpdatedAt } = useQuery(prefsQuery);
  if (!data) return <Spin />;
  // The form starts from what the server has; saving reads it again and starts afresh.
  return <SettingsForm key={dataUpdatedAt} data={data} />;
}

function SettingsForm({ data }: { data: notification.Preferences }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSavePrefs();
  const [prefs, setPrefs] = useState<Row[]>(data.prefs);
  const [children, setChildren] = useState<Row[] | null>(data.childDefaults);
  const [language, setLanguage] = useState<Language>(data.language);

  const submit = () =>
    save.mutate(
      { prefs, language, ...(children ? { childDefaults: children } : {}) },
      { onSuccess: () => void message.success(t('notification.settings.saved')) },
    );
  const mine = <PrefTable rows={prefs} onChange={setPrefs} label={t('notification.settings.mine')} />;

  return (
    <Card title={t('notification.settings.title')}>
      <Typography.Paragraph type="secondary">{t('notification.settings.intro')}</Typography.Paragraph>
      {data.email ? (
        <Typography.Paragraph>{t('notification.settings.emailTo', { email: data.email })}</Typography.Paragraph>
      ) : (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('notification.settings.noEmail')} />
      )}
      <Form layout="vertical">
        <Form.Item label={t('notification.settings.language')} htmlFor="notification-language">
          <Select
            id="notification-language"
            style={{ width: 200 }}
            value={language}
            onChange={setLanguage}
            options={[
              { value: 'zh-CN', label: <span lang="zh-CN">中文</span> },
              { value: 'en', label: <span lang="en">English</span> },
            ]}
          />
        </Form.Item>
      </Form>
      {children ? (
        <Tabs
          items={[
            { key: 'mine', label: t('notification.settings.mine'), children: mine },
            {
              key: 'children',
              label: t('notification.settings.children'),
              children: (
                <>
                  <Typography.Paragraph type="secondary">{t('notification.settings.childrenIntro')}</Typography.Paragraph>
                  <PrefTable rows={children} onChange={setChildren} label={t('notification.settings.children')} />
                </>
              ),
            },
          ]}
        />
      ) : (
        mine
      )}
      <Button type="primary" style={{ marginTop: 16 }} loading={save.isPending} onClick={submit}>
        {t('notification.settings.save')}
      </Button>
    </Card>
  );
}
