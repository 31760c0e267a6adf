// The benches' purchase orders (bench:performance, bench:lists): a year of orders spread over 201 suppliers (100001
// and 200 made here), the demo's stores and categories, five lines each; written with plain INSERTs, so the triggers
// keep their rollups as they would for any writer.
import { type Kysely, type Transaction, sql } from 'kysely';
import type { DB } from '@portal/server/src/db/schema';
import { businessDay } from '@portal/server/src/platform/clock';

export const benchSuppliers = 200;
export const linesPerOrder = 5;

export interface OrderSetup {
  depts: string[];
  categories: string[];
  today: string;
}

/** Makes the 200 suppliers (once) and reads the stores and leaf categories the orders name. */
export async function benchOrders(db: Kysely<DB>): Promise<OrderSetup> {
  await sql`INSERT INTO supplier (tenant_id, supp_code, supp_name)
    SELECT 'demo', 'PB' || lpad(i::text, 3, '0'), '绩效测试供应商 ' || i FROM generate_series(1, ${benchSuppliers}) i ON CONFLICT DO NOTHING`.execute(
    db,
  );
  const depts = (await sql<{ code: string }>`SELECT dept_code AS code FROM dept WHERE tenant_id = 'demo' ORDER BY 1`.execute(db)).rows.map(
    (r) => r.code,
  );
  const categories = (
    await sql<{ code: string }>`SELECT category_code AS code FROM category c WHERE tenant_id = 'demo'
      AND NOT EXISTS (SELECT 1 FROM category k WHERE k.tenant_id = c.tenant_id AND k.parent_category_code = c.category_code) ORDER BY 1`.execute(
      db,
    )
  ).rows.map((r) => r.code);
  return { depts, categories, today: businessDay(new Date()) };
}

/**
 * Orders `first` to `first + count - 1` (numbers PB000000000...): one a supplier in turn (0: 100001), a day of the
 * last year, delivery three days on, confirmed within 2 to 40 hours of issue (deadline 24), a store and a category.
 */
export async function orders(trx: Transaction<DB>, setup: OrderSetup, first: number, count: number): Promise<void> {
  const { depts, categories, today } = setup;
  await sql`INSERT INTO pur_order (tenant_id, bill_number, supp_code, dept_code, category_code, order_date, valid_days, delivery_date,
      delivery_mode, order_type, status, total_qty, total_amount, issued_at, confirm_due_at, confirmed_at, confirmed_by)
    SELECT 'demo', 'PB' || lpad(o::text, 9, '0'),
      CASE WHEN o % ${benchSuppliers + 1} = 0 THEN '100001' ELSE 'PB' || lpad((o % ${benchSuppliers + 1})::text, 3, '0') END,
      (${depts}::text[])[1 + o % ${depts.length}], (${categories}::text[])[1 + (o / 7) % ${categories.length}],
      d, 7, d + 3, '直送', '普通', '已确认', 50, 100,
      (d + time '09:00') AT TIME ZONE 'Asia/Shanghai', (d + time '09:00') AT TIME ZONE 'Asia/Shanghai' + interval '24 hours',
      (d + time '09:00') AT TIME ZONE 'Asia/Shanghai' + make_interval(hours => (2 + (o * 7919) % 39)::int), 'bench'
    FROM generate_series(${first}::bigint, ${first + count - 1}::bigint) o, LATERAL (SELECT ${today}::date - 368 + (o * 104729 % 365)::int AS d) x`.execute(
    trx,
  );
}

/** The orders' lines: five each, some confirmed short, the promise the delivery date or a day later. */
export async function orderLines(trx: Transaction<DB>, first: number, count: number): Promise<void> {
  await sql`INSERT INTO pur_order_line (tenant_id, bill_number, line_no, goods_code, order_qty, price, amount, tax_rate, confirmed_qty, promised_date)
    SELECT 'demo', p.bill_number, n, 'G' || (n + o % 97), 10, 2, 20, 13,
      CASE WHEN (o + n) % 13 = 0 THEN 8 ELSE 10 END, p.delivery_date + ((o + n) % 5 = 0)::int
    FROM generate_series(${first}::bigint, ${first + count - 1}::bigint) o
    JOIN pur_order p ON p.tenant_id = 'demo' AND p.bill_number = 'PB' || lpad(o::text, 9, '0'),
    generate_series(1, ${linesPerOrder}) n`.execute(trx);
}
