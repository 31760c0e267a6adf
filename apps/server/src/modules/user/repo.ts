// SQL of accounts as their owners and managers see them.
import type { Kysely } from 'kysely';
import type { AccountKind, DB } from '../../db/schema';

export function findAccount(db: Kysely<DB>, tenantId: string, employeeCode: string, kind: AccountKind) {
  return db
    .selectFrom('account')
    .select([
      'id as accountId',
      'tenant_id as tenantId',
      'kind',
      'role_code as roleCode',
      'parent_code as parentCode',
      'supp_code as suppCode',
      'employee_code as employeeCode',
      'employee_name as employeeName',
      'mov_phone as movPhone',
      'mature_date as matureDate',
      'first_login_time as firstLoginTime',
      'last_login_time as lastLoginTime',
      'password_hash as passwordHash',
    ])
    .where('tenant_id', '=', tenantId)
    .where('employee_code', '=', employeeCode)
    .where('kind', '=', kind)
    .executeTakeFirst();
}
export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

export async function qrCodeOf(db: Kysely<DB>, tenantId: string, suppCode: string): Promise<string> {
  const row = await db
    .selectFrom('supplier')
    .select('qr_code')
    .where('tenant_id', '=', tenantId)
    .where('supp_code', '=', suppCode)
    .executeTakeFirst();
  return row?.qr_code ?? '';
}

/** Sets a new password hash and ends every session of the account, in one transaction. */
export async function replacePassword(db: Kysely<DB>, accountId: number, passwordHash: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('account')
      .set({ password_hash: passwordHash, password_changed_at: now, must_change_password: false })
      .where('id', '=', accountId)
      .execute();
    await trx
      .updateTable('session')
      .set({ revoked_at: now, revoke_reason: 'password-changed' })
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .execute();
  });
}
