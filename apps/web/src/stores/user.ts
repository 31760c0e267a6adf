// The signed-in user: what the login answered, roles and menu once loaded; persisted in localStorage.
// The session token is not kept here: the server holds it in an HttpOnly cookie scripts cannot read.
import type { LoginResult, RouteItem, UserInfo } from '@portal/contract';
import { ClientKeys } from '@portal/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { isUnloading } from '../lib/page-lifecycle';

export interface UserState {
  /** Signed in: the server set the session cookie (the token itself is never stored by the page). */
  signedIn: boolean;
  tenantid: string;
  staff: boolean;
  employeeCode: string;
  employeeName: string;
  supplierCode: string;
  supplierName: string;
  companyName: string;
  /** Loaded after sign-in (getInfo); not persisted, so a reload fetches them afresh. */
  roles: string[] | null;
  supInfo: UserInfo['supInfo'] | null;
  menu: RouteItem[] | null;
  /** The login answer's password and expiry state, for the dialogs shown after sign-in. */
  /** What the login answer asks the user to see, and when it came (epoch ms: the dialogs' delays count from it). */
  pendingNotice: (Pick<LoginResult, 'isEditPw' | 'pwPeriod' | 'accountExpireWarn' | 'matureDate'> & { answeredAt: number }) | null;
  /** The account must enrol in two-factor sign-in first: the session reaches only /twoFactor (not persisted). */
  twoFactorPending: boolean;
  setTwoFactorPending(pending: boolean): void;
  signIn(result: LoginResult, tenantid: string): void;
  setProfile(info: UserInfo, menu: RouteItem[]): void;
  /** The server menu again (after a change that adds or renames an entry of the user's own menu). */
  setMenu(menu: RouteItem[]): void;
  clearNotice(): void;
  signOut(): void;
}

const empty = {
  signedIn: false,
  staff: false,
  employeeCode: '',
  employeeName: '',
  supplierCode: '',
  supplierName: '',
  companyName: '',
  roles: null,
  supInfo: null,
  menu: null,
  pendingNotice: null,
  twoFactorPending: false,
};

function setCookie(name: string, value: string) {
  document.cookie = value ? `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax` : `${name}=; path=/; max-age=0; SameSite=Lax`;
}

/** The double-submit value the server set beside the session cookie, echoed in a header on every call. */
export function csrfToken(): string {
  const prefix = `${ClientKeys.csrfCookie}=`;
  const found = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : '';
}

export const defaultTenant = (import.meta.env.VITE_TENANT_ID as string | undefined) ?? 'demo';

export const useUserStore = create<UserState>()(
  persist(
    (set, get) => ({
      ...empty,
      tenantid: defaultTenant,
      signIn(result, tenantid) {
        setCookie('platform', tenantid);
        setCookie('employeeCode', result.employeeCode);
        setCookie('employeeName', result.employeeName);
        setCookie('supplierCode', result.supplierCode);
        set({
          signedIn: true,
          tenantid,
          staff: result.staff,
          employeeCode: result.employeeCode,
          employeeName: result.employeeName,
          supplierCode: result.supplierCode,
          supplierName: result.supplierName,
          companyName: result.companyName,
          roles: null,
          supInfo: null,
          menu: null,
          pendingNotice: {
            isEditPw: result.isEditPw,
            pwPeriod: result.pwPeriod,
            accountExpireWarn: result.accountExpireWarn,
            matureDate: result.matureDate,
            answeredAt: Date.now(),
          },
        });
      },
      setProfile(info, menu) {
        set({
          roles: info.roles,
          supInfo: info.supInfo,
          menu,
          supplierName: info.supplierName,
          companyName: info.companyName,
          employeeName: info.employeeName,
        });
      },
      setTwoFactorPending(pending) {
        // Enrolled: the profile and menu load afresh (the guard asks for them when roles are null).
        set(pending ? { twoFactorPending: true } : { twoFactorPending: false, roles: null, menu: null });
      },
      setMenu(menu) {
        if (get().signedIn) set({ menu });
      },
      clearNotice() {
        set({ pendingNotice: null });
      },
      signOut() {
        if (isUnloading()) return;
        // Without the double-submit value the HttpOnly session cookie no longer counts (the server removes it at logout).
        for (const name of [ClientKeys.csrfCookie, 'platform', 'employeeCode', 'employeeName', 'supplierCode']) setCookie(name, '');
        // The staff flag stays: it decides which login page a signed-out user lands on.
        set((state) => ({ ...empty, staff: state.staff }));
      },
    }),
    {
      name: 'portal-user',
      partialize: (s) => ({
        signedIn: s.signedIn,
        tenantid: s.tenantid,
        staff: s.staff,
        employeeCode: s.employeeCode,
        employeeName: s.employeeName,
        supplierCode: s.supplierCode,
        supplierName: s.supplierName,
        companyName: s.companyName,
        pendingNotice: s.pendingNotice,
      }),
    },
  ),
);

export const loginPathOf = (staff: boolean) => (staff ? '/stafflogin' : '/login');
