// 我的会话 (My sessions), from the user menu: every device signed in to the account, this one marked, with the address,
// sign-in time and last use; any other one is signed out after a confirmation, or all others at once. A table on a
// wide screen, a list of cards on a phone.
import { DesktopOutlined, MobileOutlined, QuestionCircleOutlined, TabletOutlined } from '@ant-design/icons';
import type { DeviceType, SessionRow } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Grid, List, Space, Table, Tag, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { formatTime } from '../../lib/format';
import { usePageTitlesStore } from '../../stores/page-titles';
import { mySessionsQuery, useEndOtherSessions, useEndSession } from './api';
import { closingOnRefusal } from '../../lib/confirm-call';

const icons: Record<DeviceType, ReactNode> = {
  desktop: <DesktopOutlined aria-hidden />,
  mobile: <MobileOutlined aria-hidden />,
  tablet: <TabletOutlined aria-hidden />,
  unknown: <QuestionCircleOutlined aria-hidden />,
};

export default function SessionsPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const location = useLocation();
  const setTitle = usePageTitlesStore((s) => s.setTitle);
  const title = t('session.title');
  useEffect(() => setTitle(location.pathname, title), [location.pathname, title, setTitle]);
  const narrow = !Grid.useBreakpoint().md;
  const { data, isFetching } = useQuery(mySessionsQuery);
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const sessions = data ?? [];
  const others = sessions.filter((s) => !s.current).length;

  /** "手机 · iOS 17.5": the kind of device and its system. */
  const deviceOf = (s: SessionRow) => `${t(`session.deviceTypes.${s.deviceType}`)} · ${s.os || t('session.unknownOs')}`;
  const browserOf = (s: SessionRow) => s.browser || t('session.unknownBrowser');
  const named = (s: SessionRow) => t('punct.bracketed', { text: deviceOf(s), note: browserOf(s) });
  const confirmEnd = (s: SessionRow) =>
    modal.confirm({
      title: t('session.confirmEndTitle'),
      content: t('session.confirmEnd', { device: named(s) }),
      okText: t('session.ok'),
      cancelText: t('session.cancel'),
      okButtonProps: { danger: true },
      onOk: closingOnRefusal(async () => {
        await endOne.mutateAsync(s.id);
        void message.success(t('session.ended'));
      }),
    });
  const confirmEndOthers = () =>
    modal.confirm({
      title: t('session.endOthers'),
      content: t('session.confirmEndOthers'),
      okText: t('session.ok'),
      cancelText: t('session.cancel'),
      okButtonProps: { danger: true },
      onOk: closingOnRefusal(async () => {
        const { ended } = await endOthers.mutateAsync();
        void message.success(t('session.endedOthers', { count: ended }));
      }),
    });

  const device = (s: SessionRow) => (
    <Space size={6} wrap>
      {icons[s.deviceType]}
      <span>{deviceOf(s)}</span>
      {s.current && <Tag color="blue">{t('session.thisDevice')}</Tag>}
    </Space>
  );
  const endButton = (s: SessionRow) =>
    s.current ? null : (
      <Button size="small" danger aria-label={t('session.endLabel', { device: named(s) })} onClick={() => confirmEnd(s)}>
        {t('session.end')}
      </Button>
    );

  return (
    <Card
      title={title}
      extra={
        <Button danger disabled={others === 0} onClick={confirmEndOthers}>
          {t('session.endOthers')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('session.intro')}</Typography.Paragraph>
      {narrow ? (
        <List<SessionRow>
          aria-label={t('session.list')}
          loading={isFetching && !data}
          dataSource={sessions}
          locale={{ emptyText: t('session.noOthers') }}
          renderItem={(s) => (
            <List.Item key={s.id} className="session-card">
              <Card size="small" title={device(s)} extra={endButton(s)} style={{ width: '100%' }}>
                <Descriptions
                  size="small"
                  column={1}
                  items={[
                    { key: 'browser', label: t('session.columns.browser'), children: browserOf(s) },
                    { key: 'address', label: t('session.columns.address'), children: s.clientIp },
                    { key: 'signedIn', label: t('session.columns.signedIn'), children: formatTime(s.signedInAt) },
                    { key: 'lastUsed', label: t('session.columns.lastUsed'), children: formatTime(s.lastSeenAt) },
                  ]}
                />
              </Card>
            </List.Item>
          )}
        />
      ) : (
        <Table<SessionRow>
          aria-label={t('session.list')}
          rowKey="id"
          loading={isFetching && !data}
          dataSource={sessions}
          pagination={false}
          columns={[
            { key: 'device', title: t('session.columns.device'), render: (_, s) => device(s) },
            { key: 'browser', title: t('session.columns.browser'), render: (_, s) => browserOf(s) },
            { key: 'address', title: t('session.columns.address'), dataIndex: 'clientIp' },
            { key: 'signedIn', title: t('session.columns.signedIn'), dataIndex: 'signedInAt', render: (v: string) => formatTime(v) },
            { key: 'lastUsed', title: t('session.columns.lastUsed'), dataIndex: 'lastSeenAt', render: (v: string) => formatTime(v) },
            { key: 'action', title: t('session.columns.action'), render: (_, s) => endButton(s) },
          ]}
        />
      )}
    </Card>
  );
}
