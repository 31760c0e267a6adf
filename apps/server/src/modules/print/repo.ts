// SQL of the print records that no other area reads: receiving notes as one document, price adjustments and
// goods changes. Every query narrows by the caller's scope (tenant, and supplier for supplier accounts).
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { type DataScope, inScope } from '../../platform/scope';

/** A receiving note: its lines share the bill number; the header comes from the first line, totals in SQL. */
export function receivingHeader(db: Kysely<DB>, scope: DataScope, billNumber: string) {
  return db
    .selectFrom('acceptance as a')
    .innerJoin('supplier as s', (j) => j.onRef('s.tenant_id', '=', 'a.tenant_id').onRef('s.supp_code', '=', 'a.supp_code'))
    .innerJoin('dept as d', (j) => j.onRef('d.tenant_id', '=', 'a.tenant_id').onRef('d.dept_code', '=', 'a.dept_code'))
    .innerJoin('tenant as t', 't.id', 'a.tenant_id')
    .select([
      'a.bill_number as billNumber',
      't.company_name as companyName',
      'a.supp_code as suppCode',
      's.supp_name as suppName',
      'a.dept_code as deptCode',
      'd.dept_name as deptName',
      'a.acc_date as accDate',
      sql<string>`max(a.po_bill_number)`.as('poBillNumber'),
      sql<string>`max(a.settle_status)`.as('status'),
      sql<string>`count(*)::text`.as('lineCount'),
      sql<string>`sum(a.accepted_qty)::text`.as('totalQty'),
      sql<string>`sum(a.amount)::text`.as('totalAmount'),
      sql<string>`sum(a.amount_excl)::text`.as('totalAmountExcl'),
      sql<string>`sum(a.tax)::text`.as('totalTax'),
    ])
    .where(inScope(scope, 'a'))
    .where('a.bill_number', '=', billNumber)
    .groupBy(['a.bill_number', 't.company_name', 'a.supp_code', 's.supp_name', 'a.dept_code', 'd.dept_name', 'a.acc_date'])
    .executeTakeFirst();
}

export function receivingLines(db: Kysely<DB>, scope: DataScope, billNumber: string) {
  return db
    .selectFrom('acceptance as a')
    .innerJoin('goods as g', (j) => j.onRef('g.tenant_id', '=', 'a.tenant_id').onRef('g.goods_code', '=', 'a.goods_code'))
    .select([
      sql<string>`a.line_no::text`.as('lineNo'),
      'a.goods_code as goodsCode',
      'g.barcode',
      'g.goods_name as goodsName',
      'g.spec',
      'g.unit',
      'a.accepted_qty as acceptedQty',
      'a.free_qty as freeQty',
      'a.price',
      'a.tax_rate as taxRate',
      'a.amount_excl as amountExcl',
      'a.tax',
      'a.amount',
    ])
    .where(inScope(scope, 'a'))
    .where('a.bill_number', '=', billNumber)
    .orderBy('a.line_no')
    .execute();
}

export function adjustHeader(db: Kysely<DB>, scope: DataScope, billNumber: string) {
  return db
    .selectFrom('price_adjust as p')
    .innerJoin('supplier as s', (j) => j.onRef('s.tenant_id', '=', 'p.tenant_id').onRef('s.supp_code', '=', 'p.supp_code'))
    .innerJoin('tenant as t', 't.id', 'p.tenant_id')
    .select([
      'p.bill_number as billNumber',
      't.company_name as companyName',
      'p.supp_code as suppCode',
      's.supp_name as suppName',
      'p.status',
      'p.apply_date as applyDate',
      'p.effective_date as effectiveDate',
      'p.reason',
      (eb) =>
        eb
          .selectFrom('price_adjust_line as l')
          .select(sql<string>`count(*)::text`.as('n'))
          .whereRef('l.tenant_id', '=', 'p.tenant_id')
          .whereRef('l.bill_number', '=', 'p.bill_number')
          .as('lineCount'),
    ])
    .where(inScope(scope, 'p'))
    .where('p.bill_number', '=', billNumber)
    .executeTakeFirst();
}

export function adjustLines(db: Kysely<DB>, tenantId: string, billNumber: string) {
  return db
    .selectFrom('price_adjust_line as l')
    .innerJoin('goods as g', (j) => j.onRef('g.tenant_id', '=', 'l.tenant_id').onRef('g.goods_code', '=', 'l.goods_code'))
    .select([
      sql<string>`l.line_no::text`.as('lineNo'),
      'l.goods_code as goodsCode',
      'g.barcode',
      'g.goods_name as goodsName',
      'g.spec',
      'g.unit',
      'l.old_price as oldPrice',
      'l.new_price as newPrice',
      sql<string>`(l.new_price - l.old_price)::text`.as('priceDiff'),
      // Percent of the old price, half away from zero at 2 places (numeric round); no rate without an old price.
      sql<string>`coalesce(round((l.new_price - l.old_price) * 100 / nullif(l.old_price, 0), 2)::text, '')`.as('diffRate'),
    ])
    .where('l.tenant_id', '=', tenantId)
    .where('l.bill_number', '=', billNumber)
    .orderBy('l.line_no')
    .execute();
}

export function changeHeader(db: Kysely<DB>, scope: DataScope, billNumber: string) {
  return db
    .selectFrom('goods_change as c')
    .innerJoin('supplier as s', (j) => j.onRef('s.tenant_id', '=', 'c.tenant_id').onRef('s.supp_code', '=', 'c.supp_code'))
    .innerJoin('tenant as t', 't.id', 'c.tenant_id')
    .select([
      'c.bill_number as billNumber',
      't.company_name as companyName',
      'c.supp_code as suppCode',
      's.supp_name as suppName',
      'c.status',
      'c.apply_date as applyDate',
      'c.remark',
      (eb) =>
        eb
          .selectFrom('goods_change_line as l')
          .select(sql<string>`count(*)::text`.as('n'))
          .whereRef('l.tenant_id', '=', 'c.tenant_id')
          .whereRef('l.bill_number', '=', 'c.bill_number')
          .as('lineCount'),
    ])
    .where(inScope(scope, 'c'))
    .where('c.bill_number', '=', billNumber)
    .executeTakeFirst();
}

export function changeLines(db: Kysely<DB>, tenantId: string, billNumber: string) {
  return db
    .selectFrom('goods_change_line as l')
    .innerJoin('goods as g', (j) => j.onRef('g.tenant_id', '=', 'l.tenant_id').onRef('g.goods_code', '=', 'l.goods_code'))
    .select([
      sql<string>`l.line_no::text`.as('lineNo'),
      'l.goods_code as goodsCode',
      'g.barcode',
      'g.goods_name as goodsName',
      'g.spec',
      'g.unit',
      'l.changed_field as changedField',
      'l.old_value as oldValue',
      'l.new_value as newValue',
    ])
    .where('l.tenant_id', '=', tenantId)
    .where('l.bill_number', '=', billNumber)
    .orderBy('l.line_no')
    .execute();
}

const listTables = {
  adjustPrice: ['price_adjust', 'price_adjust_line'],
  goodsChange: ['goods_change', 'goods_change_line'],
} as const;

/** The price adjustments or goods changes of the scope, newest first (the two tables share these columns). */
export function records(db: Kysely<DB>, scope: DataScope, type: keyof typeof listTables) {
  const [table, lineTable] = listTables[type];
  return db
    .selectFrom(`${table} as r` as 'price_adjust as r')
    .innerJoin('supplier as s', (j) => j.onRef('s.tenant_id', '=', 'r.tenant_id').onRef('s.supp_code', '=', 'r.supp_code'))
    .select([
      'r.bill_number as billNumber',
      'r.supp_code as suppCode',
      's.supp_name as suppName',
      'r.apply_date as applyDate',
      'r.status',
      sql<number>`(SELECT count(*)::int FROM ${sql.table(lineTable)} l WHERE l.tenant_id = r.tenant_id AND l.bill_number = r.bill_number)`.as(
        'lineCount',
      ),
    ])
    .where(inScope(scope, 'r'))
    .orderBy('r.apply_date', 'desc')
    .orderBy('r.bill_number', 'desc')
    .limit(200)
    .execute();
}
