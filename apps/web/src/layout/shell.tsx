// The frame a signed-in user lives in: sidebar, top bar, main area; only the main area when framed.
import { Layout } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { PageRoute } from '../lib/routes';
import { Header } from './header';
import { LoginNotices } from './login-notices';
import { Sidebar } from './sidebar';

export function Shell({ routes, children }: { routes: PageRoute[]; children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const framed = window.self !== window.top;

  useEffect(() => {
    const title = routes.find((r) => r.path === location.pathname)?.title;
    document.title = title ? `${title} - ${t('app.title')}` : t('app.title');
    window.scrollTo(0, 0);
  }, [location.pathname, routes, t]);

  if (framed) return <main>{children}</main>;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Sidebar />
      <Layout>
        <Header />
        <Layout.Content role="main" style={{ margin: 16 }}>{children}</Layout.Content>
      </Layout>
      <LoginNotices />
    </Layout>
  );
}
