// The top bar: supplier, company and operator names; the user menu with info, password change, logout.
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { auth } from '@portal/contract';
import { Dropdown, Layout, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../api/client';
import { loginPathOf, useUserStore } from '../stores/user';
import { ChangePasswordDialog } from './change-password-dialog';
import { UserInfoDialog } from './user-info-dialog';

export function Header() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserStore();
  const [dialog, setDialog] = useState<'info' | 'password' | null>(null);

  const logout = async () => {
    await call(auth.logout, {}, { silent: true }).catch(() => undefined);
    const staff = useUserStore.getState().staff;
    useUserStore.getState().signOut();
    navigate(loginPathOf(staff), { replace: true });
  };

  return (
    <Layout.Header role="banner" style={{ background: '#fff', padding: '0 16px', display: 'flex', alignItems: 'center', justifyContent: 'space-between', boxShadow: '0 1px 4px rgba(0,21,41,.08)' }}>
      <Space size="large">
        {!user.staff && <Typography.Text strong>{user.supplierName}</Typography.Text>}
        <Typography.Text type="secondary">{user.companyName}</Typography.Text>
      </Space>
      <Space size="large">
        {!user.staff && <Typography.Text type="secondary">{t('shell.operator')}：{user.employeeName}</Typography.Text>}
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'info', label: t('shell.userInfo') },
              { key: 'password', label: t('shell.changePassword') },
              { type: 'divider' },
              { key: 'logout', label: t('shell.logout') },
            ],
            onClick: ({ key }) => (key === 'logout' ? void logout() : setDialog(key as 'info' | 'password')),
          }}
        >
          <a onClick={(e) => e.preventDefault()} href="#" aria-label={t('shell.userMenu')}>
            <Space><UserOutlined />{user.staff ? user.employeeName : user.employeeCode}<DownOutlined /></Space>
          </a>
        </Dropdown>
      </Space>
      <UserInfoDialog open={dialog === 'info'} onClose={() => setDialog(null)} />
      <ChangePasswordDialog open={dialog === 'password'} forced={false} onClose={() => setDialog(null)} />
    </Layout.Header>
  );
}
