// CSRF and the session cookie: the cookie is HttpOnly, and it never authenticates a call alone; the web
// app proves same-origin with the double-submit header, API clients send the token header.
import { ClientKeys } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession, createTestApp, login, type TestApp } from '../test/helpers';
import { sessionCookies } from './session-cookie';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The cookies a login answer sets, by name, with their attributes. */
function setCookies(res: { headers: Record<string, unknown> }): Map<string, string> {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? (raw as string[]) : [String(raw)];
  return new Map(list.map((c) => [c.slice(0, c.indexOf('=')), c]));
}

const valueOf = (cookie: string) => decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1, cookie.indexOf(';')));

const webSession = () => browserSession(t.app, '100001');

const childIsUsed = async () =>
  (await t.database.db.selectFrom('account').select('is_used').where('employee_code', '=', '100001-01').executeTakeFirstOrThrow()).is_used;

describe('the session cookie', () => {
  it('is set by the server at login, HttpOnly, beside a script-readable value that is not the token', async () => {
    const res = await login(t.app, '100001');
    const cookies = setCookies(res);
    const session = cookies.get(ClientKeys.tokenCookie)!;
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);
    expect(session).not.toMatch(/; Secure/);
    expect(valueOf(session)).toBe(res.json().data.token);
    const csrf = cookies.get(ClientKeys.csrfCookie)!;
    expect(csrf).not.toMatch(/HttpOnly/);
    expect(valueOf(csrf)).not.toContain(res.json().data.token);
  });

  it('is Secure when the portal is served over HTTPS', () => {
    for (const cookie of sessionCookies('key', 'token', { secure: true, maxAgeSeconds: 60 })) expect(cookie).toMatch(/; Secure/);
  });

  it('is removed at logout', async () => {
    const { cookie, csrf } = await webSession();
    const res = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { cookie, [ClientKeys.csrfHeader]: csrf } });
    expect(res.json().code).toBe('1');
    expect(setCookies(res).get(ClientKeys.tokenCookie)).toMatch(/Max-Age=0/);
  });
});

describe('cross-site requests', () => {
  it('do not disable an account with the cookie alone (a link from another site)', async () => {
    const { cookie } = await webSession();
    const res = await t.app.inject({ method: 'GET', url: '/api/user/changeIsUsed?employeeCode=100001-01&isUsed=0', headers: { cookie } });
    expect(res.statusCode).toBe(401);
    expect(await childIsUsed()).toBe(true);
  });

  it('do not read data with the cookie alone either, nor with a wrong double-submit value', async () => {
    const { cookie } = await webSession();
    expect((await t.app.inject({ method: 'GET', url: '/api/user/getInfo', headers: { cookie } })).statusCode).toBe(401);
    const forged = await t.app.inject({ method: 'GET', url: '/api/user/getInfo', headers: { cookie, [ClientKeys.csrfHeader]: 'forged' } });
    expect(forged.statusCode).toBe(401);
  });

  it('are refused for a call that changes data when the browser says it comes from another site', async () => {
    const { cookie, csrf } = await webSession();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/changeIsUsed?employeeCode=100001-01&isUsed=0',
      headers: { cookie, [ClientKeys.csrfHeader]: csrf, 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect(await childIsUsed()).toBe(true);
  });

  it('leave the web app (cookie and double-submit header) and API clients (token header) working', async () => {
    const { cookie, csrf } = await webSession();
    const web = await t.app.inject({
      method: 'GET',
      url: '/api/user/changeIsUsed?employeeCode=100001-01&isUsed=0',
      headers: { cookie, [ClientKeys.csrfHeader]: csrf, 'sec-fetch-site': 'same-origin' },
    });
    expect(web.json().code).toBe('1');
    expect(await childIsUsed()).toBe(false);
    const token = (await login(t.app, '100001')).json().data.token as string;
    const api = await t.app.inject({ method: 'GET', url: '/api/user/changeIsUsed?employeeCode=100001-01&isUsed=1', headers: { token } });
    expect(api.json().code).toBe('1');
    expect(await childIsUsed()).toBe(true);
  });
});
