// Renders the routed page and keeps visited pages alive: every cached tab stays mounted (hidden when
// not active), so its state survives tab switches; noCache views and pages that are not tabs are not kept.
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { memo, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Location,
  NavigationType,
  Routes,
  UNSAFE_LocationContext as LocationContext,
  UNSAFE_RouteContext as RouteContext,
  useLocation,
} from 'react-router';
import { moduleNameIn, type PageRoute, titleAt, titleIn } from '../lib/routes';
import { usePageTitlesStore } from '../stores/page-titles';
import { useTagsViewStore } from '../stores/tags-view';
import { useSettingsStore } from '../stores/settings';
import { useExternalModules } from './iframe-page';

// The bar is decoration: its default template carries role="bar", which is no ARIA role.
NProgress.configure({
  showSpinner: false,
  barSelector: '.bar',
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
});

function locationOf(path: string): Location {
  const url = new URL(path, window.location.origin);
  return { pathname: url.pathname, search: url.search, hash: '', state: null, key: path };
}

/** Title of a path (with its query): its route's title, or the external module's name for a frame. */
export function useTitleOf(routes: PageRoute[]) {
  const { data: modules } = useExternalModules();
  const { i18n } = useTranslation();
  const ownTitles = usePageTitlesStore((s) => s.titles);
  return (path: string): string | undefined => {
    const query = path.indexOf('?');
    const pathname = query < 0 ? path : path.slice(0, query);
    const frame = /^\/iframe\/urlPath\/([^/]+)/.exec(pathname);
    if (frame) {
      const code = frame[1]!;
      return moduleNameIn(code, modules?.find((m) => m.moudleCode === code)?.name ?? code, i18n.language);
    }
    const route = routes.find((r) => r.path === pathname);
    return route ? titleAt(route, query < 0 ? '' : path.slice(query), i18n.language) : ownTitles[pathname];
  };
}

/** The route context of a routing root: a kept view's routes match from the top, as the app's own do. */
const rootRoute = { outlet: null, matches: [], isDataRoute: false };

/**
 * A kept tab: its page under its own location, hidden unless it is the current one. Moving between tabs renders
 * only the two whose `active` changed. Routes reads the router's location and the enclosing route (the app's `/*`,
 * whose match changes with every URL) even when handed a location of its own, so each view is a routing root with
 * a location context that never changes: without them every hidden page reading the router (useNavigate does)
 * rendered again on every navigation, and each open tab made every menu click slower.
 */
const KeptView = memo(function KeptView({ path, active, children }: { path: string; active: boolean; children: ReactNode }) {
  const own = useMemo(() => ({ location: locationOf(path), navigationType: NavigationType.Pop }), [path]);
  return (
    <div hidden={!active} data-view={path}>
      <RouteContext.Provider value={rootRoute}>
        <LocationContext.Provider value={own}>
          <Routes location={own.location}>{children}</Routes>
        </LocationContext.Provider>
      </RouteContext.Provider>
    </div>
  );
});

export function ViewHost({ routes, children }: { routes: PageRoute[]; children: ReactNode }) {
  const location = useLocation();
  const views = useTagsViewStore((s) => s.views);
  const addView = useTagsViewStore((s) => s.addView);
  const tagsView = useSettingsStore((s) => s.tagsView);
  const titleOf = useTitleOf(routes);
  const { i18n } = useTranslation();
  const current = location.pathname + location.search;
  const title = titleOf(current);
  const noCache = routes.find((r) => r.path === location.pathname)?.noCache ?? false;

  // The dashboard is always open as a fixed tab.
  useEffect(() => {
    const home = routes.find((r) => r.path === '/dashboard');
    if (home) addView({ path: '/dashboard', pathname: '/dashboard', title: titleIn(home, i18n.language), affix: true, noCache: false });
  }, [routes, addView, i18n.language]);

  useEffect(() => {
    NProgress.start();
    const frame = requestAnimationFrame(() => NProgress.done());
    if (title && !location.pathname.startsWith('/redirect')) {
      addView({ path: current, pathname: location.pathname, title, affix: location.pathname === '/dashboard', noCache });
    }
    return () => cancelAnimationFrame(frame);
  }, [current, location.pathname, title, noCache, addView]);

  // A tab is drawn from the first time it is shown: the fixed dashboard tab does
  // not render, load and query in the background of the page the user opened until it is switched to.
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set([current]));
  if (!shown.has(current)) setShown(new Set(shown).add(current));

  // The current page counts as kept from its first render, so adding its tab does not remount it.
  const willKeep = tagsView && Boolean(title) && !noCache && !location.pathname.startsWith('/redirect');
  const kept = useMemo(() => {
    const list = tagsView ? views.filter((v) => !v.noCache && shown.has(v.path)) : [];
    return willKeep && !list.some((v) => v.path === current) ? [...list, { path: current, version: 0 }] : list;
  }, [views, tagsView, willKeep, current, shown]);
  const currentKept = kept.some((v) => v.path === current);
  return (
    <>
      {kept.map((view) => (
        <KeptView key={`${view.path}#${view.version}`} path={view.path} active={view.path === current}>
          {children}
        </KeptView>
      ))}
      {!currentKept && <Routes>{children}</Routes>}
    </>
  );
}
