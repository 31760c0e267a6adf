// Dashboard figures against the raw rows, for a supplier and for staff.
import { addDays, dashboard } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { businessDay } from '../../platform/clock';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ business: true });
});
afterAll(() => t.close());

const overview = async (user: string, query: { suppCode?: string } = {}) => (await t.callAs(user, dashboard.getOverview, { query })).data;
const cents = (values: string[]) => values.reduce((s, v) => s + BigInt(Math.round(Number(v) * 100)), 0n);

describe('overview', () => {
  it("counts the supplier's open orders", async () => {
    const data = await overview('100001');
    const open = await t.database.db
      .selectFrom('pur_order')
      .select(['total_amount', 'status', 'confirm_due_at'])
      .where('supp_code', '=', '100001')
      .where('status', 'in', ['已下达', '已阅读', '已确认', '部分确认', '部分到货'])
      .execute();
    expect(data.openOrders.count).toBe(open.length);
    expect(cents([data.openOrders.amount])).toBe(cents(open.map((o) => o.total_amount)));
    const waiting = open.filter((o) => o.status === '已下达' || o.status === '已阅读');
    expect(data.openOrders.toConfirm).toBe(waiting.length);
    expect(data.openOrders.overdue).toBe(waiting.filter((o) => o.confirm_due_at! < new Date()).length);
  });

  it("sums this month's receiving to date and shows twelve months of trend", async () => {
    const data = await overview('100001');
    const today = businessDay(new Date());
    expect(data.today).toBe(today);
    const rows = await t.database.db
      .selectFrom('acceptance')
      .select('amount')
      .where('supp_code', '=', '100001')
      .where('acc_date', '>=', `${today.slice(0, 7)}-01`)
      .where('acc_date', '<=', today)
      .execute();
    expect(cents([data.receiving.thisMonth])).toBe(cents(rows.map((r) => r.amount)));
    expect(data.monthlyReceiving).toHaveLength(12);
    expect(data.monthlyReceiving.at(-1)!.month).toBe(today.slice(0, 7));
    expect(data.monthlyReceiving.at(-1)!.amount).toBe(data.receiving.thisMonth);
  });

  it('counts settlement bills waiting for the supplier', async () => {
    const data = await overview('100001');
    const bills = await t.database.db.selectFrom('sam_bill').select('status').where('supp_code', '=', '100001').execute();
    expect(data.settlement.waitingCount).toBe(bills.filter((b) => b.status === '草稿' || b.status === '已驳回').length);
  });

  it('gives staff the whole tenant or one supplier, and a supplier only itself', async () => {
    const all = await overview('admin');
    const one = await overview('admin', { suppCode: '100001' });
    const own = await overview('100001', { suppCode: '100002' });
    expect(one.openOrders).toEqual(own.openOrders);
    expect(all.openOrders.count).toBeGreaterThan(one.openOrders.count);
  });
});

describe('deliveries', () => {
  const deliveries = async (user: string, query: { suppCode?: string } = {}) =>
    (await t.callAs(user, dashboard.getDeliveryOverview, { query })).data;

  /** The figures again from the rows, for one supplier or the tenant. */
  async function fromRows(supp: string | null) {
    const today = businessDay(new Date());
    const mine = (code: string) => supp === null || code === supp;
    const notes = (
      await t.database.db.selectFrom('delivery_note').select(['supp_code', 'status']).where('tenant_id', '=', 'demo').execute()
    ).filter((n) => mine(n.supp_code));
    const bookings = (
      await t.database.db
        .selectFrom('dock_booking as b')
        .innerJoin('dock_slot as s', 's.id', 'b.slot_id')
        .select(['b.id', 'b.supp_code', 'b.status', 's.slot_date', 's.start_time'])
        .where('b.tenant_id', '=', 'demo')
        .where('b.status', 'in', ['待确认', '已确认'])
        .execute()
    ).filter((b) => mine(b.supp_code) && (b.slot_date === today || b.slot_date === addDays(today, 1)));
    bookings.sort((a, b) => a.slot_date.localeCompare(b.slot_date) || a.start_time.localeCompare(b.start_time));
    return {
      notes: { toBook: notes.filter((n) => n.status === '已创建').length, booked: notes.filter((n) => n.status === '已预约').length },
      deliveries: {
        today: bookings.filter((b) => b.slot_date === today).length,
        tomorrow: bookings.filter((b) => b.slot_date !== today).length,
        waiting: bookings.filter((b) => b.status === '待确认').length,
      },
      coming: bookings.slice(0, dashboard.comingDeliveriesShown).map((b) => [b.slot_date, b.start_time.slice(0, 5)]),
    };
  }

  it("counts a supplier's notes on their way and the bookings of today and tomorrow, its own only; staff all or one", async () => {
    // One of 100001's confirmed bookings (上海虹口店 opens every day) moved to today's slot of the same hour.
    const today = businessDay(new Date());
    const moved = await sql<{ id: number }>`UPDATE dock_booking b SET slot_id = s.id FROM dock_slot o, dock_slot s
      WHERE b.tenant_id = 'demo' AND b.supp_code = '100001' AND b.status = '已确认' AND o.id = b.slot_id AND o.dept_code = 'S0101'
        AND s.tenant_id = o.tenant_id AND s.dept_code = o.dept_code AND s.start_time = o.start_time AND s.slot_date = ${today}::date
      RETURNING b.id`.execute(t.database.db);
    expect(moved.rows).toHaveLength(1);

    for (const [user, supp, query] of [
      ['100001', '100001', {}],
      ['100002', '100002', {}],
      ['100001', '100001', { suppCode: '100002' }],
      ['admin', null, {}],
      ['admin', '100002', { suppCode: '100002' }],
      ['recv01', null, {}],
    ] as const) {
      const data = await deliveries(user, query);
      const rows = await fromRows(supp);
      expect(data.today, user).toBe(today);
      expect({ notes: data.notes, deliveries: data.deliveries }, `${user} ${JSON.stringify(query)}`).toEqual({
        notes: rows.notes,
        deliveries: rows.deliveries,
      });
      expect(data.coming.map((c) => [c.slotDate, c.startTime])).toEqual(rows.coming);
      if (supp) expect(data.coming.every((c) => c.suppCode === supp)).toBe(true);
    }
    const own = await deliveries('100001');
    expect(own.deliveries.today).toBeGreaterThan(0);
    expect(own.notes.toBook).toBeGreaterThan(0);
    expect(own.coming[0]).toMatchObject({ slotDate: today, deptCode: 'S0101', deptName: expect.any(String), status: '已确认' });
  });
});
