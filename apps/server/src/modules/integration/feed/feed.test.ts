// The demo feed: a run sends new orders the supplier sees and, a run later, their receiving (through ingest, so
// the orders' received quantities and the receiving reports follow); a run too soon after another does nothing.
import { purchaseOrder } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { runDemoFeed } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ business: true });
});
afterAll(() => t.close());

/** A seeded random sequence, so that each run of the test sends the same documents. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const minute = 60_000;

describe('demo feed', () => {
  it('sends new orders, then their receiving a run later, and skips a run that comes too soon', async () => {
    const db = t.database.db;
    const start = new Date();
    const random = seeded(7);
    const first = await runDemoFeed(db, { tenantId: 'demo', everyMinutes: 5, now: start, random });
    expect(first.ran).toBe(true);
    expect(first.orders).toBeGreaterThanOrEqual(1);
    expect(first.receivings).toBe(0);

    const orders = (
      await sql<{ bill_number: string; supp_code: string; status: string }>`SELECT bill_number, supp_code, status FROM pur_order
        WHERE tenant_id = 'demo' AND bill_number LIKE 'PF%' ORDER BY bill_number`.execute(db)
    ).rows;
    expect(orders).toHaveLength(first.orders);
    expect(orders.every((o) => o.status === '已下达')).toBe(true);

    // The supplier of the first order sees it in 采购订单.
    const supplier = orders[0]!.supp_code;
    const page = await t.callAs(supplier, purchaseOrder.getPurOrderPage, {
      body: { page: 1, limit: 50, billNumber: orders[0]!.bill_number },
    });
    expect(page.status).toBe(200);
    expect(page.data.list.map((o) => o.billNumber)).toEqual([orders[0]!.bill_number]);

    // A second process's timer a minute later: too soon, nothing sent.
    const soon = await runDemoFeed(db, { tenantId: 'demo', everyMinutes: 5, now: new Date(start.getTime() + minute), random });
    expect(soon).toEqual({ ran: false, orders: 0, receivings: 0 });

    // The next run receives every order of the first, against the order (received quantities follow).
    const second = await runDemoFeed(db, { tenantId: 'demo', everyMinutes: 5, now: new Date(start.getTime() + 5 * minute), random });
    expect(second.ran).toBe(true);
    expect(second.receivings).toBe(first.orders);
    const received = (
      await sql<{ bill_number: string; ordered: string; received: string; accepted: string }>`SELECT o.bill_number,
          sum(l.order_qty)::text AS ordered, sum(l.received_qty)::text AS received,
          (SELECT sum(a.accepted_qty) FROM acceptance a WHERE a.tenant_id = o.tenant_id AND a.po_bill_number = o.bill_number)::text AS accepted
        FROM pur_order o JOIN pur_order_line l ON l.tenant_id = o.tenant_id AND l.bill_number = o.bill_number
        WHERE o.tenant_id = 'demo' AND o.bill_number = ANY(${orders.map((o) => o.bill_number)})
        GROUP BY o.tenant_id, o.bill_number ORDER BY o.bill_number`.execute(db)
    ).rows;
    for (const row of received) {
      expect(Number(row.accepted)).toBeGreaterThan(0);
      expect(row.received).toBe(row.accepted);
      expect(Number(row.accepted)).toBeLessThanOrEqual(Number(row.ordered));
    }
    // Every batch is in the integration log, as the feed's.
    const logged = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM integration_batch WHERE tenant_id = 'demo' AND source = 'feed'`.execute(db);
    expect(logged.rows[0]!.n).toBe(3); // orders, then receiving and orders

    // Received orders are not received again.
    const third = await runDemoFeed(db, { tenantId: 'demo', everyMinutes: 5, now: new Date(start.getTime() + 10 * minute), random });
    expect(third.receivings).toBe(second.orders);
  });

  it('does nothing for a tenant without suppliers or stores', async () => {
    const run = await runDemoFeed(t.database.db, { tenantId: 'nobody', everyMinutes: 5 });
    expect(run).toEqual({ ran: true, orders: 0, receivings: 0 });
  });
});
