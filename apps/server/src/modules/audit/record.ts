// Entries of the audit trail that no row change writes by itself: sign-ins and their failures, lockouts, sign-outs,
// exports, an integration batch as one entry. The rows people change are written by the database (migration 0048)
// with the actor of the call in progress (db/audit-context.ts); these take the same actor unless given their own.
import type { Kysely } from 'kysely';
import { type AuditActor, currentAuditActor } from '../../db/audit-context';
import type { AuditKind, DB } from '../../db/schema';
import type { AuditEvents } from '../../platform/audit-scope';
import * as repo from './writer-repo';

export interface AuditEvent {
  kind: AuditKind;
  /** Within the kind: the outcome or step ('password', 'captcha', 'csv', 'ingest', ...). */
  action?: string;
  /** Who: the call's actor when left out. */
  actor?: AuditActor;
  /** The tenant when the actor has none (a failed sign-in names the tenant it tried). */
  tenantId?: string;
  object?: { type: string; id: string; supplierCode?: string | null };
  detail?: Record<string, unknown>;
}

/** Writes one entry of the trail: who, from where, through which call, on which object, and what else is worth keeping. */
export async function recordAuditEvent(db: Kysely<DB>, event: AuditEvent): Promise<void> {
  const actor = event.actor ?? currentAuditActor();
  await repo.insertEntry(db, {
    tenant_id: event.tenantId ?? actor?.tenantId ?? '',
    kind: event.kind,
    action: event.action ?? '',
    actor_kind: actor?.actorKind ?? 'system',
    account_id: actor?.accountId ?? null,
    actor_code: actor?.code ?? '',
    actor_name: actor?.name ?? '',
    actor_supplier_code: actor?.supplierCode ?? null,
    actor_roles: actor?.roles ?? '',
    client_ip: actor?.clientIp ?? '',
    request_id: actor?.requestId ?? '',
    call_name: actor?.callName ?? '',
    module_code: actor?.moduleCode ?? null,
    object_type: event.object?.type ?? '',
    object_id: event.object?.id ?? '',
    object_supplier_code: event.object?.supplierCode ?? null,
    detail: JSON.stringify({ ...actor?.detail, ...event.detail }),
  });
}

/** The account a sign-in event is about, as the trail's actor (the session does not exist yet, or no longer). */
export interface SignInAccount {
  tenantId: string;
  accountId: number | null;
  kind: 'staff' | 'supplier' | null;
  code: string;
  name: string;
  supplierCode: string | null;
  roles: string;
}

/**
 * A sign-in event: 'sign-in' (a session begins), 'sign-in-failed' (the reason in detail), 'lockout' (the account or
 * address is held back), 'sign-out'. The address, request id and call are the call's (a login runs as a call).
 */
export function recordSignInEvent(
  db: Kysely<DB>,
  kind: 'sign-in' | 'sign-in-failed' | 'lockout' | 'sign-out',
  account: SignInAccount,
  detail: Record<string, unknown> = {},
): Promise<void> {
  const call = currentAuditActor();
  return recordAuditEvent(db, {
    kind,
    action: typeof detail.reason === 'string' ? detail.reason : '',
    actor: {
      tenantId: account.tenantId,
      actorKind: account.kind ?? 'system',
      accountId: account.accountId,
      code: account.code,
      name: account.name,
      supplierCode: account.supplierCode,
      roles: account.roles,
      clientIp: call?.clientIp ?? '',
      requestId: call?.requestId ?? '',
      callName: call?.callName ?? '',
      moduleCode: call?.moduleCode ?? null,
    },
    object: {
      type: 'account',
      id: account.accountId === null ? account.code : String(account.accountId),
      supplierCode: account.supplierCode,
    },
    detail,
  });
}

/** An export: what was exported (the call, its file, its filter) and how (csv, xlsx, file); the actor is the call's unless given. */
export function recordExport(db: Kysely<DB>, format: string, detail: Record<string, unknown>, actor?: AuditActor): Promise<void> {
  return recordAuditEvent(db, { kind: 'export', action: format, detail, ...(actor ? { actor } : {}) });
}

/** What platform code records through the app (platform/audit-scope.ts): every download of registerDownload but a stored file's. */
export const auditEventsOf = (db: Kysely<DB>): AuditEvents => ({
  exported: (actor, detail) => recordExport(db, formatOf(detail.contentType), detail, actor),
});

function formatOf(contentType: unknown): string {
  if (typeof contentType !== 'string') return 'file';
  if (contentType.includes('csv')) return 'csv';
  if (contentType.includes('spreadsheetml')) return 'xlsx';
  if (contentType.includes('pdf')) return 'pdf';
  return 'file';
}
