// Usage logs are accepted without a session and written in batches; stays are counted for staff;
// external modules, single-sign-on links and second-verification codes.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession, createTestApp, type TestApp, tokenFor } from '../../test/helpers';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  tokens['100001'] = await tokenFor(t.app, '100001');
  tokens['100001-01'] = await tokenFor(t.app, '100001-01');
  tokens.admin = await tokenFor(t.app, 'admin', { staff: true });
});
afterAll(() => t.close());

const record = (logtype: string) => ({
  fronttime: '2026-11-23 08:00:00',
  guid: 'g-1',
  platform: '04',
  appid: '25',
  logtype,
  curpageurl: '/dashboard',
});

describe('usage logs', () => {
  it('accepts one record or a batch, with or without a session, and writes them soon after', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/linkdata-netflow/newflow/send', payload: record('40000') });
    expect(anonymous.json()).toMatchObject({ code: '1', data: { accepted: 1 } });
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/linkdata-netflow/newflow/send',
      headers: { token: tokens['100001']! },
      payload: [record('40001'), record('40001')],
    });
    expect(batch.json().data.accepted).toBe(2);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/linkdata-netflow/newflow/send',
      headers: { token: 'stale' },
      payload: record('40001'),
    });
    expect(stale.statusCode).toBe(200);
    await expect
      .poll(async () => (await t.database.db.selectFrom('usage_log').select('account_id').execute()).length, { timeout: 5000 })
      .toBe(4);
    const rows = await t.database.db.selectFrom('usage_log').select(['account_id', 'logtype']).orderBy('id').execute();
    expect(rows.filter((r) => r.account_id !== null)).toHaveLength(2);
  });

  it('refuses a malformed record', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/linkdata-netflow/newflow/send', payload: { guid: 'x' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('module stays', () => {
  it('records entering and leaving, and shows staff visits and stay time per module', async () => {
    const stay = (user: string, operateType: number, stayTime = 0) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/saveModuleLog',
        headers: { token: tokens[user]! },
        payload: { moduleCode: 'ms0021', moduleName: '验收统计', operateType, stayTime },
      });
    await stay('100001', 0);
    await stay('100001', 5, 42);
    await stay('100001-01', 0);
    await stay('100001-01', 5, 8);
    const today = new Date().toISOString().slice(0, 10);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/usageLog/moduleUsage?startDate=${today}&endDate=${today}`,
      headers: { token: tokens.admin! },
    });
    expect(res.json().data).toEqual([{ moduleCode: 'ms0021', moduleName: '验收统计', visits: 2, users: 2, staySeconds: 50 }]);
    const supplier = await t.app.inject({
      method: 'GET',
      url: `/api/usageLog/moduleUsage?startDate=${today}&endDate=${today}`,
      headers: { token: tokens['100001']! },
    });
    expect(supplier.statusCode).toBe(403);
  });

  it('takes the token from the cookie with its double-submit header, as the page sends it when it goes', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/saveModuleLog',
      headers: (await browserSession(t.app, '100001')).headers,
      payload: { moduleCode: 'ms0014', operateType: 5, stayTime: 3 },
    });
    expect(res.json().code).toBe('1');
  });
});

describe('external modules', () => {
  it('lists the partner modules the caller holds', async () => {
    const res = (await t.app.inject({ method: 'GET', url: '/api/menu/externalModules', headers: { token: tokens['100001']! } })).json()
      .data;
    expect(res.map((m: { moudleCode: string }) => m.moudleCode)).toEqual(['ms0045', 'ms0062', 'ms0066', 'ms0070']);
    expect(res.find((m: { moudleCode: string }) => m.moudleCode === 'ms0070')).toEqual({
      moudleCode: 'ms0070',
      name: '物流协同',
      url: 'https://tms.example.com/portal',
      kind: 'frame',
    });
    const child = (await t.app.inject({ method: 'GET', url: '/api/menu/externalModules', headers: { token: tokens['100001-01']! } })).json()
      .data;
    expect(child).toEqual([]);
  });

  it('signs a single-sign-on link the partner can verify', async () => {
    const { url } = (
      await t.app.inject({ method: 'GET', url: '/api/menu/ssoLink?moudleCode=ms0045', headers: { token: tokens['100001']! } })
    ).json().data;
    const link = new URL(url);
    expect(link.origin).toBe('https://mall.example.com');
    const sign = link.searchParams.get('sign')!;
    link.searchParams.delete('sign');
    expect(createHmac('sha256', 'demo-sso-ms0045').update(link.searchParams.toString()).digest('hex')).toBe(sign);
    expect(link.searchParams.get('employeeCode')).toBe('100001');
  });

  it('answers a six-digit second-verification code, and refuses modules the caller lacks', async () => {
    const res = (
      await t.app.inject({ method: 'GET', url: '/api/menu/secondVerifyCode?moudleCode=ms0066', headers: { token: tokens['100001']! } })
    ).json().data;
    expect(res.code).toMatch(/^\d{6}$/);
    const child = await t.app.inject({
      method: 'GET',
      url: '/api/menu/secondVerifyCode?moudleCode=ms0066',
      headers: { token: tokens['100001-01']! },
    });
    expect(child.statusCode).toBe(403);
    const frame = await t.app.inject({ method: 'GET', url: '/api/menu/ssoLink?moudleCode=ms0070', headers: { token: tokens['100001']! } });
    expect(frame.statusCode).toBe(403);
  });
});
