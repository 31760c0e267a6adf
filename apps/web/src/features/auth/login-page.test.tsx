// @vitest-environment jsdom
// The login's code step: after a right password an account with two-factor sign-in is asked for the code (phone
// keypad, one-time-code autofill), may use a recovery code instead, and is signed in by /user/loginCode; an
// expired challenge sends it back to the password.
import { type LoginResult, auth, mfa } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../stores/user';
import { fakeServer, installBrowserParts, renderPage } from '../../test/page';
import { LoginPage } from './login-page';

// jsdom is no secure context: the password's encryption stands in (the server tests check the real one).
vi.mock('../../api/crypto', () => ({
  InsecureContextError: class InsecureContextError extends Error {},
  encryptWith: async (_key: string, password: string) => `encrypted:${password}`,
}));

beforeAll(installBrowserParts);
beforeEach(() => useUserStore.getState().signOut());

const session: LoginResult = {
  token: 't',
  employeeCode: 'admin',
  employeeName: '系统管理员',
  supplierName: '',
  supplierCode: '',
  companyName: '华联超市',
  accountExpireWarn: '-1',
  matureDate: '',
  isEditPw: '0',
  pwPeriod: 80,
  staff: true,
};

function server(codeAnswer: () => unknown) {
  return fakeServer([
    [auth.publicKey, { publicKey: 'PEM', algorithm: 'RSA-OAEP-256' }],
    [auth.merchantsLogin, { twoFactor: 'code-needed', challenge: 'ch-1', expiresIn: 300, staff: true }],
    [mfa.loginCode, codeAnswer],
  ]);
}

async function passwordStep() {
  renderPage(<LoginPage staff />, { path: '/stafflogin?redirect=%2Fsettlement', route: '/stafflogin' });
  await userEvent.type(await screen.findByLabelText('用户名'), 'admin');
  await userEvent.type(screen.getByLabelText('密码'), 'pw{Enter}');
}

describe('login code step', () => {
  it('asks for the code after the password and signs in with it', async () => {
    const calls = server(() => session);
    await passwordStep();
    const input = await screen.findByLabelText('动态码');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(useUserStore.getState().signedIn).toBe(false);
    await userEvent.type(input, '123456{Enter}');
    expect(await screen.findByText('elsewhere')).toBeTruthy();
    expect(calls.to(mfa.loginCode)).toEqual([
      { path: mfa.loginCode.path, query: { tenantid: 'demo' }, body: { challenge: 'ch-1', code: '123456' } },
    ]);
    expect(useUserStore.getState()).toMatchObject({ signedIn: true, employeeCode: 'admin' });
  }, 90_000);

  it('takes a recovery code instead, and shows a wrong one', async () => {
    let tries = 0;
    const calls = server(() => {
      if (tries++ === 0) throw new Error('动态码错误、已使用或已过期');
      return session;
    });
    await passwordStep();
    await userEvent.click(await screen.findByRole('button', { name: '改用恢复码' }));
    await userEvent.type(await screen.findByLabelText('恢复码'), 'abcde-fghjk{Enter}');
    expect(await screen.findByText('动态码错误、已使用或已过期')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('恢复码'), 'abcde-fghjm{Enter}');
    await waitFor(() => expect(useUserStore.getState().signedIn).toBe(true));
    expect(calls.to(mfa.loginCode).map((c) => (c.body as { code: string }).code)).toEqual(['abcde-fghjk', 'abcde-fghjm']);
  }, 90_000);

  it('goes back to the password when the challenge has expired', async () => {
    server(
      () =>
        new Response(JSON.stringify({ code: '10001', success: false, data: null, message: '登录验证已过期，请重新输入用户名和密码' }), {
          status: 401,
        }),
    );
    await passwordStep();
    await userEvent.type(await screen.findByLabelText('动态码'), '123456{Enter}');
    expect(await screen.findByText('登录验证已过期，请重新输入用户名和密码')).toBeTruthy();
    expect(screen.getByLabelText('密码')).toBeTruthy();
    expect(screen.queryByLabelText('动态码')).toBeNull();
  }, 90_000);
});
