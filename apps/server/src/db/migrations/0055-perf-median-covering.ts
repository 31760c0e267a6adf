// 0055: the median hours to confirm (供应商绩效, issue #29) reads a supplier's answered orders of the months asked.
// 0040's index (perf_item_orders: every order's item, by supplier and month) found them but left each row to be
// read from the table, one page per order: at ten million receiving lines a supplier's year is some 10,000 orders
// scattered over the table, most of the overview's 70 ms. This index holds only answered orders and carries what
// the median and its store and category filters read, so the question is answered from the index alone.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS perf_item_answered ON perf_item (tenant_id, supp_code, month)
    INCLUDE (dept_code, category_code, confirm_minutes) WHERE item = 0 AND answered_orders = 1`.execute(db);
  await sql`DROP INDEX IF EXISTS perf_item_orders`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS perf_item_orders ON perf_item (tenant_id, supp_code, month) WHERE item = 0`.execute(db);
  await sql`DROP INDEX IF EXISTS perf_item_answered`.execute(db);
}
