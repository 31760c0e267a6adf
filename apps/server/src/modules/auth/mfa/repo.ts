// SQL of two-factor sign-in: secrets, recovery codes, login challenges, step-ups, the tenant's policy, and the
// audit rows of its events.
import { type Kysely, sql } from 'kysely';
import type { AccountKind, DB } from '../../../db/schema';
import { currentAuditActor } from '../../../db/audit-context';
import { recordAuditEvent } from '../../audit/record';

export function totpOf(db: Kysely<DB>, accountId: number) {
  return db.selectFrom('account_totp').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

/** A new secret waiting for its first code; refused (false) when two-factor sign-in is already on. */
export async function startEnrolment(db: Kysely<DB>, accountId: number, sealed: string, now: Date): Promise<boolean> {
  const row = await db
    .insertInto('account_totp')
    .values({ account_id: accountId, secret_sealed: sealed, created_at: now })
    .onConflict((oc) =>
      oc
        .column('account_id')
        .doUpdateSet({ secret_sealed: sealed, created_at: now, last_step: null })
        .where('account_totp.enabled_at', 'is', null),
    )
    .returning('account_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes the code of `step` once: only when it is newer than the last code accepted (no replay within its window).
 * `enabling` also turns two-factor sign-in on.
 */
export async function takeStep(db: Kysely<DB>, accountId: number, step: number, now: Date, enabling = false): Promise<boolean> {
  let query = db
    .updateTable('account_totp')
    .set({ last_step: step, ...(enabling ? { enabled_at: now } : {}) })
    .where('account_id', '=', accountId)
    .where((eb) => eb.or([eb('last_step', 'is', null), sql<boolean>`account_totp.last_step < ${step}`]));
  query = enabling ? query.where('enabled_at', 'is', null) : query.where('enabled_at', 'is not', null);
  return (await query.returning('account_id').executeTakeFirst()) !== undefined;
}

export async function replaceRecoveryCodes(db: Kysely<DB>, accountId: number, hashes: string[], now: Date): Promise<void> {
  await db.deleteFrom('account_recovery_code').where('account_id', '=', accountId).execute();
  await db
    .insertInto('account_recovery_code')
    .values(hashes.map((code_hash) => ({ account_id: accountId, code_hash, created_at: now })))
    .execute();
}

/** Uses a recovery code once; false when it is unknown or used. */
export async function useRecoveryCode(db: Kysely<DB>, accountId: number, hash: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('account_recovery_code')
    .set({ used_at: now })
    .where('account_id', '=', accountId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function recoveryCodesLeft(db: Kysely<DB>, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('account_recovery_code')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function removeTotp(db: Kysely<DB>, accountId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('account_recovery_code').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('account_totp').where('account_id', '=', accountId).execute();
  });
}

export async function insertChallenge(db: Kysely<DB>, tokenHash: string, accountId: number, expiresAt: Date, now: Date): Promise<void> {
  await db.deleteFrom('mfa_challenge').where('expires_at', '<', now).execute();
  await db
    .insertInto('mfa_challenge')
    .values({ token_hash: tokenHash, account_id: accountId, expires_at: expiresAt, created_at: now })
    .execute();
}

export function challengeOf(db: Kysely<DB>, tokenHash: string, now: Date) {
  return db
    .selectFrom('mfa_challenge')
    .select('account_id')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Ends a challenge: it opens one session at most. False when another request took it first. */
export async function takeChallenge(db: Kysely<DB>, tokenHash: string): Promise<boolean> {
  return (
    (await db.deleteFrom('mfa_challenge').where('token_hash', '=', tokenHash).returning('token_hash').executeTakeFirst()) !== undefined
  );
}

export async function markStepUp(db: Kysely<DB>, tokenHash: string, now: Date): Promise<void> {
  await db
    .insertInto('session_step_up')
    .values({ token_hash: tokenHash, verified_at: now })
    .onConflict((oc) => oc.column('token_hash').doUpdateSet({ verified_at: now }))
    .execute();
}

export async function stepUpAt(db: Kysely<DB>, tokenHash: string): Promise<Date | undefined> {
  const row = await db.selectFrom('session_step_up').select('verified_at').where('token_hash', '=', tokenHash).executeTakeFirst();
  return row?.verified_at;
}

export function passwordHashOf(db: Kysely<DB>, accountId: number) {
  return db.selectFrom('account').select('password_hash').where('id', '=', accountId).executeTakeFirstOrThrow();
}

export function policyOf(db: Kysely<DB>, tenantId: string) {
  return db.selectFrom('mfa_policy').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
}

export async function savePolicy(
  db: Kysely<DB>,
  tenantId: string,
  policy: { requiredRoles: string[]; supplierMainRequired: boolean; stepUpPassword: boolean },
  by: string,
  now: Date,
): Promise<void> {
  const values = {
    required_roles: policy.requiredRoles,
    supplier_main_required: policy.supplierMainRequired,
    step_up_password: policy.stepUpPassword,
    updated_at: now,
    updated_by: by,
  };
  await db
    .insertInto('mfa_policy')
    .values({ tenant_id: tenantId, ...values })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values))
    .execute();
}

export function staffRoles(db: Kysely<DB>, tenantId: string) {
  return db
    .selectFrom('role')
    .select(['role_code as code', 'role_name as name'])
    .where('tenant_id', '=', tenantId)
    .orderBy('role_code')
    .execute();
}

/** Ends every live session of the account but `keepHash` (the second factor changed); answers how many. */
export async function endOtherSessions(db: Kysely<DB>, accountId: number, keepHash: string, now: Date): Promise<number> {
  const result = await db
    .updateTable('session')
    .set({ revoked_at: now, revoke_reason: 'factor-changed' })
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .where('token_hash', '<>', keepHash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Who an event is about, as the audit trail names an actor. */
export interface Actor {
  accountId: number;
  tenantId: string;
  kind: AccountKind;
  employeeCode: string;
  employeeName: string;
  suppCode: string | null;
  roles: string;
}

/**
 * One row of the audit trail for a two-factor event (kind 'mfa', on the account): about `actor`, who may not be signed
 * in yet (the login's code step), from the address, request and call of the call in progress.
 */
export function recordAudit(db: Kysely<DB>, actor: Actor, event: { action: string; detail?: Record<string, unknown> }): Promise<void> {
  const call = currentAuditActor();
  return recordAuditEvent(db, {
    kind: 'mfa',
    action: event.action,
    actor: {
      tenantId: actor.tenantId,
      actorKind: actor.kind,
      accountId: actor.accountId,
      code: actor.employeeCode,
      name: actor.employeeName,
      supplierCode: actor.suppCode,
      roles: actor.roles,
      clientIp: call?.clientIp ?? '',
      requestId: call?.requestId ?? '',
      callName: call?.callName ?? '',
      moduleCode: call?.moduleCode ?? null,
    },
    object: { type: 'account', id: String(actor.accountId), supplierCode: actor.suppCode },
    ...(event.detail ? { detail: event.detail } : {}),
  });
}
