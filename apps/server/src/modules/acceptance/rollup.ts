// Grouped receiving statistics and totals from the daily rollup (acceptance_daily, migration 0021), for the
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

function matchingRows(db: Kysely<DB>, scope: DataScope, condition: AccCondition) {
  let q = db
    .selectFrom('acceptance_daily as r')
    .where(inScope(scope, 'r'))
    .where('r.acc_date', '>=', condition.startDate)
    .where('r.acc_date', '<=', condition.endDate);
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
  return matchingRows(db, scope, condition)
    .select([...sums('total')])
    .executeTakeFirstOrThrow();
}

export function grouped(db: Kysely<DB>, scope: DataScope, condition: AccCondition, by: Dimension): Grouped {
  return matchingRows(db, scope, condition)
    .select([sql<string>`r.tenant_id`.as('tenant_id'), groupKeys[by].as('groupKey'), ...sums(by)])
    .groupBy([sql`r.tenant_id`, groupKeys[by]]);
}
