// Usage logs are accepted without a session and written in batches; stays are counted for staff;
// external modules, single-sign-on links and second-verification codes.
import { createHmac } from 'node:crypto';
import { ResultCode, businessDay, menu, usageLog } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession, createTestApp, type TestApp, tokenFor } from '../../test/helpers';
import { sealPlainSsoSecrets } from '../menu/service';
import { UsageLogBuffer } from './buffer';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
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
    const anonymous = await t.callAs(null, usageLog.sendUsageLog, { body: record('40000') });
    expect(anonymous.envelope).toMatchObject({ code: '1', data: { accepted: 1 } });
    const batch = await t.callAs('100001', usageLog.sendUsageLog, { body: [record('40001'), record('40001')] });
    expect(batch.data.accepted).toBe(2);
    const stale = await t.callAs({ token: 'stale' }, usageLog.sendUsageLog, { body: record('40001') });
    expect(stale.status).toBe(200);
    await expect
      .poll(async () => (await t.database.db.selectFrom('usage_log').select('account_id').execute()).length, { timeout: 5000 })
      .toBe(4);
    const rows = await t.database.db.selectFrom('usage_log').select(['account_id', 'logtype']).orderBy('id').execute();
    expect(rows.filter((r) => r.account_id !== null)).toHaveLength(2);
  });

  it('refuses more than USAGE_LOG_PER_MINUTE calls a minute from one address without a session, or from one account', async () => {
    const limited = await createTestApp({ env: { USAGE_LOG_PER_MINUTE: '3' } });
    try {
      const send = (remoteAddress: string, token?: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/linkdata-netflow/newflow/send',
          payload: record('40001'),
          remoteAddress,
          ...(token ? { headers: { token } } : {}),
        });
      for (let i = 0; i < 3; i++) expect((await send('10.0.0.1')).statusCode).toBe(200);
      const refused = await send('10.0.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ success: false, code: ResultCode.throttled });
      expect(refused.json().message).toMatch(/^日志上报过于频繁，请\d+秒后再试$/);
      expect((await send('10.0.0.2')).statusCode).toBe(200);
      // A signed-in account has its own count, wherever it sends from.
      const token = await tokenFor(limited.app, '100001');
      for (let i = 0; i < 3; i++) expect((await send(i % 2 ? '10.0.0.1' : '10.0.0.3', token)).statusCode).toBe(200);
      expect((await send('10.0.0.4', token)).statusCode).toBe(429);
      expect((await send('10.0.0.4')).statusCode).toBe(200);
      await limited.app.close();
      const rows = await limited.database.db.selectFrom('usage_log').select('account_id').execute();
      expect(rows).toHaveLength(8);
      expect(rows.filter((r) => r.account_id !== null)).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });

  it('keeps at most maxPending rows waiting while the database is slow, and says how many it took', async () => {
    const buffer = new UsageLogBuffer(t.database.db, () => undefined, 2, 60_000, 3);
    const row = { tenant_id: null, account_id: null, logtype: '40001', fronttime: 'x', guid: 'cap', curpageurl: '', record: '{}' };
    // The first two start an insert (maxRows 2); until it ends they count as pending.
    expect(buffer.push([row, row])).toBe(2);
    expect(buffer.push([row, row, row])).toBe(1);
    expect(buffer.dropped).toBe(2);
    await buffer.flush();
    expect(buffer.push([row])).toBe(1);
    await buffer.flush();
    expect(await t.database.db.selectFrom('usage_log').select('id').where('guid', '=', 'cap').execute()).toHaveLength(4);
  });

  it('refuses a malformed record', async () => {
    const res = await t.callAs(null, usageLog.sendUsageLog, { body: { guid: 'x' } as never });
    expect(res.status).toBe(400);
  });
});

describe('module stays', () => {
  it('records entering and leaving, and shows staff visits and stay time per module', async () => {
    const stay = (user: string, operateType: 0 | 5, stayTime = 0) =>
      t.callAs(user, usageLog.saveModuleLog, { body: { moduleCode: 'ms0021', moduleName: '验收统计', operateType, stayTime } });
    await stay('100001', 0);
    await stay('100001', 5, 42);
    await stay('100001-01', 0);
    await stay('100001-01', 5, 8);
    const today = businessDay(new Date());
    const res = await t.callAs('admin', usageLog.getModuleUsage, { query: { startDate: today, endDate: today } });
    expect(res.data).toEqual([
      { moduleCode: 'ms0021', moduleName: '验收统计', moduleNameEn: 'Receiving statistics', visits: 2, users: 2, staySeconds: 50 },
    ]);
    const supplier = await t.callAs('100001', usageLog.getModuleUsage, { query: { startDate: today, endDate: today } });
    expect(supplier.status).toBe(403);
  });

  it('names each module as the menu does, whatever title the page sent', async () => {
    // A page in English, or a detail page of the module, sends its own title.
    await t.callAs('100001', usageLog.saveModuleLog, {
      body: { moduleCode: 'ms0022', moduleName: 'Purchase orders', operateType: 0, stayTime: 0 },
    });
    await t.callAs('100002', usageLog.saveModuleLog, {
      body: { moduleCode: 'ms0022', moduleName: '订单详情', operateType: 0, stayTime: 0 },
    });
    const today = businessDay(new Date());
    const res = await t.callAs('admin', usageLog.getModuleUsage, { query: { startDate: today, endDate: today } });
    expect(res.data.find((r: { moduleCode: string }) => r.moduleCode === 'ms0022')).toMatchObject({ moduleName: '采购订单', visits: 2 });
  });

  it("counts a stay on the retailer's day (Asia/Shanghai), not the database's", async () => {
    const admin = await t.database.db
      .selectFrom('account')
      .select(['id', 'tenant_id'])
      .where('employee_code', '=', 'admin')
      .executeTakeFirstOrThrow();
    const at = (instant: string) => ({
      tenant_id: admin.tenant_id,
      account_id: admin.id,
      module_code: 'ms0099',
      module_name: '边界',
      operate_type: 0 as const,
      at: new Date(instant),
    });
    // 23:30 on 10 March and 00:30 on 11 March in Shanghai; both are 10 March in UTC.
    await t.database.db
      .insertInto('module_stay')
      .values([at('2026-03-10T15:30:00Z'), at('2026-03-10T16:30:00Z')])
      .execute();
    const visits = async (day: string) => {
      const res = await t.callAs('admin', usageLog.getModuleUsage, { query: { startDate: day, endDate: day } });
      return res.data.find((r: { moduleCode: string }) => r.moduleCode === 'ms0099')?.visits ?? 0;
    };
    expect(await visits('2026-03-10')).toBe(1);
    expect(await visits('2026-03-11')).toBe(1);
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
    const res = (await t.callAs('100001', menu.getExternalModules)).data;
    expect(res.map((m: { moudleCode: string }) => m.moudleCode)).toEqual(['ms0045', 'ms0062', 'ms0066', 'ms0070']);
    expect(res.find((m: { moudleCode: string }) => m.moudleCode === 'ms0070')).toEqual({
      moudleCode: 'ms0070',
      name: '物流协同',
      url: 'https://tms.example.com/portal',
      kind: 'frame',
    });
    const child = (await t.callAs('100001-01', menu.getExternalModules)).data;
    expect(child).toEqual([]);
  });

  it('signs a single-sign-on link the partner can verify', async () => {
    const { url } = (await t.callAs('100001', menu.getSsoLink, { query: { moudleCode: 'ms0045' } })).data;
    const link = new URL(url);
    expect(link.origin).toBe('https://mall.example.com');
    const sign = link.searchParams.get('sign')!;
    link.searchParams.delete('sign');
    expect(createHmac('sha256', 'demo-sso-ms0045').update(link.searchParams.toString()).digest('hex')).toBe(sign);
    expect(link.searchParams.get('employeeCode')).toBe('100001');
  });

  it('keeps the single-sign-on secrets sealed at rest, and signs with them as before', async () => {
    const source = { db: t.database.db, config: t.config };
    expect(await sealPlainSsoSecrets(source)).toBeGreaterThanOrEqual(2);
    expect(await sealPlainSsoSecrets(source)).toBe(0);
    const stored = await t.database.db.selectFrom('external_module').select('sso_secret').where('sso_secret', '<>', '').execute();
    expect(stored.length).toBeGreaterThanOrEqual(2);
    for (const { sso_secret } of stored) expect(sso_secret).toMatch(/^v1\./);
    const { url } = (await t.callAs('100001', menu.getSsoLink, { query: { moudleCode: 'ms0045' } })).data;
    const link = new URL(url);
    const sign = link.searchParams.get('sign')!;
    link.searchParams.delete('sign');
    expect(createHmac('sha256', 'demo-sso-ms0045').update(link.searchParams.toString()).digest('hex')).toBe(sign);
  });

  it('answers a six-digit second-verification code, and refuses modules the caller lacks', async () => {
    const res = (await t.callAs('100001', menu.getSecondVerifyCode, { query: { moudleCode: 'ms0066' } })).data;
    expect(res.code).toMatch(/^\d{6}$/);
    const child = await t.callAs('100001-01', menu.getSecondVerifyCode, { query: { moudleCode: 'ms0066' } });
    expect(child.status).toBe(403);
    const frame = await t.callAs('100001', menu.getSsoLink, { query: { moudleCode: 'ms0070' } });
    expect(frame.status).toBe(403);
  });
});
