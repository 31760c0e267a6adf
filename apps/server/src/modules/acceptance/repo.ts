// SQL of receiving lines: one filter for every view, grouping, totals, pages and export batches.
import type { AccCondition } from '@portal/contract';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { containing } from '../../db/like';
import type { DB } from '../../db/schema';
import type { DataScope } from '../../platform/scope';


/** Receiving lines of the scope that match the condition. */
export function matching(db: Kysely<DB>, scope: DataScope, condition: AccCondition) {
  let q = db.selectFrom('acceptance as a')
    .where('a.tenant_id', '=', scope.tenantId)
    .where('a.acc_date', '>=', condition.startDate)
    .where('a.acc_date', '<=', condition.endDate);
  if (scope.suppCode) q = q.where('a.supp_code', '=', scope.suppCode);
  if (condition.deptCodes?.length) q = q.where('a.dept_code', 'in', condition.deptCodes);
  if (condition.brandCodes?.length) q = q.where('a.brand_code', 'in', condition.brandCodes);
  if (condition.categoryCode) {
    q = q.where(sql<SqlBool>`a.category_code IN (
      WITH RECURSIVE sub(code) AS (
        SELECT ${condition.categoryCode}::text
        UNION ALL
        SELECT c.category_code FROM category c JOIN sub ON c.parent_category_code = sub.code WHERE c.tenant_id = ${scope.tenantId}
      ) SELECT code FROM sub)`);
  }
  const goods = condition.goods;
  if (goods) {
    q = q.where((eb) => eb.or([
      eb('a.goods_code', '=', goods),
      eb('a.goods_code', 'in', eb.selectFrom('goods').select('goods_code')
        .where('tenant_id', '=', scope.tenantId)
        .where((g) => g.or([g('barcode', '=', goods), g('goods_name', 'ilike', containing(goods))]))),
    ]));
  }
  const bill = condition.billNumber;
  if (bill) q = q.where((eb) => eb.or([eb('a.bill_number', 'ilike', containing(bill)), eb('a.po_bill_number', 'ilike', containing(bill))]));
  return q;
}

const totalsSelection = [
  sql<number>`count(DISTINCT a.bill_number)::int`.as('billCount'),
  sql<number>`count(*)::int`.as('lineCount'),
  sql<string>`coalesce(sum(a.accepted_qty), 0)::text`.as('qty'),
  sql<string>`coalesce(sum(a.amount_excl), 0)::text`.as('amountExcl'),
  sql<string>`coalesce(sum(a.tax), 0)::text`.as('tax'),
  sql<string>`coalesce(sum(a.amount), 0)::text`.as('amount'),
] as const;

export function totals(db: Kysely<DB>, scope: DataScope, condition: AccCondition) {
  return matching(db, scope, condition).select([...totalsSelection]).executeTakeFirstOrThrow();
}

export type Dimension = 'dept' | 'goods' | 'category' | 'brand' | 'day' | 'month';

const groupKeys: Record<Dimension, RawBuilder<string>> = {
  dept: sql<string>`a.dept_code`,
  goods: sql<string>`a.goods_code`,
  category: sql<string>`a.category_code`,
  brand: sql<string>`a.brand_code`,
  day: sql<string>`a.acc_date::text`,
  month: sql<string>`to_char(a.acc_date, 'YYYY-MM')`,
};

const groupNames: Record<Dimension, RawBuilder<string>> = {
  dept: sql<string>`(SELECT dept_name FROM dept WHERE tenant_id = ${sql.ref('g.tenant_id')} AND dept_code = g."groupKey")`,
  goods: sql<string>`(SELECT goods_name FROM goods WHERE tenant_id = ${sql.ref('g.tenant_id')} AND goods_code = g."groupKey")`,
  category: sql<string>`(SELECT category_name FROM category WHERE tenant_id = ${sql.ref('g.tenant_id')} AND category_code = g."groupKey")`,
  brand: sql<string>`(SELECT brand_name FROM brand WHERE tenant_id = ${sql.ref('g.tenant_id')} AND brand_code = g."groupKey")`,
  day: sql<string>`g."groupKey"`,
  month: sql<string>`g."groupKey"`,
};

export async function groups(db: Kysely<DB>, scope: DataScope, condition: AccCondition, by: Dimension, paging: { page: number; limit: number }) {
  const grouped = matching(db, scope, condition)
    .select([sql<string>`a.tenant_id`.as('tenant_id'), groupKeys[by].as('groupKey'), ...totalsSelection])
    .groupBy([sql`a.tenant_id`, groupKeys[by]]);
  const byTime = by === 'day' || by === 'month';
  const rows = await db.selectFrom(grouped.as('g'))
    .select([
      'g.groupKey', sql<string>`coalesce(${groupNames[by]}, g."groupKey")`.as('groupName'),
      'g.billCount', 'g.lineCount', 'g.qty', 'g.amountExcl', 'g.tax', 'g.amount',
      sql<number>`count(*) OVER ()::int`.as('total'),
    ])
    .orderBy(byTime ? sql`g."groupKey" ASC` : sql`g.amount::numeric DESC, g."groupKey" ASC`)
    .limit(paging.limit).offset((paging.page - 1) * paging.limit)
    .execute();
  const total = rows[0]?.total ?? (paging.page > 1 ? (await db.selectFrom(grouped.as('g')).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n : 0);
  return { total, list: rows.map(({ total: _total, ...row }) => row) };
}

export const sortableColumns = {
  accDate: 'a.acc_date', billNumber: 'a.bill_number', deptCode: 'a.dept_code', goodsCode: 'a.goods_code', categoryCode: 'a.category_code',
  brandCode: 'a.brand_code', acceptedQty: 'a.accepted_qty', price: 'a.price', amountExcl: 'a.amount_excl', tax: 'a.tax', amount: 'a.amount',
} as const;

export function detailColumns(db: Kysely<DB>, scope: DataScope, condition: AccCondition) {
  return matching(db, scope, condition)
    .innerJoin('goods as g', (j) => j.onRef('g.tenant_id', '=', 'a.tenant_id').onRef('g.goods_code', '=', 'a.goods_code'))
    .innerJoin('dept as d', (j) => j.onRef('d.tenant_id', '=', 'a.tenant_id').onRef('d.dept_code', '=', 'a.dept_code'))
    .leftJoin('category as c', (j) => j.onRef('c.tenant_id', '=', 'a.tenant_id').onRef('c.category_code', '=', 'a.category_code'))
    .leftJoin('brand as b', (j) => j.onRef('b.tenant_id', '=', 'a.tenant_id').onRef('b.brand_code', '=', 'a.brand_code'))
    .select([
      'a.bill_number as billNumber', 'a.line_no as lineNo', 'a.acc_date as accDate', 'a.supp_code as suppCode', 'a.dept_code as deptCode',
      'd.dept_name as deptName', 'a.po_bill_number as poBillNumber', 'a.goods_code as goodsCode', 'g.barcode', 'g.goods_name as goodsName',
      'g.spec', 'g.unit', 'a.category_code as categoryCode', sql<string>`coalesce(c.category_name, '')`.as('categoryName'),
      'a.brand_code as brandCode', sql<string>`coalesce(b.brand_name, '')`.as('brandName'), 'a.accepted_qty as acceptedQty',
      'a.free_qty as freeQty', 'a.price', 'a.tax_rate as taxRate', 'a.amount_excl as amountExcl', 'a.tax', 'a.amount',
      'a.settle_status as settleStatus',
    ]);
}
export type DetailRow = Awaited<ReturnType<ReturnType<typeof detailColumns>['execute']>>[number];

export async function detailPage(
  db: Kysely<DB>, scope: DataScope, condition: AccCondition,
  paging: { page: number; limit: number; sort?: { field: keyof typeof sortableColumns; order: 'asc' | 'desc' } | undefined },
) {
  const countRow = await matching(db, scope, condition).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const column = sql.ref(paging.sort ? sortableColumns[paging.sort.field] : 'a.acc_date');
  const direction = paging.sort?.order === 'asc' ? sql`ASC` : sql`DESC`;
  const list = await detailColumns(db, scope, condition)
    .orderBy(sql`${column} ${direction}`).orderBy('a.bill_number').orderBy('a.line_no')
    .limit(paging.limit).offset((paging.page - 1) * paging.limit)
    .execute();
  return { total: countRow.n, list };
}

/** Every matching line in (date, bill, line) order, fetched in keyset batches: memory stays flat. */
export async function* allDetails(db: Kysely<DB>, scope: DataScope, condition: AccCondition, batchSize = 2000): AsyncGenerator<DetailRow[]> {
  let after: { accDate: string; billNumber: string; lineNo: number } | undefined;
  for (;;) {
    let q = detailColumns(db, scope, condition);
    if (after) {
      const { accDate, billNumber, lineNo } = after;
      q = q.where(sql<SqlBool>`(a.acc_date, a.bill_number, a.line_no) > (${accDate}::date, ${billNumber}, ${lineNo})`);
    }
    const rows = await q.orderBy('a.acc_date').orderBy('a.bill_number').orderBy('a.line_no').limit(batchSize).execute();
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { accDate: last.accDate, billNumber: last.billNumber, lineNo: last.lineNo };
  }
}
