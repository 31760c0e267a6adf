// Whose data a call reads: a supplier account always its own supplier (whatever the parameters say),
// staff their tenant, narrowed to one supplier when they ask for one.
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { SessionContext } from './session-context';

export interface DataScope {
  tenantId: string;
  /** null: every supplier of the tenant (staff only). */
  suppCode: string | null;
}

export function scopeOf(session: SessionContext, requestedSuppCode?: string | null): DataScope {
  if (session.kind === 'supplier') return { tenantId: session.tenantId, suppCode: session.suppCode };
  return { tenantId: session.tenantId, suppCode: requestedSuppCode || null };
}

/**
 * The scope as one SQL condition on a table's `tenant_id` and `supp_code` (of `alias` when given): every
 * supplier-side query, builder or raw SQL, narrows by this and nothing hand-written.
 */
export function inScope(scope: DataScope, alias?: string): RawBuilder<SqlBool> {
  const column = (name: string) => sql.ref(alias ? `${alias}.${name}` : name);
  const tenant = sql<SqlBool>`${column('tenant_id')} = ${scope.tenantId}`;
  return scope.suppCode ? sql<SqlBool>`(${tenant} AND ${column('supp_code')} = ${scope.suppCode})` : tenant;
}
