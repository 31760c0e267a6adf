// SQL of the query definitions and of their menu entries (a module of kind dynamic per published definition).
import type { PublishTargets, QueryDefinition } from '@portal/contract';
import { type Kysely, type RawBuilder, type Transaction, sql } from 'kysely';
import { containing } from '../../db/like';
import { executePrepared } from '../../db/prepared';
import { type Holder, heldModuleCodes } from '../../platform/access';
import type { DB } from '../../db/schema';
import { shanghaiTime } from '../../platform/sql/shanghai-time';

const summaryColumns = [
  'dq.query_code as queryCode',
  'dq.title',
  'dq.title_en as titleEn',
  'dq.is_public as isPublic',
  'dq.module_code as moduleCode',
  'dq.all_suppliers as allSuppliers',
  'dq.updated_by as updatedBy',
  shanghaiTime('dq.updated_at').as('updatedAt'),
  sql<string[]>`coalesce((SELECT array_agg(rm.role_code ORDER BY rm.role_code) FROM role_module rm
    WHERE rm.tenant_id = dq.tenant_id AND rm.module_code = dq.module_code), '{}')`.as('roles'),
  sql<string[]>`coalesce((SELECT array_agg(ds.supp_code ORDER BY ds.supp_code) FROM dynamic_query_supplier ds
    WHERE ds.tenant_id = dq.tenant_id AND ds.module_code = dq.module_code), '{}')`.as('suppliers'),
] as const;

export function listDefinitions(db: Kysely<DB>, tenantId: string, keyword?: string) {
  let q = db.selectFrom('dynamic_query as dq').select(summaryColumns).where('dq.tenant_id', '=', tenantId);
  if (keyword)
    q = q.where((eb) => eb.or([eb('dq.query_code', 'ilike', containing(keyword)), eb('dq.title', 'ilike', containing(keyword))]));
  return q.orderBy('dq.query_code').execute();
}

export function findSummary(db: Kysely<DB>, tenantId: string, queryCode: string) {
  return db
    .selectFrom('dynamic_query as dq')
    .select(summaryColumns)
    .where('dq.tenant_id', '=', tenantId)
    .where('dq.query_code', '=', queryCode)
    .executeTakeFirst();
}

const definitionColumns = [
  'query_code as queryCode',
  'title',
  'title_en as titleEn',
  'description',
  'description_en as descriptionEn',
  'params',
  'columns',
  'sql_text as sql',
  'is_public as isPublic',
  'module_code as moduleCode',
] as const;

export function findDefinition(db: Kysely<DB>, tenantId: string, queryCode: string) {
  return db
    .selectFrom('dynamic_query')
    .select(definitionColumns)
    .where('tenant_id', '=', tenantId)
    .where('query_code', '=', queryCode)
    .executeTakeFirst();
}

/**
 * A stored definition with whether the holder (a signed-in caller; none: neither) holds the designer's module and the
 * definition's own: one statement for every run of a query page, prepared (planned once per connection).
 */
export async function findRunnable(
  db: Kysely<DB>,
  tenantId: string,
  queryCode: string,
  holder: Holder | undefined,
  designerModule: string,
) {
  const holds = (code: RawBuilder<unknown>) => (holder ? sql<boolean>`${code} in (${heldModuleCodes(db, holder)})` : sql<boolean>`false`);
  // Qualified: inside the subqueries a bare module_code is the module table's own.
  const query = db
    .selectFrom('dynamic_query as own')
    .select(definitionColumns)
    .select([holds(sql`${designerModule}::text`).as('holdsDesigner'), holds(sql.ref('own.module_code')).as('holdsOwn')])
    .where('own.tenant_id', '=', tenantId)
    .where('own.query_code', '=', queryCode);
  return (await executePrepared(db, query)).rows[0];
}

const rowOf = (d: QueryDefinition) => ({
  title: d.title,
  title_en: d.titleEn,
  description: d.description,
  description_en: d.descriptionEn,
  params: JSON.stringify(d.params),
  columns: JSON.stringify(d.columns),
  sql_text: d.sql,
  is_public: d.isPublic,
});

/** Inserts a definition; false when its code is taken. */
export async function insertDefinition(db: Kysely<DB>, tenantId: string, d: QueryDefinition, by: string, at: Date): Promise<boolean> {
  const row = await db
    .insertInto('dynamic_query')
    .values({ tenant_id: tenantId, query_code: d.queryCode, ...rowOf(d), updated_by: by, updated_at: at })
    .onConflict((oc) => oc.columns(['tenant_id', 'query_code']).doNothing())
    .returning('query_code')
    .executeTakeFirst();
  return row !== undefined;
}

/** Updates a definition (and its menu entry's title); false when there is none of that code. */
export async function updateDefinition(db: Kysely<DB>, tenantId: string, d: QueryDefinition, by: string, at: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('dynamic_query')
      .set({ ...rowOf(d), updated_by: by, updated_at: at })
      .where('tenant_id', '=', tenantId)
      .where('query_code', '=', d.queryCode)
      .returning('module_code')
      .executeTakeFirst();
    if (row?.module_code)
      await trx.updateTable('module').set({ name: d.title, name_en: d.titleEn }).where('module_code', '=', row.module_code).execute();
    return row !== undefined;
  });
}

async function dropEntry(trx: Transaction<DB>, moduleCode: string) {
  await trx.deleteFrom('role_module').where('module_code', '=', moduleCode).execute();
  await trx.deleteFrom('account_module').where('module_code', '=', moduleCode).execute();
  await trx.deleteFrom('dynamic_query_supplier').where('module_code', '=', moduleCode).execute();
  await trx.updateTable('dynamic_query').set({ module_code: null, all_suppliers: false }).where('module_code', '=', moduleCode).execute();
  await trx.deleteFrom('module').where('module_code', '=', moduleCode).execute();
}

export async function deleteDefinition(db: Kysely<DB>, tenantId: string, queryCode: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('dynamic_query')
      .select('module_code')
      .where('tenant_id', '=', tenantId)
      .where('query_code', '=', queryCode)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return false;
    if (row.module_code) await dropEntry(trx, row.module_code);
    await trx.deleteFrom('dynamic_query').where('tenant_id', '=', tenantId).where('query_code', '=', queryCode).execute();
    return true;
  });
}

/** The module code of a published definition: one per tenant and query code, so unique by construction. */
export const entryCodeOf = (tenantId: string, queryCode: string) => `dq_${tenantId}_${queryCode}`;

/** The roles and suppliers of a tenant among those named (unknown names are left out). */
export async function knownTargets(db: Kysely<DB>, tenantId: string, roles: string[], suppliers: string[]) {
  const [r, s] = await Promise.all([
    roles.length
      ? db.selectFrom('role').select('role_code').where('tenant_id', '=', tenantId).where('role_code', 'in', roles).execute()
      : [],
    suppliers.length
      ? db.selectFrom('supplier').select('supp_code').where('tenant_id', '=', tenantId).where('supp_code', 'in', suppliers).execute()
      : [],
  ]);
  return { roles: new Set(r.map((x) => x.role_code)), suppliers: new Set(s.map((x) => x.supp_code)) };
}

/**
 * Puts a definition's menu entry (under 报表查询 ms0020 where the holder has it) in the menus of the targets,
 * replacing the previous targets; no target removes the entry. False when there is no such definition.
 */
export async function publish(db: Kysely<DB>, tenantId: string, queryCode: string, targets: PublishTargets): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('dynamic_query')
      .select(['module_code', 'title', 'title_en'])
      .where('tenant_id', '=', tenantId)
      .where('query_code', '=', queryCode)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return false;
    const code = row.module_code ?? entryCodeOf(tenantId, queryCode);
    const toSuppliers = targets.allSuppliers || targets.suppliers.length > 0;
    if (!toSuppliers && targets.roles.length === 0) {
      if (row.module_code) await dropEntry(trx, code);
      return true;
    }
    const audience = toSuppliers ? (targets.roles.length ? 'all' : 'supplier') : 'staff';
    await trx
      .insertInto('module')
      .values({
        module_code: code,
        parent_code: 'ms0020',
        name: row.title,
        name_en: row.title_en,
        path: `dynamic/query/${queryCode}`,
        component: 'dynamic/query',
        kind: 'dynamic',
        audience,
        sort_no: 29,
      })
      .onConflict((oc) => oc.column('module_code').doUpdateSet({ name: row.title, name_en: row.title_en, audience }))
      .execute();
    // Child accounts keep their grants of the entry; they count only while their supplier is a target.
    await trx.deleteFrom('role_module').where('tenant_id', '=', tenantId).where('module_code', '=', code).execute();
    await trx.deleteFrom('dynamic_query_supplier').where('tenant_id', '=', tenantId).where('module_code', '=', code).execute();
    await trx
      .updateTable('dynamic_query')
      .set({ module_code: code, all_suppliers: targets.allSuppliers })
      .where('tenant_id', '=', tenantId)
      .where('query_code', '=', queryCode)
      .execute();
    if (targets.roles.length)
      await trx
        .insertInto('role_module')
        .values(targets.roles.map((role) => ({ tenant_id: tenantId, role_code: role, module_code: code })))
        .execute();
    if (!targets.allSuppliers && targets.suppliers.length)
      await trx
        .insertInto('dynamic_query_supplier')
        .values(targets.suppliers.map((supp) => ({ tenant_id: tenantId, module_code: code, supp_code: supp })))
        .execute();
    return true;
  });
}

export function publishRoles(db: Kysely<DB>, tenantId: string) {
  return db
    .selectFrom('role')
    .select(['role_code as roleCode', 'role_name as roleName'])
    .where('tenant_id', '=', tenantId)
    .orderBy('role_code')
    .execute();
}

export function tenantExists(db: Kysely<DB>, tenantId: string) {
  return db.selectFrom('tenant').select('id').where('id', '=', tenantId).executeTakeFirst();
}
