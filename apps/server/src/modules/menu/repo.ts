// SQL of the menu: the tenant's external modules a holder may open (who holds what: platform/access.ts).
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { type Holder, heldModuleCodes } from '../../platform/access';

export function externalModules(db: Kysely<DB>, holder: Holder) {
  return db
    .selectFrom('external_module as em')
    .innerJoin('module', 'module.module_code', 'em.module_code')
    .select(['em.module_code as moudleCode', 'module.name', 'em.url', 'module.kind', 'em.sso_secret as ssoSecret'])
    .where('em.tenant_id', '=', holder.tenantId)
    .where('em.module_code', 'in', heldModuleCodes(db, holder))
    .orderBy('module.sort_no')
    .execute();
}

/** Every tenant's single-sign-on secrets as stored (sealed, or plain when written before sealing began). */
export function storedSsoSecrets(db: Kysely<DB>) {
  return db
    .selectFrom('external_module')
    .select(['tenant_id as tenantId', 'module_code as moduleCode', 'sso_secret as secret'])
    .where('sso_secret', '<>', '')
    .execute();
}

/** Replaces a stored secret by its sealed form, only while it is still the value read (another process may seal it too). */
export function replaceSsoSecret(db: Kysely<DB>, row: { tenantId: string; moduleCode: string; secret: string }, sealed: string) {
  return db
    .updateTable('external_module')
    .set({ sso_secret: sealed })
    .where('tenant_id', '=', row.tenantId)
    .where('module_code', '=', row.moduleCode)
    .where('sso_secret', '=', row.secret)
    .executeTakeFirst();
}

/** The URLs of every tenant's frame modules (the CSP frame-src is one header for all tenants). */
export async function frameModuleUrls(db: Kysely<DB>): Promise<string[]> {
  const rows = await db
    .selectFrom('external_module as em')
    .innerJoin('module', 'module.module_code', 'em.module_code')
    .select('em.url')
    .distinct()
    .where('module.kind', '=', 'frame')
    .execute();
  return rows.map((r) => r.url);
}

/** The page modules whose path is this one or a parent of it (a module's pages lie below its path), the closest first. */
export function pageModulesAt(db: Kysely<DB>, path: string) {
  return db
    .selectFrom('module')
    .select(['module_code', 'path'])
    .where('kind', 'not in', ['folder', 'frame', 'sso'])
    .where('path', '<>', '')
    .where(sql<boolean>`(path = ${path} OR starts_with(${path}, path || '/'))`)
    .orderBy(sql`length(path)`, 'desc')
    .execute();
}

/** Which of these modules the holder holds. */
export async function heldOf(db: Kysely<DB>, holder: Holder, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await heldModuleCodes(db, holder).where('held.module_code', 'in', codes).execute();
  return new Set(rows.map((r) => r.module_code));
}
