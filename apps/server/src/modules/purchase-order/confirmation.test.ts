// Order confirmation (issue 29, part A): the read mark, confirming in full and in part, declining, the reason and
// date rules, the deadline and the late mark, every 409 (state, version), scope (another supplier's order: 404),
// a child account without the button (403), events and history in the change's transaction, the re-confirmation
// after a changed version through the integration ingest, and the staff monitor.
import { purchaseOrder } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { dayFromNow as day, erp, goodsOf, sendOrder } from '../../test/orders';
import { ingest } from '../integration/documents/service';

let t: TestApp;
let goods: string[];

beforeAll(async () => {
  t = await createTestApp({ business: true });
  goods = await goodsOf(t, '100001');
});
afterAll(() => t.close());

/** 100001's order at 上海虹口店 as the retailer issues it (version 1), or a changed version of it. */
const order = (key: string, version: number, change: { qty1?: string; price2?: string; deliveryDate?: string; line3?: boolean } = {}) => ({
  key,
  version,
  orderDate: day(0),
  deliveryDate: change.deliveryDate ?? day(3),
  validDays: 7,
  lines: [
    { goodsCode: goods[0]!, qty: change.qty1 ?? '10', price: '2.5' },
    { goodsCode: goods[1]!, qty: '4', price: change.price2 ?? '1' },
    ...(change.line3 ? [{ goodsCode: goods[2]!, qty: '6', price: '3' }] : []),
  ],
});

let seq = 0;
/** A new order of 100001 through the integration API, as the retailer issues it. */
async function newOrder() {
  const key = `CF-${Date.now() % 1_000_000}-${++seq}`;
  await sendOrder(t, order(key, 1));
  return key;
}

const detail = (user: string, billNumber: string) => t.callAs(user, purchaseOrder.getPurOrderDetail, { query: { billNumber } });
const confirm = (user: string, body: object) => t.callAs(user, purchaseOrder.confirmPurOrder, { body: body as never });
const decline = (user: string, body: object) => t.callAs(user, purchaseOrder.declinePurOrder, { body: body as never });
const fullLines = (promised = day(2)) => [
  { lineNo: 1, confirmedQty: '10', promisedDate: promised },
  { lineNo: 2, confirmedQty: '4', promisedDate: promised },
];
/** The events of the supplier's answers (and reopening) of an order; its issue (notifications) is left out. */
const events = async (subject: string) =>
  (
    await sql<{
      topic: string;
      payload: Record<string, unknown>;
      actor: string;
    }>`SELECT topic, payload, actor FROM event WHERE subject = ${subject} AND topic <> 'purchase-order.order.issued' ORDER BY id`.execute(
      t.database.db,
    )
  ).rows;
const history = async (id: string) =>
  (
    await sql<{ action: string; from_status: string; to_status: string; actor_code: string; note: string }>`
    SELECT action, from_status, to_status, actor_code, note FROM record_history WHERE record_type = 'pur-order' AND record_id = ${id} ORDER BY id`.execute(
      t.database.db,
    )
  ).rows;

describe('reading and the deadline', () => {
  it('issues a new order with a deadline of orderConfirmHours; the first look of the supplier reads it, once', async () => {
    const key = await newOrder();
    const row = await t.database.db.selectFrom('pur_order').selectAll().where('bill_number', '=', key).executeTakeFirstOrThrow();
    expect(row.status).toBe('已下达');
    expect(row.confirm_due_at!.getTime() - row.issued_at!.getTime()).toBe(24 * 3600_000);
    // Staff looking does not read it.
    expect((await detail('admin', key)).data.header.status).toBe('已下达');
    const first = await detail('100001-01', key);
    expect(first.data.header.status).toBe('已阅读');
    expect(first.data.header.readAt).not.toBeNull();
    const second = await detail('100001', key);
    expect(second.data.header.readAt).toBe(first.data.header.readAt);
    const h = await history(key);
    expect(h).toEqual([expect.objectContaining({ action: 'read', from_status: '已下达', to_status: '已阅读', actor_code: '100001-01' })]);
  });

  it('follows the tenant’s hours for new orders', async () => {
    await sql`UPDATE system_param SET parameter_value = '48' WHERE tenant_id = 'demo' AND parameter_code = 'orderConfirmHours'`.execute(
      t.database.db,
    );
    try {
      const key = await newOrder();
      const row = await t.database.db.selectFrom('pur_order').selectAll().where('bill_number', '=', key).executeTakeFirstOrThrow();
      expect(row.confirm_due_at!.getTime() - row.issued_at!.getTime()).toBe(48 * 3600_000);
    } finally {
      await sql`UPDATE system_param SET parameter_value = '24' WHERE tenant_id = 'demo' AND parameter_code = 'orderConfirmHours'`.execute(
        t.database.db,
      );
    }
  });
});

describe('confirming', () => {
  it('confirms every line in full: 已确认, on time, with its event and history in the same transaction', async () => {
    const key = await newOrder();
    const { header } = (await detail('100001', key)).data;
    const res = await confirm('100001', { billNumber: key, version: header.version, lines: fullLines() });
    expect(res.status).toBe(200);
    expect(res.data.header.status).toBe('已确认');
    expect(res.data.header.late).toBe(false);
    expect(res.data.header.version).toBe(header.version + 1);
    expect(res.data.lines.map((l) => [l.confirmedQty, l.promisedDate])).toEqual([
      ['10.000', day(2)],
      ['4.000', day(2)],
    ]);
    const ev = await events(key);
    expect(ev).toHaveLength(1);
    expect(ev[0]).toMatchObject({ topic: 'purchase-order.order.confirmed', payload: { status: '已确认', late: false } });
    expect((await history(key)).at(-1)).toMatchObject({ action: 'confirm', from_status: '已阅读', to_status: '已确认' });
    // Once answered, neither another confirmation nor a decline: 409 naming the state.
    const again = await confirm('100001', { billNumber: key, version: res.data.header.version, lines: fullLines() });
    expect(again.status).toBe(409);
    expect(again.envelope.message).toContain('已确认');
    const declined = await decline('100001', { billNumber: key, version: res.data.header.version, reason: '缺货', note: '' });
    expect(declined.status).toBe(409);
  });

  it('confirms below the ordered quantity only with a reason: 部分确认', async () => {
    const key = await newOrder();
    const { header } = (await detail('100001', key)).data;
    const short = [{ lineNo: 1, confirmedQty: '6', promisedDate: day(2) }, fullLines()[1]!];
    const noReason = await confirm('100001', { billNumber: key, version: header.version, lines: short });
    expect(noReason.status).toBe(400);
    expect(noReason.envelope.message).toContain('原因');
    const res = await confirm('100001', {
      billNumber: key,
      version: header.version,
      lines: [{ ...short[0]!, note: '产能不足' }, short[1]!],
    });
    expect(res.status).toBe(200);
    expect(res.data.header.status).toBe('部分确认');
    expect(res.data.lines[0]).toMatchObject({ confirmedQty: '6.000', confirmNote: '产能不足' });
    expect((await history(key)).at(-1)).toMatchObject({ action: 'confirmPartly', to_status: '部分确认' });
  });

  it('a partly confirmed order that receives goods moves to 部分到货', async () => {
    const key = await newOrder();
    const { header } = (await detail('100001', key)).data;
    const lines = [{ lineNo: 1, confirmedQty: '6', promisedDate: day(2), note: '产能不足' }, fullLines()[1]!];
    expect((await confirm('100001', { billNumber: key, version: header.version, lines })).data.header.status).toBe('部分确认');
    const receipt = {
      key: `${key}-R`,
      version: 1,
      supplierCode: '100001',
      storeCode: 'S0101',
      date: day(0),
      purchaseOrder: key,
      lines: [{ lineNo: 1, goodsCode: goods[0]!, qty: '6', price: '2.5', amount: '15.00' }],
    };
    expect((await ingest({ db: t.database.db }, erp, 'receiving', [receipt])).results[0]!.outcome).toBe('created');
    expect((await detail('100001', key)).data.header.status).toBe('部分到货');
  });

  it('refuses quantities out of range, dates in the past, a late date without a reason, missing and unknown lines', async () => {
    const key = await newOrder();
    const { header } = (await detail('100001', key)).data;
    const send = (lines: object[]) => confirm('100001', { billNumber: key, version: header.version, lines });
    expect((await send([{ lineNo: 1, confirmedQty: '0', promisedDate: day(2), note: 'x' }, fullLines()[1]!])).status).toBe(400);
    expect((await send([{ lineNo: 1, confirmedQty: '11', promisedDate: day(2) }, fullLines()[1]!])).status).toBe(400);
    const past = await send([{ lineNo: 1, confirmedQty: '10', promisedDate: day(-1) }, fullLines()[1]!]);
    expect(past.status).toBe(400);
    expect(past.envelope.message).toContain('promisedDate');
    const late = await send([{ lineNo: 1, confirmedQty: '10', promisedDate: day(9) }, fullLines()[1]!]);
    expect(late.status).toBe(400);
    expect(late.envelope.message).toContain('截止');
    expect((await send([fullLines()[0]!])).status).toBe(400);
    expect((await send([...fullLines(), { lineNo: 9, confirmedQty: '1', promisedDate: day(2) }])).status).toBe(400);
    expect((await events(key)).length).toBe(0);
    // After the deadline with a reason: fine, and the order stays 已确认 in full.
    const ok = await send([{ lineNo: 1, confirmedQty: '10', promisedDate: day(9), note: '排产已满' }, fullLines()[1]!]);
    expect(ok.status).toBe(200);
    expect(ok.data.header.status).toBe('已确认');
  });

  it('refuses a stale version (409) and changes nothing', async () => {
    const key = await newOrder();
    const { header } = (await detail('100001', key)).data;
    const res = await confirm('100001', { billNumber: key, version: header.version - 1, lines: fullLines() });
    expect(res.status).toBe(409);
    expect(res.envelope.message).toMatch(/版本|version/);
    expect((await detail('100001', key)).data.header.status).toBe('已阅读');
    expect(await events(key)).toHaveLength(0);
  });

  it('two answers at once: one wins, the other gets 409, and one event is written', async () => {
    const key = await newOrder();
    const { header } = (await detail('100001', key)).data;
    const answers = await Promise.all([
      confirm('100001', { billNumber: key, version: header.version, lines: fullLines() }),
      decline('100001', { billNumber: key, version: header.version, reason: '缺货', note: '' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await events(key)).toHaveLength(1);
  });

  it('marks a confirmation after the deadline late, and the monitor lists it', async () => {
    const key = await newOrder();
    await sql`UPDATE pur_order SET confirm_due_at = now() - interval '1 hour' WHERE bill_number = ${key}`.execute(t.database.db);
    const { header } = (await detail('100001', key)).data;
    expect(header.overdue).toBe(true);
    const overdue = await t.callAs('admin', purchaseOrder.getConfirmMonitorPage, {
      body: { view: 'overdue', suppCode: '100001', limit: 1000 },
    });
    expect(overdue.data.list.map((o) => o.billNumber)).toContain(key);
    const res = await confirm('100001', { billNumber: key, version: header.version, lines: fullLines() });
    expect(res.data.header.late).toBe(true);
    expect((await events(key))[0]!.payload).toMatchObject({ late: true });
    const late = await t.callAs('admin', purchaseOrder.getConfirmMonitorPage, { body: { view: 'late', suppCode: '100001', limit: 1000 } });
    expect(late.data.list.map((o) => o.billNumber)).toContain(key);
    expect(late.data.counts.late).toBe(late.data.total);
  });
});

describe('declining', () => {
  it('declines with a reason: 已拒绝, its event; 其他 needs a text', async () => {
    const key = await newOrder();
    const { header } = (await detail('100001', key)).data;
    expect((await decline('100001', { billNumber: key, version: header.version, reason: '其他', note: '' })).status).toBe(400);
    expect((await decline('100001', { billNumber: key, version: header.version, reason: '不想做' })).status).toBe(400);
    const res = await decline('100001', { billNumber: key, version: header.version, reason: '停产', note: '该品已停产' });
    expect(res.status).toBe(200);
    expect(res.data.header).toMatchObject({ status: '已拒绝', declineReason: '停产', declineNote: '该品已停产' });
    expect(await events(key)).toEqual([expect.objectContaining({ topic: 'purchase-order.order.declined' })]);
    expect((await history(key)).at(-1)).toMatchObject({ action: 'decline', to_status: '已拒绝', note: '停产：该品已停产' });
    const declined = await t.callAs('admin', purchaseOrder.getConfirmMonitorPage, { body: { view: 'declined', limit: 1000 } });
    expect(declined.data.list.find((o) => o.billNumber === key)).toMatchObject({ declineReason: '停产' });
  });
});

describe('who may answer', () => {
  it("another supplier's order is not found, and nothing of it changes", async () => {
    const key = await newOrder();
    expect((await detail('100002', key)).status).toBe(404);
    const res = await confirm('100002', { billNumber: key, version: 1, lines: fullLines() });
    expect(res.status).toBe(404);
    expect((await decline('100002', { billNumber: key, version: 1, reason: '缺货', note: '' })).status).toBe(404);
    const row = await t.database.db
      .selectFrom('pur_order')
      .select(['status', 'read_at'])
      .where('bill_number', '=', key)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: '已下达', read_at: null });
  });

  it('a child account without the confirm button is refused (403); granted, it confirms', async () => {
    const key = await newOrder();
    const { header } = (await detail('100001-01', key)).data;
    expect((await confirm('100001-01', { billNumber: key, version: header.version, lines: fullLines() })).status).toBe(403);
    expect((await decline('100001-01', { billNumber: key, version: header.version, reason: '缺货', note: '' })).status).toBe(403);
    expect((await t.callAs('100001', purchaseOrder.getConfirmMonitorPage, { body: {} })).status).toBe(403);
    const child = await t.database.db.selectFrom('account').select('id').where('employee_code', '=', '100001-01').executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('account_button')
      .values({ account_id: child.id, module_code: 'ms0022', button_code: 'confirm' })
      .execute();
    try {
      const res = await confirm('100001-01', { billNumber: key, version: header.version, lines: fullLines() });
      expect(res.status).toBe(200);
      expect(res.data.header.confirmedBy).toBe('100001-01');
    } finally {
      await t.database.db.deleteFrom('account_button').where('account_id', '=', child.id).where('button_code', '=', 'confirm').execute();
    }
  });
});

describe('re-confirmation after a changed version', () => {
  it('marks the changed and new lines with their values before, reopens the order with a new deadline, its event and history', async () => {
    const key = await newOrder();
    const { header } = (await detail('100001', key)).data;
    const confirmed = await confirm('100001', {
      billNumber: key,
      version: header.version,
      lines: [{ lineNo: 1, confirmedQty: '8', promisedDate: day(2), note: '缺料' }, fullLines()[1]!],
    });
    expect(confirmed.data.header.status).toBe('部分确认');
    await sql`UPDATE pur_order SET confirm_due_at = now() - interval '1 hour' WHERE bill_number = ${key}`.execute(t.database.db);
    await sendOrder(t, order(key, 2, { qty1: '12', line3: true }));
    const after = (await detail('admin', key)).data;
    expect(after.header).toMatchObject({ status: '已下达', changed: true, overdue: false, confirmedAt: null });
    expect(after.header.version).toBeGreaterThan(confirmed.data.header.version);
    expect(after.lines[0]).toMatchObject({ changed: true, prevQty: '10.000', orderQty: '12.000', confirmedQty: null });
    expect(after.lines[1]).toMatchObject({ changed: false, confirmedQty: '4.000' });
    expect(after.lines[2]).toMatchObject({ changed: true, isNew: true });
    const ev = (await events(key)).at(-1)!;
    expect(ev).toMatchObject({
      topic: 'purchase-order.order.reopened',
      actor: 'client:erp-test',
      payload: { previousStatus: '部分确认', changedLines: [1, 3] },
    });
    expect((await history(key)).at(-1)).toMatchObject({ action: 'reopen', from_status: '部分确认', to_status: '已下达' });
    const changed = await t.callAs('admin', purchaseOrder.getConfirmMonitorPage, { body: { view: 'changed', limit: 1000 } });
    expect(changed.data.list.map((o) => o.billNumber)).toContain(key);
    // The supplier reads it again and confirms the new version; the marks are answered.
    const read = (await detail('100001', key)).data;
    expect(read.header.status).toBe('已阅读');
    const again = await confirm('100001', {
      billNumber: key,
      version: read.header.version,
      lines: [
        ...fullLines().map((l, i) => (i === 0 ? { ...l, confirmedQty: '12' } : l)),
        { lineNo: 3, confirmedQty: '6', promisedDate: day(2) },
      ],
    });
    expect(again.data.header.status).toBe('已确认');
    expect(again.data.lines.every((l) => !l.changed && l.prevQty === null)).toBe(true);
  });

  it('a price or delivery-date change reopens a confirmed order; the same version again changes nothing', async () => {
    const key = await newOrder();
    const { header } = (await detail('100001', key)).data;
    await confirm('100001', { billNumber: key, version: header.version, lines: fullLines() });
    await sendOrder(t, order(key, 2, { price2: '1.5', deliveryDate: day(4) }));
    const after = (await detail('admin', key)).data;
    expect(after.header.status).toBe('已下达');
    expect(after.lines.map((l) => [l.changed, l.prevDeliveryDate])).toEqual([
      [true, day(3)],
      [true, day(3)],
    ]);
    expect(after.lines[1]!.prevPrice).toMatch(/^1(\.0+)?$/);
    const before = await events(key);
    await sendOrder(t, order(key, 2, { price2: '1.5', deliveryDate: day(4) }), 'unchanged');
    expect(await events(key)).toHaveLength(before.length);
  });

  it('an unchanged new version leaves a confirmed order confirmed', async () => {
    const key = await newOrder();
    const { header } = (await detail('100001', key)).data;
    await confirm('100001', { billNumber: key, version: header.version, lines: fullLines() });
    await sendOrder(t, order(key, 2));
    expect((await detail('100001', key)).data.header.status).toBe('已确认');
  });
});

describe('the supplier list and the demo data', () => {
  it('filters the waiting orders (已下达 and 已阅读)', async () => {
    const res = await t.callAs('100001', purchaseOrder.getPurOrderPage, { body: { waiting: true, limit: 1000 } });
    expect(res.data.total).toBeGreaterThanOrEqual(2);
    expect(res.data.list.every((o) => o.status === '已下达' || o.status === '已阅读')).toBe(true);
  });

  it('holds orders in every state, a partly confirmed one with a reason, declined ones with theirs, a changed one and late ones', async () => {
    const states = (
      await sql<{ status: string }>`SELECT DISTINCT status FROM pur_order WHERE tenant_id = 'demo'`.execute(t.database.db)
    ).rows.map((r) => r.status);
    expect([...states].sort()).toEqual([...purchaseOrder.orderStatuses].sort());
    const n = async (where: string) =>
      (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM pur_order o WHERE tenant_id = 'demo' AND ${sql.raw(where)}`.execute(
          t.database.db,
        )
      ).rows[0]!.n;
    expect(
      await n(
        `status = '部分确认' AND EXISTS (SELECT 1 FROM pur_order_line l WHERE l.bill_number = o.bill_number AND l.confirm_note <> '')`,
      ),
    ).toBeGreaterThan(0);
    expect(await n(`status = '已拒绝' AND decline_reason IS NOT NULL`)).toBeGreaterThan(0);
    expect(await n(`status = '已下达' AND reopened_at IS NOT NULL AND supp_code = '100001'`)).toBeGreaterThan(0);
    expect(await n(`confirmed_at > confirm_due_at`)).toBeGreaterThan(0);
    expect(await n(`status IN ('已下达', '已阅读') AND supp_code = '100001'`)).toBeGreaterThanOrEqual(2);
  });
});
