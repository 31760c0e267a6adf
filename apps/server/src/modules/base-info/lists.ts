// The base data screens' lists (brands, stores and DCs, accounting units) on the shared list machinery, and their edits.
import { type AccUnitForm, type BrandForm, type CategoryForm, baseInfo } from '@portal/contract';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { containing } from '../../db/like';
import type { DB } from '../../db/schema';
import { type ListColumn, serverList } from '../../platform/list/server-list';
import type { DataScope } from '../../platform/scope';
import { dealtWith } from '../../platform/sql/dealt-with';

const column = (value: RawBuilder<unknown>, text?: RawBuilder<unknown>, numeric = false): ListColumn => ({
  value,
  ...(text ? { text } : {}),
  ...(numeric ? { numeric: true } : {}),
  sortable: true,
  filterable: true,
});

interface KeywordSearch {
  keyword?: string | undefined;
}

/**
 * Whose base data a list shows. Brands, stores and accounting units belong to the tenant (no supplier column), so
 * the list's own scope is the tenant's; `supplier` narrows it to what concerns one supplier account: the brands of
 * its goods, the stores it deals with, the units that settle those stores. Always taken from the session.
 */
export interface BaseDataScope extends DataScope {
  suppCode: null;
  supplier: string | null;
}

const supplierScope = (scope: BaseDataScope): DataScope => ({ tenantId: scope.tenantId, suppCode: scope.supplier });

/** The goods of the brand of `b` that the scope may count (a supplier: its own). */
const brandGoods = (supplier: string | null) =>
  sql`FROM goods g WHERE g.tenant_id = b.tenant_id AND g.brand_code = b.brand_code${supplier ? sql` AND g.supp_code = ${supplier}` : sql``}`;

/** Brands of the tenant, or of a supplier's goods; the counts are of the goods the scope sees. */
export function brandList({ supplier }: BaseDataScope) {
  const goodsCount = sql<number>`(SELECT count(*)::int ${brandGoods(supplier)})`;
  const supplierCount = sql<number>`(SELECT count(DISTINCT g.supp_code)::int ${brandGoods(supplier)})`;
  return serverList({
    from: (db) => db.selectFrom('brand as b'),
    alias: 'b',
    where: (q, search: KeywordSearch) => {
      const keyword = search.keyword;
      if (keyword)
        q = q.where((eb) => eb.or([eb('b.brand_code', 'ilike', containing(keyword)), eb('b.brand_name', 'ilike', containing(keyword))]));
      return supplier ? q.where(sql<SqlBool>`EXISTS (SELECT 1 ${brandGoods(supplier)})`) : q;
    },
    columns: {
      brandCode: column(sql`b.brand_code`),
      brandName: column(sql`b.brand_name`),
      goodsCount: column(goodsCount, goodsCount, true),
      supplierCount: column(supplierCount, supplierCount, true),
    },
    defaultSort: { field: 'brandCode', order: 'asc' },
    then: [{ value: sql`b.brand_code` }],
    select: (matching) =>
      matching.select([
        'b.brand_code as brandCode',
        'b.brand_name as brandName',
        goodsCount.as('goodsCount'),
        supplierCount.as('supplierCount'),
      ]),
  });
}

const deptType = sql`CASE d.dept_type WHEN 'store' THEN ${baseInfo.deptTypeText.store} ELSE ${baseInfo.deptTypeText.dc} END`;
const online = sql`CASE WHEN d.online THEN ${baseInfo.deptOnlineText.true} ELSE ${baseInfo.deptOnlineText.false} END`;

/** Stores and DCs of the tenant, or those a supplier deals with. */
export const deptList = serverList({
  from: (db) => db.selectFrom('dept as d'),
  alias: 'd',
  where: (q, search: KeywordSearch & { deptType?: 'store' | 'dc' | undefined }, scope: BaseDataScope) => {
    const keyword = search.keyword;
    if (keyword)
      q = q.where((eb) => eb.or([eb('d.dept_code', 'ilike', containing(keyword)), eb('d.dept_name', 'ilike', containing(keyword))]));
    if (search.deptType) q = q.where('d.dept_type', '=', search.deptType);
    return scope.supplier ? q.where(dealtWith(supplierScope(scope), 'd')) : q;
  },
  columns: {
    deptCode: column(sql`d.dept_code`),
    deptName: column(sql`d.dept_name`),
    deptType: column(sql`d.dept_type`, deptType),
    city: column(sql`d.city`),
    onlineText: column(sql`d.online`, online),
  },
  defaultSort: { field: 'deptCode', order: 'asc' },
  then: [{ value: sql`d.dept_code` }],
  select: (matching) =>
    matching.select([
      'd.dept_code as deptCode',
      'd.dept_name as deptName',
      'd.dept_type as deptType',
      'd.city',
      'd.online',
      online.$castTo<string>().as('onlineText'),
    ]),
});

/** Accounting units of the tenant, or those settling the stores a supplier deals with; deptCount counts those stores. */
export function accUnitList(scope: BaseDataScope) {
  const unitDepts = sql`FROM dept d WHERE d.tenant_id = u.tenant_id AND d.acc_unit_code = u.unit_code${
    scope.supplier ? sql` AND ${dealtWith(supplierScope(scope), 'd')}` : sql``
  }`;
  const deptCount = sql<number>`(SELECT count(*)::int ${unitDepts})`;
  return serverList({
    from: (db) => db.selectFrom('acc_unit as u'),
    alias: 'u',
    where: (q, search: KeywordSearch) => {
      const keyword = search.keyword;
      if (keyword)
        q = q.where((eb) =>
          eb.or([
            eb('u.unit_code', 'ilike', containing(keyword)),
            eb('u.unit_name', 'ilike', containing(keyword)),
            eb('u.tax_number', 'ilike', containing(keyword)),
          ]),
        );
      return scope.supplier ? q.where(sql<SqlBool>`EXISTS (SELECT 1 ${unitDepts})`) : q;
    },
    columns: {
      unitCode: column(sql`u.unit_code`),
      unitName: column(sql`u.unit_name`),
      taxNumber: column(sql`u.tax_number`),
      address: column(sql`u.address`),
      bankName: column(sql`u.bank_name`),
      bankAccount: column(sql`u.bank_account`),
      deptCount: column(deptCount, deptCount, true),
    },
    defaultSort: { field: 'unitCode', order: 'asc' },
    then: [{ value: sql`u.unit_code` }],
    select: (matching) =>
      matching.select([
        'u.unit_code as unitCode',
        'u.unit_name as unitName',
        'u.tax_number as taxNumber',
        'u.address',
        'u.bank_name as bankName',
        'u.bank_account as bankAccount',
        deptCount.as('deptCount'),
      ]),
  });
}

/** Inserts an accounting unit; false when its code is taken. */
export async function insertAccUnit(db: Kysely<DB>, tenantId: string, form: AccUnitForm): Promise<boolean> {
  const row = await db
    .insertInto('acc_unit')
    .values({
      tenant_id: tenantId,
      unit_code: form.unitCode,
      unit_name: form.unitName,
      tax_number: form.taxNumber,
      address: form.address,
      bank_name: form.bankName,
      bank_account: form.bankAccount,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'unit_code']).doNothing())
    .returning('unit_code')
    .executeTakeFirst();
  return row !== undefined;
}

/** Changes an accounting unit (never its code); false when there is none of that code. */
export async function updateAccUnit(db: Kysely<DB>, tenantId: string, form: AccUnitForm): Promise<boolean> {
  const result = await db
    .updateTable('acc_unit')
    .set({
      unit_name: form.unitName,
      tax_number: form.taxNumber,
      address: form.address,
      bank_name: form.bankName,
      bank_account: form.bankAccount,
    })
    .where('tenant_id', '=', tenantId)
    .where('unit_code', '=', form.unitCode)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function findBrand(db: Kysely<DB>, tenantId: string, brandCode: string) {
  return db
    .selectFrom('brand')
    .select(['brand_code as brandCode', 'brand_name as brandName'])
    .where('tenant_id', '=', tenantId)
    .where('brand_code', '=', brandCode)
    .executeTakeFirst();
}

/** Inserts a brand; false when its code is taken. */
export async function insertBrand(db: Kysely<DB>, tenantId: string, form: BrandForm): Promise<boolean> {
  const row = await db
    .insertInto('brand')
    .values({ tenant_id: tenantId, brand_code: form.brandCode, brand_name: form.brandName })
    .onConflict((oc) => oc.columns(['tenant_id', 'brand_code']).doNothing())
    .returning('brand_code')
    .executeTakeFirst();
  return row !== undefined;
}

/** Renames a brand; false when there is none of that code. */
export async function renameBrand(db: Kysely<DB>, tenantId: string, form: BrandForm): Promise<boolean> {
  const result = await db
    .updateTable('brand')
    .set({ brand_name: form.brandName })
    .where('tenant_id', '=', tenantId)
    .where('brand_code', '=', form.brandCode)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function findCategory(db: Kysely<DB>, tenantId: string, categoryCode: string) {
  return db
    .selectFrom('category')
    .select([
      'category_code as categoryCode',
      sql<string>`coalesce(parent_category_code, '')`.as('parentCategoryCode'),
      'category_name as categoryName',
      'level',
    ])
    .where('tenant_id', '=', tenantId)
    .where('category_code', '=', categoryCode)
    .executeTakeFirst();
}

export async function insertCategory(db: Kysely<DB>, tenantId: string, form: CategoryForm, level: number): Promise<boolean> {
  const row = await db
    .insertInto('category')
    .values({
      tenant_id: tenantId,
      category_code: form.categoryCode,
      parent_category_code: form.parentCategoryCode || null,
      category_name: form.categoryName,
      level,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'category_code']).doNothing())
    .returning('category_code')
    .executeTakeFirst();
  return row !== undefined;
}

export async function renameCategory(db: Kysely<DB>, tenantId: string, form: CategoryForm): Promise<boolean> {
  const result = await db
    .updateTable('category')
    .set({ category_name: form.categoryName })
    .where('tenant_id', '=', tenantId)
    .where('category_code', '=', form.categoryCode)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
