// The signed-in part of the app: the shell around the server-delivered pages, loaded after sign-in.
import { Suspense, useMemo } from 'react';
import { Navigate, Route } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import IframePage from '../layout/iframe-page';
import RedirectPage from '../layout/redirect-page';
import SsoPage from '../layout/sso-page';
import { Shell } from '../layout/shell';
import { ViewHost } from '../layout/view-host';
import { pageRoutes } from '../lib/routes';
import { useUserStore } from '../stores/user';
import { loading } from './loading';
import { UnservedPage } from './unserved-page';
import { mySessionsPath } from '../features/session/paths';
import { DynamicQueryPage, GridExamplePage, ModuleNotReady, MySessionsPage, pages, subPages } from './page-registry';

export default function SignedIn() {
  const serverMenu = useUserStore((s) => s.menu);
  const routes = useMemo(() => pageRoutes(serverMenu ?? [], subPages), [serverMenu]);
  // Accounts without the dashboard (a child granted other modules only) land on their first page.
  const firstPage = routes.some((r) => r.path === '/dashboard') ? null : routes.find((r) => !r.hidden && r.component !== 'iframe')?.path;
  return (
    <Shell routes={routes}>
      <ErrorBoundary>
        <Suspense fallback={loading}>
          <ViewHost routes={routes}>
            <Route index element={<Navigate to="/dashboard" replace />} />
            {firstPage && <Route path="/dashboard" element={<Navigate to={firstPage} replace />} />}
            {routes
              .filter((route) => route.component !== 'iframe')
              .map((route) => {
                const Page = pages[route.component] ?? ModuleNotReady;
                return <Route key={route.path} path={route.path} element={<Page />} />;
              })}
            <Route path="/iframe/urlPath/:moudleCode" element={<IframePage />} />
            <Route path="/redirect/*" element={<RedirectPage />} />
            <Route path="/sso/:moudleCode" element={<SsoPage />} />
            <Route path="/grid-example" element={<GridExamplePage />} />
            <Route path={mySessionsPath} element={<MySessionsPage />} />
            <Route path="/scmQuery/dynamic/query/:queryCode" element={<DynamicQueryPage />} />
            <Route path="*" element={<UnservedPage />} />
          </ViewHost>
        </Suspense>
      </ErrorBoundary>
    </Shell>
  );
}
