// The base data screens' lists (brands, stores and DCs) on the shared list machinery, and their edits.
import { type BrandForm, type CategoryForm, baseInfo } from '@portal/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { containing } from '../../db/like';
import type { DB } from '../../db/schema';
import { type ListColumn, serverList } from '../../platform/list/server-list';

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

const goodsOfBrand = sql<number>`(SELECT count(*)::int FROM goods g WHERE g.tenant_id = b.tenant_id AND g.brand_code = b.brand_code)`;
const suppliersOfBrand = sql<number>`(SELECT count(DISTINCT g.supp_code)::int FROM goods g
  WHERE g.tenant_id = b.tenant_id AND g.brand_code = b.brand_code)`;

/** Brands of the tenant (a table without a supplier: the scope is the tenant's, for staff). */
export const brandList = serverList({
  from: (db) => db.selectFrom('brand as b'),
  alias: 'b',
  where: (q, search: KeywordSearch) => {
    const keyword = search.keyword;
    return keyword
      ? q.where((eb) => eb.or([eb('b.brand_code', 'ilike', containing(keyword)), eb('b.brand_name', 'ilike', containing(keyword))]))
      : q;
  },
  columns: {
    brandCode: column(sql`b.brand_code`),
    brandName: column(sql`b.brand_name`),
    goodsCount: column(goodsOfBrand, goodsOfBrand, true),
    supplierCount: column(suppliersOfBrand, suppliersOfBrand, true),
  },
  defaultSort: { field: 'brandCode', order: 'asc' },
  then: [sql`b.brand_code`],
  select: (matching) =>
    matching.select([
      'b.brand_code as brandCode',
      'b.brand_name as brandName',
      goodsOfBrand.as('goodsCount'),
      suppliersOfBrand.as('supplierCount'),
    ]),
});

const deptType = sql`CASE d.dept_type WHEN 'store' THEN ${baseInfo.deptTypeText.store} ELSE ${baseInfo.deptTypeText.dc} END`;
const online = sql`CASE WHEN d.online THEN ${baseInfo.deptOnlineText.true} ELSE ${baseInfo.deptOnlineText.false} END`;

/** Stores and DCs of the tenant. */
export const deptList = serverList({
  from: (db) => db.selectFrom('dept as d'),
  alias: 'd',
  where: (q, search: KeywordSearch & { deptType?: 'store' | 'dc' | undefined }) => {
    const keyword = search.keyword;
    if (keyword)
      q = q.where((eb) => eb.or([eb('d.dept_code', 'ilike', containing(keyword)), eb('d.dept_name', 'ilike', containing(keyword))]));
    return search.deptType ? q.where('d.dept_type', '=', search.deptType) : q;
  },
  columns: {
    deptCode: column(sql`d.dept_code`),
    deptName: column(sql`d.dept_name`),
    deptType: column(sql`d.dept_type`, deptType),
    city: column(sql`d.city`),
    onlineText: column(sql`d.online`, online),
  },
  defaultSort: { field: 'deptCode', order: 'asc' },
  then: [sql`d.dept_code`],
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
