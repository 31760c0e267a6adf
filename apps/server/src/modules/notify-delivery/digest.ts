// The daily digest: the e-mails an account chose to gather (digest rows of the queue) go out as ONE e-mail per
// account and day, after NOTIFY_DIGEST_HOUR on the retailer's clock. The day is claimed once across every
// process (job_run, as the certificates' expiry job does); each account's rows are then claimed under a lease, so a
// run that dies leaves them to the next day's run. A failed mail puts its rows back for the next day; after the
// last try they are dead.
import { type Language, businessDay } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { repeat } from '../../platform/repeat';
import { type Mailer, digestMail } from './channels/email';
import { type RenderEvent, type RenderedMessage, absoluteLink } from './message';
import { type Outcome, claimDigest, claimDigestDay, digestAccounts, finishDigestDay, recordOutcomes } from './queue-repo';
import { eventOf } from './sender';
import type { WorkerLog } from './worker';

export const digestJob = 'notify-digest';

export interface DigestDeps {
  db: Kysely<DB>;
  mailer: Mailer | null;
  render: RenderEvent;
  publicUrl: string;
  /** locked_by of the digest's claims. */
  worker: string;
  leaseMs: number;
  maxAttempts: number;
}

export interface DigestRun {
  /** false: no SMTP server, or another run (this process or another) already took the day. */
  ran: boolean;
  mails: number;
  deliveries: number;
  failed: number;
}

/** Sends the day's digests, once for the day whoever calls it. */
export async function runDigest(deps: DigestDeps, day: string): Promise<DigestRun> {
  const { db, mailer } = deps;
  if (!mailer || !(await claimDigestDay(db, digestJob, day))) return { ran: false, mails: 0, deliveries: 0, failed: 0 };
  const run: DigestRun = { ran: true, mails: 0, deliveries: 0, failed: 0 };
  for (const accountId of await digestAccounts(db)) {
    const rows = await claimDigest(db, accountId, deps.worker, deps.leaseMs);
    const first = rows[0];
    if (!first) continue;
    const language: Language = first.account_language ?? 'zh-CN';
    const at = new Date();
    const outcomes = (state: Outcome['state'], error: string, attempt?: Outcome['attempt']): Outcome[] =>
      rows.map((row) => ({
        id: row.id,
        tenantId: row.tenant_id,
        endpointId: null,
        state: state === 'pending' && row.attempts >= deps.maxAttempts ? 'dead' : state,
        retryInMs: 0,
        error,
        ...(attempt ? { attempt } : {}),
      }));
    if (!first.email) {
      await recordOutcomes(
        db,
        deps.worker,
        outcomes('dead', 'the account has no e-mail address', { at, status: null, ok: false, durationMs: 0, excerpt: '' }),
      );
      run.failed += rows.length;
      continue;
    }
    let items: { message: RenderedMessage; link: string }[];
    try {
      items = await Promise.all(
        rows.map(async (row) => {
          const message = await deps.render(eventOf(row), language, first.account_kind === 'staff' ? 'staff' : 'supplier');
          return { message, link: absoluteLink(message.link, deps.publicUrl) };
        }),
      );
    } catch (err) {
      const error = `could not write the message: ${(err as Error).message}`;
      await recordOutcomes(db, deps.worker, outcomes('pending', error, { at, status: null, ok: false, durationMs: 0, excerpt: '' }));
      run.failed += rows.length;
      continue;
    }
    const sent = await mailer.send(
      digestMail(language, { email: first.email, name: first.account_name ?? '' }, day, items, `digest-${accountId}-${day}`),
    );
    const attempt = { at, status: sent.status, ok: sent.ok, durationMs: sent.durationMs, excerpt: sent.excerpt };
    await recordOutcomes(db, deps.worker, outcomes(sent.ok ? 'sent' : sent.permanent ? 'dead' : 'pending', sent.error, attempt));
    if (sent.ok) {
      run.mails++;
      run.deliveries += rows.length;
    } else run.failed += rows.length;
  }
  await finishDigestDay(db, digestJob, day, { mails: run.mails, deliveries: run.deliveries, failed: run.failed });
  return run;
}

/** The retailer's hour of the day (0-23) at `now`. */
const businessHour = (now: Date) => (now.getUTCHours() + 8) % 24;

/**
 * Tries the day's digest every ten minutes from `hour` on (cheap when the day is taken); every process may run
 * this timer. Answers a function that stops it (and waits for a run in progress).
 */
export function scheduleDigestJob(deps: DigestDeps, hour: number, now: () => Date, log: WorkerLog, everyMs = 600_000): () => Promise<void> {
  return repeat(
    () => {
      const at = now();
      if (businessHour(at) < hour) return Promise.resolve();
      const day = businessDay(at);
      return runDigest(deps, day)
        .then((r) => (r.ran ? log.info({ day, ...r }, 'notification digest ran') : undefined))
        .catch((err: unknown) => log.error({ err, day }, 'notification digest failed'));
    },
    { firstAfterMs: 5000, everyMs },
  );
}
