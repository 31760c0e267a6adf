// The sidebar menu from the server's route JSON: submenus, single-child folders collapse to a leaf,
// external links open a new tab, hidden entries stay out.
import type { RouteItem } from '@portal/contract';
import { Layout as LayoutTokens } from '@portal/contract';
import { Layout, Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { routePath } from '../lib/routes';
import { useUserStore } from '../stores/user';

type Item = Required<MenuProps>['items'][number];

function toItems(routes: RouteItem[]): Item[] {
  return routes.filter((r) => !r.hidden).map((route): Item => {
    const visibleChildren = route.children.filter((c) => !c.hidden);
    if (visibleChildren.length === 1 && !route.alwaysShow) return toItems(visibleChildren)[0]!;
    if (visibleChildren.length > 0) return { key: route.moudleCode, label: route.meta.title, children: toItems(visibleChildren) };
    return { key: routePath(route), label: route.meta.title };
  });
}

export function Sidebar() {
  const menu = useUserStore((s) => s.menu);
  const navigate = useNavigate();
  const location = useLocation();
  const items = useMemo(() => toItems(menu ?? []), [menu]);
  const openKeys = useMemo(() => (menu ?? []).filter((r) => r.children.some((c) => routePath(c).split('?')[0] === location.pathname)).map((r) => r.moudleCode), [menu, location.pathname]);
  return (
    <Layout.Sider width={LayoutTokens.sidebarWidthPx} theme="dark" breakpoint="lg" collapsedWidth={0} style={{ minHeight: '100vh' }}>
      <nav aria-label="主菜单">
        <Menu
          theme="dark"
          mode="inline"
          items={items}
          selectedKeys={[location.pathname]}
          defaultOpenKeys={openKeys}
          onClick={({ key }) => {
            if (/^https?:\/\//.test(key)) window.open(key, '_blank', 'noopener');
            else navigate(key);
          }}
        />
      </nav>
    </Layout.Sider>
  );
}
