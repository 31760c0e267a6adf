// The breadcrumb from route titles: the menu folders down to the current page.
import type { RouteItem } from '@portal/contract';
import { Breadcrumb as AntBreadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { routePath } from '../lib/routes';
import { useUserStore } from '../stores/user';

function trail(items: RouteItem[], pathname: string): RouteItem[] | null {
  for (const item of items) {
    if (item.component !== 'Layout' && routePath(item).split('?')[0] === pathname) return [item];
    const below = trail(item.children, pathname);
    if (below) return [item, ...below];
  }
  return null;
}

export function Breadcrumb() {
  const { t } = useTranslation();
  const location = useLocation();
  const menu = useUserStore((s) => s.menu) ?? [];
  const chain = (trail(menu, location.pathname) ?? []).filter((r) => r.meta.breadcrumb !== false && r.path !== '/dashboard');
  return (
    <AntBreadcrumb
      items={[
        { title: <Link to="/dashboard">{t('shell.home')}</Link> },
        ...chain.map((r) => ({ title: r.meta.title })),
      ]}
    />
  );
}
