// Expiry of certificates: the state a certificate should carry on a day, and the daily job that marks it.
// The job runs once a day across every server process: its first step inserts (job, day) into job_run,
// whose primary key lets one transaction claim the day; the others find the row and do nothing (on
// PostgreSQL a second insert waits for the first transaction and then sees it committed). The marks are
// made in the same transaction, so a failed run leaves the day unclaimed for the next attempt.
import { type ExpiryState, certificate } from '@portal/contract';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { businessDay } from '../../platform/clock';
import { repeat } from '../../platform/repeat';
import { recordHistory } from '../../platform/workflow/history';
import { certificateFlow } from './flow';
import { recordEvent } from '../../platform/events';
import { inForce, noticeGiven } from './repo';

const { expiryWarnDays, reviewWarnDays } = certificate;
const dayMs = 86_400_000;

/** Whole days from `today` to `day` (both YYYY-MM-DD); negative when `day` is past. */
export const daysBetween = (today: string, day: string) => Math.round((Date.parse(day) - Date.parse(today)) / dayMs);

export interface ExpiryMark {
  state: ExpiryState;
  /** The 到期预警 threshold reached (30, 15, 7), null otherwise. */
  level: number | null;
}

/** The mark a certificate should carry today. */
export function expiryMark(today: string, validTo: string, nextReviewDate: string | null, annualReview: boolean): ExpiryMark {
  const left = daysBetween(today, validTo);
  if (left < 0) return { state: '已过期', level: null };
  const reached = [...expiryWarnDays].sort((a, b) => a - b).find((d) => left <= d);
  if (reached !== undefined) return { state: '到期预警', level: reached };
  if (annualReview && nextReviewDate && daysBetween(today, nextReviewDate) <= reviewWarnDays) return { state: '年审预警', level: null };
  return { state: '正常', level: null };
}

const jobName = 'certificate-expiry';

export interface ExpiryRun {
  /** false: another run (this process or another) already claimed the day. */
  ran: boolean;
  marked: number;
}

/** Marks every tenant's current certificates and those in force for the day, once per day whoever calls it. */
export function runExpiryJob(db: Kysely<DB>, today: string): Promise<ExpiryRun> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('job_run')
      .values({ job: jobName, run_date: today, result: '{}' })
      .onConflict((oc) => oc.columns(['job', 'run_date']).doNothing())
      .returning('job')
      .executeTakeFirst();
    if (!claimed) return { ran: false, marked: 0 };
    const rows = await trx
      .selectFrom('certificate as c')
      .innerJoin('certificate_type as t', (j) => j.onRef('t.tenant_id', '=', 'c.tenant_id').onRef('t.type_code', '=', 'c.type_code'))
      .select([
        'c.id',
        'c.tenant_id',
        'c.status',
        'c.expiry_state',
        'c.warn_level',
        'c.supp_code',
        'c.type_code',
        'c.ctf_number',
        'c.ctf_name',
        inForce.as('in_force'),
        sql<string>`c.valid_to::text`.as('valid_to'),
        sql<string | null>`c.next_review_date::text`.as('next_review_date'),
        't.annual_review',
      ])
      .where(sql<boolean>`(c.is_current OR ${inForce})`)
      .where(
        sql<boolean>`(c.valid_to <= ${today}::date + ${Math.max(...expiryWarnDays)}::int OR c.expiry_state <> '正常'
          OR (t.annual_review AND c.next_review_date <= ${today}::date + ${reviewWarnDays}::int))`,
      )
      .execute();
    let marked = 0;
    for (const row of rows) {
      // The supplier is told of the certificate in force (a successor not yet approved replaces nothing yet).
      if (row.in_force) await noticeExpiring(trx, today, row);
      const mark = expiryMark(today, row.valid_to, row.next_review_date, row.annual_review);
      if (mark.state === row.expiry_state && mark.level === row.warn_level) continue;
      await trx.updateTable('certificate').set({ expiry_state: mark.state, warn_level: mark.level }).where('id', '=', row.id).execute();
      if (mark.state !== '正常') {
        const left = daysBetween(today, row.valid_to);
        const action = mark.state === '已过期' ? 'expire' : mark.state === '到期预警' ? 'expiry-warn' : 'review-warn';
        const note =
          mark.state === '已过期'
            ? `有效期至 ${row.valid_to}，已过期`
            : mark.state === '到期预警'
              ? `距有效期 ${row.valid_to} 还有 ${left} 天（${mark.level} 天预警）`
              : `下次年审日期 ${row.next_review_date}`;
        await recordHistory(trx, certificateFlow, {
          tenantId: row.tenant_id,
          recordId: String(row.id),
          action,
          from: row.status,
          to: row.status,
          actor: { code: 'system', name: '系统' },
          note,
        });
      }
      marked++;
    }
    await trx
      .updateTable('job_run')
      .set({ result: JSON.stringify({ marked, checked: rows.length }) })
      .where('job', '=', jobName)
      .where('run_date', '=', today)
      .execute();
    return { ran: true, marked };
  });
}

/** The notices a supplier gets before a certificate ends: 30 and 7 days before, and on its last day. */
const noticeDays = [0, 7, 30] as const;

/**
 * The supplier's notice (outbox: certificate.certificate.expiring) of the nearest threshold reached, once per
 * certificate, end date and threshold: a day the job did not run is caught up on the next, a nearer threshold given
 * already makes a farther one moot.
 */
async function noticeExpiring(
  trx: Transaction<DB>,
  today: string,
  row: { id: number; tenant_id: string; supp_code: string; type_code: string; ctf_number: string; ctf_name: string; valid_to: string },
) {
  const left = daysBetween(today, row.valid_to);
  const reached = noticeDays.find((d) => left >= 0 && left <= d);
  if (reached === undefined) return;
  if (await noticeGiven(trx, row.tenant_id, row.id, row.valid_to, reached)) return;
  await recordEvent(trx, {
    tenantId: row.tenant_id,
    suppCode: row.supp_code,
    topic: 'certificate.certificate.expiring',
    subject: String(row.id),
    payload: {
      certificateId: String(row.id),
      suppCode: row.supp_code,
      typeCode: row.type_code,
      certificateNumber: row.ctf_number,
      certificateName: row.ctf_name,
      validTo: row.valid_to,
      daysLeft: reached,
    },
    actor: 'system:certificate-expiry',
  });
}

/**
 * Tries the day's run at start and then every hour (cheap when the day is taken). Every process may
 * run this timer: the database decides which one marks. Answers a function that stops it (and waits for a run in progress).
 */
export function scheduleExpiryJob(
  db: Kysely<DB>,
  now: () => Date,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
  everyMs = 3_600_000,
): () => Promise<void> {
  return repeat(
    () => {
      const day = businessDay(now());
      return runExpiryJob(db, day)
        .then((r) => (r.ran ? log.info({ day, marked: r.marked }, 'certificate expiry job ran') : undefined))
        .catch((err: unknown) => log.error({ err, day }, 'certificate expiry job failed'));
    },
    { firstAfterMs: 1000, everyMs },
  );
}
