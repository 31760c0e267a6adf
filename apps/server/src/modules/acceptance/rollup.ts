// Grouped receiving statistics and totals from the rollups (acceptance_daily and _monthly, migration 0021), for the
// conditions it answers exactly; the lines answer the others (repo.ts).
import type { AccCondition } from '@portal/contract';
import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { AcceptanceDailyTable, DB } from '../../db/schema';
import { type DataScope, inScope } from '../../platform/scope';
import { type Dimension, inCategoryTree, isGoods } from './condition';

/** A grouping's rows before names and paging, from the lines or from the rollup. */
export type Grouped = SelectQueryBuilder<
  DB,
  never,
  {
    tenant_id: string;
    groupKey: string;
    billCount: number;
    lineCount: number;
    qty: string;
    amountExcl: string;
    tax: string;
    amount: string;
  }
>;

type Scope = Dimension | 'total';

/**
 * Whether the rollup answers the condition exactly. Sums and line counts add up under any filter but the bill
 * number's; a bill count does only when the goods, category or brand filter is on the grouped dimension itself
 * (a bill counted once per category stays so when whole categories are filtered, not when some brands are).
 */
export function answers(condition: AccCondition, by: Scope): boolean {
  if (condition.billNumber) return false;
  const narrowedOn: Scope[] = [];
  if (condition.goods) narrowedOn.push('goods');
  if (condition.categoryCode) narrowedOn.push('category');
  if (condition.brandCodes?.length) narrowedOn.push('brand');
  return narrowedOn.every((dimension) => dimension === by);
}

/** The rollup column that counts each bill once per group of the dimension. */
const billColumn: Record<Scope, keyof AcceptanceDailyTable> = {
  total: 'bills',
  dept: 'bills',
  day: 'bills',
  month: 'bills',
  goods: 'goods_bills',
  category: 'category_bills',
  brand: 'brand_bills',
};

const groupKeys: Record<Dimension, RawBuilder<string>> = {
  dept: sql<string>`r.dept_code`,
  goods: sql<string>`r.goods_code`,
  category: sql<string>`r.category_code`,
  brand: sql<string>`r.brand_code`,
  day: sql<string>`r.acc_date::text`,
  month: sql<string>`to_char(r.acc_date, 'YYYY-MM')`,
};

const dayMs = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The whole months inside [start, end] as their first and last days, or undefined when there is none. */
export function wholeMonths(start: string, end: string): { first: string; last: string } | undefined {
  const [sy, sm, sd] = start.split('-').map(Number) as [number, number, number];
  const firstMonth = sd === 1 ? Date.UTC(sy, sm - 1, 1) : Date.UTC(sy, sm, 1);
  const [ey, em] = end.split('-').map(Number) as [number, number];
  const nextOfEnd = Date.UTC(ey, em - 1, Number(end.slice(8)) + 1);
  // The last whole month ends on the day before the first of the month after `end`, if `end` is a month's last day.
  const endMonthStart = new Date(nextOfEnd).getUTCDate() === 1 ? nextOfEnd : Date.UTC(ey, em - 1, 1);
  const lastDay = endMonthStart - dayMs;
  return firstMonth <= lastDay ? { first: isoDay(firstMonth), last: isoDay(lastDay) } : undefined;
}

/**
 * The rollup rows of the scope between the dates: whole months from the monthly rollup, the days of months cut
 * by the window from the daily one (days only, when grouping by day).
 */
function rowsBetween(db: Kysely<DB>, scope: DataScope, condition: AccCondition, byDay: boolean) {
  const days = db.selectFrom('acceptance_daily as d').selectAll('d').where(inScope(scope, 'd'));
  const months = byDay ? undefined : wholeMonths(condition.startDate, condition.endDate);
  if (!months) return days.where('d.acc_date', '>=', condition.startDate).where('d.acc_date', '<=', condition.endDate);
  return days
    .where((eb) =>
      eb.or([
        eb.and([eb('d.acc_date', '>=', condition.startDate), eb('d.acc_date', '<', months.first)]),
        eb.and([eb('d.acc_date', '>', months.last), eb('d.acc_date', '<=', condition.endDate)]),
      ]),
    )
    .unionAll(
      db
        .selectFrom('acceptance_monthly as m')
        .selectAll('m')
        .where(inScope(scope, 'm'))
        .where('m.acc_date', '>=', months.first)
        .where('m.acc_date', '<=', months.last),
    );
}

function matchingRows(db: Kysely<DB>, scope: DataScope, condition: AccCondition, by: Scope) {
  let q = db.selectFrom(rowsBetween(db, scope, condition, by === 'day').as('r'));
  if (condition.deptCodes?.length) q = q.where('r.dept_code', 'in', condition.deptCodes);
  if (condition.brandCodes?.length) q = q.where('r.brand_code', 'in', condition.brandCodes);
  if (condition.categoryCode) q = q.where(inCategoryTree(sql`r.category_code`, condition.categoryCode, scope.tenantId));
  if (condition.goods) q = q.where(isGoods(sql`r.goods_code`, condition.goods, scope.tenantId));
  return q;
}

/** The same figures, with the same SQL types and text forms, as the line-level totals. */
const sums = (by: Scope) =>
  [
    sql<number>`coalesce(sum(${sql.ref(`r.${billColumn[by]}`)}), 0)::int`.as('billCount'),
    sql<number>`coalesce(sum(r.line_count), 0)::int`.as('lineCount'),
    sql<string>`coalesce(sum(r.qty), 0)::text`.as('qty'),
    sql<string>`coalesce(sum(r.amount_excl), 0)::text`.as('amountExcl'),
    sql<string>`coalesce(sum(r.tax), 0)::text`.as('tax'),
    sql<string>`coalesce(sum(r.amount), 0)::text`.as('amount'),
  ] as const;

export function totals(db: Kysely<DB>, scope: DataScope, condition: AccCondition) {
  return matchingRows(db, scope, condition, 'total')
    .select([...sums('total')])
    .executeTakeFirstOrThrow();
}

/** The count of the matching lines (exact under any condition but a bill number's: see `answers`). */
export async function lineCount(db: Kysely<DB>, scope: DataScope, condition: AccCondition): Promise<number> {
  const { n } = await matchingRows(db, scope, condition, 'total')
    .select(sql<number>`coalesce(sum(r.line_count), 0)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return n;
}

export function grouped(db: Kysely<DB>, scope: DataScope, condition: AccCondition, by: Dimension): Grouped {
  return matchingRows(db, scope, condition, by)
    .select([sql<string>`r.tenant_id`.as('tenant_id'), groupKeys[by].as('groupKey'), ...sums(by)])
    .groupBy([sql`r.tenant_id`, groupKeys[by]]);
}
