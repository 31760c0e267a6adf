// SQL of the notices the system gives on its own (notices.ts): orders past their confirmation deadline and passwords
// about to expire, each once (the earlier notice is looked up by subject: index event_notice, migration 0042).
import { type Kysely, type Transaction, sql } from 'kysely';
import type { DB } from '../../db/schema';

/** One notices run at a time across processes: a transaction-scoped advisory lock (false: another holds it). */
export async function tryLock(trx: Transaction<DB>, name: string): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(hashtext(${name})) AS locked`.execute(trx);
  return rows[0]?.locked ?? false;
}

/** Orders still unanswered after their deadline whose version has had no overdue notice, oldest deadline first. */
export async function overdueOrders(trx: Transaction<DB>, now: Date, limit: number) {
  const { rows } = await sql<{
    tenant_id: string;
    bill_number: string;
    supp_code: string;
    status: string;
    confirm_due_at: Date;
    version: number;
  }>`
    SELECT p.tenant_id, p.bill_number, p.supp_code, p.status, p.confirm_due_at, p.version
    FROM pur_order p
    WHERE p.status IN ('已下达', '已阅读') AND p.confirm_due_at < ${now}
      AND NOT EXISTS (SELECT 1 FROM event e WHERE e.tenant_id = p.tenant_id AND e.topic = 'purchase-order.order.overdue'
        AND e.subject = p.bill_number AND (e.payload->>'version')::int = p.version)
    ORDER BY p.confirm_due_at
    LIMIT ${limit}`.execute(trx);
  return rows;
}

/** Claims a daily job for `day` (job_run): false when another run has it. */
export async function claimDay(trx: Transaction<DB>, job: string, day: string): Promise<boolean> {
  const claimed = await trx
    .insertInto('job_run')
    .values({ job, run_date: day, result: '{}' })
    .onConflict((oc) => oc.columns(['job', 'run_date']).doNothing())
    .returning('job')
    .executeTakeFirst();
  return claimed !== undefined;
}

/**
 * Enabled accounts whose password ends (its change + `validDays`, on the retailer's calendar) within `warnDays` of
 * `today` and not before it, without a notice for that end yet.
 */
export async function expiringPasswords(trx: Transaction<DB>, today: string, validDays: number, warnDays: number) {
  const { rows } = await sql<{
    id: number;
    tenant_id: string;
    supp_code: string | null;
    employee_code: string;
    expires_on: string;
    days_left: number;
  }>`
    SELECT a.id, a.tenant_id, a.supp_code, a.employee_code, x.expires_on::text AS expires_on, (x.expires_on - ${today}::date) AS days_left
    FROM account a
    CROSS JOIN LATERAL (SELECT ((a.password_changed_at AT TIME ZONE 'Asia/Shanghai')::date + ${validDays}::int) AS expires_on) x
    WHERE a.is_used AND x.expires_on BETWEEN ${today}::date AND ${today}::date + ${warnDays}::int
      AND NOT EXISTS (SELECT 1 FROM event e WHERE e.tenant_id = a.tenant_id AND e.topic = 'auth.password.expiring'
        AND e.subject = a.employee_code AND e.payload->>'accountId' = a.id::text AND e.payload->>'expiresOn' = x.expires_on::text)
    ORDER BY a.id`.execute(trx);
  return rows;
}

export async function noteDay(db: Kysely<DB> | Transaction<DB>, job: string, day: string, result: object) {
  await db
    .updateTable('job_run')
    .set({ result: JSON.stringify(result) })
    .where('job', '=', job)
    .where('run_date', '=', day)
    .execute();
}
