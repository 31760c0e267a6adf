// "My sessions": a caller sees and ends only its own sessions, named by device and browser; a main account ends every
// session of its child, the tenant's admin of any supplier account; an ended session is refused on its next call,
// on any server process; disabling, resetting or deleting an account ends its sessions too.
import { auth, employee, Messages, session } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../platform/passwords';
import { createTestApp, encryptPassword, demoPassword, secondApp, type TestApp, tokenFor } from '../../test/helpers';

const agents = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 13; V2148A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  unknown: 'curl/8.4.0',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Signs in with a browser's user agent and answers the token. */
async function signIn(username: string, userAgent: string, options: { staff?: boolean; password?: string } = {}): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/user/${options.staff ? 'merchantsLogin' : 'login'}?tenantid=demo`,
    headers: { 'user-agent': userAgent },
    payload: { username, password: await encryptPassword(t.app, options.password ?? demoPassword) },
  });
  const token = (res.json() as { data: { token?: string } }).data.token;
  if (!token) throw new Error(`login of ${username} failed: ${res.body}`);
  return token;
}

const listAs = (token: string) => t.callAs({ token }, session.listMine);
const stillIn = async (token: string) => (await t.callAs({ token }, auth.getInfo, { query: {} })).status;

describe('my sessions', () => {
  it('lists only my live sessions, this one first, named by device, system and browser', async () => {
    const chrome = await signIn('100002', agents.chromeWindows);
    const iphone = await signIn('100002', agents.safariIphone);
    const wechat = await signIn('100002', agents.wechatAndroid);
    const unknown = await signIn('100002', agents.unknown);
    const ended = await signIn('100002', agents.chromeWindows);
    await t.callAs({ token: ended }, auth.logout, {});
    await signIn('100003', agents.chromeWindows);

    const { status, data } = await listAs(iphone);
    expect(status).toBe(200);
    expect(data).toHaveLength(4);
    expect(data[0]).toMatchObject({ current: true, deviceType: 'mobile', os: 'iOS 17.5', browser: 'Safari 17', clientIp: '127.0.0.1' });
    expect(data.filter((s) => s.current)).toHaveLength(1);
    const rest = data.slice(1).map(({ deviceType, os, browser }) => ({ deviceType, os, browser }));
    expect(rest).toEqual(
      expect.arrayContaining([
        { deviceType: 'desktop', os: 'Windows 10', browser: 'Chrome 131' },
        { deviceType: 'mobile', os: 'Android 13', browser: 'WeChat 8' },
        { deviceType: 'unknown', os: '', browser: '' },
      ]),
    );
    for (const s of data) {
      expect(s.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(s.signedInAt)).toBeLessThanOrEqual(Date.parse(s.lastSeenAt));
    }
    // Nothing in the list is a credential: neither a token nor its stored hash.
    const text = JSON.stringify(data);
    for (const token of [chrome, iphone, wechat, unknown]) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(hashToken(token));
    }
  });

  it("ends one of mine, refused on its next call; not another account's (404), nor a malformed id (400)", async () => {
    const mine = await signIn('100002', agents.chromeWindows);
    const phone = await signIn('100002', agents.safariIphone);
    const other = await signIn('100003', agents.chromeWindows);
    const phoneId = (await listAs(phone)).data.find((s) => s.current)!.id;
    const otherId = (await listAs(other)).data.find((s) => s.current)!.id;

    expect((await t.callAs({ token: mine }, session.endMine, { body: { id: otherId } })).status).toBe(404);
    expect(await stillIn(other)).toBe(200);
    const bad = await t.callAs({ token: mine }, session.endMine, { body: { id: 'not-an-id' } });
    expect(bad.status).toBe(400);
    expect(bad.envelope.message).toMatch(/^body.id: /);

    expect((await t.callAs({ token: mine }, session.endMine, { body: { id: phoneId } })).status).toBe(200);
    const refused = await t.callAs({ token: phone }, auth.getInfo, { query: {} });
    expect(refused.status).toBe(401);
    expect(refused.envelope.message).toBe(Messages.tokenInvalid['zh-CN']);
    expect((await listAs(mine)).data.map((s) => s.id)).not.toContain(phoneId);
    expect((await t.callAs({ token: mine }, session.endMine, { body: { id: phoneId } })).status).toBe(404);
    expect(await stillIn(mine)).toBe(200);

    const audit = await t.database.db
      .selectFrom('audit_entry')
      .select(['kind', 'action', 'actor_code', 'object_type', 'object_id', 'client_ip'])
      .where('object_id', '=', phoneId)
      .execute();
    expect(audit).toEqual([
      { kind: 'session', action: 'revoke', actor_code: '100002', object_type: 'session', object_id: phoneId, client_ip: '127.0.0.1' },
    ]);
  });

  it('ends all my others and keeps this one', async () => {
    const others = [await signIn('100004', agents.safariIphone), await signIn('100004', agents.wechatAndroid)];
    const mine = await signIn('100004', agents.chromeWindows);
    const answer = await t.callAs({ token: mine }, session.endOthers, {});
    expect(answer.data).toEqual({ ended: 2 });
    for (const token of others) expect(await stillIn(token)).toBe(401);
    expect(await stillIn(mine)).toBe(200);
    expect((await listAs(mine)).data).toEqual([expect.objectContaining({ current: true })]);
  });

  it('lists no session past its idle limit', async () => {
    const token = await signIn('100005', agents.chromeWindows);
    const idle = await signIn('100005', agents.safariIphone);
    const idleId = (await listAs(idle)).data[0]!.id;
    await t.database.db
      .updateTable('session')
      .set({ last_seen_at: new Date(Date.now() - (t.config.sessionIdleMinutes + 1) * 60_000) })
      .where('public_id', '=', idleId)
      .execute();
    expect((await listAs(token)).data.map((s) => s.id)).not.toContain(idleId);
  });
});

describe('ending every session of an account', () => {
  it("lets a main account end its child's sessions, and nobody else's", async () => {
    const child = await signIn('100001-01', agents.safariIphone);
    const childToo = await signIn('100001-01', agents.chromeWindows);
    const otherMain = await signIn('100003', agents.chromeWindows);
    const end = (caller: string, employeeCode: string) => t.callAs(caller, session.endAccountSessions, { body: { employeeCode } });

    // A child ends nothing of its main account's; a main account nothing of another supplier's accounts.
    expect((await t.callAs({ token: child }, session.endAccountSessions, { body: { employeeCode: '100001' } })).status).toBe(403);
    expect((await end('100001', '100003')).status).toBe(404);
    expect((await end('100001', 'nobody')).status).toBe(404);
    expect(await stillIn(otherMain)).toBe(200);
    expect((await end('100001', '')).status).toBe(400);

    const answer = await end('100001', '100001-01');
    expect(answer.data).toEqual({ ended: 2 });
    expect(await stillIn(child)).toBe(401);
    expect(await stillIn(childToo)).toBe(401);
    const audit = await t.database.db
      .selectFrom('audit_entry')
      .select(['action', 'actor_code', 'object_type', 'object_id', 'object_supplier_code', 'module_code', 'detail'])
      .where('action', '=', 'revoke-all')
      .where('object_id', '=', '100001-01')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      action: 'revoke-all',
      actor_code: '100001',
      object_type: 'session',
      object_id: '100001-01',
      object_supplier_code: '100001',
      module_code: 'ms0050',
      detail: { account: '100001-01', ended: 2 },
    });
  });

  it("lets the tenant's admin end any supplier account's sessions, and a staff role without the button none", async () => {
    const main = await signIn('100003', agents.chromeWindows);
    expect((await t.callAs('buyer01', session.endAccountSessions, { body: { employeeCode: '100003' } })).status).toBe(403);
    expect(await stillIn(main)).toBe(200);
    expect((await t.callAs('admin', session.endAccountSessions, { body: { employeeCode: '100003' } })).data.ended).toBeGreaterThanOrEqual(
      1,
    );
    expect(await stillIn(main)).toBe(401);
    expect((await t.callAs('admin', session.endAccountSessions, { body: { employeeCode: 'admin' } })).status).toBe(404);
  });

  it('ends the sessions of a deleted child with the account', async () => {
    const created = await t.callAs('100001', employee.insertSupChild, {
      body: { empCode: '100001-07', name: '周到', mobile: '13912340007', email: '' },
    });
    const token = await signIn('100001-07', agents.safariIphone, { password: created.data.initialPassword });
    expect(await stillIn(token)).toBe(200);
    expect((await t.callAs('100001', employee.deleteEmployee, { query: { employeeCode: '100001-07' } })).status).toBe(200);
    expect(await stillIn(token)).toBe(401);
  });
});

describe('across server processes', () => {
  it('refuses an ended session on the next call to the other process', async () => {
    const b = await secondApp(t);
    try {
      const kept = await tokenFor(t.app, '100002');
      const phone = await signIn('100002', agents.safariIphone);
      const phoneId = (await listAs(phone)).data.find((s) => s.current)!.id;
      expect((await b.callAs({ token: phone }, auth.getInfo, { query: {} })).status).toBe(200);
      expect((await t.callAs({ token: kept }, session.endMine, { body: { id: phoneId } })).status).toBe(200);
      expect((await b.callAs({ token: phone }, auth.getInfo, { query: {} })).status).toBe(401);
    } finally {
      await b.close();
    }
  });
});
