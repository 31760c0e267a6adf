// SQL of purchase orders, always within a data scope.
import type { ColumnFilter } from '@portal/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type FilterColumn, columnFilterSql, distinctTexts, filterColumnOf, othersThan } from '../../db/column-filter';
import { containing } from '../../db/like';
import type { DB, PurOrderTable } from '../../db/schema';
import type { DataScope } from '../../platform/scope';

export interface OrderFilter {
  startDate?: string | undefined;
  endDate?: string | undefined;
  deptCode?: string | undefined;
  status?: PurOrderTable['status'] | undefined;
  billNumber?: string | undefined;
  columns?: Record<string, ColumnFilter> | undefined;
}

// Values of an order derived from other tables, as correlated subqueries on `o` (usable in any query on pur_order as o).
const deptName = sql<string>`(SELECT d2.dept_name FROM dept d2 WHERE d2.tenant_id = o.tenant_id AND d2.dept_code = o.dept_code)`;
const categoryName = sql<string>`coalesce((SELECT c2.category_name FROM category c2 WHERE c2.tenant_id = o.tenant_id AND c2.category_code = o.category_code), '')`;
const receivedQty = sql<string>`(SELECT coalesce(sum(l.received_qty), 0) FROM pur_order_line l WHERE l.tenant_id = o.tenant_id AND l.bill_number = o.bill_number)`;
const lineCount = sql<number>`(SELECT count(*)::int FROM pur_order_line l WHERE l.tenant_id = o.tenant_id AND l.bill_number = o.bill_number)`;
const deadline = sql<string>`(o.order_date + o.valid_days)`;

/** Orders the list may be sorted by, by wire field. */
export const sortableColumns = {
  billNumber: sql`o.bill_number`, orderDate: sql`o.order_date`, deliveryDate: sql`o.delivery_date`, deadline, deptCode: sql`o.dept_code`, deptName,
  status: sql`o.status`, totalQty: sql`o.total_qty`, totalAmount: sql`o.total_amount`, receivedQty, lineCount, suppCode: sql`o.supp_code`,
  deliveryMode: sql`o.delivery_mode`, orderType: sql`o.order_type`, categoryName,
} satisfies Record<string, RawBuilder<unknown>>;

/** Quantities as the grid shows them: without trailing zeros ("684", "2.5"). */
const shownQty = (value: RawBuilder<unknown>) => sql`trim_scale(${value})::text`;

/** Columns the list's grid may filter on the server, by wire field; texts as the grid shows them. */
export const filterColumns: Record<string, FilterColumn> = {
  billNumber: { text: sql`o.bill_number` }, deptCode: { text: sql`o.dept_code` }, deptName: { text: deptName }, status: { text: sql`o.status` },
  orderDate: { text: sql`o.order_date::text` }, deliveryDate: { text: sql`o.delivery_date::text` }, deadline: { text: sql`${deadline}::text` },
  deliveryMode: { text: sql`o.delivery_mode` }, orderType: { text: sql`o.order_type` }, categoryName: { text: categoryName },
  lineCount: { text: lineCount, numeric: true }, totalQty: { text: shownQty(sql`o.total_qty`), numeric: true },
  receivedQty: { text: shownQty(receivedQty), numeric: true }, totalAmount: { text: sql`o.total_amount::text`, numeric: true },
  suppCode: { text: sql`o.supp_code` },
};

function scoped(db: Kysely<DB>, scope: DataScope, filter: OrderFilter) {
  let q = db.selectFrom('pur_order as o').where('o.tenant_id', '=', scope.tenantId);
  if (scope.suppCode) q = q.where('o.supp_code', '=', scope.suppCode);
  if (filter.startDate) q = q.where('o.order_date', '>=', filter.startDate);
  if (filter.endDate) q = q.where('o.order_date', '<=', filter.endDate);
  if (filter.deptCode) q = q.where('o.dept_code', '=', filter.deptCode);
  if (filter.status) q = q.where('o.status', '=', filter.status);
  if (filter.billNumber) q = q.where('o.bill_number', 'ilike', containing(filter.billNumber));
  const columns = columnFilterSql(filter.columns, filterColumns);
  if (columns) q = q.where(columns);
  return q;
}

function summaryColumns(db: Kysely<DB>) {
  return db.selectFrom('pur_order as o')
    .innerJoin('supplier as s', (j) => j.onRef('s.tenant_id', '=', 'o.tenant_id').onRef('s.supp_code', '=', 'o.supp_code'))
    .innerJoin('dept as d', (j) => j.onRef('d.tenant_id', '=', 'o.tenant_id').onRef('d.dept_code', '=', 'o.dept_code'))
    .leftJoin('category as c', (j) => j.onRef('c.tenant_id', '=', 'o.tenant_id').onRef('c.category_code', '=', 'o.category_code'))
    .select([
      'o.bill_number as billNumber', 'o.supp_code as suppCode', 's.supp_name as suppName', 'o.dept_code as deptCode', 'd.dept_name as deptName',
      'o.category_code as categoryCode', sql<string>`coalesce(c.category_name, '')`.as('categoryName'),
      'o.order_date as orderDate', 'o.delivery_date as deliveryDate', 'o.valid_days as validDays',
      sql<string>`${deadline}::text`.as('deadline'), 'o.delivery_mode as deliveryMode', 'o.order_type as orderType',
      'o.status', 'o.total_qty as totalQty', 'o.total_amount as totalAmount',
      sql<string>`${receivedQty}::text`.as('receivedQty'), lineCount.as('lineCount'),
    ]);
}

export async function page(
  db: Kysely<DB>, scope: DataScope, filter: OrderFilter, paging: { page: number; limit: number; sort?: { field: keyof typeof sortableColumns; order: 'asc' | 'desc' } | undefined },
) {
  const totalRow = await scoped(db, scope, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const keys = scoped(db, scope, filter).select(['o.bill_number']);
  const sortColumn = paging.sort ? sortableColumns[paging.sort.field] : sortableColumns.orderDate;
  const direction = paging.sort?.order === 'asc' ? sql`ASC` : sql`DESC`;
  const list = await summaryColumns(db)
    .where('o.tenant_id', '=', scope.tenantId)
    .where('o.bill_number', 'in', keys)
    .orderBy(sql`${sortColumn} ${direction}`).orderBy('o.bill_number', 'desc')
    .limit(paging.limit).offset((paging.page - 1) * paging.limit)
    .execute();
  return { total: Number(totalRow.n), list };
}

/** Distinct texts of a list column under the filter, without its own column filter (the grid's checklist). */
export function columnValues(db: Kysely<DB>, scope: DataScope, filter: OrderFilter, field: string) {
  const column = filterColumnOf(filterColumns, field);
  return distinctTexts(scoped(db, scope, { ...filter, columns: othersThan(filter.columns, field) }), column);
}

export function header(db: Kysely<DB>, scope: DataScope, billNumber: string) {
  let q = summaryColumns(db)
    .innerJoin('tenant as t', 't.id', 'o.tenant_id')
    .select('t.company_name as companyName')
    .where('o.tenant_id', '=', scope.tenantId).where('o.bill_number', '=', billNumber);
  if (scope.suppCode) q = q.where('o.supp_code', '=', scope.suppCode);
  return q.executeTakeFirst();
}

export function lines(db: Kysely<DB>, tenantId: string, billNumber: string) {
  return db.selectFrom('pur_order_line as l')
    .innerJoin('goods as g', (j) => j.onRef('g.tenant_id', '=', 'l.tenant_id').onRef('g.goods_code', '=', 'l.goods_code'))
    .select([
      'l.line_no as lineNo', 'l.goods_code as goodsCode', 'g.barcode', 'g.goods_name as goodsName', 'g.spec', 'g.unit', 'g.case_qty as caseQty',
      'l.order_qty as orderQty', sql<string>`round(l.order_qty / g.case_qty, 2)::text`.as('caseCount'), 'l.received_qty as receivedQty',
      'l.free_qty as freeQty', 'l.price', 'l.tax_rate as taxRate', 'l.amount',
    ])
    .where('l.tenant_id', '=', tenantId).where('l.bill_number', '=', billNumber)
    .orderBy('l.line_no').execute();
}

export function deptsOnOrders(db: Kysely<DB>, scope: DataScope) {
  let q = db.selectFrom('dept as d').select(['d.dept_code as deptCode', 'd.dept_name as deptName']).where('d.tenant_id', '=', scope.tenantId);
  q = q.where(({ exists, selectFrom }) => {
    let orders = selectFrom('pur_order as o').select(sql`1`.as('x')).whereRef('o.tenant_id', '=', 'd.tenant_id').whereRef('o.dept_code', '=', 'd.dept_code');
    if (scope.suppCode) orders = orders.where('o.supp_code', '=', scope.suppCode);
    return exists(orders);
  });
  return q.orderBy('d.dept_code').execute();
}
