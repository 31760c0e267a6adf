// SQL of purchase orders, always within a data scope.
import { type Kysely, sql } from 'kysely';
import { containing } from '../../db/like';
import type { DB, PurOrderTable } from '../../db/schema';
import type { DataScope } from '../../platform/scope';

export interface OrderFilter {
  startDate?: string | undefined;
  endDate?: string | undefined;
  deptCode?: string | undefined;
  status?: PurOrderTable['status'] | undefined;
  billNumber?: string | undefined;
}

export const sortableColumns = {
  billNumber: 'o.bill_number', orderDate: 'o.order_date', deliveryDate: 'o.delivery_date', deptCode: 'o.dept_code',
  status: 'o.status', totalQty: 'o.total_qty', totalAmount: 'o.total_amount', suppCode: 'o.supp_code',
} as const;

function scoped(db: Kysely<DB>, scope: DataScope, filter: OrderFilter) {
  let q = db.selectFrom('pur_order as o').where('o.tenant_id', '=', scope.tenantId);
  if (scope.suppCode) q = q.where('o.supp_code', '=', scope.suppCode);
  if (filter.startDate) q = q.where('o.order_date', '>=', filter.startDate);
  if (filter.endDate) q = q.where('o.order_date', '<=', filter.endDate);
  if (filter.deptCode) q = q.where('o.dept_code', '=', filter.deptCode);
  if (filter.status) q = q.where('o.status', '=', filter.status);
  if (filter.billNumber) q = q.where('o.bill_number', 'ilike', containing(filter.billNumber));
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
      sql<string>`(o.order_date + o.valid_days)::text`.as('deadline'), 'o.delivery_mode as deliveryMode', 'o.order_type as orderType',
      'o.status', 'o.total_qty as totalQty', 'o.total_amount as totalAmount',
      sql<string>`(SELECT coalesce(sum(l.received_qty), 0)::text FROM pur_order_line l WHERE l.tenant_id = o.tenant_id AND l.bill_number = o.bill_number)`.as('receivedQty'),
      sql<number>`(SELECT count(*)::int FROM pur_order_line l WHERE l.tenant_id = o.tenant_id AND l.bill_number = o.bill_number)`.as('lineCount'),
    ]);
}

export async function page(
  db: Kysely<DB>, scope: DataScope, filter: OrderFilter, paging: { page: number; limit: number; sort?: { field: keyof typeof sortableColumns; order: 'asc' | 'desc' } | undefined },
) {
  const totalRow = await scoped(db, scope, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const keys = scoped(db, scope, filter).select(['o.bill_number']);
  const sortColumn = sql.ref(paging.sort ? sortableColumns[paging.sort.field] : 'o.order_date');
  const direction = paging.sort?.order === 'asc' ? sql`ASC` : sql`DESC`;
  const list = await summaryColumns(db)
    .where('o.tenant_id', '=', scope.tenantId)
    .where('o.bill_number', 'in', keys)
    .orderBy(sql`${sortColumn} ${direction}`).orderBy('o.bill_number', 'desc')
    .limit(paging.limit).offset((paging.page - 1) * paging.limit)
    .execute();
  return { total: Number(totalRow.n), list };
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
