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

/** Delivery notes on their way: made and not booked, booked and not received. */
export async function notesOnTheirWay(db: Kysely<DB>, scope: DataScope) {
  const { rows } = await sql<{ toBook: number; booked: number }>`
    SELECT count(*) FILTER (WHERE status = '已创建')::int AS "toBook", count(*) FILTER (WHERE status = '已预约')::int AS booked
    FROM delivery_note WHERE ${inScope(scope)} AND status IN ('已创建', '已预约')`.execute(db);
  return rows[0]!;
}

/** Live bookings (待确认, 已确认) of the slots of days `from` to `to`: their counts, and the first `limit` by slot. */
export async function comingDeliveries(db: Kysely<DB>, scope: DataScope, from: string, to: string, limit: number) {
  const bookings = sql`dock_booking b JOIN dock_slot s ON s.tenant_id = b.tenant_id AND s.id = b.slot_id`;
  const live = sql`${inScope(scope, 'b')} AND b.status IN ('待确认', '已确认') AND s.slot_date BETWEEN ${from}::date AND ${to}::date`;
  const [counts, list] = await Promise.all([
    sql<{ today: number; tomorrow: number; waiting: number }>`
      SELECT count(*) FILTER (WHERE s.slot_date = ${from}::date)::int AS today,
             count(*) FILTER (WHERE s.slot_date > ${from}::date)::int AS tomorrow,
             count(*) FILTER (WHERE b.status = '待确认')::int AS waiting
      FROM ${bookings} WHERE ${live}`.execute(db),
    sql<{
      bookingId: number;
      noteNumber: string;
      suppCode: string;
      suppName: string;
      deptCode: string;
      deptName: string;
      slotDate: string;
      startTime: string;
      endTime: string;
      packages: number;
      status: '待确认' | '已确认';
    }>`
      SELECT b.id::int AS "bookingId", b.note_number AS "noteNumber", b.supp_code AS "suppCode",
             coalesce(su.supp_name, '') AS "suppName", s.dept_code AS "deptCode", coalesce(d.dept_name, '') AS "deptName",
             s.slot_date::text AS "slotDate", to_char(s.start_time, 'HH24:MI') AS "startTime",
             to_char(s.end_time, 'HH24:MI') AS "endTime", b.packages, b.status
      FROM ${bookings}
      LEFT JOIN supplier su ON su.tenant_id = b.tenant_id AND su.supp_code = b.supp_code
      LEFT JOIN dept d ON d.tenant_id = s.tenant_id AND d.dept_code = s.dept_code
      WHERE ${live}
      ORDER BY s.slot_date, s.start_time, s.dept_code, b.id LIMIT ${limit}`.execute(db),
  ]);
  return { counts: counts.rows[0]!, list: list.rows };
}
