// SQL of the audit trail's viewer: the entries of a scope (a tenant; a supplier's own accounts within it) under the
// filters on the retailer's days, newest first; one entry; the export's batches; the export's own entry.
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { onShanghaiDays, shanghaiTime } from '../../platform/sql/shanghai-time';

/** Whose entries: a tenant's, or only those whose actor is an account of the supplier `suppCode` (scopeOf: a supplier's own). */
export interface AuditScope {
  tenantId: string;
  suppCode: string | null;
}

export interface AuditSearch {
  dateFrom: string;
  dateTo: string;
  account?: string | undefined;
  moduleCode?: string | undefined;
  kind?: string | undefined;
  objectType?: string | undefined;
  objectId?: string | undefined;
}

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

function inScope(db: Kysely<DB>, scope: AuditScope) {
  let q = db
    .selectFrom('audit_entry as e')
    .leftJoin('supplier as s', (j) => j.onRef('s.tenant_id', '=', 'e.tenant_id').onRef('s.supp_code', '=', 'e.actor_supplier_code'))
    .leftJoin('module as m', 'm.module_code', 'e.module_code')
    .where('e.tenant_id', '=', scope.tenantId);
  if (scope.suppCode) q = q.where('e.actor_supplier_code', '=', scope.suppCode);
  return q;
}

function filtered(db: Kysely<DB>, scope: AuditScope, f: AuditSearch) {
  let q = inScope(db, scope).where(onShanghaiDays('e.at', f.dateFrom, f.dateTo));
  if (f.account) {
    const like = likeOf(f.account);
    q = q.where((eb) => eb.or([eb('e.actor_code', 'ilike', like), eb('e.actor_name', 'ilike', like)]));
  }
  if (f.moduleCode) q = q.where('e.module_code', '=', f.moduleCode);
  if (f.kind) q = q.where('e.kind', '=', f.kind as DB['audit_entry']['kind']);
  if (f.objectType) q = q.where('e.object_type', '=', f.objectType);
  if (f.objectId) q = q.where('e.object_id', '=', f.objectId);
  return q;
}

const rowColumns = [
  sql<string>`e.id::text`.as('id'),
  shanghaiTime('e.at').as('at'),
  'e.kind',
  'e.action',
  'e.actor_kind as actorKind',
  'e.actor_code as accountCode',
  'e.actor_name as accountName',
  sql<string>`coalesce(e.actor_supplier_code, '')`.as('suppCode'),
  sql<string>`coalesce(s.supp_name, '')`.as('suppName'),
  'e.actor_roles as roles',
  sql<string>`coalesce(e.module_code, '')`.as('moduleCode'),
  sql<string>`coalesce(m.name, '')`.as('moduleName'),
  sql<string>`coalesce(m.name_en, '')`.as('moduleNameEn'),
  'e.object_type as objectType',
  'e.object_id as objectId',
  'e.client_ip as clientIp',
  'e.request_id as requestId',
  'e.call_name as callName',
] as const;

export async function page(db: Kysely<DB>, scope: AuditScope, f: AuditSearch, page: number, limit: number) {
  const [list, total] = await Promise.all([
    filtered(db, scope, f)
      .select(rowColumns)
      .orderBy('e.at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    filtered(db, scope, f)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.n), list };
}

export function entry(db: Kysely<DB>, scope: AuditScope, id: string) {
  return inScope(db, scope)
    .where(sql<SqlBool>`e.id = ${id}::bigint`)
    .select([...rowColumns, 'e.before', 'e.after', 'e.detail'])
    .executeTakeFirst();
}

/** Every entry under the filters with its before and after, newest first, in batches (keyset on at and id). */
export async function* batches(db: Kysely<DB>, scope: AuditScope, f: AuditSearch, size = 2000) {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    let q = filtered(db, scope, f).select([...rowColumns, 'e.before', 'e.after', sql<string>`e.at::text`.as('atKey')]);
    if (after) q = q.where(sql<SqlBool>`(e.at, e.id) < (${after.at}::timestamptz, ${after.id}::bigint)`);
    const rows = await q.orderBy('e.at', 'desc').orderBy('e.id', 'desc').limit(size).execute();
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.atKey, id: last.id };
    yield rows;
    if (rows.length < size) return;
  }
}

/** Who exported, from where, through which call and with which filters: the export is an entry of the trail itself. */
export interface ExportRecord {
  tenantId: string;
  actorKind: 'staff' | 'supplier';
  accountId: number;
  actorCode: string;
  actorName: string;
  actorSupplierCode: string | null;
  actorRoles: string;
  clientIp: string;
  requestId: string;
  callName: string;
  moduleCode: string;
  format: string;
  filters: Record<string, unknown>;
}

export async function recordExport(db: Kysely<DB>, r: ExportRecord): Promise<void> {
  await db
    .insertInto('audit_entry')
    .values({
      tenant_id: r.tenantId,
      kind: 'export',
      action: r.format,
      actor_kind: r.actorKind,
      account_id: r.accountId,
      actor_code: r.actorCode,
      actor_name: r.actorName,
      actor_supplier_code: r.actorSupplierCode,
      actor_roles: r.actorRoles,
      client_ip: r.clientIp,
      request_id: r.requestId,
      call_name: r.callName,
      module_code: r.moduleCode,
      object_type: 'audit_entry',
      object_supplier_code: r.actorSupplierCode,
      detail: JSON.stringify(r.filters),
    })
    .execute();
}

/** The screens of the menu (no folders), every one for staff, those open to suppliers for a supplier. */
export function modules(db: Kysely<DB>, forSupplier: boolean) {
  let q = db.selectFrom('module').select(['module_code', 'name', 'name_en']).where('kind', '<>', 'folder');
  if (forSupplier) q = q.where('audience', 'in', ['all', 'supplier']).where('kind', '<>', 'dynamic');
  return q.orderBy('sort_no').orderBy('module_code').execute();
}
