// Dashboard figures against the raw rows, for a supplier and for staff.
import { dashboard } from '@portal/contract';
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
