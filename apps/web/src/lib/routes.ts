// Flattening the server menu (route JSON of spec section 2) into the pages the router serves, plus the
// hidden pages a module opens below its own path (/employee/userDetail), which follow its grant.
import { type RouteItem, moduleTitlesEn } from '@portal/contract';

export interface PageRoute {
  path: string;
  /** The menu's (Chinese) title; `titleEn` in English where there is one. */
  title: string;
  titleEn?: string;
  component: string;
  moudleCode: string;
  hidden: boolean;
  /** Never kept alive in the tags view (route meta noCache). */
  noCache: boolean;
  /** For a hidden page under a module: the module's path (its menu entry stays selected). */
  parentPath?: string;
  /** The query parameter naming the record a page shows: its tab reads the title and that value ('结算单详情 JS…'). */
  titleParam?: string;
  /** A page that is several pages by its query (new or edit, a kind): the title of that one, else `title`. */
  titleFor?: TitleFor;
}

/** The titles of one variant of a page, picked from its query. */
export type TitleFor = (params: URLSearchParams) => { title: string; titleEn: string } | undefined;

/** A hidden page a module's component opens below the module's path. */
export interface SubPage {
  /** Relative to the module's path: 'userDetail' serves /employee/userDetail; or absolute ('/ctfImport'). */
  path: string;
  title: string;
  titleEn?: string;
  component: string;
  noCache?: boolean;
  titleParam?: string;
  titleFor?: TitleFor;
}

/** Entries named `dynamic` live under /scmQuery. */
export function routePath(item: RouteItem): string {
  return item.name === 'dynamic' ? `/scmQuery${item.path.startsWith('/') ? '' : '/'}${item.path}` : item.path;
}

export function pageRoutes(menu: RouteItem[], subPages: Record<string, SubPage[]> = {}): PageRoute[] {
  return menu.flatMap((item) => {
    if (!item.component || item.component === 'Layout' || /^https?:/.test(item.path)) return pageRoutes(item.children, subPages);
    const path = routePath(item).split('?')[0]!;
    const own: PageRoute = {
      path,
      title: item.meta.title,
      ...(englishTitle(item) ? { titleEn: englishTitle(item) } : {}),
      component: item.component,
      moudleCode: item.moudleCode,
      hidden: item.hidden,
      noCache: item.meta.noCache ?? false,
    };
    const below = (subPages[item.component] ?? []).map((sub): PageRoute => ({
      path: sub.path.startsWith('/') ? sub.path : `${path.replace(/\/$/, '')}/${sub.path}`,
      title: sub.title,
      ...(sub.titleEn ? { titleEn: sub.titleEn } : {}),
      component: sub.component,
      moudleCode: item.moudleCode,
      hidden: true,
      noCache: sub.noCache ?? false,
      parentPath: path,
      ...(sub.titleParam ? { titleParam: sub.titleParam } : {}),
      ...(sub.titleFor ? { titleFor: sub.titleFor } : {}),
    }));
    return [own, ...below, ...pageRoutes(item.children, subPages)];
  });
}

/** An entry's English title: the server's (query pages name theirs), else the contract's for a built-in module. */
const englishTitle = (item: RouteItem): string | undefined => item.meta.titleEn || moduleTitlesEn[item.moudleCode];

/** A page's title in the user's language. */
export const titleIn = (route: Pick<PageRoute, 'title' | 'titleEn'>, language: string): string =>
  language === 'en' ? (route.titleEn ?? route.title) : route.title;

/**
 * The title of a page at a path with its query: a page that is several pages by its query takes that one's title
 * (a new bill, a new advance bill), and a page showing one record (titleParam) adds the record's number, so that
 * two open tabs are two titles one can tell apart.
 */
export function titleAt(route: Pick<PageRoute, 'title' | 'titleEn' | 'titleParam' | 'titleFor'>, search: string, language: string): string {
  const params = new URLSearchParams(search);
  const title = titleIn(route.titleFor?.(params) ?? route, language);
  const record = route.titleParam ? params.get(route.titleParam)?.trim() : '';
  return record ? `${title} ${record}` : title;
}

/** An external module's name in the user's language (its Chinese name from the server, its English from the contract). */
export const moduleNameIn = (moudleCode: string, name: string, language: string): string =>
  titleIn({ title: name, titleEn: moduleTitlesEn[moudleCode] }, language);

/** The server menu with its titles in the user's language (a Chinese title stays where there is no English one). */
export function localizeMenu(menu: RouteItem[], language: string): RouteItem[] {
  if (language !== 'en') return menu;
  return menu.map((item) => ({
    ...item,
    meta: { ...item.meta, title: englishTitle(item) ?? item.meta.title },
    children: localizeMenu(item.children, language),
  }));
}
