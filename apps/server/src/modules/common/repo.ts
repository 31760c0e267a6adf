// SQL of the legacy common lookups. A supplier's stores are those it has orders or receipts for; its goods,
// stock and suppliers are its own (`inScope`); staff read their tenant.
import type { common } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import { containing } from '../../db/like';
import type { DB } from '../../db/schema';
import { shanghaiTime } from '../../platform/sql/shanghai-time';
import { type DataScope, inScope } from '../../platform/scope';
import { dealtWith } from '../../platform/sql/dealt-with';

export interface DeptFilter {
  keyword?: string | undefined;
  onlineOnly?: boolean;
  storesOnly?: boolean;
  /** Only these codes (a staff member's own store). */
  codes?: string[];
}

/** Stores and DCs of the scope: for a supplier, those its orders or receipts name. */
export function depts(db: Kysely<DB>, scope: DataScope, filter: DeptFilter = {}) {
  let q = db
    .selectFrom('dept as d')
    .select(['d.dept_code as deptCode', 'd.dept_name as deptName', 'd.dept_type as deptType', 'd.city', 'd.online'])
    .where('d.tenant_id', '=', scope.tenantId);
  if (scope.suppCode) q = q.where(dealtWith(scope, 'd'));
  const { keyword } = filter;
  if (keyword)
    q = q.where((eb) => eb.or([eb('d.dept_code', 'ilike', containing(keyword)), eb('d.dept_name', 'ilike', containing(keyword))]));
  if (filter.onlineOnly) q = q.where('d.online', '=', true);
  if (filter.storesOnly) q = q.where('d.dept_type', '=', 'store');
  if (filter.codes) q = q.where('d.dept_code', 'in', filter.codes.length ? filter.codes : ['']);
  return q.orderBy('d.dept_code').execute();
}

/** Stock of goods at stores and DCs; stored in 1/10000 units and divided exactly in SQL. */
export function stocks(db: Kysely<DB>, scope: DataScope, goodsCodes: string[], deptCodes: string[] | undefined) {
  let q = db
    .selectFrom('stock as s')
    .innerJoin('goods as g', (j) => j.onRef('g.tenant_id', '=', 's.tenant_id').onRef('g.goods_code', '=', 's.goods_code'))
    .innerJoin('dept as d', (j) => j.onRef('d.tenant_id', '=', 's.tenant_id').onRef('d.dept_code', '=', 's.dept_code'))
    .select([
      's.dept_code as deptCode',
      'd.dept_name as deptName',
      's.goods_code as goodsCode',
      'g.goods_name as goodsName',
      'g.unit',
      sql<string>`(s.qty_units::numeric / 10000)::numeric(24, 4)::text`.as('stockQty'),
      shanghaiTime('s.updated_at').as('updatedAt'),
    ])
    .where(inScope(scope, 'g'))
    .where('s.goods_code', 'in', goodsCodes);
  if (deptCodes?.length) q = q.where('s.dept_code', 'in', deptCodes);
  return q.orderBy('s.goods_code').orderBy('s.dept_code').execute();
}

export async function suppliers(db: Kysely<DB>, scope: DataScope, keyword: string | undefined, page: number, pageSize: number) {
  let q = db.selectFrom('supplier').where(inScope(scope));
  if (keyword) q = q.where((eb) => eb.or([eb('supp_code', 'ilike', containing(keyword)), eb('supp_name', 'ilike', containing(keyword))]));
  const [list, count] = await Promise.all([
    q
      .select(['supp_code as suppCode', 'supp_name as suppName', 'credit_code as creditCode', 'business_mode as businessMode', 'status'])
      .orderBy('supp_code')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: count.n, list };
}

/**
 * Suppliers of the scope, each once, with the top-level category of most of its goods (ties: the lowest code;
 * goods of a category the catalog lacks count only for a supplier with no other): a picker's tree lists a
 * supplier once, as the legacy tree of suppliers by their category did.
 */
export function supplierCategories(db: Kysely<DB>, scope: DataScope) {
  const mainCategory = db
    .selectFrom('supplier as s')
    .leftJoin('goods as g', (j) => j.onRef('g.tenant_id', '=', 's.tenant_id').onRef('g.supp_code', '=', 's.supp_code'))
    .leftJoin('category as c', (j) => j.onRef('c.tenant_id', '=', 'g.tenant_id').onRef('c.category_code', '=', 'g.category_code'))
    .leftJoin('category as top', (j) =>
      j
        .onRef('top.tenant_id', '=', 'c.tenant_id')
        .on((eb) => eb('top.category_code', '=', eb.fn.coalesce('c.parent_category_code', 'c.category_code'))),
    )
    .distinctOn('s.supp_code')
    .select([
      's.supp_code as suppCode',
      's.supp_name as suppName',
      'top.category_code as categoryCode',
      'top.category_name as categoryName',
    ])
    .where(inScope(scope, 's'))
    .groupBy(['s.supp_code', 's.supp_name', 'top.category_code', 'top.category_name'])
    .orderBy('s.supp_code')
    .orderBy(sql`top.category_code IS NULL`)
    .orderBy(sql`count(g.goods_code)`, 'desc')
    .orderBy('top.category_code');
  return db.selectFrom(mainCategory.as('m')).selectAll().orderBy('m.categoryCode').orderBy('m.suppCode').execute();
}

export interface GoodsFilter {
  keyword?: string | undefined;
  categoryCode?: string | undefined;
  brandCode?: string | undefined;
}

export async function goods(db: Kysely<DB>, scope: DataScope, filter: GoodsFilter, page: number, pageSize: number) {
  let q = db
    .selectFrom('goods as g')
    .innerJoin('category as c', (j) => j.onRef('c.tenant_id', '=', 'g.tenant_id').onRef('c.category_code', '=', 'g.category_code'))
    .innerJoin('brand as b', (j) => j.onRef('b.tenant_id', '=', 'g.tenant_id').onRef('b.brand_code', '=', 'g.brand_code'))
    .innerJoin('supplier as s', (j) => j.onRef('s.tenant_id', '=', 'g.tenant_id').onRef('s.supp_code', '=', 'g.supp_code'))
    .where(inScope(scope, 'g'));
  const { keyword, categoryCode, brandCode } = filter;
  if (keyword) {
    q = q.where((eb) =>
      eb.or([
        eb('g.goods_code', 'ilike', containing(keyword)),
        eb('g.barcode', 'ilike', containing(keyword)),
        eb('g.goods_name', 'ilike', containing(keyword)),
      ]),
    );
  }
  // A category code matches the category and, for a top-level one, its sub-classes.
  if (categoryCode) q = q.where((eb) => eb.or([eb('g.category_code', '=', categoryCode), eb('c.parent_category_code', '=', categoryCode)]));
  if (brandCode) q = q.where('g.brand_code', '=', brandCode);
  const [list, count] = await Promise.all([
    q
      .select([
        'g.goods_code as goodsCode',
        'g.barcode',
        'g.goods_name as goodsName',
        'g.spec',
        'g.unit',
        'g.case_qty as caseQty',
        'g.category_code as categoryCode',
        'c.category_name as categoryName',
        'g.brand_code as brandCode',
        'b.brand_name as brandName',
        'g.supp_code as suppCode',
        's.supp_name as suppName',
        sql<string>`g.tax_rate::text`.as('taxRate'),
        sql<string>`g.price::text`.as('price'),
        sql<string>`g.retail_price::text`.as('retailPrice'),
      ])
      .orderBy('g.goods_code')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: count.n, list };
}

export function systemParams(db: Kysely<DB>, tenantId: string, codes: string[]) {
  return db
    .selectFrom('system_param')
    .select(['parameter_code as parameterCode', 'parameter_name as parameterName', 'parameter_value as parameterValue'])
    .where('tenant_id', '=', tenantId)
    .where('parameter_code', 'in', codes)
    .orderBy('parameter_code')
    .execute();
}

export function printTemplates(db: Kysely<DB>, tenantId: string, printTypeCode: common.PrintType) {
  return db
    .selectFrom('print_template')
    .select([
      'template_code as templateCode',
      'template_name as templateName',
      'print_type_code as printTypeCode',
      'is_default as isDefault',
      'paper_size as paperSize',
      'orientation',
      'margins',
      'layout',
    ])
    .where('tenant_id', '=', tenantId)
    .where('print_type_code', '=', printTypeCode)
    .orderBy('is_default', 'desc')
    .orderBy('template_code')
    .execute();
}

export function locations(db: Kysely<DB>, tenantId: string, billDirection: 'in' | 'out', deptCodes: string[]) {
  return db
    .selectFrom('location as l')
    .innerJoin('dept as d', (j) => j.onRef('d.tenant_id', '=', 'l.tenant_id').onRef('d.dept_code', '=', 'l.dept_code'))
    .select([
      'l.dept_code as deptCode',
      'd.dept_name as deptName',
      'l.location_code as locationCode',
      'l.location_name as locationName',
      'l.bill_direction as billDirection',
    ])
    .where('l.tenant_id', '=', tenantId)
    .where('l.bill_direction', '=', billDirection)
    .where('l.dept_code', 'in', deptCodes.length ? deptCodes : [''])
    .orderBy('l.dept_code')
    .orderBy('l.location_code')
    .execute();
}

/** The store or department a staff account belongs to ('' when none). */
export async function accountDept(db: Kysely<DB>, accountId: number): Promise<string> {
  const row = await db.selectFrom('account').select('dept_code').where('id', '=', accountId).executeTakeFirst();
  return row?.dept_code ?? '';
}
