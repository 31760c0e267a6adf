// The frame a signed-in user lives in: sidebar, top bar, tags view, main area; only the main area when
// the portal itself is framed. Title, scroll and usage tracking on every navigation.
import { Layout as LayoutTokens } from '@portal/contract';
import { Layout } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useUsageTracking } from '../lib/usage-tracking';
import type { PageRoute } from '../lib/routes';
import { useSettingsStore } from '../stores/settings';
import { Header } from './header';
import { Sidebar } from './sidebar';
import { TagsView } from './tags-view';
import { useTitleOf } from './view-host';

export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(window.innerWidth < LayoutTokens.mobileBreakpointPx);
  useEffect(() => {
    const resize = () => setMobile(window.innerWidth < LayoutTokens.mobileBreakpointPx);
    window.addEventListener('resize', resize);
    return () => window.removeEventListener('resize', resize);
  }, []);
  return mobile;
}

export function Shell({ routes, children }: { routes: PageRoute[]; children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const framed = window.self !== window.top;
  const settings = useSettingsStore();
  const mobile = useIsMobile();
  const titleOf = useTitleOf(routes);
  const title = titleOf(location.pathname + location.search);
  useUsageTracking(routes);

  useEffect(() => {
    document.title = title ? `${title} - ${t('app.title')}` : t('app.title');
    window.scrollTo(0, 0);
  }, [location.pathname, title, t]);
  // On small screens the sidebar is closed, and closes again after each navigation; the user's own choice for
  // wide screens (sidebarOpened) is left as it was, so widening the window brings it back.
  useEffect(() => {
    useSettingsStore.setState({ mobileSidebarOpened: false });
  }, [mobile, location.pathname]);

  if (framed)
    return (
      <main>
        <h1 className="sr-only">{title ?? t('app.title')}</h1>
        {children}
      </main>
    );
  return (
    <Layout style={{ minHeight: '100vh' }} data-device={mobile ? 'mobile' : 'desktop'}>
      <Sidebar routes={routes} collapsed={mobile ? !settings.mobileSidebarOpened : !settings.sidebarOpened} mobile={mobile} />
      <Layout>
        <div className="print-hidden" style={settings.fixedHeader ? { position: 'sticky', top: 0, zIndex: 10 } : undefined}>
          <Header routes={routes} mobile={mobile} />
          {settings.tagsView && <TagsView routes={routes} />}
        </div>
        <Layout.Content role="main" style={{ margin: 16 }}>
          <h1 className="sr-only">{title ?? t('app.title')}</h1>
          {children}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
