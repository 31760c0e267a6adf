// SQL of modules, buttons and who holds them.
import { type Kysely, type SelectQueryBuilder, type Selectable, sql } from 'kysely';
import type { DB, ModuleTable } from '../../db/schema';
import type { SessionContext } from '../../platform/session-context';

export type ModuleRow = Selectable<ModuleTable> & { external_url: string };

/** Who an access question is about: an account with its kind, role, supplier and parent. */
export type Holder = Pick<SessionContext, 'accountId' | 'tenantId' | 'kind' | 'roleCode' | 'parentCode' | 'suppCode'>;

/**
 * Module codes a holder has: staff through their role; a supplier main account every module open to
 * suppliers; a child account what its main account granted it, never more than suppliers may have.
 */
function heldModuleCodes(db: Kysely<DB>, holder: Holder) {
  if (holder.kind === 'staff') {
    return db.selectFrom('role_module').select('module_code')
      .where('tenant_id', '=', holder.tenantId).where('role_code', '=', holder.roleCode ?? '');
  }
  const supplierModules = db.selectFrom('module').select('module_code').where('audience', 'in', ['all', 'supplier']);
  if (!holder.parentCode) return supplierModules;
  return db.selectFrom('account_module').select('module_code')
    .where('account_id', '=', holder.accountId)
    .where('module_code', 'in', supplierModules);
}

/** Held modules with the tenant's address of external ones; an external module without one is left out. */
export function modulesOf(db: Kysely<DB>, holder: Holder): Promise<ModuleRow[]> {
  return db.selectFrom('module')
    .leftJoin('external_module as em', (j) => j.onRef('em.module_code', '=', 'module.module_code').on('em.tenant_id', '=', holder.tenantId))
    .selectAll('module')
    .select(sql<string>`coalesce(em.url, '')`.as('external_url'))
    .where('module.module_code', 'in', heldModuleCodes(db, holder))
    .where((eb) => eb.or([eb('module.kind', 'not in', ['frame', 'sso']), eb('em.url', 'is not', null)]))
    .orderBy('module.sort_no').execute();
}

export function externalModules(db: Kysely<DB>, holder: Holder) {
  return db.selectFrom('external_module as em')
    .innerJoin('module', 'module.module_code', 'em.module_code')
    .select(['em.module_code as moudleCode', 'module.name', 'em.url', 'module.kind', 'em.sso_secret as ssoSecret'])
    .where('em.tenant_id', '=', holder.tenantId)
    .where('em.module_code', 'in', heldModuleCodes(db, holder))
    .orderBy('module.sort_no').execute();
}

export async function holdsModule(db: Kysely<DB>, holder: Holder, moduleCode: string): Promise<boolean> {
  const row = await db.selectFrom('module').select('module_code')
    .where('module_code', '=', moduleCode)
    .where('module_code', 'in', heldModuleCodes(db, holder))
    .executeTakeFirst();
  return row !== undefined;
}

export function buttonsOf(db: Kysely<DB>, holder: Holder, moduleCode?: string): Promise<{ module_code: string; button_code: string }[]> {
  let query: SelectQueryBuilder<DB, 'module_button', { module_code: string; button_code: string }>;
  if (holder.kind === 'staff') {
    query = db.selectFrom('module_button').select(['module_button.module_code', 'module_button.button_code'])
      .where(({ exists, selectFrom }) => exists(selectFrom('role_button').select(sql`1`.as('x'))
        .whereRef('role_button.module_code', '=', 'module_button.module_code')
        .whereRef('role_button.button_code', '=', 'module_button.button_code')
        .where('role_button.tenant_id', '=', holder.tenantId)
        .where('role_button.role_code', '=', holder.roleCode ?? '')));
  } else if (!holder.parentCode) {
    query = db.selectFrom('module_button').select(['module_button.module_code', 'module_button.button_code']);
  } else {
    query = db.selectFrom('module_button').select(['module_button.module_code', 'module_button.button_code'])
      .where(({ exists, selectFrom }) => exists(selectFrom('account_button').select(sql`1`.as('x'))
        .whereRef('account_button.module_code', '=', 'module_button.module_code')
        .whereRef('account_button.button_code', '=', 'module_button.button_code')
        .where('account_button.account_id', '=', holder.accountId)));
  }
  query = query.where('module_button.module_code', 'in', heldModuleCodes(db, holder));
  if (moduleCode) query = query.where('module_button.module_code', '=', moduleCode);
  return query.orderBy('module_button.module_code').orderBy('module_button.button_code').execute();
}
