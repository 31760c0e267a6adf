// Notices nobody's action causes, written to the outbox by jobs (docs/notifications.md): an order not confirmed by
// its deadline (checked every minute, once per version of the order) and a password about to expire (once a day,
// claimed in job_run, once per password). Every process runs the timer; a lock or the day's claim lets one work.
import { businessDay } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { recordEvent } from '../../platform/events';
import { repeat } from '../../platform/repeat';
import * as repo from './notices-repo';

/** Days before a password ends that its account is told. */
export const passwordWarnDays = 7;

/** Overdue notices of orders past their confirmation deadline; answers how many were given. */
export function noticeOverdueOrders(db: Kysely<DB>, now: Date, limit = 500): Promise<number> {
  return db.transaction().execute(async (trx) => {
    if (!(await repo.tryLock(trx, 'notices:overdue-orders'))) return 0;
    const rows = await repo.overdueOrders(trx, now, limit);
    for (const row of rows)
      await recordEvent(trx, {
        tenantId: row.tenant_id,
        suppCode: row.supp_code,
        topic: 'purchase-order.order.overdue',
        subject: row.bill_number,
        payload: {
          billNumber: row.bill_number,
          suppCode: row.supp_code,
          status: row.status,
          confirmDueAt: row.confirm_due_at.toISOString(),
          version: row.version,
        },
        actor: 'system:order-overdue',
      });
    return rows.length;
  });
}

const passwordJob = 'password-expiry-notice';

/** The day's password notices, once a day whoever calls; null when the day was claimed already. */
export function noticeExpiringPasswords(db: Kysely<DB>, now: Date, validDays: number): Promise<number | null> {
  const today = businessDay(now);
  return db.transaction().execute(async (trx) => {
    if (!(await repo.claimDay(trx, passwordJob, today))) return null;
    const rows = await repo.expiringPasswords(trx, today, validDays, passwordWarnDays);
    for (const row of rows)
      await recordEvent(trx, {
        tenantId: row.tenant_id,
        suppCode: row.supp_code,
        topic: 'auth.password.expiring',
        subject: row.employee_code,
        payload: { accountId: row.id, employeeCode: row.employee_code, expiresOn: row.expires_on, daysLeft: row.days_left },
        actor: 'system:password-expiry',
      });
    await repo.noteDay(trx, passwordJob, today, { notices: rows.length });
    return rows.length;
  });
}

/** Runs both every minute (the day's password run is claimed once). Answers a function that stops it. */
export function scheduleNotices(
  db: Kysely<DB>,
  now: () => Date,
  passwordValidDays: number,
  log: { error(o: object, m: string): void },
  everyMs = 60_000,
): () => Promise<void> {
  return repeat(
    async () => {
      await noticeOverdueOrders(db, now()).catch((err: unknown) => log.error({ err }, 'overdue order notices failed'));
      await noticeExpiringPasswords(db, now(), passwordValidDays).catch((err: unknown) => log.error({ err }, 'password notices failed'));
    },
    { firstAfterMs: 2000, everyMs },
  );
}
