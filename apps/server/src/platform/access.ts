// Who may open which module and press which button: the access rules written once, as SQL, for a known
// account (menus, grants) and inside the session lookup itself (every call's gate).
import { moduleTitlesEn } from '@portal/contract';
import { type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import type { DB, ModuleTable } from '../db/schema';
import type { SessionContext } from './session-context';

export type ModuleRow = Selectable<ModuleTable> & { external_url: string };

/** A module's English name: its own (query pages), else the contract's for a built-in module. */
export const englishName = (m: Pick<ModuleRow, 'module_code' | 'name_en'>): string | undefined =>
  m.name_en || moduleTitlesEn[m.module_code];

/** Who an access question is about: an account with its kind, role, supplier and parent. */
export type Holder = Pick<SessionContext, 'accountId' | 'tenantId' | 'kind' | 'roleCode' | 'parentCode' | 'suppCode'>;

/**
 * The parts of an account an access question reads, as SQL: the values of a known holder, or the
 * columns of the `account` row a query is reading (the session lookup answers access in the same query).
 */
export interface HolderSql {
  accountId: RawBuilder<unknown>;
  tenantId: RawBuilder<unknown>;
  kind: RawBuilder<unknown>;
  roleCode: RawBuilder<unknown>;
  parentCode: RawBuilder<unknown>;
  suppCode: RawBuilder<unknown>;
}

const holderValues = (h: Holder): HolderSql => ({
  accountId: sql`${h.accountId}::integer`,
  tenantId: sql`${h.tenantId}::text`,
  kind: sql`${h.kind}::text`,
  roleCode: sql`${h.roleCode}::text`,
  parentCode: sql`${h.parentCode}::text`,
  suppCode: sql`${h.suppCode}::text`,
});

/** The columns of the `account` table in the current query. */
export const accountColumns: HolderSql = {
  accountId: sql`account.id`,
  tenantId: sql`account.tenant_id`,
  kind: sql`account.kind`,
  roleCode: sql`account.role_code`,
  parentCode: sql`account.parent_code`,
  suppCode: sql`account.supp_code`,
};

/**
 * Whether a holder has a module — the one statement of the rule: staff through their role; a supplier
 * main account every module open to suppliers; a child account what its main account granted it,
 * never more than suppliers may have. A published query page (kind dynamic) reaches only the suppliers of
 * its tenant it was published to (migration 0018).
 */
export function holdsModuleSql(h: HolderSql, moduleCode: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`(case when ${h.kind} = 'staff'
    then exists (select 1 from role_module rm where rm.tenant_id = ${h.tenantId} and rm.role_code = ${h.roleCode} and rm.module_code = ${moduleCode})
    else exists (select 1 from module sm where sm.module_code = ${moduleCode} and sm.audience in ('all', 'supplier')
      and (sm.kind <> 'dynamic' or exists (select 1 from dynamic_query dq where dq.module_code = sm.module_code and dq.tenant_id = ${h.tenantId}
        and (dq.all_suppliers or exists (select 1 from dynamic_query_supplier ds
          where ds.tenant_id = dq.tenant_id and ds.module_code = dq.module_code and ds.supp_code = ${h.suppCode}))))
      and (${h.parentCode} is null or exists (select 1 from account_module am where am.account_id = ${h.accountId} and am.module_code = ${moduleCode})))
    end)`;
}

/** Whether a holder has a button of a module: the module, and the button by role, as main account, or by grant. */
export function holdsButtonSql(h: HolderSql, moduleCode: RawBuilder<unknown>, buttonCode: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`(${holdsModuleSql(h, moduleCode)}
    and exists (select 1 from module_button b where b.module_code = ${moduleCode} and b.button_code = ${buttonCode})
    and case when ${h.kind} = 'staff'
      then exists (select 1 from role_button rb where rb.tenant_id = ${h.tenantId} and rb.role_code = ${h.roleCode} and rb.module_code = ${moduleCode} and rb.button_code = ${buttonCode})
      when ${h.parentCode} is null then true
      else exists (select 1 from account_button ab where ab.account_id = ${h.accountId} and ab.module_code = ${moduleCode} and ab.button_code = ${buttonCode})
    end)`;
}

export function heldModuleCodes(db: Kysely<DB>, holder: Holder) {
  return db
    .selectFrom('module as held')
    .select('held.module_code')
    .where(holdsModuleSql(holderValues(holder), sql`held.module_code`));
}

/** Held modules with the tenant's address of external ones; an external module without one is left out. */
export function modulesOf(db: Kysely<DB>, holder: Holder): Promise<ModuleRow[]> {
  return db
    .selectFrom('module')
    .leftJoin('external_module as em', (j) => j.onRef('em.module_code', '=', 'module.module_code').on('em.tenant_id', '=', holder.tenantId))
    .selectAll('module')
    .select(sql<string>`coalesce(em.url, '')`.as('external_url'))
    .where('module.module_code', 'in', heldModuleCodes(db, holder))
    .where((eb) => eb.or([eb('module.kind', 'not in', ['frame', 'sso']), eb('em.url', 'is not', null)]))
    .orderBy('module.sort_no')
    .execute();
}

export function buttonsOf(db: Kysely<DB>, holder: Holder, moduleCode?: string): Promise<{ module_code: string; button_code: string }[]> {
  let query = db
    .selectFrom('module_button')
    .select(['module_button.module_code', 'module_button.button_code'])
    .where(holdsButtonSql(holderValues(holder), sql`module_button.module_code`, sql`module_button.button_code`));
  if (moduleCode) query = query.where('module_button.module_code', '=', moduleCode);
  return query.orderBy('module_button.module_code').orderBy('module_button.button_code').execute();
}
