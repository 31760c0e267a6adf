// SQL of purchase orders, always within a data scope.
import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { containing } from '../../db/like';
import { purchaseOrder } from '@portal/contract';
import type { DB, PurOrderTable } from '../../db/schema';
import { type ListColumn, listCountCap, serverList, sortableOnly } from '../../platform/list/server-list';
import { type DataScope, inScope } from '../../platform/scope';

export interface OrderFilter {
  startDate?: string | undefined;
  endDate?: string | undefined;
  deptCode?: string | undefined;
  status?: PurOrderTable['status'] | undefined;
  billNumber?: string | undefined;
  /** Only the orders waiting for confirmation (已下达, 已阅读). */
  waiting?: boolean | undefined;
  /** The staff monitor's view. */
  view?: (typeof purchaseOrder.monitorViews)[number] | undefined;
}

/** An instant as JSON writes it (ISO 8601 with its offset), null stays null. */
const instant = (value: RawBuilder<unknown>) => sql<string | null>`(to_json(${value}) #>> '{}')`;
const waitingSql = sql<boolean>`o.status IN ('已下达', '已阅读')`;
/** The monitor's views as conditions on `o`. */
export const viewSql = {
  waiting: waitingSql,
  overdue: sql<boolean>`(${waitingSql} AND o.confirm_due_at < now())`,
  declined: sql<boolean>`o.status = '已拒绝'`,
  changed: sql<boolean>`(${waitingSql} AND o.reopened_at IS NOT NULL)`,
  late: sql<boolean>`(o.confirmed_at > o.confirm_due_at AND o.status IN ('已确认', '部分确认', '已拒绝', '部分到货', '已完成'))`,
} as const;

// Values of an order derived from other tables, as correlated subqueries on `o` (usable in any query on pur_order as o).
const deptName = sql<string>`(SELECT d2.dept_name FROM dept d2 WHERE d2.tenant_id = o.tenant_id AND d2.dept_code = o.dept_code)`;
const categoryName = sql<string>`coalesce((SELECT c2.category_name FROM category c2 WHERE c2.tenant_id = o.tenant_id AND c2.category_code = o.category_code), '')`;
const receivedQty = sql<string>`(SELECT coalesce(sum(l.received_qty), 0) FROM pur_order_line l WHERE l.tenant_id = o.tenant_id AND l.bill_number = o.bill_number)`;
const lineCount = sql<number>`(SELECT count(*)::int FROM pur_order_line l WHERE l.tenant_id = o.tenant_id AND l.bill_number = o.bill_number)`;
const deadline = sql<string>`(o.order_date + o.valid_days)`;

/** Quantities as the grid shows them: without trailing zeros ("684", "2.5"). */
const shownQty = (value: RawBuilder<unknown>) => sql`trim_scale(${value})::text`;

/** A column of the order list: filtered on its text as the grid shows it (sortable: orderColumns below). */
const column = (value: RawBuilder<unknown>, text: RawBuilder<unknown> = value, numeric = false): ListColumn => ({
  value,
  text,
  filterable: true,
  ...(numeric ? { numeric } : {}),
});

/** Orders as the query `orders` (on `pur_order as o`) chooses them, with their names and derived values. */
function summaryColumns(orders: SelectQueryBuilder<DB & { o: DB['pur_order'] }, 'o', object>) {
  return orders
    .innerJoin('supplier as s', (j) => j.onRef('s.tenant_id', '=', 'o.tenant_id').onRef('s.supp_code', '=', 'o.supp_code'))
    .innerJoin('dept as d', (j) => j.onRef('d.tenant_id', '=', 'o.tenant_id').onRef('d.dept_code', '=', 'o.dept_code'))
    .leftJoin('category as c', (j) => j.onRef('c.tenant_id', '=', 'o.tenant_id').onRef('c.category_code', '=', 'o.category_code'))
    .select([
      'o.bill_number as billNumber',
      'o.supp_code as suppCode',
      's.supp_name as suppName',
      'o.dept_code as deptCode',
      'd.dept_name as deptName',
      'o.category_code as categoryCode',
      sql<string>`coalesce(c.category_name, '')`.as('categoryName'),
      'o.order_date as orderDate',
      'o.delivery_date as deliveryDate',
      'o.valid_days as validDays',
      sql<string>`${deadline}::text`.as('deadline'),
      'o.delivery_mode as deliveryMode',
      'o.order_type as orderType',
      'o.status',
      'o.total_qty as totalQty',
      'o.total_amount as totalAmount',
      sql<string>`${receivedQty}::text`.as('receivedQty'),
      lineCount.as('lineCount'),
      instant(sql`o.confirm_due_at`).as('confirmDueAt'),
      instant(sql`o.confirmed_at`).as('confirmedAt'),
      sql<boolean>`coalesce(o.confirmed_at > o.confirm_due_at, false)`.as('late'),
      sql<boolean>`coalesce(${viewSql.overdue}, false)`.as('overdue'),
      sql<boolean>`coalesce(${viewSql.changed}, false)`.as('changed'),
      instant(sql`o.read_at`).as('readAt'),
      sql<string>`coalesce(o.decline_reason, '')`.as('declineReason'),
      'o.decline_note as declineNote',
      instant(sql`o.reopened_at`).as('reopenedAt'),
      'o.version',
    ]);
}

/** The order list's columns by wire field: what the grid filters by, and sorts by (purOrderSortFields, below). */
const filterColumns: Record<string, ListColumn> = {
  billNumber: column(sql`o.bill_number`),
  orderDate: column(sql`o.order_date`, sql`o.order_date::text`),
  deliveryDate: column(sql`o.delivery_date`, sql`o.delivery_date::text`),
  deadline: column(deadline, sql`${deadline}::text`),
  deptCode: column(sql`o.dept_code`),
  deptName: column(deptName),
  status: column(sql`o.status`),
  totalQty: column(sql`o.total_qty`, shownQty(sql`o.total_qty`), true),
  totalAmount: column(sql`o.total_amount`, sql`o.total_amount::text`, true),
  receivedQty: column(receivedQty, shownQty(receivedQty), true),
  lineCount: column(lineCount, lineCount, true),
  suppCode: column(sql`o.supp_code`),
  deliveryMode: column(sql`o.delivery_mode`),
  orderType: column(sql`o.order_type`),
  categoryName: column(categoryName),
};

/** The columns, those of purOrderSortFields sortable (migration 0056's indexes and pur_order_supp_date serve them). */
export const orderColumns = sortableOnly(purchaseOrder.purOrderSortFields, filterColumns);

/** The purchase-order list: the scope's orders under the search, newest first. */
export const orderList = serverList({
  from: (db) => db.selectFrom('pur_order as o'),
  alias: 'o',
  where: (q, filter: OrderFilter) => {
    if (filter.startDate) q = q.where('o.order_date', '>=', filter.startDate);
    if (filter.endDate) q = q.where('o.order_date', '<=', filter.endDate);
    if (filter.deptCode) q = q.where('o.dept_code', '=', filter.deptCode);
    if (filter.status) q = q.where('o.status', '=', filter.status);
    if (filter.billNumber) q = q.where('o.bill_number', 'ilike', containing(filter.billNumber));
    if (filter.waiting) q = q.where(viewSql.waiting);
    if (filter.view) q = q.where(viewSql[filter.view]);
    return q;
  },
  columns: orderColumns,
  defaultSort: { field: 'orderDate', order: 'desc' },
  then: [{ value: sql`o.bill_number`, order: 'desc' }],
  // Their indexes end in bill_number DESC: read forward (ascending, ties by bill descending) or backward
  // (descending, ties by bill ascending), never sorted.
  tiesFollowSort: ['deliveryDate', 'totalAmount'],
  // Grows with the business: the page's count stops at the cap (the grid shows "10,000+").
  count: { cap: listCountCap },
  // The page's fields joined to the matching orders themselves: the scope and the search stay on the query that is
  // sorted and cut, so a supplier's page reads its own orders by index (as a semi-join on the bill numbers it sorted
  // every order of the tenant first: 48 ms alone at 200,000 orders, growing with the tenant).
  select: (matching) => summaryColumns(matching),
});

export function header(db: Kysely<DB>, scope: DataScope, billNumber: string) {
  return summaryColumns(db.selectFrom('pur_order as o'))
    .innerJoin('tenant as t', 't.id', 'o.tenant_id')
    .select([
      't.company_name as companyName',
      sql<string>`coalesce(o.read_by, '')`.as('readBy'),
      sql<string>`coalesce(o.confirmed_by, '')`.as('confirmedBy'),
    ])
    .where(inScope(scope, 'o'))
    .where('o.bill_number', '=', billNumber)
    .executeTakeFirst();
}

export function lines(db: Kysely<DB>, tenantId: string, billNumber: string) {
  return db
    .selectFrom('pur_order_line as l')
    .innerJoin('goods as g', (j) => j.onRef('g.tenant_id', '=', 'l.tenant_id').onRef('g.goods_code', '=', 'l.goods_code'))
    .select([
      'l.line_no as lineNo',
      'l.goods_code as goodsCode',
      'g.barcode',
      'g.goods_name as goodsName',
      'g.spec',
      'g.unit',
      'g.case_qty as caseQty',
      'l.order_qty as orderQty',
      sql<string>`round(l.order_qty / g.case_qty, 2)::text`.as('caseCount'),
      'l.received_qty as receivedQty',
      'l.free_qty as freeQty',
      'l.price',
      'l.tax_rate as taxRate',
      'l.amount',
      sql<string | null>`l.confirmed_qty::text`.as('confirmedQty'),
      sql<string | null>`l.promised_date::text`.as('promisedDate'),
      'l.confirm_note as confirmNote',
      'l.changed',
      'l.is_new as isNew',
      sql<string | null>`l.prev_qty::text`.as('prevQty'),
      sql<string | null>`l.prev_price::text`.as('prevPrice'),
      sql<string | null>`l.prev_delivery_date::text`.as('prevDeliveryDate'),
    ])
    .where('l.tenant_id', '=', tenantId)
    .where('l.bill_number', '=', billNumber)
    .orderBy('l.line_no')
    .execute();
}

export function deptsOnOrders(db: Kysely<DB>, scope: DataScope) {
  return db
    .selectFrom('dept as d')
    .select(['d.dept_code as deptCode', 'd.dept_name as deptName'])
    .where('d.tenant_id', '=', scope.tenantId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('pur_order as o')
          .select(sql`1`.as('x'))
          .where(inScope(scope, 'o'))
          .whereRef('o.dept_code', '=', 'd.dept_code'),
      ),
    )
    .orderBy('d.dept_code')
    .execute();
}

// ---------------------------------------------------------------------------------------------------------------
// Confirmation

/** Marks the order read (已下达 -> 已阅读) the first time its supplier opens it; answers whether it did. */
export async function markRead(db: Kysely<DB>, scope: DataScope, billNumber: string, who: string, at: Date) {
  const row = await db
    .updateTable('pur_order as o')
    .set({ status: '已阅读', read_at: at, read_by: who })
    .where(inScope(scope, 'o'))
    .where('o.bill_number', '=', billNumber)
    .where('o.status', '=', '已下达')
    .returning(['o.tenant_id'])
    .executeTakeFirst();
  return Boolean(row);
}

/** The caller's order, locked for its confirmation or decline. */
export function lockOrder(db: Kysely<DB>, scope: DataScope, billNumber: string) {
  return db
    .selectFrom('pur_order as o')
    .select([
      'o.tenant_id',
      'o.bill_number',
      'o.supp_code',
      'o.status',
      'o.version',
      'o.confirm_due_at',
      sql<string>`(o.order_date + o.valid_days)::text`.as('deadline'),
    ])
    .where(inScope(scope, 'o'))
    .where('o.bill_number', '=', billNumber)
    .forUpdate()
    .executeTakeFirst();
}

export function orderLines(db: Kysely<DB>, tenantId: string, billNumber: string) {
  return db
    .selectFrom('pur_order_line')
    .select(['line_no as lineNo', 'goods_code as goodsCode', sql<string>`order_qty::text`.as('orderQty')])
    .where('tenant_id', '=', tenantId)
    .where('bill_number', '=', billNumber)
    .orderBy('line_no')
    .execute();
}

export interface LineAnswer {
  lineNo: number;
  confirmedQty: string;
  promisedDate: string;
  note: string;
}

/** Writes each line's confirmed quantity, promised date and reason; the line's change marks are answered. */
export async function writeConfirmation(
  db: Kysely<DB>,
  tenantId: string,
  billNumber: string,
  lines: LineAnswer[],
  order: { status: PurOrderTable['status']; at: Date; by: string },
) {
  await sql`UPDATE pur_order_line l SET confirmed_qty = i.qty, promised_date = i.promised, confirm_note = i.note,
      changed = false, is_new = false, prev_qty = NULL, prev_price = NULL, prev_delivery_date = NULL
    FROM unnest(${lines.map((l) => l.lineNo)}::int[], ${lines.map((l) => l.confirmedQty)}::numeric[],
      ${lines.map((l) => l.promisedDate)}::date[], ${lines.map((l) => l.note)}::text[]) AS i(line_no, qty, promised, note)
    WHERE l.tenant_id = ${tenantId} AND l.bill_number = ${billNumber} AND l.line_no = i.line_no`.execute(db);
  await db
    .updateTable('pur_order')
    .set((eb) => ({
      status: order.status,
      confirmed_at: order.at,
      confirmed_by: order.by,
      decline_reason: null,
      decline_note: '',
      version: eb('version', '+', 1),
    }))
    .where('tenant_id', '=', tenantId)
    .where('bill_number', '=', billNumber)
    .execute();
}

export async function writeDecline(
  db: Kysely<DB>,
  tenantId: string,
  billNumber: string,
  answer: { reason: string; note: string; at: Date; by: string },
) {
  await db
    .updateTable('pur_order_line')
    .set({
      confirmed_qty: null,
      promised_date: null,
      confirm_note: '',
      changed: false,
      is_new: false,
      prev_qty: null,
      prev_price: null,
      prev_delivery_date: null,
    })
    .where('tenant_id', '=', tenantId)
    .where('bill_number', '=', billNumber)
    .execute();
  await db
    .updateTable('pur_order')
    .set((eb) => ({
      status: '已拒绝',
      confirmed_at: answer.at,
      confirmed_by: answer.by,
      decline_reason: answer.reason,
      decline_note: answer.note,
      version: eb('version', '+', 1),
    }))
    .where('tenant_id', '=', tenantId)
    .where('bill_number', '=', billNumber)
    .execute();
}

/** The monitor's figures per view under the same filters (the tabs' badges). */
export async function viewCounts(db: Kysely<DB>, scope: DataScope, filter: OrderFilter) {
  let q = db.selectFrom('pur_order as o').where(inScope(scope, 'o'));
  if (filter.startDate) q = q.where('o.order_date', '>=', filter.startDate);
  if (filter.endDate) q = q.where('o.order_date', '<=', filter.endDate);
  if (filter.deptCode) q = q.where('o.dept_code', '=', filter.deptCode);
  return q
    .select([
      sql<number>`count(*) FILTER (WHERE ${viewSql.waiting})::int`.as('waiting'),
      sql<number>`count(*) FILTER (WHERE ${viewSql.overdue})::int`.as('overdue'),
      sql<number>`count(*) FILTER (WHERE ${viewSql.declined})::int`.as('declined'),
      sql<number>`count(*) FILTER (WHERE ${viewSql.changed})::int`.as('changed'),
      sql<number>`count(*) FILTER (WHERE ${viewSql.late})::int`.as('late'),
    ])
    .executeTakeFirstOrThrow();
}
