// 0056: the order list's sorts read from indexes, either direction, with no sort step (test/plans: the plans on
// empty tables with the scans turned off); down takes the indexes away. The list's own order is
// purchase-order.test's, its figures at two million orders bench:lists'.
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers';
import { indexNames, indexPlan } from '../../test/plans';
import type { Database } from '../database';
import { migrationProvider } from './index';
import { orderSortIndexes } from './0056-order-sort-indexes';

let database: Database;
let migrator: Migrator;
beforeAll(async () => {
  database = await freshDatabase();
  migrator = new Migrator({ db: database.db, provider: migrationProvider });
  expect((await migrator.migrateTo('0055-perf-median-covering')).error).toBeUndefined();
});
afterAll(() => database.close());

const indexes = () => indexNames(database.db, 'pur_order');

/** The plan of a first page of orders in `order`, for staff (`supplier` null) or one supplier. */
const plan = (order: string, supplier: string | null) =>
  indexPlan(
    database.db,
    sql`SELECT bill_number FROM pur_order o WHERE o.tenant_id = 'demo' ${supplier ? sql`AND o.supp_code = ${supplier}` : sql``}
      ORDER BY ${sql.raw(order)} LIMIT 20`,
  );

it('reads every offered sort of the order list from an index, both ways, for staff and for a supplier', async () => {
  const before = await indexes();
  expect((await migrator.migrateTo('0056-order-sort-indexes')).error).toBeUndefined();
  expect(await indexes()).toEqual([...before, ...orderSortIndexes.map(([name]) => name)].sort());
  for (const [order, index] of [
    ['o.order_date DESC, o.bill_number DESC', 'pur_order_tenant_date'],
    ['o.delivery_date ASC, o.bill_number DESC', 'pur_order_tenant_delivery'],
    ['o.delivery_date DESC, o.bill_number ASC', 'pur_order_tenant_delivery'],
    ['o.total_amount DESC, o.bill_number ASC', 'pur_order_tenant_amount'],
  ] as const) {
    const staff = await plan(order, null);
    expect(staff, order).toContain(index);
    expect(staff, order).not.toMatch(/\bSort\b/);
  }
  // A supplier's: with no rows the planner may as well walk the tenant's index and filter (bench:lists shows the
  // supplier's own index taken at size); either way, no sort.
  for (const [order, index] of [
    ['o.delivery_date DESC, o.bill_number ASC', /pur_order_(supp|tenant)_delivery/],
    ['o.total_amount ASC, o.bill_number DESC', /pur_order_(supp|tenant)_amount/],
  ] as const) {
    const supplier = await plan(order, '100001');
    expect(supplier, order).toMatch(index);
    expect(supplier, order).not.toMatch(/\bSort\b/);
  }
  expect((await migrator.migrateTo('0055-perf-median-covering')).error).toBeUndefined();
  expect(await indexes()).toEqual(before);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
