import { ClientKeys, Messages, acceptance } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../stores/user';
import { call, currentSession, signOutTo } from './client';

// The user store persists to localStorage when it is made (at import): a memory one here.
vi.hoisted(() => {
  const items = new Map<string, string>();
  Object.assign(globalThis, {
    localStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
      removeItem: (key: string) => items.delete(key),
    },
  });
});
vi.mock('antd', () => ({ message: { error: vi.fn(), warning: vi.fn(), success: vi.fn() } }));

/** document.cookie as a browser keeps it: one value per name, `max-age=0` removes it. */
function cookieJar() {
  const jar = new Map<string, string>();
  return {
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(text: string) {
      const [pair = '', ...attributes] = text.split('; ');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      if (attributes.includes('max-age=0')) jar.delete(name);
      else jar.set(name, pair.slice(at + 1));
    },
  };
}

const signInAs = (csrf: string) => {
  document.cookie = `${ClientKeys.csrfCookie}=${csrf}; path=/`;
  useUserStore.getState().signIn(
    {
      staff: false,
      employeeCode: '100001-01',
      employeeName: '结算员',
      supplierCode: '100001',
      supplierName: '供应商',
      companyName: '公司',
      isEditPw: false,
      pwPeriod: null,
      accountExpireWarn: false,
      matureDate: null,
    } as never,
    'demo',
  );
};

describe('an answer that ends the session', () => {
  let answer: (res: Response) => void = () => undefined;
  beforeEach(() => {
    vi.stubGlobal('document', cookieJar());
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
  });
  afterEach(() => {
    useUserStore.getState().signOut();
    vi.unstubAllGlobals();
  });

  const expired = () =>
    new Response(JSON.stringify({ code: '401', message: Messages.tokenInvalid['zh-CN'], data: null }), {
      status: 401,
      headers: { 'content-type': 'application/json' },
    });
  const listCall = () => call(acceptance.exportCsv, { body: { startDate: '2026-01-01', endDate: '2026-01-31' } });

  it('signs out the session the call was sent in', async () => {
    signInAs('first');
    const pending = listCall();
    answer(expired());
    await expect(pending).rejects.toMatchObject({ status: 401 });
    expect(useUserStore.getState().signedIn).toBe(false);
  });

  it('leaves a session started while the call was under way signed in', async () => {
    signInAs('first');
    const pending = listCall();
    // The password change ended the first session; the user signed in again before the old call answered.
    useUserStore.getState().signOut();
    signInAs('second');
    answer(expired());
    await expect(pending).rejects.toMatchObject({ status: 401 });
    expect(useUserStore.getState().signedIn).toBe(true);
    expect(currentSession()).toBe('second');
  });

  it("leaves the next session signed in when the password change's sign-out timer fires late", () => {
    signInAs('first');
    const session = currentSession();
    useUserStore.getState().signOut();
    signInAs('second');
    signOutTo(undefined, session);
    expect(useUserStore.getState().signedIn).toBe(true);
    signOutTo();
    expect(useUserStore.getState().signedIn).toBe(false);
  });
});
