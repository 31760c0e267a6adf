// SQL of the base data of a tenant.
import { type Kysely, sql } from 'kysely';
import { containing } from '../../db/like';
import type { DB } from '../../db/schema';

export function brands(db: Kysely<DB>, tenantId: string, keyword?: string) {
  let q = db.selectFrom('brand').select(['brand_code as brandCode', 'brand_name as brandName']).where('tenant_id', '=', tenantId);
  if (keyword) q = q.where((eb) => eb.or([eb('brand_code', 'ilike', containing(keyword)), eb('brand_name', 'ilike', containing(keyword))]));
  return q.orderBy('brand_code').execute();
}

export function depts(db: Kysely<DB>, tenantId: string, keyword?: string) {
  let q = db
    .selectFrom('dept')
    .select(['dept_code as deptCode', 'dept_name as deptName', 'dept_type as deptType', 'city'])
    .where('tenant_id', '=', tenantId);
  if (keyword) q = q.where((eb) => eb.or([eb('dept_code', 'ilike', containing(keyword)), eb('dept_name', 'ilike', containing(keyword))]));
  return q.orderBy('dept_code').execute();
}

export function categories(
  db: Kysely<DB>,
  tenantId: string,
  filter: { parentCategoryCode?: string | undefined; keyword?: string | undefined } = {},
) {
  let q = db
    .selectFrom('category')
    .select([
      'category_code as categoryCode',
      sql<string>`coalesce(parent_category_code, '')`.as('parentCategoryCode'),
      'category_name as categoryName',
      'level',
    ])
    .where('tenant_id', '=', tenantId);
  if (filter.parentCategoryCode !== undefined) {
    q =
      filter.parentCategoryCode === ''
        ? q.where('parent_category_code', 'is', null)
        : q.where('parent_category_code', '=', filter.parentCategoryCode);
  }
  const keyword = filter.keyword;
  if (keyword)
    q = q.where((eb) => eb.or([eb('category_code', 'ilike', containing(keyword)), eb('category_name', 'ilike', containing(keyword))]));
  return q.orderBy('category_code').execute();
}

export function accUnits(db: Kysely<DB>, tenantId: string) {
  return db
    .selectFrom('acc_unit')
    .select(['unit_code as unitCode', 'unit_name as unitName', 'tax_number as taxNumber'])
    .where('tenant_id', '=', tenantId)
    .orderBy('unit_code')
    .execute();
}

export function busOptions(db: Kysely<DB>, tenantId: string, busShortName?: string) {
  let q = db
    .selectFrom('bus_option')
    .select([
      'bus_short_name as busShortName',
      'bus_short_detail_name as busShortDetailName',
      'permission_type as permissionType',
      'permission_list as permission',
    ])
    .where('tenant_id', '=', tenantId);
  if (busShortName) q = q.where('bus_short_name', '=', busShortName);
  return q.orderBy('bus_short_name').execute();
}

export async function upsertBusOption(
  db: Kysely<DB>,
  tenantId: string,
  option: {
    busShortName: string;
    busShortDetailName: string;
    permissionType: 'all' | 'dept' | 'category' | 'supplier';
    permission: string[];
  },
  by: string,
  now: Date,
) {
  const values = {
    tenant_id: tenantId,
    bus_short_name: option.busShortName,
    bus_short_detail_name: option.busShortDetailName,
    permission_type: option.permissionType,
    permission_list: JSON.stringify(option.permission),
    updated_by: by,
    updated_at: now,
  };
  await db
    .insertInto('bus_option')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'bus_short_name']).doUpdateSet({
        bus_short_detail_name: values.bus_short_detail_name,
        permission_type: values.permission_type,
        permission_list: values.permission_list,
        updated_by: by,
        updated_at: now,
      }),
    )
    .execute();
}

/** Codes that exist among the given ones, to reject unknown references in an option's list. */
export async function existingCodes(
  db: Kysely<DB>,
  tenantId: string,
  type: 'dept' | 'category' | 'supplier',
  codes: string[],
): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows =
    type === 'dept'
      ? await db.selectFrom('dept').select('dept_code as code').where('tenant_id', '=', tenantId).where('dept_code', 'in', codes).execute()
      : type === 'category'
        ? await db
            .selectFrom('category')
            .select('category_code as code')
            .where('tenant_id', '=', tenantId)
            .where('category_code', 'in', codes)
            .execute()
        : await db
            .selectFrom('supplier')
            .select('supp_code as code')
            .where('tenant_id', '=', tenantId)
            .where('supp_code', 'in', codes)
            .execute();
  return new Set(rows.map((r) => r.code));
}
