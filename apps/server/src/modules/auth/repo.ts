// SQL of accounts, sessions, the login journal and the identity provider's one-time codes.
import { mfa } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import { executePrepared } from '../../db/prepared';
import type { AccountKind, DB } from '../../db/schema';
import type { Access } from '../../platform/auth-hook';
import { accountColumns, holdsButtonSql, holdsModuleSql } from '../../platform/access';

export function findLoginCandidates(
  db: Kysely<DB>,
  where: { tenantId: string; kind: AccountKind; username?: string; supplierCode?: string | undefined; accountId?: number | undefined },
) {
  let query = db
    .selectFrom('account')
    .leftJoin('supplier', (join) =>
      join.onRef('supplier.tenant_id', '=', 'account.tenant_id').onRef('supplier.supp_code', '=', 'account.supp_code'),
    )
    .innerJoin('tenant', 'tenant.id', 'account.tenant_id')
    .select([
      'account.id',
      'account.tenant_id',
      'account.kind',
      'account.employee_code',
      'account.employee_name',
      'account.supp_code',
      'account.parent_code',
      'account.role_code',
      'account.password_hash',
      'account.password_changed_at',
      'account.must_change_password',
      'account.mature_date',
      'account.is_used',
      'supplier.supp_name',
      'supplier.status as supplier_status',
      'tenant.company_name',
    ])
    .where('account.tenant_id', '=', where.tenantId)
    .where('account.kind', '=', where.kind);
  const username = where.username;
  if (username !== undefined) {
    query = query.where((eb) => eb.or([eb('account.employee_code', '=', username), eb('account.mov_phone', '=', username)]));
  }
  if (where.supplierCode) query = query.where('account.supp_code', '=', where.supplierCode);
  if (where.accountId !== undefined) query = query.where('account.id', '=', where.accountId);
  return query.orderBy('account.employee_code').execute();
}
export type LoginCandidate = Awaited<ReturnType<typeof findLoginCandidates>>[number];

export async function tenantExists(db: Kysely<DB>, tenantId: string): Promise<boolean> {
  return (await db.selectFrom('tenant').select('id').where('id', '=', tenantId).executeTakeFirst()) !== undefined;
}

export async function insertSession(
  db: Kysely<DB>,
  row: { tokenHash: string; accountId: number; expiresAt: Date; clientIp: string; userAgent: string; now: Date; endOthers: boolean },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (row.endOthers) {
      await trx
        .updateTable('session')
        .set({ revoked_at: row.now, revoke_reason: 'replaced' })
        .where('account_id', '=', row.accountId)
        .where('revoked_at', 'is', null)
        .execute();
    }
    await trx
      .insertInto('session')
      .values({
        token_hash: row.tokenHash,
        account_id: row.accountId,
        expires_at: row.expiresAt,
        client_ip: row.clientIp,
        user_agent: row.userAgent.slice(0, 500),
        created_at: row.now,
        last_seen_at: row.now,
      })
      .execute();
    await trx
      .updateTable('account')
      .set({ last_login_time: row.now, first_login_time: sql`coalesce(first_login_time, ${row.now})` })
      .where('id', '=', row.accountId)
      .execute();
  });
}

/**
 * Whether the tenant's policy (mfa_policy; none stored: the built-in default) requires two-factor sign-in of the
 * account: staff by role, a supplier main account when the tenant says so, a child account never.
 */
const { defaultPolicy } = mfa;
const mfaRequiredSql = sql<boolean>`coalesce(CASE
    WHEN account.kind = 'staff' THEN account.role_code = ANY(coalesce(mfa_policy.required_roles, ${sql.val([...defaultPolicy.requiredRoles])}::text[]))
    WHEN account.parent_code IS NULL THEN coalesce(mfa_policy.supplier_main_required, ${defaultPolicy.supplierMainRequired})
    ELSE false END, false)`;

/** A session with its account and profile; with an access, whether the account holds it (column `held`). */
export function findSession(db: Kysely<DB>, tokenHash: string, access?: Access) {
  const held = !access
    ? sql<boolean>`true`
    : access.button
      ? holdsButtonSql(accountColumns, sql`${access.module}::text`, sql`${access.button}::text`)
      : holdsModuleSql(accountColumns, sql`${access.module}::text`);
  const query = db
    .selectFrom('session')
    .innerJoin('account', 'account.id', 'session.account_id')
    .innerJoin('tenant', 'tenant.id', 'account.tenant_id')
    .leftJoin('supplier', (join) =>
      join.onRef('supplier.tenant_id', '=', 'account.tenant_id').onRef('supplier.supp_code', '=', 'account.supp_code'),
    )
    .leftJoin('account_totp', 'account_totp.account_id', 'account.id')
    .leftJoin('mfa_policy', 'mfa_policy.tenant_id', 'account.tenant_id')
    .select([
      'tenant.company_name',
      'supplier.supp_name',
      'supplier.phone_list',
      'supplier.email_list',
      'supplier.qr_code',
      'supplier.logo_icon',
      'session.token_hash',
      'session.expires_at',
      'session.last_seen_at',
      'session.revoked_at',
      'session.revoke_reason',
      'account.id as account_id',
      'account.tenant_id',
      'account.kind',
      'account.employee_code',
      'account.employee_name',
      'account.supp_code',
      'account.role_code',
      'account.parent_code',
      'account.is_used',
      'supplier.status as supplier_status',
    ])
    .select(held.as('held'))
    .select([
      sql<boolean>`account_totp.enabled_at IS NOT NULL`.as('totp_enabled'),
      mfaRequiredSql.as('mfa_required'),
      sql<boolean>`coalesce(mfa_policy.step_up_password, ${defaultPolicy.stepUpPassword})`.as('step_up_password'),
    ])
    .where('session.token_hash', '=', tokenHash);
  // Every call runs it: prepared, PostgreSQL plans it once per connection.
  return executePrepared(db, query).then((result) => result.rows[0]);
}

export type SessionRow = NonNullable<Awaited<ReturnType<typeof findSession>>>;

export async function touchSession(db: Kysely<DB>, tokenHash: string, now: Date): Promise<void> {
  await db.updateTable('session').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute();
}

export async function revokeSession(db: Kysely<DB>, tokenHash: string, reason: string, now: Date): Promise<void> {
  await db
    .updateTable('session')
    .set({ revoked_at: now, revoke_reason: reason })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function recordLoginEvent(
  db: Kysely<DB>,
  event: {
    tenantId: string;
    username: string;
    accountId: number | null;
    action: string;
    outcome: string;
    clientIp: string;
    userAgent: string;
  },
): Promise<void> {
  await db
    .insertInto('login_event')
    .values({
      tenant_id: event.tenantId,
      username: event.username,
      account_id: event.accountId,
      action: event.action,
      outcome: event.outcome,
      client_ip: event.clientIp,
      user_agent: event.userAgent.slice(0, 500),
    })
    .execute();
}

/** Stores a one-time identity code (its hash) for an account. */
export async function insertIdentCode(db: Kysely<DB>, codeHash: string, accountId: number, expiresAt: Date): Promise<void> {
  await db.insertInto('ident_code').values({ code_hash: codeHash, account_id: accountId, expires_at: expiresAt }).execute();
}

/** Marks a one-time code used, if unused and unexpired; answers its account and expiry, or undefined. */
export function useIdentCode(db: Kysely<DB>, codeHash: string, now: Date) {
  return db
    .updateTable('ident_code')
    .set({ used_at: now })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['account_id', 'expires_at'])
    .executeTakeFirst();
}
