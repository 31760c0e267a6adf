// Purchase orders: paging, filters, sorting, scope, detail, split into packing units.
import { type ColumnFilter, columnFilter, purchaseOrder } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ business: true });
});
afterAll(() => t.close());

/** The order page as a user; bodies the contract refuses are sent as they are, to see the refusal. */
const page = (user: string, body: object) => t.callAs(user, purchaseOrder.getPurOrderPage, { body: body as never });
const count = async (where: string) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pur_order WHERE ${sql.raw(where)}`.execute(t.database.db)).rows[0]!.n;

describe('order list', () => {
  it("pages the supplier's own orders, newest first, with the true total", async () => {
    const res = await page('100001', { page: 1, limit: 10 });
    expect(res.envelope.code).toBe('1');
    expect(res.data.total).toBe(await count(`supp_code = '100001'`));
    expect(res.data.list).toHaveLength(10);
    const dates = res.data.list.map((o: { orderDate: string }) => o.orderDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(res.data.list.every((o: { suppCode: string }) => o.suppCode === '100001')).toBe(true);
  });

  it('filters by date range, store, status and bill number', async () => {
    const body = { page: 1, limit: 1000, startDate: '2026-01-01', endDate: '2026-06-30', deptCode: 'S0101', status: '已完成' };
    const res = (await page('100001', body)).data;
    expect(res.total).toBe(
      await count(
        `supp_code = '100001' AND order_date BETWEEN '2026-01-01' AND '2026-06-30' AND dept_code = 'S0101' AND status = '已完成'`,
      ),
    );
    expect(res.list.every((o: { deptCode: string; status: string }) => o.deptCode === 'S0101' && o.status === '已完成')).toBe(true);
    const one = res.list[0]!.billNumber;
    const byNumber = (await page('100001', { billNumber: one.slice(2) })).data;
    expect(byNumber.list.map((o: { billNumber: string }) => o.billNumber)).toContain(one);
  });

  it('sorts by an allowed column and refuses others', async () => {
    const asc = (await page('100001', { limit: 50, sort: { field: 'totalAmount', order: 'asc' } })).data.list;
    const amounts = asc.map((o: { totalAmount: string }) => Number(o.totalAmount));
    expect([...amounts].sort((a, b) => a - b)).toEqual(amounts);
    expect((await page('100001', { sort: { field: 'password', order: 'asc' } })).status).toBe(400);
  });

  it('sorts by every field it offers, both ways, ties by bill number, and refuses the rest', async () => {
    const { rows } = await sql<{ bill_number: string; order_date: string; delivery_date: string; total_amount: string }>`
      SELECT bill_number, order_date::text, delivery_date::text, total_amount::text FROM pur_order
      WHERE tenant_id = 'demo' AND supp_code = '100001'`.execute(t.database.db);
    const column = {
      orderDate: 'order_date',
      deliveryDate: 'delivery_date',
      billNumber: 'bill_number',
      totalAmount: 'total_amount',
    } as const;
    for (const field of purchaseOrder.purOrderSortFields) {
      for (const order of ['asc', 'desc'] as const) {
        const shown = (await page('100001', { limit: 1000, sort: { field, order } })).data.list.map(
          (o: { billNumber: string }) => o.billNumber,
        );
        const key = (r: (typeof rows)[number]) => (field === 'totalAmount' ? Number(r.total_amount) : r[column[field]]);
        const sign = order === 'asc' ? 1 : -1;
        // The order date's ties run by bill number descending either way; the delivery date's and the amount's
        // against the sort (the list's tie, bill descending, reversed with the sort: one index read either way).
        const tie = field === 'orderDate' ? -1 : -sign;
        const expected = [...rows]
          .sort((a, b) => (key(a) < key(b) ? -sign : key(a) > key(b) ? sign : a.bill_number < b.bill_number ? -tie : tie))
          .map((r) => r.bill_number);
        expect(shown, `${field} ${order}`).toEqual(expected);
      }
    }
    // A sort no index serves (the received quantity sums every order's lines), or a name of something else: 400.
    for (const field of ['receivedQty', 'deptName', 'status', 'constructor'])
      expect((await page('100001', { sort: { field, order: 'asc' } })).status, field).toBe(400);
  });

  it("filters on the grid's columns on the server: checklists, numbers, texts of derived columns", async () => {
    const filter = (f: Partial<ColumnFilter>) => columnFilter.parse(f);
    const statuses = (await page('100001', { limit: 1000, filters: { status: filter({ checks: ['部分到货', '已下达'] }) } })).data;
    expect(statuses.total).toBe(await count(`supp_code = '100001' AND status IN ('部分到货', '已下达')`));
    const big = (await page('100001', { limit: 1000, filters: { totalAmount: filter({ fType1: 'ge', fVal1: '5000' }) } })).data;
    expect(big.total).toBe(await count(`supp_code = '100001' AND total_amount >= 5000`));
    const store = (await page('100001', { limit: 1000, filters: { deptName: filter({ fType1: 'contains', fVal1: '虹口' }) } })).data;
    expect(store.total).toBe(await count(`supp_code = '100001' AND dept_code = 'S0101'`));
    // Quantities compare as the grid shows them, without trailing zeros.
    const one = big.list[0]!;
    const shown = one.totalQty.replace(/\.?0+$/, '');
    const qty = (await page('100001', { limit: 1000, filters: { totalQty: filter({ checks: [shown] }) } })).data;
    expect(qty.list.map((o: { billNumber: string }) => o.billNumber)).toContain(one.billNumber);
    const res = await page('100001', { filters: { password: filter({ fType1: 'contains', fVal1: 'x' }) } });
    expect(res.status).toBe(400);
  });

  it("never shows another supplier's orders, whatever suppCode says", async () => {
    const res = (await page('100001', { suppCode: '100002', limit: 1000 })).data;
    expect(res.total).toBe(await count(`supp_code = '100001'`));
    expect(res.list.some((o: { suppCode: string }) => o.suppCode === '100002')).toBe(false);
  });

  it('shows staff every supplier, or the one asked for', async () => {
    expect((await page('admin', {})).data.total).toBe(await count('true'));
    expect((await page('admin', { suppCode: '100002' })).data.total).toBe(await count(`supp_code = '100002'`));
  });

  it('refuses a reversed date range and a bad date', async () => {
    expect((await page('100001', { startDate: '2026-02-01', endDate: '2026-01-01' })).status).toBe(400);
    const bad = await page('100001', { startDate: '2026-13-45' });
    expect(bad.status).toBe(400);
    expect(bad.envelope.message).toMatch(/^body\.startDate/);
  });
});

describe("column values for the grid's checklist", () => {
  const values = (user: string, body: object) => t.callAs(user, purchaseOrder.getPurOrderColumnValues, { body: body as never });
  const distinct = async (column: string, where: string) =>
    (await sql<{ v: string }>`SELECT DISTINCT ${sql.raw(column)} AS v FROM pur_order WHERE ${sql.raw(where)}`.execute(t.database.db)).rows
      .map((r) => r.v)
      .sort();
  const filter = (f: Partial<ColumnFilter>) => columnFilter.parse(f);

  it("lists a column's texts across every page, not only the first", async () => {
    const res = await values('100001', { field: 'status' });
    expect(res.envelope.code).toBe('1');
    expect([...res.data.values].sort()).toEqual(await distinct('status', `supp_code = '100001'`));
    expect(res.data.more).toBe(false);
  });

  it("leaves out the column's own filter but follows the search and the other columns' filters", async () => {
    const own = (await values('100001', { field: 'status', filters: { status: filter({ checks: ['已完成'] }) } })).data;
    expect([...own.values].sort()).toEqual(await distinct('status', `supp_code = '100001'`));
    const narrowed = (
      await values('100001', { field: 'status', startDate: '2026-06-01', filters: { orderType: filter({ checks: ['急补'] }) } })
    ).data;
    expect([...narrowed.values].sort()).toEqual(
      await distinct('status', `supp_code = '100001' AND order_date >= '2026-06-01' AND order_type = '急补'`),
    );
  });

  it("lists only the caller's supplier, all of them for staff, and says when there are more than it lists", async () => {
    expect((await values('100001', { field: 'suppCode', suppCode: '100002' })).data.values).toEqual(['100001']);
    expect((await values('admin', { field: 'suppCode' })).data.values).toEqual(await distinct('supp_code', 'true'));
    const bills = (await values('admin', { field: 'billNumber' })).data;
    expect(await count('true')).toBeGreaterThan(1000);
    expect(bills.values).toHaveLength(1000);
    expect(bills.more).toBe(true);
  });

  it('refuses a column it does not know, naming it', async () => {
    const res = await values('100001', { field: 'password' });
    expect(res.status).toBe(400);
    expect(res.envelope.message).toMatch(/^body\.field/);
  });
});

describe('demo orders', () => {
  it('are in the state their receiving says', async () => {
    const { rows } = await sql<{ status: string; ordered: string; received: string; receipts: number }>`
      SELECT o.status, sum(l.order_qty)::text AS ordered, sum(l.received_qty)::text AS received,
        (SELECT count(*)::int FROM acceptance a WHERE a.tenant_id = o.tenant_id AND a.po_bill_number = o.bill_number) AS receipts
      FROM pur_order o JOIN pur_order_line l ON l.tenant_id = o.tenant_id AND l.bill_number = o.bill_number
      GROUP BY o.tenant_id, o.bill_number, o.status`.execute(t.database.db);
    const wrong = rows.filter(({ status, ordered, received, receipts }) => {
      const got = Number(received);
      if (status === '已完成') return got === 0 || receipts === 0;
      if (status === '部分到货') return got === 0 || got >= Number(ordered) || receipts === 0;
      return got !== 0 || receipts !== 0;
    });
    expect(new Set(rows.map((r) => r.status)).size).toBeGreaterThanOrEqual(5);
    expect(wrong).toEqual([]);
  });
});

describe('order detail', () => {
  it('answers the header and lines, whose amounts add up to the total', async () => {
    const first = (await page('100001', { limit: 1, status: '已完成' })).data.list[0]!;
    const res = (await t.callAs('100001', purchaseOrder.getPurOrderDetail, { query: { billNumber: first.billNumber } })).data;
    expect(res.header).toMatchObject({ billNumber: first.billNumber, companyName: '华联优选超市(上海)有限公司' });
    const cents = res.lines.reduce((sum: bigint, l: { amount: string }) => sum + BigInt(l.amount.replace('.', '')), 0n);
    expect(cents).toBe(BigInt(res.header.totalAmount.replace('.', '')));
    expect(res.lines[0]).toMatchObject({ lineNo: 1 });
  });

  it('takes accDate as a calendar date or empty, and refuses anything else with 400', async () => {
    const first = (await page('100001', { limit: 1 })).data.list[0]!;
    const detail = (accDate: string) =>
      t.callAs('100001', purchaseOrder.getPurOrderDetail, { query: { billNumber: first.billNumber, accDate } });
    expect((await detail('2026-11-01')).status).toBe(200);
    expect((await detail('')).status).toBe(200);
    for (const bad of ['2026-02-30', 'yesterday', '2026-11-01 00:00']) {
      const res = await detail(bad);
      expect(res.status).toBe(400);
      expect(res.envelope.message).toMatch(/^querystring\.accDate: /);
    }
  });

  it("answers 404 for another supplier's order", async () => {
    const other = (await page('100002', { limit: 1 })).data.list[0]!;
    const res = await t.callAs('100001', purchaseOrder.getPurOrderDetail, { query: { billNumber: other.billNumber, suppCode: '100002' } });
    expect(res.status).toBe(404);
  });

  it('splits lines into whole cases and loose units that add up to the ordered quantity', async () => {
    const first = (await page('100001', { limit: 1 })).data.list[0]!;
    const query = { billNumber: first.billNumber };
    const detail = (await t.callAs('100001', purchaseOrder.getPurOrderDetail, { query })).data;
    const split = (await t.callAs('100001', purchaseOrder.getPurOrderDetailSplitSubGoods, { query })).data;
    for (const line of detail.lines) {
      const parts = split.filter((p: { lineNo: number }) => p.lineNo === line.lineNo);
      expect(parts.reduce((s: number, p: { qty: string }) => s + Number(p.qty), 0)).toBe(Number(line.orderQty));
    }
  });

  it("lists the stores on the supplier's orders", async () => {
    const res = (await t.callAs('100001', purchaseOrder.getDept)).data;
    expect(res.length).toBeGreaterThan(3);
  });

  it('is refused to an account without the module', async () => {
    await t.database.db.deleteFrom('account_module').where('module_code', '=', 'ms0022').execute();
    expect((await page('100001-01', {})).status).toBe(403);
    const valuesCall = await t.callAs('100001-01', purchaseOrder.getPurOrderColumnValues, { body: { field: 'status' } });
    expect(valuesCall.status).toBe(403);
  });
});
