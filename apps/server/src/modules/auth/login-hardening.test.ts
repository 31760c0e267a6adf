// An unknown user name costs the same password hashing as a wrong password (no user enumeration by
// timing), and the login's per-address limit sees the real peer unless a proxy is trusted.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, encryptPassword, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_SLOWDOWN_MS: '0', LOGIN_IP_CAPTCHA_AFTER: '4' } });
});
afterAll(() => t.close());

async function loginWith(username: string, password: string, options: { tenant?: string; headers?: Record<string, string> } = {}) {
  const payload = { username, password: await encryptPassword(t.app, password) };
  return t.app.inject({
    method: 'POST',
    url: `/api/user/login?tenantid=${options.tenant ?? 'demo'}`,
    headers: options.headers ?? {},
    payload,
  });
}

describe('an unknown user name', () => {
  // The hashing looks scrypt up on node:crypto at each call (lib/password-hash.ts): a spy there counts them.
  const scrypt = vi.spyOn(crypto, 'scrypt');
  afterAll(() => scrypt.mockRestore());
  const hashesOf = async (username: string, password: string, tenant?: string) => {
    scrypt.mockClear();
    const res = await loginWith(username, password, { tenant });
    expect(res.json().code).toBe('10001');
    return scrypt.mock.calls.length;
  };

  it('costs one password hash, as a wrong password does', async () => {
    await loginWith('warm-up', 'Wrong1234');
    expect(await hashesOf('100003', 'Wrong1234')).toBe(1);
    expect(await hashesOf('no-such-user', 'Wrong1234')).toBe(1);
    expect(await hashesOf('100003', 'Wrong1234', 'no-such-tenant')).toBe(1);
  });
});

describe('the per-address login limit', () => {
  it('is not bypassed by X-Forwarded-For when no proxy is trusted (the default)', async () => {
    for (let i = 0; i < 4; i++) await loginWith(`nobody-${i}`, 'Wrong1234');
    expect((await loginWith('100003', 'Demo1234')).json()).toMatchObject({ code: '10002' });
    const spoofed = await loginWith('100003', 'Demo1234', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(spoofed.json()).toMatchObject({ code: '10002', message: '请输入验证码' });
  });
});
