// SQL of "My sessions": an account's live sessions, ending them, and the audit entry each ending leaves.
import { type Kysely, type Transaction, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { recordAuditEvent } from '../audit/record';

/** Sessions of an account that still let a call through at `now` (not ended, not past either expiry). */
export function liveSessions(db: Kysely<DB>, accountId: number, currentHash: string, now: Date, idleSince: Date) {
  return db
    .selectFrom('session')
    .select(['public_id', 'user_agent', 'client_ip', 'created_at', 'last_seen_at'])
    .select(sql<boolean>`token_hash = ${currentHash}`.as('current'))
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>=', idleSince)
    .orderBy(sql`token_hash = ${currentHash}`, 'desc')
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
}

const ending = (reason: string, now: Date) => ({ revoked_at: now, revoke_reason: reason });

/** Ends the account's session of this public id; answers whether there was one still open. */
export async function endOne(trx: Transaction<DB>, accountId: number, publicId: string, reason: string, now: Date): Promise<boolean> {
  const ended = await trx
    .updateTable('session')
    .set(ending(reason, now))
    .where('public_id', '=', publicId)
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return ended.numUpdatedRows > 0n;
}

/** Ends every open session of the account, but the one of `exceptHash` when given; answers how many. */
export async function endAll(trx: Transaction<DB>, accountId: number, reason: string, now: Date, exceptHash?: string): Promise<number> {
  let query = trx.updateTable('session').set(ending(reason, now)).where('account_id', '=', accountId).where('revoked_at', 'is', null);
  if (exceptHash) query = query.where('token_hash', '<>', exceptHash);
  return Number((await query.executeTakeFirst()).numUpdatedRows);
}

/** A supplier account of the tenant by code, with its main account's code (null for a main account). */
export function findSupplierAccount(db: Kysely<DB>, tenantId: string, employeeCode: string) {
  return db
    .selectFrom('account')
    .select(['id', 'employee_code', 'supp_code', 'parent_code'])
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', 'supplier')
    .where('employee_code', '=', employeeCode)
    .executeTakeFirst();
}

/**
 * The audit trail's entry of an ending (kind 'session'), in the ending's transaction: the caller, its address, request
 * id and call are the call's own (every call that changes data runs as its caller: platform/audit-scope.ts).
 */
export function recordAudit(
  trx: Transaction<DB>,
  entry: {
    action: 'revoke' | 'revoke-others' | 'revoke-all';
    objectId: string;
    objectSupplierCode: string | null;
    detail: Record<string, unknown>;
  },
): Promise<void> {
  return recordAuditEvent(trx, {
    kind: 'session',
    action: entry.action,
    object: { type: 'session', id: entry.objectId, supplierCode: entry.objectSupplierCode },
    detail: entry.detail,
  });
}
