// Brute-force protection, one session per account, and the identity-provider login.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, encryptPassword, login, type TestApp, tokenFor } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_SLOWDOWN_MS: '0', SINGLE_SESSION: 'true' } });
});
afterAll(() => t.close());

async function knownCaptcha(answer: string): Promise<string> {
  const id = `test-${Math.random().toString(36).slice(2)}`;
  await t.database.db
    .insertInto('captcha')
    .values({
      id,
      answer_hash: createHash('sha256').update(answer.toUpperCase()).digest('hex'),
      expires_at: new Date(Date.now() + 60_000),
    })
    .execute();
  return id;
}

async function loginWith(username: string, password: string, extra: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/login?tenantid=demo',
    payload: { username, password: await encryptPassword(t.app, password), ...extra },
  });
}

describe('brute force', () => {
  it('asks for a captcha after 5 failures, checks it, and locks the account after 10', async () => {
    for (let i = 0; i < 5; i++) expect((await loginWith('100002', 'Wrong1234')).json().code).toBe('10001');
    // The right password is not enough any more: a captcha is required.
    const required = await loginWith('100002', 'Demo1234');
    expect(required.statusCode).toBe(401);
    expect(required.json()).toMatchObject({ code: '10002', message: '请输入验证码' });
    const wrongCaptcha = await loginWith('100002', 'Demo1234', { captchaId: await knownCaptcha('ABCD'), validCode: 'WXYZ' });
    expect(wrongCaptcha.json()).toMatchObject({ code: '10002', message: '验证码错误或已过期' });
    // A right captcha with the right password signs in, and clears the count.
    const ok = await loginWith('100002', 'Demo1234', { captchaId: await knownCaptcha('ABCD'), validCode: 'abcd' });
    expect(ok.json().code).toBe('1');
    expect((await loginWith('100002', 'Wrong1234')).json().code).toBe('10001');
  });

  it('locks after 10 failures, even with right captchas, with a 429', async () => {
    for (let i = 0; i < 10; i++) {
      const extra: Record<string, string> = i >= 5 ? { captchaId: await knownCaptcha('QWER'), validCode: 'QWER' } : {};
      await loginWith('100005', 'Wrong1234', extra);
    }
    const locked = await loginWith('100005', 'Demo1234', { captchaId: await knownCaptcha('QWER'), validCode: 'QWER' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^登录失败次数过多，请\d+分钟后再试$/);
    t.shiftClock((t.config.login.lockMinutes + 1) * 60_000);
    try {
      expect((await loginWith('100005', 'Demo1234')).json().code).toBe('1');
    } finally {
      t.shiftClock(-(t.config.login.lockMinutes + 1) * 60_000);
    }
  });

  it('issues captcha images that can be used once', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/captcha' });
    const { captchaId, image } = res.json().data;
    expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(image.split(',')[1], 'base64').toString()).toContain('<path');
    expect(await t.database.db.selectFrom('captcha').select('id').where('id', '=', captchaId).executeTakeFirst()).toBeDefined();
  });
});

describe('one session per account', () => {
  it('ends the older session with 其他用户已登录 when the same account logs in again', async () => {
    const first = await tokenFor(t.app, '100001');
    const second = await tokenFor(t.app, '100001');
    const old = await t.app.inject({ method: 'GET', url: '/api/user/getInfo', headers: { token: first } });
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe('其他用户已登录');
    expect((await t.app.inject({ method: 'GET', url: '/api/user/getInfo', headers: { token: second } })).statusCode).toBe(200);
  });
});

describe('identity provider', () => {
  it('turns the staff login cookie into a one-time code and a staff session', async () => {
    const staff = await login(t.app, 'admin', { staff: true });
    const cookie = String(staff.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^IDENT_TOKEN=/);
    const check = await t.app.inject({ method: 'POST', url: '/api/internal/ident/checkCookieLogin', headers: { cookie } });
    const { code, exp } = check.json().data;
    const rmc = await t.app.inject({ method: 'POST', url: '/api/user/merchantsLoginForRMC?tenantid=demo', payload: { code, exp } });
    expect(rmc.json()).toMatchObject({ code: '1', data: { employeeCode: 'admin', staff: true } });
    const again = await t.app.inject({ method: 'POST', url: '/api/user/merchantsLoginForRMC?tenantid=demo', payload: { code, exp } });
    expect(again.statusCode).toBe(401);
  });

  it('refuses a missing or forged cookie', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/internal/ident/checkCookieLogin' })).statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/internal/ident/checkCookieLogin',
      headers: { cookie: 'IDENT_TOKEN=7.9999999999.bad' },
    });
    expect(forged.statusCode).toBe(401);
  });
});
