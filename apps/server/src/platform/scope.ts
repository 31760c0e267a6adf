// Whose data a call reads: a supplier account always its own supplier (whatever the parameters say),
// staff their tenant, narrowed to one supplier when they ask for one.
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
