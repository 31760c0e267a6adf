// Supplier performance (issue 29, part D): the figures against sums computed here from the raw rows (orders, their
// lines, the receiving naming them) with the definitions of docs/performance.md written again in TypeScript; the
// rollup staying right after receiving arrives, a line changes (a new order version) and an order is confirmed;
// the rollup against a recompute of every order; scope (another supplier's figures never shown, a supplier naming
// another supplier refused); the staff ranking's order, filters and paging.
import { type PerformanceFigures, performance } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { confirmOrder, dayFromNow as day, erp, goodsOf, sendOrder } from '../../test/orders';
import { ingest } from '../integration/documents/service';

let t: TestApp;
let goods: string[];
const today = day(0);

beforeAll(async () => {
  t = await createTestApp({ business: true });
  goods = await goodsOf(t, '100001');
});
afterAll(() => t.close());

// ---- The figures again, from raw rows (independent of migration 0040's SQL). ----

interface Sums {
  lines: number;
  full: number;
  onTime: number;
  otif: number;
  committed: number;
  filled: number;
  accepted: number;
  rejected: number;
  orders: number;
  answered: number;
  inTime: number;
  declined: number;
  minutes: number;
}
const zero = (): Sums => ({
  lines: 0,
  full: 0,
  onTime: 0,
  otif: 0,
  committed: 0,
  filled: 0,
  accepted: 0,
  rejected: 0,
  orders: 0,
  answered: 0,
  inTime: 0,
  declined: 0,
  minutes: 0,
});
/** Quantities in thousandths: exact integers. */
const milli = (v: string | null) => Math.round(Number(v ?? 0) * 1000);
const shanghaiDay = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

interface Raw {
  key: { supp: string; month: string; dept: string };
  sums: Sums;
}

/** Every line's and order's contribution for the tenant, as of today. */
async function rawItems(): Promise<Raw[]> {
  const db = t.database.db;
  const orders = (
    await sql<{
      bill_number: string;
      supp_code: string;
      dept_code: string;
      status: string;
      delivery_date: string;
      issued_at: Date | null;
      reopened_at: Date | null;
      confirmed_at: Date | null;
      confirm_due_at: Date | null;
    }>`SELECT bill_number, supp_code, dept_code, status, delivery_date::text, issued_at, reopened_at, confirmed_at, confirm_due_at
       FROM pur_order WHERE tenant_id = 'demo'`.execute(db)
  ).rows;
  const lines = (
    await sql<{
      bill_number: string;
      line_no: number;
      goods_code: string;
      order_qty: string;
      confirmed_qty: string | null;
      promised_date: string | null;
    }>`SELECT bill_number, line_no, goods_code, order_qty::text, confirmed_qty::text, promised_date::text
       FROM pur_order_line WHERE tenant_id = 'demo' ORDER BY bill_number, line_no`.execute(db)
  ).rows;
  const receipts = (
    await sql<{ po: string; goods_code: string; acc_date: string; accepted_qty: string; rejected_qty: string }>`
      SELECT po_bill_number AS po, goods_code, acc_date::text, accepted_qty::text, rejected_qty::text
      FROM acceptance WHERE tenant_id = 'demo' AND po_bill_number <> ''`.execute(db)
  ).rows;
  const byOrderGoods = new Map<string, typeof receipts>();
  for (const r of receipts) {
    const k = `${r.po}/${r.goods_code}`;
    byOrderGoods.set(k, [...(byOrderGoods.get(k) ?? []), r]);
  }
  const linesOf = new Map<string, typeof lines>();
  for (const l of lines) linesOf.set(l.bill_number, [...(linesOf.get(l.bill_number) ?? []), l]);
  const items: Raw[] = [];
  for (const o of orders) {
    const seen = new Set<string>();
    if (o.status !== '已拒绝' && o.status !== '已关闭') {
      for (const l of linesOf.get(o.bill_number) ?? []) {
        const first = !seen.has(l.goods_code);
        seen.add(l.goods_code);
        const due = l.promised_date ?? o.delivery_date;
        const committed = milli(l.confirmed_qty ?? l.order_qty);
        if (committed <= 0) continue;
        const got = first ? (byOrderGoods.get(`${o.bill_number}/${l.goods_code}`) ?? []) : [];
        const accepted = got.reduce((s, r) => s + milli(r.accepted_qty), 0);
        const byDue = got.filter((r) => r.acc_date <= due).reduce((s, r) => s + milli(r.accepted_qty), 0);
        const full = accepted >= committed;
        if (!full && due >= today) continue; // open, not yet due: counts nowhere
        const s = zero();
        s.lines = 1;
        s.full = full ? 1 : 0;
        s.onTime = got.length > 0 && got.every((r) => r.acc_date <= due) ? 1 : 0;
        s.otif = byDue >= committed ? 1 : 0;
        s.committed = committed;
        s.filled = Math.min(accepted, committed);
        s.accepted = accepted;
        s.rejected = got.reduce((sum, r) => sum + milli(r.rejected_qty), 0);
        items.push({ key: { supp: o.supp_code, month: due.slice(0, 7), dept: o.dept_code }, sums: s });
      }
    }
    const start = o.reopened_at ?? o.issued_at;
    if (!start || (o.status === '已关闭' && !o.confirmed_at)) continue;
    const deadlineDay = o.confirm_due_at ? shanghaiDay(o.confirm_due_at) : shanghaiDay(start);
    if (!o.confirmed_at && deadlineDay >= today) continue; // waiting, deadline not passed
    const s = zero();
    s.orders = 1;
    if (o.confirmed_at) {
      s.answered = 1;
      s.inTime = !o.confirm_due_at || o.confirmed_at <= o.confirm_due_at ? 1 : 0;
      s.minutes = (o.confirmed_at.getTime() - start.getTime()) / 60_000;
    }
    s.declined = o.status === '已拒绝' ? 1 : 0;
    items.push({ key: { supp: o.supp_code, month: shanghaiDay(start).slice(0, 7), dept: o.dept_code }, sums: s });
  }
  return items;
}

function total(items: Raw[], keep: (k: Raw['key']) => boolean): Sums {
  const s = zero();
  for (const i of items) if (keep(i.key)) for (const f of Object.keys(s) as (keyof Sums)[]) s[f] += i.sums[f];
  return s;
}

const pct = (num: number, den: number) => (den === 0 ? null : (100 * num) / den);

/** The answer's figures against the sums (rates to the cent of a percent). */
function expectFigures(answer: PerformanceFigures, s: Sums) {
  expect({
    lines: answer.lines,
    full: answer.fullLines,
    onTime: answer.onTimeLines,
    otif: answer.otifLines,
    committed: milli(answer.committedQty),
    filled: milli(answer.filledQty),
    accepted: milli(answer.acceptedQty),
    rejected: milli(answer.rejectedQty),
    orders: answer.orders,
    answered: answer.answeredOrders,
    inTime: answer.inTimeOrders,
    declined: answer.declinedOrders,
  }).toEqual(omitMinutes(s));
  const rates: [string | null, number | null][] = [
    [answer.inFullRate, pct(s.full, s.lines)],
    [answer.onTimeRate, pct(s.onTime, s.lines)],
    [answer.otifRate, pct(s.otif, s.lines)],
    [answer.fillRate, pct(s.filled, s.committed)],
    [answer.confirmRate, pct(s.inTime, s.orders)],
    [answer.rejectionRate, pct(s.rejected, s.accepted + s.rejected)],
    [answer.avgConfirmHours, s.answered === 0 ? null : s.minutes / 60 / s.answered],
  ];
  for (const [got, want] of rates) {
    if (want === null) expect(got).toBeNull();
    else expect(Math.abs(Number(got) - want)).toBeLessThan(0.006);
  }
}
function omitMinutes(s: Sums) {
  const { minutes: _m, ...rest } = s;
  return rest;
}

const monthsBack = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 - n, 1)).toISOString().slice(0, 7);
};

/** 100001's overview against the raw sums: every month, the year, the month per store. */
async function checkOverview(user: string, supp: string, month = today.slice(0, 7)) {
  const answer = await t.callAs(user, performance.getSupplierPerformance, { query: { month } });
  expect(answer.status).toBe(200);
  const data = answer.data;
  expect(data.suppCode).toBe(supp);
  const items = await rawItems();
  const first = monthsBack(month, 11);
  expect(data.months.map((m) => m.month)).toEqual(Array.from({ length: 12 }, (_, i) => monthsBack(month, 11 - i)));
  for (const m of data.months)
    expectFigures(
      m,
      total(items, (k) => k.supp === supp && k.month === m.month),
    );
  expectFigures(
    data.year,
    total(items, (k) => k.supp === supp && k.month >= first && k.month <= month),
  );
  const depts = new Set(items.filter((i) => i.key.supp === supp && i.key.month === month).map((i) => i.key.dept));
  expect(data.byDept.map((d) => d.deptCode).sort()).toEqual([...depts].sort());
  for (const d of data.byDept)
    expectFigures(
      d,
      total(items, (k) => k.supp === supp && k.month === month && k.dept === d.deptCode),
    );
  return data;
}

/** The stored sums equal those of every order's items computed afresh (no drift after incremental changes). */
async function expectNoDrift() {
  const { rows } = await sql<{ diff: number }>`
    WITH fresh AS (
      SELECT c.* FROM (SELECT tenant_id, array_agg(bill_number) AS bills FROM pur_order GROUP BY tenant_id) o, perf_compute(o.tenant_id, o.bills) c
    ), f AS (
      SELECT tenant_id, supp_code, month, dept_code, category_code, sum(lines) l, sum(full_lines) fl, sum(otif_lines) ol, sum(committed_qty) cq,
             sum(accepted_qty) aq, sum(rejected_qty) rq, sum(orders) o, sum(in_time_orders) io, sum(confirm_minutes) cm
      FROM fresh GROUP BY 1, 2, 3, 4, 5
    ), s AS (
      SELECT tenant_id, supp_code, month, dept_code, category_code, lines l, full_lines fl, otif_lines ol, committed_qty cq,
             accepted_qty aq, rejected_qty rq, orders o, in_time_orders io, confirm_minutes cm
      FROM supplier_performance_monthly
    )
    SELECT count(*)::int AS diff FROM ((SELECT * FROM f EXCEPT SELECT * FROM s) UNION ALL (SELECT * FROM s EXCEPT SELECT * FROM f)) x`.execute(
    t.database.db,
  );
  expect(rows[0]!.diff).toBe(0);
  const totals = await sql<{ diff: number }>`
    WITH f AS (
      SELECT tenant_id, month, supp_code, sum(lines)::int l, sum(otif_lines)::int ol, sum(committed_qty) q, sum(orders)::int o, sum(confirm_minutes) cm
      FROM supplier_performance_monthly GROUP BY 1, 2, 3
    ), s AS (SELECT tenant_id, month, supp_code, lines l, otif_lines ol, committed_qty q, orders o, confirm_minutes cm FROM supplier_performance_total)
    SELECT count(*)::int AS diff FROM ((SELECT * FROM f EXCEPT SELECT * FROM s) UNION ALL (SELECT * FROM s EXCEPT SELECT * FROM f)) x`.execute(
    t.database.db,
  );
  expect(totals.rows[0]!.diff).toBe(0);
  const pending = await sql<{ diff: number }>`
    WITH fresh AS (
      SELECT c.* FROM (SELECT tenant_id, array_agg(bill_number) AS bills FROM pur_order GROUP BY tenant_id) o, perf_compute(o.tenant_id, o.bills) c
      WHERE NOT c.settled
    ), f AS (SELECT tenant_id, decide_day, supp_code, month, dept_code, category_code, sum(lines) l, sum(orders) o, sum(committed_qty) q FROM fresh GROUP BY 1, 2, 3, 4, 5, 6),
    s AS (SELECT tenant_id, decide_day, supp_code, month, dept_code, category_code, lines l, orders o, committed_qty q FROM supplier_performance_pending)
    SELECT count(*)::int AS diff FROM ((SELECT * FROM f EXCEPT SELECT * FROM s) UNION ALL (SELECT * FROM s EXCEPT SELECT * FROM f)) x`.execute(
    t.database.db,
  );
  expect(pending.rows[0]!.diff).toBe(0);
}

let seq = 0;
const order = (key: string, version: number, deliveryDate: string, qty1 = '10') => ({
  key,
  version,
  orderDate: day(-20),
  deliveryDate,
  validDays: 30,
  lines: [
    { goodsCode: goods[0]!, qty: qty1, price: '2' },
    { goodsCode: goods[1]!, qty: '5', price: '1' },
  ],
});
const receipt = (key: string, po: string, date: string, qty: string, rejected = '0') => ({
  key,
  version: 1,
  supplierCode: '100001',
  storeCode: 'S0101',
  date,
  purchaseOrder: po,
  lines: [{ lineNo: 1, goodsCode: goods[0]!, qty, rejectedQty: rejected, price: '2', amount: (Number(qty) * 2).toFixed(2) }],
});

describe('supplier performance', () => {
  it("answers 100001's twelve months, year and stores as the raw rows sum up, with no drift from a recompute", async () => {
    const data = await checkOverview('100001', '100001');
    // The demo gives 100001 a year with something in it: lines counted, some late or short, some refused at the dock.
    expect(data.year.lines).toBeGreaterThan(0);
    expect(data.year.otifLines).toBeLessThan(data.year.lines);
    expect(Number(data.year.rejectedQty)).toBeGreaterThan(0);
    await expectNoDrift();
  });

  it('stays right when receiving arrives, a line changes and an order is confirmed', async () => {
    const key = `PF-${Date.now() % 1_000_000}-${++seq}`;
    // Due five days ago: counted at once, not in full.
    await sendOrder(t, order(key, 1, day(-5)));
    await checkOverview('100001', '100001', day(-5).slice(0, 7));
    // A short delivery on time, then the rest late with a rejection.
    await ingest({ db: t.database.db }, erp, 'receiving', [receipt(`${key}-R1`, key, day(-6), '4')]);
    await checkOverview('100001', '100001', day(-5).slice(0, 7));
    await ingest({ db: t.database.db }, erp, 'receiving', [receipt(`${key}-R2`, key, day(-2), '6', '2')]);
    const after = await checkOverview('100001', '100001', day(-5).slice(0, 7));
    expect(after.year.rejectedQty).not.toBe('0');
    await expectNoDrift();
    // The retailer changes line 1 (a new version): the order reopens and the line owes 12.
    await sendOrder(t, order(key, 2, day(-5), '12'));
    await checkOverview('100001', '100001', day(-5).slice(0, 7));
    await expectNoDrift();

    // A new order, confirmed short with a promised date: the promise and the confirmed quantity count.
    const next = `PF-${Date.now() % 1_000_000}-${++seq}`;
    await sendOrder(t, order(next, 1, day(3)));
    const confirmed = await confirmOrder(t, '100001', next, [
      { lineNo: 1, confirmedQty: '8', promisedDate: day(2), note: '产能不足' },
      { lineNo: 2, confirmedQty: '5', promisedDate: day(2) },
    ]);
    expect(confirmed.status).toBe(200);
    await checkOverview('100001', '100001', today.slice(0, 7));
    // Received in full early: counted now though not yet due, on time and in full.
    await ingest({ db: t.database.db }, erp, 'receiving', [receipt(`${next}-R1`, next, day(0), '8')]);
    const item = await sql<{ full_lines: number; otif_lines: number; settled: boolean }>`
      SELECT full_lines, otif_lines, settled FROM perf_item WHERE tenant_id = 'demo' AND bill_number = ${next} AND item = 1`.execute(
      t.database.db,
    );
    expect(item.rows[0]).toEqual({ full_lines: 1, otif_lines: 1, settled: true });
    await checkOverview('100001', '100001', today.slice(0, 7));
    await expectNoDrift();
  });

  it("shows a supplier only its own figures and refuses another supplier's code", async () => {
    const other = await checkOverview('100002', '100002');
    const mine = await t.callAs('100001', performance.getSupplierPerformance, { query: {} });
    expect(other.suppCode).not.toBe(mine.data.suppCode);
    const asked = await t.callAs('100001', performance.getSupplierPerformance, { query: { suppCode: '100002' } });
    expect(asked.status).toBe(403);
    // The child account holds the module and sees its supplier's figures.
    const child = await t.callAs('100001-01', performance.getSupplierPerformance, { query: {} });
    expect(child.status).toBe(200);
    expect(child.data.suppCode).toBe('100001');
    // The ranking is staff only.
    const ranking = await t.callAs('100001', performance.getPerformanceRanking, {
      body: { startMonth: today.slice(0, 7), endMonth: today.slice(0, 7) } as never,
    });
    expect(ranking.status).toBe(403);
    // Staff name the supplier; without one the call says so.
    expect((await t.callAs('admin', performance.getSupplierPerformance, { query: { suppCode: '100002' } })).data.suppCode).toBe('100002');
    expect((await t.callAs('admin', performance.getSupplierPerformance, { query: {} })).status).toBe(400);
  });

  it('ranks every supplier by OTIF, or another figure, over a range, filtered by store and paged', async () => {
    const end = today.slice(0, 7);
    const start = monthsBack(end, 11);
    const items = await rawItems();
    const supps = [...new Set(items.filter((i) => i.key.month >= start && i.key.month <= end).map((i) => i.key.supp))];
    const all = await t.callAs('admin', performance.getPerformanceRanking, {
      body: { startMonth: start, endMonth: end, limit: 1000 } as never,
    });
    expect(all.status).toBe(200);
    expect(all.data.total).toBe(supps.length);
    const otif = (s: Sums) => pct(s.otif, s.lines);
    const expected = supps
      .map((supp) => ({ supp, sums: total(items, (k) => k.supp === supp && k.month >= start && k.month <= end) }))
      .sort((a, b) => {
        const x = otif(a.sums);
        const y = otif(b.sums);
        if (x === null || y === null) return x === y ? a.supp.localeCompare(b.supp) : x === null ? 1 : -1;
        return Math.round(y * 100) - Math.round(x * 100) || a.supp.localeCompare(b.supp);
      });
    expect(all.data.list.map((r) => r.suppCode)).toEqual(expected.map((e) => e.supp));
    all.data.list.forEach((r, i) => {
      expect(r.rank).toBe(i + 1);
      expectFigures(r, expected[i]!.sums);
    });
    // By rejection rate ascending, two to a page.
    const page2 = await t.callAs('admin', performance.getPerformanceRanking, {
      body: { startMonth: start, endMonth: end, page: 2, limit: 2, sort: { field: 'rejectionRate', order: 'asc' } } as never,
    });
    const byRejection = await t.callAs('admin', performance.getPerformanceRanking, {
      body: { startMonth: start, endMonth: end, limit: 1000, sort: { field: 'rejectionRate', order: 'asc' } } as never,
    });
    expect(page2.data.list.map((r) => r.suppCode)).toEqual(byRejection.data.list.slice(2, 4).map((r) => r.suppCode));
    const rates = byRejection.data.list
      .map((r) => r.rejectionRate)
      .filter((r) => r !== null)
      .map(Number);
    expect(rates).toEqual([...rates].sort((a, b) => a - b));
    // One store: only its lines and orders.
    const store = await t.callAs('admin', performance.getPerformanceRanking, {
      body: { startMonth: start, endMonth: end, deptCode: 'S0101', limit: 1000 } as never,
    });
    for (const r of store.data.list)
      expectFigures(
        r,
        total(items, (k) => k.supp === r.suppCode && k.dept === 'S0101' && k.month >= start && k.month <= end),
      );
    // A reversed range is a 400.
    expect(
      (await t.callAs('admin', performance.getPerformanceRanking, { body: { startMonth: end, endMonth: start } as never })).status,
    ).toBe(400);
  });
});
