// The top bar: menu toggle, breadcrumb, supplier / company / operator names, header search, tools,
// and the user menu (user info, change password, two-factor sign-in, log out). Staff sessions hide QR, help and operator.
import { DownOutlined, MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { auth } from '@portal/contract';
import { Button, Dropdown, Layout, Space, Typography } from 'antd';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { call } from '../api/client';
import type { PageRoute } from '../lib/routes';
import { useSettingsStore } from '../stores/settings';
import { useTagsViewStore } from '../stores/tags-view';
import { loginPathOf, useUserStore } from '../stores/user';
import { Breadcrumb } from './breadcrumb';
import { ChangePasswordDialog } from './change-password-dialog';
import { HeaderSearch } from './header-search';
import { LanguageSwitch } from '../components/language-switch';
import { Deferred } from '../components/deferred';
import { ErrorLogButton, FullscreenToggle, HelpCenter, QrCodeButton, SizeSelect } from './header-tools';
import { NotificationBell } from '../features/notification/bell';
import { mySessionsPath } from '../features/session/paths';

// Not on the first screen: loaded when first opened.
const SettingsDrawer = lazy(() => import('./settings-drawer').then((m) => ({ default: m.SettingsDrawer })));
const UserInfoDialog = lazy(() => import('./user-info-dialog').then((m) => ({ default: m.UserInfoDialog })));

export function Header({ routes, mobile }: { routes: PageRoute[]; mobile: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useUserStore();
  const opened = useSettingsStore((s) => (mobile ? s.mobileSidebarOpened : s.sidebarOpened));
  const toggleWide = useSettingsStore((s) => s.toggleSidebar);
  const toggleSidebar = mobile ? () => useSettingsStore.setState((s) => ({ mobileSidebarOpened: !s.mobileSidebarOpened })) : toggleWide;
  const [dialog, setDialog] = useState<'info' | 'password' | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const shownAccount = mobile ? undefined : user.staff ? user.employeeName : user.employeeCode;

  const logout = async () => {
    await call(auth.logout, {}, { silent: true }).catch(() => undefined);
    const staff = useUserStore.getState().staff;
    useUserStore.getState().signOut();
    // Logout clears every tab, fixed ones too (spec section 4).
    useTagsViewStore.setState({ views: [] });
    navigate(loginPathOf(staff), { replace: true });
  };

  return (
    <Layout.Header
      role="banner"
      style={{
        background: '#fff',
        padding: '0 12px',
        height: 'auto',
        lineHeight: '48px',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 12,
        flexWrap: 'nowrap',
        boxShadow: '0 1px 4px rgba(0,21,41,.08)',
      }}
    >
      <div className="header-side header-left">
        <Button
          type="text"
          aria-label={t('shell.toggleSidebar')}
          aria-expanded={opened}
          icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          onClick={toggleSidebar}
        />
        {!mobile && <Breadcrumb routes={routes} />}
      </div>
      {/* One row at any width: the names give way (an ellipsis, the whole name in a tooltip) before the tools do. */}
      <div className={mobile ? 'header-side header-right header-right-mobile' : 'header-side header-right'}>
        {!user.staff && (
          <Typography.Text strong ellipsis={{ tooltip: user.supplierName }} className="header-name header-supplier">
            {user.supplierName}
          </Typography.Text>
        )}
        {!mobile && (
          <Typography.Text type="secondary" ellipsis={{ tooltip: user.companyName }} className="header-name header-company">
            {user.companyName}
          </Typography.Text>
        )}
        {!user.staff && !mobile && (
          <Typography.Text type="secondary" className="header-operator">
            {t('punct.labelled', { label: t('shell.operator'), value: user.employeeName })}
          </Typography.Text>
        )}
        {!mobile && <HeaderSearch routes={routes} />}
        <Space size={0} wrap={false}>
          <NotificationBell />
          <ErrorLogButton />
          {!user.staff && <QrCodeButton />}
          {!user.staff && <HelpCenter />}
          {!mobile && <FullscreenToggle />}
          {!mobile && <SizeSelect />}
          <LanguageSwitch />
          <Button type="text" aria-label={t('shell.settings')} icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)} />
        </Space>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'info', label: t('shell.userInfo') },
              { key: 'password', label: t('shell.changePassword') },
              { key: 'twoFactor', label: t('mfa.menuEntry') },
              { key: 'sessions', label: t('session.menu') },
              { type: 'divider' },
              { key: 'logout', label: t('shell.logout') },
            ],
            onClick: ({ key }) => {
              if (key === 'logout') void logout();
              else if (key === 'twoFactor') navigate(`/twoFactor?redirect=${encodeURIComponent(location.pathname + location.search)}`);
              else if (key === 'sessions') navigate(mySessionsPath);
              else setDialog(key as 'info' | 'password');
            },
          }}
        >
          <a
            onClick={(e) => e.preventDefault()}
            href="#"
            // The name holds the account shown beside the icon ("用户菜单：100001"): a voice user says what they see.
            aria-label={shownAccount ? t('punct.labelled', { label: t('shell.userMenu'), value: shownAccount }) : t('shell.userMenu')}
          >
            <Space>
              <UserOutlined />
              {/* A phone keeps the header on one row: the account code goes, the icon opens the same menu. */}
              {shownAccount}
              <DownOutlined />
            </Space>
          </a>
        </Dropdown>
      </div>
      <Deferred when={settingsOpen}>
        <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      </Deferred>
      <Deferred when={dialog === 'info'}>
        <UserInfoDialog open={dialog === 'info'} onClose={() => setDialog(null)} />
      </Deferred>
      <Deferred when={dialog === 'password'}>
        <ChangePasswordDialog open={dialog === 'password'} forced={false} onClose={() => setDialog(null)} />
      </Deferred>
    </Layout.Header>
  );
}
