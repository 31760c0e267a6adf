// The routes and the guard of spec sections 2 and 4: whitelist, login redirects, lazy role loading,
// server-delivered pages, and a catch-all 404 after them so that a reload on a server route works.
import { ResultCode, auth, menu } from '@portal/contract';
import { message } from 'antd';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { ApiFailure, call, endsSession } from '../api/client';
import { ErrorPage } from '../components/error-page';
import { LoginPage } from '../features/auth/login-page';
import { tryIdentityProviderLogin } from '../features/auth/identity-provider';
import { safeRedirect } from '../lib/safe-redirect';
import { loginPathOf, useUserStore } from '../stores/user';
import { loading } from './loading';
import { CoApplyPage, DynamicQueryPage, loadDashboard, shellFreePages, twoFactorPath } from './page-registry';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage staff={false} />} />
      <Route path="/stafflogin" element={<LoginPage staff />} />
      <Route path="/auth-redirect" element={<AuthRedirect />} />
      {/* Reachable without signing in (spec section 2): the cooperation application. */}
      <Route
        path="/coApply"
        element={
          <Suspense fallback={loading}>
            <CoApplyPage />
          </Suspense>
        }
      />
      <Route path="/404" element={<ErrorPage status={404} />} />
      <Route path="/401" element={<ErrorPage status={401} />} />
      <Route path="/*" element={<RequireSession />} />
    </Routes>
  );
}

/**
 * The identity provider's return address (spec section 2, reachable signed out): a signed-in user goes on at once;
 * otherwise the provider's cookie login is finished (spec section 4), and without one the visitor goes to the login
 * page matching the staff flag, as the route guard sends signed-out users (spec section 2), with the target kept.
 */
function AuthRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const redirect = safeRedirect(params.get('redirect'));
    const { signedIn, staff } = useUserStore.getState();
    if (signedIn) {
      navigate(redirect, { replace: true });
      return;
    }
    void tryIdentityProviderLogin().then((ok) =>
      navigate(ok ? redirect : `${loginPathOf(staff)}?redirect=${encodeURIComponent(redirect)}`, { replace: true }),
    );
  }, [location.search, navigate]);
  return loading;
}

function RequireSession() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = useUserStore((s) => s.signedIn);
  const roles = useUserStore((s) => s.roles);
  const staff = useUserStore((s) => s.staff);
  const twoFactorPending = useUserStore((s) => s.twoFactorPending);
  // Inside a frame, the identity provider's cookie may sign the user in without a form: tried once, when the
  // frame has no session, or when the session it remembered turns out to be gone (getInfo answered 401).
  const framed = window.self !== window.top;
  const identityTried = useRef(!framed);
  const [framedDone, setFramedDone] = useState(!framed);
  useEffect(() => {
    if (signedIn || identityTried.current) return;
    identityTried.current = true;
    setFramedDone(false);
    void tryIdentityProviderLogin().finally(() => setFramedDone(true));
  }, [signedIn]);

  // Roles load lazily: getInfo and the menu (asked together, read in that order), then the navigation goes on.
  useEffect(() => {
    if (!signedIn || roles) return;
    let cancelled = false;
    const fail = (text: string) => {
      const { staff: isStaff, signOut } = useUserStore.getState();
      signOut();
      void message.error({ content: text, duration: 5, key: 'signed-out' });
      // A frame tries the identity provider first; the guard below then signs in or goes to the login page.
      if (!identityTried.current) return;
      navigate(`${loginPathOf(isStaff)}?redirect=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
    };
    (async () => {
      try {
        // The menu is asked for beside the user info (one round trip less before the first screen); its answer
        // counts only once the user info has come and passed.
        const menuCall = call(menu.queryMerchantsModuleList, { query: {} }, { silent: true });
        menuCall.catch(() => undefined);
        // Spec section 8: user-info data missing gives '校验失败 请重新登陆:' and the server's message.
        const info = await call(auth.getInfo, { query: {} }, { silent: true }).catch((err: unknown) => {
          if (err instanceof ApiFailure && !endsSession(err)) throw new ApiFailure(err.status, err.code, `${verifyFailed}${err.message}`);
          throw err;
        });
        if (cancelled) return;
        if (!info) return fail(`${verifyFailed}${t('errors.hasError')}`);
        if (!info.roles?.length) return fail(t('errors.noPermission'));
        const routes = await menuCall.catch((err: unknown) => {
          // The account must enrol in two-factor sign-in first: the enrolment page, without the shell and its menu.
          if (err instanceof ApiFailure && err.code === ResultCode.mfaEnrolmentRequired) return null;
          throw err;
        });
        if (cancelled) return;
        if (routes === null) useUserStore.getState().setTwoFactorPending(true);
        useUserStore.getState().setProfile(info, routes ?? []);
      } catch (err) {
        if (!cancelled) fail(err instanceof ApiFailure ? err.message : t('errors.hasError'));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [signedIn, roles, navigate, location.pathname, location.search, t]);

  if (!signedIn) {
    // Generic query pages are on the whitelist: shown without signing in (public definitions answer).
    if (location.pathname.includes('/dynamic/query/'))
      return (
        <main style={{ padding: 16 }}>
          <Suspense fallback={loading}>
            <DynamicQueryPage />
          </Suspense>
        </main>
      );
    if (!framedDone) return loading;
    const redirect = `${location.pathname}${location.search}`;
    return <Navigate to={`${loginPathOf(staff)}?redirect=${encodeURIComponent(redirect)}`} replace />;
  }
  if (!roles) return loading;
  if (twoFactorPending && location.pathname !== twoFactorPath)
    return <Navigate to={`${twoFactorPath}?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  const ShellFree = Object.hasOwn(shellFreePages, location.pathname) ? shellFreePages[location.pathname] : undefined;
  if (ShellFree)
    return (
      <Suspense fallback={loading}>
        <ShellFree />
      </Suspense>
    );
  return (
    <Suspense fallback={loading}>
      <SignedIn />
    </Suspense>
  );
}

/** The spec's prefix of a user-info failure (section 8), followed by the server's message. */
const verifyFailed = '校验失败 请重新登陆:';

const loadSignedIn = () => import('./signed-in');
const SignedIn = lazy(loadSignedIn);

// A session opening the landing page: the shell's and the page's code load beside the session's calls
// (user info, menu) instead of one after the other.
if (useUserStore.getState().signedIn && ['/', '/dashboard'].includes(window.location.pathname)) {
  void loadSignedIn();
  void loadDashboard();
}
