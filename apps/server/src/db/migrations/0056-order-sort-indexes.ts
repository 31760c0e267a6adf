// 0056: the purchase-order list's sorts (issue #34, purOrderSortFields) read from indexes, for one supplier and for
// staff: the first page of two million orders without sorting them (staff's default page took 3 s by itself, a
// sort of every order of the tenant; a supplier's sort by delivery date or amount 20 ms, a sort of its 10,000).
// The order date for one supplier has pur_order_supp_date (0001); the bill number the primary key. The delivery
// date's and amount's indexes end in bill_number DESC: the list reverses their tie (bill descending) with the sort
// (tiesFollowSort), so ascending reads the index forward and descending backward, neither with a sort step.
import { type Kysely, sql } from 'kysely';

/** Name and columns of each index. */
export const orderSortIndexes = [
  ['pur_order_tenant_date', 'tenant_id, order_date, bill_number'],
  ['pur_order_supp_delivery', 'tenant_id, supp_code, delivery_date, bill_number DESC'],
  ['pur_order_tenant_delivery', 'tenant_id, delivery_date, bill_number DESC'],
  ['pur_order_supp_amount', 'tenant_id, supp_code, total_amount, bill_number DESC'],
  ['pur_order_tenant_amount', 'tenant_id, total_amount, bill_number DESC'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of orderSortIndexes)
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(name)} ON pur_order (${sql.raw(columns)})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of orderSortIndexes) await sql`DROP INDEX IF EXISTS ${sql.id(name)}`.execute(db);
}
