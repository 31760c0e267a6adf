// Flattening the server menu (route JSON of spec section 2) into the pages the router serves.
import type { RouteItem } from '@portal/contract';

export interface PageRoute {
  path: string;
  title: string;
  component: string;
  moudleCode: string;
  hidden: boolean;
  /** Never kept alive in the tags view (route meta noCache). */
  noCache: boolean;
}

/** Entries named `dynamic` live under /scmQuery. */
export function routePath(item: RouteItem): string {
  return item.name === 'dynamic' ? `/scmQuery${item.path.startsWith('/') ? '' : '/'}${item.path}` : item.path;
}

export function pageRoutes(menu: RouteItem[]): PageRoute[] {
  return menu.flatMap((item) => {
    const own = item.component && item.component !== 'Layout' && !/^https?:/.test(item.path)
      ? [{ path: routePath(item).split('?')[0]!, title: item.meta.title, component: item.component, moudleCode: item.moudleCode, hidden: item.hidden, noCache: item.meta.noCache ?? false }]
      : [];
    return [...own, ...pageRoutes(item.children)];
  });
}
