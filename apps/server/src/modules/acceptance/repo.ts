// SQL of receiving lines: one filter for every view, grouping, totals, pages and export batches.
import { type AccCondition, type AccDetail, type Language, type SortOrder, acceptance, settlement } from '@portal/contract';
import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { containing } from '../../db/like';
import type { AcceptanceTable, DB } from '../../db/schema';
import { spreadsheetSafe } from '../../platform/csv';
import { type GridRequest, listCountCap, serverList } from '../../platform/list/server-list';
import type { DataScope } from '../../platform/scope';
import { type Dimension, inCategoryTree, isGoods } from './condition';
import * as rollup from './rollup';

const { accDetailColumns, accDetailSortFields } = acceptance;

type Matching = SelectQueryBuilder<DB & { a: AcceptanceTable }, 'a', object>;

/** Receiving lines that match the condition (of a query on acceptance as a). */
function withCondition(query: Matching, condition: AccCondition, scope: DataScope) {
  let q = query.where('a.acc_date', '>=', condition.startDate).where('a.acc_date', '<=', condition.endDate);
  if (condition.deptCodes?.length) q = q.where('a.dept_code', 'in', condition.deptCodes);
  if (condition.brandCodes?.length) q = q.where('a.brand_code', 'in', condition.brandCodes);
  if (condition.categoryCode) q = q.where(inCategoryTree(sql`a.category_code`, condition.categoryCode, scope.tenantId));
  if (condition.goods) q = q.where(isGoods(sql`a.goods_code`, condition.goods, scope.tenantId));
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

/** Totals of the matching lines, from the daily rollup when it answers the condition exactly. */
export function totals(db: Kysely<DB>, scope: DataScope, condition: AccCondition) {
  return rollup.answers(condition, 'total') ? rollup.totals(db, scope, condition) : lineTotals(db, scope, condition);
}

/** Totals summed from the lines themselves. */
export function lineTotals(db: Kysely<DB>, scope: DataScope, condition: AccCondition) {
  return matching(db, scope, condition)
    .select([...totalsSelection])
    .executeTakeFirstOrThrow();
}

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

type Paging = { page: number; limit: number };

/** One page of groups, from the daily rollup when it answers the condition exactly. */
export function groups(db: Kysely<DB>, scope: DataScope, condition: AccCondition, by: Dimension, paging: Paging) {
  return rollup.answers(condition, by) ? rollupGroups(db, scope, condition, by, paging) : lineGroups(db, scope, condition, by, paging);
}

/** One page of groups summed from the daily rollup (exact only where `rollup.answers`). */
export function rollupGroups(db: Kysely<DB>, scope: DataScope, condition: AccCondition, by: Dimension, paging: Paging) {
  return pageOfGroups(db, rollup.grouped(db, scope, condition, by), by, paging);
}

/** One page of groups summed from the lines themselves. */
export function lineGroups(db: Kysely<DB>, scope: DataScope, condition: AccCondition, by: Dimension, paging: Paging) {
  const grouped = matching(db, scope, condition)
    .select([sql<string>`a.tenant_id`.as('tenant_id'), groupKeys[by].as('groupKey'), ...totalsSelection])
    .groupBy([sql`a.tenant_id`, groupKeys[by]]);
  return pageOfGroups(db, grouped, by, paging);
}

/** Groups with their names, biggest amount first (days and months in order), one page and the count of all. */
async function pageOfGroups(db: Kysely<DB>, grouped: rollup.Grouped, by: Dimension, paging: Paging) {
  const byTime = by === 'day' || by === 'month';
  const rows = await db
    .selectFrom(grouped.as('g'))
    .select([
      'g.groupKey',
      sql<string>`coalesce(${groupNames[by]}, g."groupKey")`.as('groupName'),
      'g.billCount',
      'g.lineCount',
      'g.qty',
      'g.amountExcl',
      'g.tax',
      'g.amount',
      sql<number>`count(*) OVER ()::int`.as('total'),
    ])
    .orderBy(byTime ? sql`g."groupKey" ASC` : sql`g.amount::numeric DESC, g."groupKey" ASC`)
    .limit(paging.limit)
    .offset((paging.page - 1) * paging.limit)
    .execute();
  const total =
    rows[0]?.total ??
    (paging.page > 1
      ? (
          await db
            .selectFrom(grouped.as('g'))
            .select(sql<number>`count(*)::int`.as('n'))
            .executeTakeFirstOrThrow()
        ).n
      : 0);
  return { total, list: rows.map(({ total: _total, ...row }) => row) };
}

/** A receiving line joined to the names the detail shows. */
const withNames = (matching: Matching) =>
  matching
    .innerJoin('goods as g', (j) => j.onRef('g.tenant_id', '=', 'a.tenant_id').onRef('g.goods_code', '=', 'a.goods_code'))
    .innerJoin('dept as d', (j) => j.onRef('d.tenant_id', '=', 'a.tenant_id').onRef('d.dept_code', '=', 'a.dept_code'))
    .leftJoin('category as c', (j) => j.onRef('c.tenant_id', '=', 'a.tenant_id').onRef('c.category_code', '=', 'a.category_code'))
    .leftJoin('brand as b', (j) => j.onRef('b.tenant_id', '=', 'a.tenant_id').onRef('b.brand_code', '=', 'a.brand_code'));

/** Every field of a detail line, by wire name (on `withNames`). */
const detailFields = {
  billNumber: sql`a.bill_number`,
  lineNo: sql`a.line_no`,
  accDate: sql`a.acc_date`,
  suppCode: sql`a.supp_code`,
  deptCode: sql`a.dept_code`,
  deptName: sql`d.dept_name`,
  poBillNumber: sql`a.po_bill_number`,
  goodsCode: sql`a.goods_code`,
  barcode: sql`g.barcode`,
  goodsName: sql`g.goods_name`,
  spec: sql`g.spec`,
  unit: sql`g.unit`,
  categoryCode: sql`a.category_code`,
  categoryName: sql`coalesce(c.category_name, '')`,
  brandCode: sql`a.brand_code`,
  brandName: sql`coalesce(b.brand_name, '')`,
  acceptedQty: sql`a.accepted_qty`,
  freeQty: sql`a.free_qty`,
  price: sql`a.price`,
  taxRate: sql`a.tax_rate`,
  amountExcl: sql`a.amount_excl`,
  tax: sql`a.tax`,
  amount: sql`a.amount`,
  settleStatus: sql`a.settle_status`,
} satisfies Record<keyof AccDetail, RawBuilder<unknown>>;

/** Fields that are numbers or dates; every other field is text that people or other systems wrote. */
const numbersAndDates = new Set<keyof AccDetail>([...acceptance.accDetailNumberFields, 'accDate']);

/** A fixed Chinese value in English where the contract has a label for it (else the value itself). */
const englishOf = (value: RawBuilder<unknown>, english: Readonly<Record<string, string>>) =>
  sql`CASE ${value} ${sql.join(
    Object.entries(english).map(([zh, en]) => sql`WHEN ${zh} THEN ${en}`),
    sql` `,
  )} ELSE ${value} END`;

/** The fields of a line as an export in the language writes them: the settle state in English for English. */
const fieldsIn = (language: Language): typeof detailFields =>
  language === 'en' ? { ...detailFields, settleStatus: englishOf(detailFields.settleStatus, settlement.settleStatusTextEn) } : detailFields;

/** The detail lines, fields in the order of the grid and the exports (values in the language's words). */
export const detailColumnsIn = (language: Language) => {
  const fields = fieldsIn(language);
  return (matching: Matching) =>
    withNames(matching)
      .select(accDetailColumns.map(({ field }) => fields[field].as(field)))
      .$castTo<AccDetail>();
};
export const detailColumns = detailColumnsIn('zh-CN');

/** The same lines for a CSV file: texts made safe to open in a spreadsheet. */
export const csvColumnsIn = (language: Language) => {
  const fields = fieldsIn(language);
  return (matching: Matching) =>
    withNames(matching)
      .select(accDetailColumns.map(({ field }) => (numbersAndDates.has(field) ? fields[field] : spreadsheetSafe(fields[field])).as(field)))
      .$castTo<AccDetail>();
};
export const csvColumns = csvColumnsIn('zh-CN');

/**
 * The names a line's filter compares, read from the line itself: the list's matching rows are the lines alone
 * (their totals and groups count them), the joins come with the fields.
 */
const namesOfLine: Partial<Record<keyof AccDetail, RawBuilder<unknown>>> = {
  deptName: sql`(SELECT d.dept_name FROM dept d WHERE d.tenant_id = a.tenant_id AND d.dept_code = a.dept_code)`,
  barcode: sql`(SELECT g.barcode FROM goods g WHERE g.tenant_id = a.tenant_id AND g.goods_code = a.goods_code)`,
  goodsName: sql`(SELECT g.goods_name FROM goods g WHERE g.tenant_id = a.tenant_id AND g.goods_code = a.goods_code)`,
  spec: sql`(SELECT g.spec FROM goods g WHERE g.tenant_id = a.tenant_id AND g.goods_code = a.goods_code)`,
  unit: sql`(SELECT g.unit FROM goods g WHERE g.tenant_id = a.tenant_id AND g.goods_code = a.goods_code)`,
  categoryName: sql`(SELECT c.category_name FROM category c WHERE c.tenant_id = a.tenant_id AND c.category_code = a.category_code)`,
  brandName: sql`(SELECT b.brand_name FROM brand b WHERE b.tenant_id = a.tenant_id AND b.brand_code = a.brand_code)`,
};
const sortFields = new Set<keyof AccDetail>(accDetailSortFields);
const numberFields = new Set<keyof AccDetail>(acceptance.accDetailNumberFields);
const sortOrders = new Map<string, readonly SortOrder[]>(Object.entries(acceptance.accDetailSortOrders));
/** A sort offered in one direction only (bill numbers: descending). */
const orders = (field: string) => {
  const only = sortOrders.get(field);
  return only ? { orders: only } : {};
};

/** Sorts by a store or goods item: each one's newest lines first, whichever the sort's direction. */
const newestTies: readonly string[] = ['deptCode', 'goodsCode'];

/** The receiving-line list: the scope's lines of the condition, newest first; every column filters; exported in the grid's order. */
export const lineList = serverList({
  from: (db) => db.selectFrom('acceptance as a'),
  alias: 'a',
  where: withCondition,
  columns: Object.fromEntries(
    accDetailColumns.map(({ field }) => [
      field,
      {
        value: namesOfLine[field] ?? detailFields[field],
        sortable: sortFields.has(field),
        ...orders(field),
        filterable: true,
        ...(numberFields.has(field) ? { numeric: true } : {}),
      },
    ]),
  ),
  defaultSort: { field: 'accDate', order: 'desc' },
  then: [{ value: sql`a.bill_number` }, { value: sql`a.line_no` }],
  // Every sort has its index (tenant, supplier, field, bill, line, date: migration 0052; the date's is 0004's
  // acceptance_supp_order, and acceptance_tenant_order for staff), read backward for a descending sort: its ties
  // run in its direction too (the newest day's last bill and line first), so no page sorts a tie group. A date
  // sort with its ties in bill and line order sorted each day's lines (p50 125 ms at ten million lines).
  tiesFollowSort: accDetailSortFields.filter((f) => !newestTies.includes(f)),
  // A store's (goods item's) lines newest first in both directions (migration 0059): their ties followed the sort, and
  // bill numbers grow with the date, so an ascending sort walked the first store's lines older than the window first.
  tiesReversed: newestTies,
  select: detailColumns,
  // Years of lines: the count comes from the rollups where they answer exactly (no column filter, no bill
  // number), else it stops at the cap.
  count: {
    cap: listCountCap,
    exact: (db, scope, condition, filters) =>
      !filters || Object.keys(filters).length === 0 ? exactLineCount(db, scope, condition) : undefined,
  },
});

/** The lines of the condition counted from the rollups: exact under any condition but a bill number's. */
function exactLineCount(db: Kysely<DB>, scope: DataScope, condition: AccCondition): Promise<number> | undefined {
  return condition.billNumber ? undefined : rollup.lineCount(db, scope, condition);
}

/** Receiving lines of the scope that match the condition. */
export const matching = (db: Kysely<DB>, scope: DataScope, condition: AccCondition) => lineList.matching(db, scope, condition);

/** Every matching line in the grid's order, as one query (for COPY). */
export const exportQuery = (
  db: Kysely<DB>,
  scope: DataScope,
  condition: AccCondition,
  grid: GridRequest = {},
  language: Language = 'zh-CN',
) => lineList.exportQuery(db, scope, condition, grid, csvColumnsIn(language));

/** Every matching line in the grid's order, in keyset batches: memory stays flat. */
export const allDetails = (
  db: Kysely<DB>,
  scope: DataScope,
  condition: AccCondition,
  grid: GridRequest = {},
  columns = detailColumns,
  batchSize = 2000,
) => lineList.exportBatches(db, scope, condition, grid, columns, batchSize);
