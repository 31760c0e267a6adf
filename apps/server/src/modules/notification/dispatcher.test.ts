// The dispatcher and the message centre on a real database: who hears of an event (the supplier's accounts holding
// its module, the staff owning the step, never the actor), preferences (own, a main account's defaults for its
// children, the topic's), e-mail and endpoint deliveries with their idempotency keys, the calls of the bell and the
// message centre in both languages; and the outbox read safely: a late commit is not skipped, two dispatchers never
// double an event, a dispatcher killed mid-batch loses nothing.
import type { integration } from '@portal/contract';
import { notification } from '@portal/contract';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { recordEvent } from '../../platform/events';
import { createTestApp, type TestApp, tokenFor } from '../../test/helpers';
import { dispatchAll, dispatchOnce } from './dispatcher';
import { lockCursor } from './dispatcher-repo';

let t: TestApp;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  // The demo seed's own events first, so that each test starts from a cursor at the end of the outbox.
  await drain();
  const rows = await t.database.db.selectFrom('account').select(['id', 'employee_code']).where('tenant_id', '=', 'demo').execute();
  ids = Object.fromEntries(rows.map((r) => [r.employee_code, r.id]));
}, 120_000);
afterAll(() => t.close());

/**
 * Dispatches until no event is left after the cursor; answers how many were dispatched. The outbox is read only below
 * the oldest writing transaction of the whole PostgreSQL server, so another test file's long transaction (a template
 * being seeded) can hold events back for a while: wait for it rather than fail.
 */
async function drain(db = t.database.db, limit = 200): Promise<number> {
  let events = 0;
  for (const deadline = Date.now() + 240_000; ;) {
    events += (await dispatchAll(db, limit)).events;
    const { rows } = await sql<{ left: boolean }>`SELECT EXISTS (SELECT 1 FROM outbox_cursor c JOIN event e
      ON (e.txid, e.id) > (c.last_txid, c.last_id) WHERE c.name = 'notifications') AS left`.execute(db);
    if (!rows[0]!.left) return events;
    if (Date.now() > deadline) throw new Error('events still waiting after 240 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let billNo = 0;
/** Writes a bill event of supplier 100001 in a transaction of its own; answers its id. */
async function billEvent(
  topic: 'settlement.bill.approved' | 'settlement.bill.audited' = 'settlement.bill.approved',
  actor: `account:${number}` | `system:${string}` = 'system:test',
) {
  const billNumber = `NT${String(++billNo).padStart(4, '0')}`;
  return t.database.db.transaction().execute((trx) =>
    recordEvent(trx, {
      tenantId: 'demo',
      suppCode: '100001',
      topic,
      subject: billNumber,
      payload: {
        billNumber,
        suppCode: '100001',
        billKind: 'normal',
        nodeCode: 'U01',
        periodStart: '2026-01-01',
        periodEnd: '2026-01-31',
        payableAmount: '1003.00',
        paidAmount: '0.00',
        status: topic === 'settlement.bill.approved' ? '已审批' : '已审核',
        version: 3,
      },
      actor,
    }),
  );
}

const messagesOf = async (eventId: string) =>
  (
    await sql<{ account: string }>`SELECT a.employee_code AS account FROM notification n JOIN account a ON a.id = n.account_id
      WHERE n.event_id = ${eventId}::bigint ORDER BY a.employee_code`.execute(t.database.db)
  ).rows.map((r) => r.account);

const deliveriesOf = async (eventId: string) =>
  (
    await sql<{ key: string; digest: boolean }>`SELECT idempotency_key AS key, digest FROM delivery WHERE event_id = ${eventId}::bigint
      ORDER BY idempotency_key`.execute(t.database.db)
  ).rows;

describe('recipients and preferences', () => {
  it("reaches the supplier's main account and the staff owning the next step, not children without the module nor the actor", async () => {
    const id = await billEvent('settlement.bill.approved');
    expect(await messagesOf(id)).toEqual([]);
    expect(await drain()).toBe(1);
    // 已审批 waits on the cashier (支付); 100001-01 does not hold the bill module (ms0031).
    expect(await messagesOf(id)).toEqual(['100001', 'cashier01']);
    const byCashier = await billEvent('settlement.bill.approved', `account:${ids.cashier01!}`);
    await drain();
    expect(await messagesOf(byCashier)).toEqual(['100001']);
  });

  it("follows an account's own setting, else its main account's default for children, else the topic's", async () => {
    const grantChild = sql`INSERT INTO account_module (account_id, module_code) VALUES (${ids['100001-01']!}, 'ms0031') ON CONFLICT DO NOTHING`;
    await grantChild.execute(t.database.db);
    const topic: integration.EventTopic = 'settlement.bill.audited';
    const off = { topic, portal: 'off' as const, email: 'off' as const };
    // The main account turns it off for its children, and for itself asks for a daily e-mail.
    await t.database.db.updateTable('account').set({ email: 'main@example.com' }).where('id', '=', ids['100001']!).execute();
    await t.database.db.updateTable('account').set({ email: 'child@example.com' }).where('id', '=', ids['100001-01']!).execute();
    const saved = await t.callAs('100001', notification.savePreferences, {
      body: { prefs: [{ topic, portal: 'instant', email: 'digest' }], childDefaults: [off] },
    });
    expect(saved.status).toBe(200);
    expect(saved.data.prefs.find((p) => p.topic === topic)).toEqual({ topic, portal: 'instant', email: 'digest' });
    expect(saved.data.childDefaults?.find((p) => p.topic === topic)).toEqual(off);
    const first = await billEvent(topic);
    await drain();
    expect(await messagesOf(first)).toEqual(['100001', 'invoice01']);
    expect(await deliveriesOf(first)).toEqual([{ key: `${first}:email:${ids['100001']!}`, digest: true }]);

    // The child's own setting wins over its main account's default.
    const child = await t.callAs('100001-01', notification.getPreferences);
    expect(child.data.childDefaults).toBeNull();
    expect(child.data.prefs.find((p) => p.topic === topic)).toEqual(off);
    await t.callAs('100001-01', notification.savePreferences, { body: { prefs: [{ topic, portal: 'instant', email: 'instant' }] } });
    const second = await billEvent(topic);
    await drain();
    expect(await messagesOf(second)).toEqual(['100001', '100001-01', 'invoice01']);
    expect(await deliveriesOf(second)).toEqual(
      [
        { key: `${second}:email:${ids['100001']!}`, digest: true },
        { key: `${second}:email:${ids['100001-01']!}`, digest: false },
      ].sort((a, b) => a.key.localeCompare(b.key)),
    );
    // A child may not set children's defaults; a topic the account never hears of is refused.
    expect((await t.callAs('100001-01', notification.savePreferences, { body: { prefs: [], childDefaults: [off] } })).status).toBe(403);
    expect(
      (
        await t.callAs('100001', notification.savePreferences, {
          body: { prefs: [{ topic: 'settlement.bill.submitted', portal: 'off', email: 'off' }] },
        })
      ).status,
    ).toBe(400);
    await sql`DELETE FROM account_module WHERE account_id = ${ids['100001-01']!} AND module_code = 'ms0031'`.execute(t.database.db);
  });

  it('delivers to the webhooks of the tenant and the robots of the supplier and of the role that hear of it', async () => {
    const endpoint = (values: { kind: string; owner_supp_code?: string; owner_role?: string; topics?: string[]; name: string }) =>
      t.database.db
        .insertInto('notify_endpoint')
        .values({
          tenant_id: 'demo',
          kind: values.kind as 'webhook',
          owner_supp_code: values.owner_supp_code ?? null,
          owner_role: values.owner_role ?? null,
          name: values.name,
          url: 'http://127.0.0.1:9/hook',
          topics: values.topics ?? [],
          created_by: 'test',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const hook = await endpoint({ kind: 'webhook', name: 'ERP' });
    const ownRobot = await endpoint({ kind: 'wecom', owner_supp_code: '100001', name: '禾丰群' });
    const cashierRobot = await endpoint({ kind: 'dingtalk', owner_role: 'sam-cashier', name: '出纳群' });
    await endpoint({ kind: 'feishu', owner_supp_code: '100002', name: '别家' });
    await endpoint({ kind: 'webhook', topics: ['dock.booking.made'], name: '只要预约' });
    const id = await billEvent('settlement.bill.approved');
    await drain();
    expect((await deliveriesOf(id)).map((d) => d.key).sort()).toEqual(
      [`${id}:webhook:${hook.id}`, `${id}:wecom:${ownRobot.id}`, `${id}:dingtalk:${cashierRobot.id}`].sort(),
    );
    await t.database.db.deleteFrom('notify_endpoint').execute();
  });
});

describe('the bell and the message centre', () => {
  it('counts, lists in the reader’s language with the link to the object, marks read', async () => {
    const token = await tokenFor(t.app, '100001');
    const as = (url: string, language: string, payload?: object) =>
      t.app.inject({ method: payload ? 'POST' : 'GET', url: `/api${url}`, headers: { token, 'accept-language': language }, payload });
    const before = (await t.callAs('100001', notification.getUnreadCount)).data;
    const id = await billEvent('settlement.bill.approved');
    await drain();
    const after = (await t.callAs('100001', notification.getUnreadCount)).data;
    expect(after.unread).toBe(before.unread + 1);

    const zh = (await as('/notification/getPage', 'zh-CN', { page: 1, limit: 5, state: 'unread' })).json();
    const newest = zh.data.list[0];
    expect(newest).toMatchObject({ topic: 'settlement.bill.approved', group: 'settlement', read: false });
    expect(newest.title).toMatch(/^结算单已审批：NT\d{4}$/);
    expect(newest.link).toBe(`/samBill/detail?samBillNum=${newest.subject}`);
    expect(after.latestId).toBe(newest.id);
    const en = (await as('/notification/getPage', 'en', { page: 1, limit: 5, group: 'settlement' })).json();
    expect(en.data.list[0].title).toMatch(/^Settlement bill approved: NT\d{4}$/);
    expect(en.data.list[0].body).toContain('was approved');

    // Another account's message id changes nothing of it.
    const cashierMessage = await sql<{ id: string }>`SELECT n.id::text AS id FROM notification n WHERE n.event_id = ${id}::bigint
      AND n.account_id = ${ids.cashier01!}`.execute(t.database.db);
    await t.callAs('100001', notification.markRead, { body: { ids: [newest.id, cashierMessage.rows[0]!.id] } });
    expect(
      (await t.callAs('cashier01', notification.getMessages, { body: { state: 'unread', limit: 100 } })).data.list.map((m) => m.id),
    ).toContain(cashierMessage.rows[0]!.id);
    expect((await t.callAs('100001', notification.getUnreadCount)).data.unread).toBe(before.unread);
    const read = await t.callAs('100001', notification.getMessages, { body: { state: 'read', limit: 100 } });
    expect(read.data.list.map((m) => m.id)).toContain(newest.id);
    const all = await t.callAs('100001', notification.markAllRead, { body: {} });
    expect(all.data.unread).toBe(0);
    expect(
      (await t.callAs('100001', notification.getMessages, { body: { topic: 'settlement.bill.approved', group: 'order' } })).data.total,
    ).toBe(0);
  });

  it('refuses bad input with a 400 and needs a session', async () => {
    expect((await t.callAs('100001', notification.markRead, { body: { ids: ['1;drop'] } })).status).toBe(400);
    expect((await t.callAs('100001', notification.markRead, { body: { ids: [] } })).status).toBe(400);
    expect((await t.callAs('100001', notification.getMessages, { body: { topic: 'constructor' as never } })).status).toBe(400);
    expect((await t.callAs(null, notification.getUnreadCount)).status).toBe(401);
  });

  it('saves the language of e-mails and robot texts', async () => {
    expect((await t.callAs('100001', notification.saveLanguage, { body: { language: 'en' } })).data).toEqual({ language: 'en' });
    expect((await t.callAs('100001', notification.getPreferences)).data.language).toBe('en');
    await t.callAs('100001', notification.saveLanguage, { body: { language: 'zh-CN' } });
  });
});

describe('reading the outbox safely', () => {
  const cursor = async () =>
    (await sql<{ id: string }>`SELECT last_id::text AS id FROM outbox_cursor WHERE name = 'notifications'`.execute(t.database.db)).rows[0]!
      .id;

  it('waits for a transaction that took its id earlier and commits later, then dispatches both once', async () => {
    const late = new pg.Client({ connectionString: t.database.url });
    await late.connect();
    try {
      await late.query('BEGIN');
      await late.query('SELECT pg_current_xact_id()');
      const early = await billEvent();
      // The later-started transaction committed, but the open one could still write an event sorting before it.
      expect((await dispatchAll(t.database.db)).events).toBe(0);
      const lateId = (
        await late.query<{ id: string }>(`INSERT INTO event (tenant_id, supp_code, topic, subject, payload, actor)
          VALUES ('demo', '100001', 'settlement.bill.audited', 'LATE-1', '{"billNumber":"LATE-1","status":"已审核"}', 'system:test') RETURNING id::text AS id`)
      ).rows[0]!.id;
      await late.query('COMMIT');
      expect(await drain()).toBe(2);
      expect(await messagesOf(early)).toContain('100001');
      expect(await messagesOf(lateId)).toContain('100001');
      expect(await cursor()).toBe(early);
    } finally {
      await late.end();
    }
  });

  it('two dispatchers at once: every event once, none skipped', async () => {
    const second = await openDatabase({ databaseUrl: t.database.url, poolSize: 2 });
    try {
      const written: string[] = [];
      for (let i = 0; i < 60; i++) written.push(await billEvent('settlement.bill.audited'));
      const runs = await Promise.all([dispatchAll(t.database.db, 7), dispatchAll(second.db, 7), dispatchAll(second.db, 5)]);
      const rest = await drain(t.database.db, 7);
      expect(runs.reduce((n, r) => n + r.events, 0) + rest).toBe(60);
      const counts = await sql<{ n: string }>`SELECT count(*)::text AS n FROM notification
        WHERE event_id = ANY(${written}::bigint[]) AND account_id = ${ids['100001']!}`.execute(t.database.db);
      expect(Number(counts.rows[0]!.n)).toBe(60);
      expect(await cursor()).toBe(written.at(-1));
    } finally {
      await second.close();
    }
  });

  it('a dispatcher killed mid-batch leaves nothing behind; the next one does the batch', async () => {
    const id = await billEvent();
    const doomed = new pg.Client({ connectionString: t.database.url });
    await doomed.connect();
    doomed.on('error', () => undefined);
    const pid = (await doomed.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    await doomed.query('BEGIN');
    await doomed.query(`SELECT * FROM outbox_cursor WHERE name = 'notifications' FOR UPDATE SKIP LOCKED`);
    await doomed.query(
      `INSERT INTO notification (tenant_id, account_id, event_id, topic) VALUES ('demo', $1, $2, 'settlement.bill.approved')`,
      [ids['100001']!, id],
    );
    // While it holds the cursor, another dispatcher finds it taken and does nothing.
    expect(await t.database.db.transaction().execute((trx) => lockCursor(trx))).toBeNull();
    expect((await dispatchOnce(t.database.db)).events).toBe(0);
    await sql`SELECT pg_terminate_backend(${pid})`.execute(t.database.db);
    await doomed.end().catch(() => undefined);
    expect(await messagesOf(id)).toEqual([]);
    expect(await drain()).toBe(1);
    expect(await messagesOf(id)).toEqual(['100001', 'cashier01']);
  });

  it('dispatching again writes nothing twice (the keys)', async () => {
    const id = await billEvent();
    await drain();
    await sql`UPDATE outbox_cursor SET last_txid = '0', last_id = 0 WHERE name = 'notifications'`.execute(t.database.db);
    await drain();
    expect(await messagesOf(id)).toEqual(['100001', 'cashier01']);
  });
});
