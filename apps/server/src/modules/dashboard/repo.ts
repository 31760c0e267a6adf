// SQL of the dashboard figures, each within a data scope; receiving amounts from the daily rollup (migration 0021).
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { type DataScope, inScope } from '../../platform/scope';

export async function openOrders(db: Kysely<DB>, scope: DataScope) {
  const { rows } = await sql<{ count: number; amount: string; toConfirm: number; overdue: number }>`
    SELECT count(*)::int AS count, coalesce(sum(total_amount), 0)::text AS amount,
           count(*) FILTER (WHERE status IN ('已下达', '已阅读'))::int AS "toConfirm",
           count(*) FILTER (WHERE status IN ('已下达', '已阅读') AND confirm_due_at < now())::int AS overdue
    FROM pur_order WHERE ${inScope(scope)}
      AND status IN ('已下达', '已阅读', '已确认', '部分确认', '部分到货')`.execute(db);
  return rows[0]!;
}

export async function receivingBetween(db: Kysely<DB>, scope: DataScope, from: string, to: string): Promise<string> {
  const { rows } = await sql<{ amount: string }>`
    SELECT coalesce(sum(amount), 0)::text AS amount FROM acceptance_daily
    WHERE ${inScope(scope)} AND acc_date BETWEEN ${from}::date AND ${to}::date`.execute(db);
  return rows[0]!.amount;
}

export async function monthlyReceiving(db: Kysely<DB>, scope: DataScope, fromMonthStart: string, to: string) {
  const { rows } = await sql<{ month: string; amount: string }>`
    SELECT to_char(m, 'YYYY-MM') AS month, coalesce((
      SELECT sum(amount) FROM acceptance_daily
      WHERE ${inScope(scope)}
        AND acc_date >= m AND acc_date < m + interval '1 month' AND acc_date <= ${to}::date), 0)::text AS amount
    FROM generate_series(${fromMonthStart}::date, ${to}::date, interval '1 month') AS m
    ORDER BY m`.execute(db);
  return rows;
}

export async function ordersByStatus(db: Kysely<DB>, scope: DataScope, since: string) {
  const { rows } = await sql<{ status: string; count: number }>`
    SELECT status, count(*)::int AS count FROM pur_order
    WHERE ${inScope(scope)} AND order_date >= ${since}::date
    GROUP BY status ORDER BY count DESC`.execute(db);
  return rows;
}
