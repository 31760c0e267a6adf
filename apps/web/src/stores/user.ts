// The signed-in user: what the login answered, roles and menu once loaded; persisted in localStorage.
import type { LoginResult, RouteItem, UserInfo } from '@portal/contract';
import { ClientKeys } from '@portal/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { isUnloading } from '../lib/page-lifecycle';

export interface UserState {
  token: string;
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
  pendingNotice: Pick<LoginResult, 'isEditPw' | 'pwPeriod' | 'accountExpireWarn' | 'matureDate'> | null;
  signIn(result: LoginResult, tenantid: string): void;
  setProfile(info: UserInfo, menu: RouteItem[]): void;
  clearNotice(): void;
  signOut(): void;
}

const empty = {
  token: '', staff: false, employeeCode: '', employeeName: '', supplierCode: '', supplierName: '', companyName: '',
  roles: null, supInfo: null, menu: null, pendingNotice: null,
};

function setCookie(name: string, value: string) {
  document.cookie = value
    ? `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax`
    : `${name}=; path=/; max-age=0; SameSite=Lax`;
}

export const defaultTenant = (import.meta.env.VITE_TENANT_ID as string | undefined) ?? 'demo';

export const useUserStore = create<UserState>()(
  persist(
    (set) => ({
      ...empty,
      tenantid: defaultTenant,
      signIn(result, tenantid) {
        setCookie(ClientKeys.tokenCookie, result.token);
        setCookie('platform', tenantid);
        setCookie('employeeCode', result.employeeCode);
        setCookie('employeeName', result.employeeName);
        setCookie('supplierCode', result.supplierCode);
        set({
          token: result.token, tenantid, staff: result.staff, employeeCode: result.employeeCode, employeeName: result.employeeName,
          supplierCode: result.supplierCode, supplierName: result.supplierName, companyName: result.companyName,
          roles: null, supInfo: null, menu: null,
          pendingNotice: { isEditPw: result.isEditPw, pwPeriod: result.pwPeriod, accountExpireWarn: result.accountExpireWarn, matureDate: result.matureDate },
        });
      },
      setProfile(info, menu) {
        set({ roles: info.roles, supInfo: info.supInfo, menu, supplierName: info.supplierName, companyName: info.companyName, employeeName: info.employeeName });
      },
      clearNotice() {
        set({ pendingNotice: null });
      },
      signOut() {
        if (isUnloading()) return;
        for (const name of [ClientKeys.tokenCookie, 'platform', 'employeeCode', 'employeeName', 'supplierCode']) setCookie(name, '');
        // The staff flag stays: it decides which login page a signed-out user lands on.
        set((state) => ({ ...empty, staff: state.staff }));
      },
    }),
    {
      name: 'portal-user',
      partialize: (s) => ({
        token: s.token, tenantid: s.tenantid, staff: s.staff, employeeCode: s.employeeCode, employeeName: s.employeeName,
        supplierCode: s.supplierCode, supplierName: s.supplierName, companyName: s.companyName, pendingNotice: s.pendingNotice,
      }),
    },
  ),
);

export const loginPathOf = (staff: boolean) => (staff ? '/stafflogin' : '/login');
