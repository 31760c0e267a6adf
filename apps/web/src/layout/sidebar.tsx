// The sidebar (150 px; 200 px in English, whose names run longer) from the server's route JSON: submenus, a single-child folder collapses to a leaf,
// external links open a new tab, single-sign-on modules open the partner, hidden entries stay out.
import type { RouteItem } from '@portal/contract';
import { Layout as LayoutTokens } from '@portal/contract';
import { Layout, Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { type PageRoute, localizeMenu, routePath } from '../lib/routes';
import { isExternal } from '../lib/validate';
import { useSettingsStore } from '../stores/settings';
import { useUserStore } from '../stores/user';
import { menuIcon } from './menu-icons';
import { isSso, openSso } from './sso';

type Item = Required<MenuProps>['items'][number];

/** The menu's entries; top-level ones carry an icon (a single-child folder lends its own to its child). */
function toItems(routes: RouteItem[], top = true): Item[] {
  return routes
    .filter((r) => !r.hidden)
    .map((route): Item => {
      const icon = top ? { icon: menuIcon(route.meta.icon) } : {};
      const visibleChildren = route.children.filter((c) => !c.hidden);
      if (visibleChildren.length === 1 && !route.alwaysShow) return { ...toItems(visibleChildren, false)[0]!, ...icon } as Item;
      if (visibleChildren.length > 0)
        return { key: `folder:${route.moudleCode}`, label: route.meta.title, children: toItems(visibleChildren, false), ...icon };
      return { key: isSso(route.moudleCode) ? `sso:${route.moudleCode}` : routePath(route), label: route.meta.title, ...icon };
    });
}

export function Sidebar({ routes, collapsed, mobile }: { routes: PageRoute[]; collapsed: boolean; mobile: boolean }) {
  const { t, i18n } = useTranslation();
  const ownMenu = useUserStore((s) => s.menu);
  const serverMenu = useMemo(() => ownMenu && localizeMenu(ownMenu, i18n.language), [ownMenu, i18n.language]);
  const sidebarLogo = useSettingsStore((s) => s.sidebarLogo);
  const fixedHeader = useSettingsStore((s) => s.fixedHeader);
  const navigate = useNavigate();
  const location = useLocation();
  const items = useMemo(() => toItems(serverMenu ?? []), [serverMenu]);
  // A hidden page under a module keeps the module's entry selected.
  const pathname = routes.find((r) => r.path === location.pathname)?.parentPath ?? location.pathname;
  const selected = pathname.startsWith('/iframe/') ? `${pathname}${location.search}` : pathname;
  const openKeys = useMemo(
    () =>
      (serverMenu ?? [])
        .filter((r) => r.children.some((c) => routePath(c).split('?')[0] === pathname))
        .map((r) => `folder:${r.moudleCode}`),
    [serverMenu, pathname],
  );
  return (
    <Layout.Sider
      className="print-hidden"
      width={i18n.language === 'en' ? LayoutTokens.sidebarWidthEnPx : LayoutTokens.sidebarWidthPx}
      collapsed={collapsed}
      collapsedWidth={mobile ? 0 : 54}
      trigger={null}
      theme="dark"
      style={
        mobile
          ? { position: 'fixed', zIndex: 20, height: '100vh' }
          : // With a fixed header the menu stays in view too, scrolling on its own when it is taller than the window.
            fixedHeader
            ? { position: 'sticky', top: 0, height: '100vh', overflowY: 'auto' }
            : { minHeight: '100vh' }
      }
    >
      {sidebarLogo && (
        <div style={{ height: 48, color: '#fff', display: 'flex', alignItems: 'center', justifyContent: 'center', fontWeight: 600 }}>
          <img src="/favicon.svg" alt="" width={24} height={24} style={{ marginRight: collapsed ? 0 : 8 }} />
          {!collapsed && t('app.title').slice(0, 5)}
        </div>
      )}
      <nav aria-label={t('shell.mainMenu')}>
        {/*
          The current page's folder starts open in the open sidebar only: a collapsed sidebar (phone, narrow desktop)
          shows open folders as flyouts, which would cover the header after every load. Collapsing or opening the
          sidebar starts a fresh menu for the same reason (the menu itself would hand its open folders to the
          flyouts); the open folders stay uncontrolled, so no entry is measured mid-animation.
        */}
        <Menu
          key={collapsed ? 'collapsed' : 'open'}
          className="sidebar-menu"
          theme="dark"
          mode="inline"
          items={items}
          selectedKeys={[selected]}
          defaultOpenKeys={collapsed ? [] : openKeys}
          onClick={({ key }) => {
            if (key.startsWith('sso:')) void openSso(key.slice(4));
            else if (isExternal(key)) window.open(key, '_blank', 'noopener');
            else navigate(key);
          }}
        />
      </nav>
    </Layout.Sider>
  );
}
