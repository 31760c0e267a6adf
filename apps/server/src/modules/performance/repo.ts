// Supplier performance read from the monthly sums of migration 0040 (supplier_performance_total, or _monthly by
// store/DC and category) less the part still
// open on the asking day (supplier_performance_pending with decide_day >= today). Every figure is a ratio of sums.
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Kysely } from 'kysely';
import { isCountMeasure, perfMeasures } from '../../db/migrations/0040-supplier-performance';
import type { DB } from '../../db/schema';
import { type DataScope, inScope } from '../../platform/scope';
import { inCategoryTree } from '../acceptance/condition';

export interface PerfFilter {
  /** First days of the first and last month. */
  startMonth: string;
  endMonth: string;
  deptCode?: string;
  categoryCode?: string;
  /** The business day: open items decided on it or later count nowhere yet. */
  today: string;
}

export interface FigureRow {
  key: string;
  lines: number;
  fullLines: number;
  onTimeLines: number;
  otifLines: number;
  committedQty: string;
  filledQty: string;
  acceptedQty: string;
  rejectedQty: string;
  orders: number;
  answeredOrders: number;
  inTimeOrders: number;
  declinedOrders: number;
  inFullRate: string | null;
  fillRate: string | null;
  onTimeRate: string | null;
  otifRate: string | null;
  confirmRate: string | null;
  rejectionRate: string | null;
  avgConfirmHours: string | null;
}

// The measures are migration 0040's: its tables' columns, summed alike here.
const sums = sql.raw(perfMeasures.map((m) => `sum(${m})${isCountMeasure(m) ? '::int' : ''} AS ${m}`).join(', '));
const net = sql.raw(perfMeasures.map((m) => `m.${m} - coalesce(p.${m}, 0) AS ${m}`).join(', '));

const pct = (num: string, den: string) => `round(100.0 * ${num} / nullif(${den}, 0), 2)`;

/** The figures from the net sums, by name (the sortable ones too). */
const figureSql: Record<string, string> = {
  inFullRate: pct('full_lines', 'lines'),
  fillRate: pct('filled_qty', 'committed_qty'),
  onTimeRate: pct('on_time_lines', 'lines'),
  otifRate: pct('otif_lines', 'lines'),
  confirmRate: pct('in_time_orders', 'orders'),
  rejectionRate: pct('rejected_qty', 'accepted_qty + rejected_qty'),
  avgConfirmHours: 'round(confirm_minutes / 60.0 / nullif(answered_orders, 0), 2)',
  lines: 'lines',
  orders: 'orders',
  suppCode: 'key',
};

const figureColumns = sql.raw(
  `key, lines, full_lines AS "fullLines", on_time_lines AS "onTimeLines", otif_lines AS "otifLines",
   committed_qty::text AS "committedQty", filled_qty::text AS "filledQty", accepted_qty::text AS "acceptedQty",
   rejected_qty::text AS "rejectedQty", orders, answered_orders AS "answeredOrders", in_time_orders AS "inTimeOrders",
   declined_orders AS "declinedOrders", ` +
    ['inFullRate', 'fillRate', 'onTimeRate', 'otifRate', 'confirmRate', 'rejectionRate', 'avgConfirmHours']
      .map((f) => `(${figureSql[f]})::text AS "${f}"`)
      .join(', '),
);

export type GroupBy = 'supplier' | 'month' | 'dept' | 'all';

const groupColumn: Record<GroupBy, string> = {
  supplier: 'supp_code',
  month: `to_char(month, 'YYYY-MM')`,
  dept: 'dept_code',
  all: `''`,
};

function conditions(scope: DataScope, filter: PerfFilter, table: string): RawBuilder<SqlBool> {
  const parts: RawBuilder<SqlBool>[] = [
    inScope(scope, table),
    sql<SqlBool>`${sql.ref(`${table}.month`)} BETWEEN ${filter.startMonth}::date AND ${filter.endMonth}::date`,
  ];
  if (filter.deptCode) parts.push(sql<SqlBool>`${sql.ref(`${table}.dept_code`)} = ${filter.deptCode}`);
  if (filter.categoryCode) parts.push(inCategoryTree(sql.ref(`${table}.category_code`), filter.categoryCode, scope.tenantId));
  return sql<SqlBool>`${sql.join(parts, sql` AND `)}`;
}

/** The net sums per group (supplier, month, store/DC, or one row). */
function netSums(scope: DataScope, filter: PerfFilter, by: GroupBy) {
  const key = sql.raw(groupColumn[by]);
  // Without a store or category (filter or grouping) the per-supplier-month sums answer: far fewer rows.
  const coarse = !filter.deptCode && !filter.categoryCode && by !== 'dept';
  const table = sql.table(coarse ? 'supplier_performance_total' : 'supplier_performance_monthly');
  return sql`m AS MATERIALIZED (
      SELECT ${key} AS key, ${sums} FROM ${table} s WHERE ${conditions(scope, filter, 's')} GROUP BY 1
    ), p AS MATERIALIZED (
      SELECT ${key} AS key, ${sums} FROM supplier_performance_pending s
      WHERE ${conditions(scope, filter, 's')} AND s.decide_day >= ${filter.today}::date GROUP BY 1
    ), n AS MATERIALIZED (
      SELECT m.key, ${net} FROM m LEFT JOIN p ON p.key = m.key
    )`;
}

/** The figures per group, ordered by the group key. */
export async function figuresBy(db: Kysely<DB>, scope: DataScope, filter: PerfFilter, by: GroupBy): Promise<FigureRow[]> {
  const { rows } = await sql<FigureRow>`WITH ${netSums(scope, filter, by)}
    SELECT ${figureColumns} FROM n WHERE lines > 0 OR orders > 0 ORDER BY key`.execute(db);
  return rows;
}

export interface RankingRowSql extends FigureRow {
  suppName: string;
  rank: number;
  total: number;
}

/** Every supplier with something counted, sorted by a figure (nulls last, then by supplier code), one page. */
export async function ranking(
  db: Kysely<DB>,
  scope: DataScope,
  filter: PerfFilter,
  sort: { field: string; order: 'asc' | 'desc' },
  page: { page: number; limit: number },
): Promise<{ total: number; list: RankingRowSql[] }> {
  const expr = figureSql[sort.field] ?? figureSql.otifRate!;
  const order = sql.raw(`${expr} ${sort.order === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, key ASC`);
  const { rows } = await sql<RankingRowSql>`WITH ${netSums(scope, filter, 'supplier')}, ranked AS (
      SELECT n.*, row_number() OVER (ORDER BY ${order})::int AS rank, count(*) OVER ()::int AS total
      FROM n WHERE lines > 0 OR orders > 0
    )
    SELECT ${figureColumns}, rank, total, coalesce(su.supp_name, '') AS "suppName"
    FROM ranked LEFT JOIN supplier su ON su.tenant_id = ${scope.tenantId} AND su.supp_code = ranked.key
    ORDER BY rank LIMIT ${page.limit} OFFSET ${(page.page - 1) * page.limit}`.execute(db);
  if (rows.length === 0 && page.page > 1) {
    const { rows: count } = await sql<{ total: number }>`WITH ${netSums(scope, filter, 'supplier')}
      SELECT count(*)::int AS total FROM n WHERE lines > 0 OR orders > 0`.execute(db);
    return { total: count[0]?.total ?? 0, list: [] };
  }
  return { total: rows[0]?.total ?? 0, list: rows };
}

/** The median hours from issue (or reissue) to answer of a supplier's orders issued in the months (Shanghai). */
export async function medianConfirmHours(db: Kysely<DB>, scope: DataScope, filter: PerfFilter): Promise<string | null> {
  const { rows } = await sql<{ median: string | null }>`
    SELECT round((percentile_cont(0.5) WITHIN GROUP (ORDER BY i.confirm_minutes) / 60.0)::numeric, 2)::text AS median
    FROM perf_item i
    WHERE ${inScope(scope, 'i')} AND i.item = 0 AND i.answered_orders = 1
      AND i.month BETWEEN ${filter.startMonth}::date AND ${filter.endMonth}::date
      ${filter.deptCode ? sql`AND i.dept_code = ${filter.deptCode}` : sql``}
      ${filter.categoryCode ? sql`AND ${inCategoryTree(sql.ref('i.category_code'), filter.categoryCode, scope.tenantId)}` : sql``}`.execute(
    db,
  );
  return rows[0]?.median ?? null;
}

export async function supplierName(db: Kysely<DB>, tenantId: string, suppCode: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('supplier')
    .select('supp_name')
    .where('tenant_id', '=', tenantId)
    .where('supp_code', '=', suppCode)
    .executeTakeFirst();
  return row?.supp_name;
}

export async function deptNames(db: Kysely<DB>, tenantId: string, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .selectFrom('dept')
    .select(['dept_code', 'dept_name'])
    .where('tenant_id', '=', tenantId)
    .where('dept_code', 'in', codes)
    .execute();
  return new Map(rows.map((r) => [r.dept_code, r.dept_name]));
}
