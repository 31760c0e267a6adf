// The breadcrumb from route titles: the menu folders down to the current page.
import type { RouteItem } from '@portal/contract';
import { Breadcrumb as AntBreadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type PageRoute, localizeMenu, routePath, titleAt } from '../lib/routes';
import { usePageTitlesStore } from '../stores/page-titles';
import { useUserStore } from '../stores/user';

function trail(items: RouteItem[], pathname: string): RouteItem[] | null {
  for (const item of items) {
    if (item.component !== 'Layout' && routePath(item).split('?')[0] === pathname) return [item];
    const below = trail(item.children, pathname);
    if (below) return [item, ...below];
  }
  return null;
}

export function Breadcrumb({ routes }: { routes: PageRoute[] }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const menu = localizeMenu(useUserStore((s) => s.menu) ?? [], i18n.language);
  // A page outside the menu (a query page opened by link) names itself.
  const ownTitle = usePageTitlesStore((s) => s.titles[location.pathname]);
  // A hidden page under a module: the module's trail (its title linking back), then the page's title.
  const sub = routes.find((r) => r.path === location.pathname && r.parentPath);
  const chain = (trail(menu, sub?.parentPath ?? location.pathname) ?? []).filter(
    (r) => r.meta.breadcrumb !== false && r.path !== '/dashboard',
  );
  return (
    <AntBreadcrumb
      items={[
        { title: <Link to="/dashboard">{t('shell.home')}</Link> },
        ...chain.map((r) => ({
          title: sub && routePath(r) === sub.parentPath ? <Link to={sub.parentPath}>{r.meta.title}</Link> : r.meta.title,
        })),
        ...(sub ? [{ title: titleAt(sub, location.search, i18n.language) }] : []),
        ...(!sub && chain.length === 0 && ownTitle ? [{ title: ownTitle }] : []),
      ]}
    />
  );
}
