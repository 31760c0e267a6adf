// The delivery queue's SQL: claims under a lease (FOR UPDATE SKIP LOCKED, so workers of several processes never
// take one row together), the outcomes of sends written back in one statement per batch with their attempt rows,
// and the daily digest's gathering of an account's e-mails.
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB, DeliveryChannel, EndpointKind } from '../../db/schema';

/** A claimed delivery with what sending it needs: its event, its recipient account or its endpoint. */
export interface ClaimedRow {
  id: number;
  tenant_id: string;
  channel: DeliveryChannel;
  account_id: number | null;
  endpoint_id: number | null;
  idempotency_key: string;
  /** Tries so far, this one included. */
  attempts: number;
  event_id: number;
  feed_id: string;
  topic: string;
  subject: string;
  supp_code: string | null;
  payload: Record<string, unknown>;
  at: Date;
  email: string | null;
  account_name: string | null;
  account_kind: 'supplier' | 'staff' | null;
  account_language: 'zh-CN' | 'en' | null;
  endpoint_kind: EndpointKind | null;
  endpoint_url: string | null;
  endpoint_secret: string | null;
  endpoint_enabled: boolean | null;
  /** The supplier whose robot it is, null for the retailer's endpoints. */
  owner_supp_code: string | null;
  /** The language of a supplier robot's owner (its main account), null for the retailer's endpoints. */
  owner_language: 'zh-CN' | 'en' | null;
}

/** The event, recipient and endpoint of claimed rows (`claimed` names the CTE holding them). */
const withWhatToSend = sql`
  SELECT c.id, c.tenant_id, c.channel, c.account_id, c.endpoint_id, c.idempotency_key, c.attempts,
         e.id AS event_id, e.txid::text || '-' || e.id AS feed_id, e.topic, e.subject, e.supp_code, e.payload, e.at,
         a.email, a.employee_name AS account_name, a.language AS account_language, a.kind AS account_kind,
         n.kind AS endpoint_kind, n.url AS endpoint_url, n.secret AS endpoint_secret, n.enabled AS endpoint_enabled,
         n.owner_supp_code,
         (SELECT m.language FROM account m
          WHERE m.tenant_id = n.tenant_id AND m.kind = 'supplier' AND m.supp_code = n.owner_supp_code AND m.parent_code IS NULL
          ORDER BY m.id LIMIT 1) AS owner_language
  FROM claimed c
  JOIN event e ON e.id = c.event_id
  LEFT JOIN account a ON a.id = c.account_id
  LEFT JOIN notify_endpoint n ON n.id = c.endpoint_id
  ORDER BY c.id`;

export interface ClaimOptions {
  worker: string;
  limit: number;
  leaseMs: number;
  channels: readonly DeliveryChannel[];
  /** Look for rows whose lease ran out too (a worker does every few seconds, not at every claim). */
  retake: boolean;
}

/**
 * Claims up to `limit` deliveries for `worker`: first (when asked) those whose lease ran out (their worker died
 * mid-send), then the due ones in order. Rows another worker holds are skipped, not waited for. Digest rows are
 * the daily digest's (claimDigest).
 */
export async function claimDue(db: Kysely<DB>, options: ClaimOptions): Promise<ClaimedRow[]> {
  const { worker, limit, leaseMs, channels } = options;
  const lease = sql`now() + ${leaseMs} * interval '1 millisecond'`;
  const retaken = options.retake ? await retakeExpired(db, worker, limit, lease) : [];
  if (retaken.length >= limit) return retaken;
  const due = await sql<ClaimedRow>`
    WITH picked AS (
      SELECT id FROM delivery
      WHERE state = 'pending' AND NOT digest AND next_at <= now() AND channel = ANY(${channels}::text[])
      ORDER BY next_at, id LIMIT ${limit - retaken.length}
      FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE delivery d SET state = 'sending', locked_by = ${worker}, locked_until = ${lease}, attempts = d.attempts + 1
      FROM picked WHERE d.id = picked.id
      RETURNING d.*
    ) ${withWhatToSend}`.execute(db);
  return [...retaken, ...due.rows];
}

async function retakeExpired(db: Kysely<DB>, worker: string, limit: number, lease: RawBuilder<unknown>): Promise<ClaimedRow[]> {
  const retaken = await sql<ClaimedRow>`
    WITH picked AS (
      SELECT id FROM delivery
      WHERE state = 'sending' AND locked_until < now() AND NOT digest
      ORDER BY locked_until LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE delivery d SET locked_by = ${worker}, locked_until = ${lease}, attempts = d.attempts + 1
      FROM picked WHERE d.id = picked.id
      RETURNING d.*
    ) ${withWhatToSend}`.execute(db);
  return retaken.rows;
}

/** What became of one claimed delivery. */
export interface Outcome {
  id: number;
  tenantId: string;
  endpointId: number | null;
  /** sent; pending again after `retryInMs`; dead; or 'waiting' (put back untried, `retryInMs` later). */
  state: 'sent' | 'pending' | 'dead' | 'waiting';
  retryInMs: number;
  error: string;
  /** The try itself, for the log (none for 'waiting'). */
  attempt?: { at: Date; status: number | null; ok: boolean; durationMs: number; excerpt: string };
}

/**
 * Writes a batch of outcomes: each try into the log, each delivery's new state (only while `worker` still holds
 * its lease: a row retaken after an expired lease is its new holder's).
 */
export async function recordOutcomes(db: Kysely<DB>, worker: string, outcomes: readonly Outcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const tried = outcomes.filter((o) => o.attempt);
  await sql`
    WITH tries AS (
      INSERT INTO delivery_attempt (delivery_id, tenant_id, endpoint_id, at, status, ok, duration_ms, excerpt, error)
      SELECT * FROM unnest(${tried.map((o) => o.id)}::bigint[], ${tried.map((o) => o.tenantId)}::text[],
        ${tried.map((o) => o.endpointId)}::bigint[], ${tried.map((o) => o.attempt!.at.toISOString())}::timestamptz[],
        ${tried.map((o) => o.attempt!.status)}::int[], ${tried.map((o) => o.attempt!.ok)}::boolean[],
        ${tried.map((o) => o.attempt!.durationMs)}::int[], ${tried.map((o) => o.attempt!.excerpt)}::text[],
        ${tried.map((o) => o.error)}::text[])
    )
    UPDATE delivery d SET
      state = CASE WHEN v.state = 'waiting' THEN 'pending' ELSE v.state END,
      attempts = CASE WHEN v.state = 'waiting' THEN greatest(d.attempts - 1, 0) ELSE d.attempts END,
      next_at = CASE WHEN v.state IN ('pending', 'waiting') THEN now() + v.retry_ms * interval '1 millisecond' ELSE d.next_at END,
      sent_at = CASE WHEN v.state = 'sent' THEN now() ELSE d.sent_at END,
      last_error = v.error, locked_by = NULL, locked_until = NULL
    FROM unnest(${outcomes.map((o) => o.id)}::bigint[], ${outcomes.map((o) => o.state)}::text[],
      ${outcomes.map((o) => Math.round(o.retryInMs))}::bigint[], ${outcomes.map((o) => o.error)}::text[]) AS v(id, state, retry_ms, error)
    WHERE d.id = v.id AND d.state = 'sending' AND d.locked_by = ${worker}`.execute(db);
}

/** E-mails put aside while no SMTP server was set (their last_error says so): due again now that one is. */
export async function releaseWaitingMail(db: Kysely<DB>, marker: string): Promise<number> {
  const result = await sql`UPDATE delivery SET next_at = now(), last_error = ''
    WHERE state = 'pending' AND channel = 'email' AND last_error = ${marker}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

// ---------------------------------------------------------------------------------------------------------
// The daily digest

/** Claims the day's digest run for one process (job_run's key); false when another took it. */
export async function claimDigestDay(db: Kysely<DB>, job: string, day: string): Promise<boolean> {
  const claimed = await db
    .insertInto('job_run')
    .values({ job, run_date: day, result: '{}' })
    .onConflict((oc) => oc.columns(['job', 'run_date']).doNothing())
    .returning('job')
    .executeTakeFirst();
  return Boolean(claimed);
}

export async function finishDigestDay(db: Kysely<DB>, job: string, day: string, result: Record<string, number>): Promise<void> {
  await db
    .updateTable('job_run')
    .set({ result: JSON.stringify(result) })
    .where('job', '=', job)
    .where('run_date', '=', day)
    .execute();
}

/** Accounts with digest e-mails waiting (and digest rows whose lease ran out: a run that died). */
export async function digestAccounts(db: Kysely<DB>): Promise<number[]> {
  const rows = await sql<{ account_id: number }>`
    SELECT DISTINCT account_id FROM delivery
    WHERE digest AND (state = 'pending' OR (state = 'sending' AND locked_until < now()))
    ORDER BY account_id`.execute(db);
  return rows.rows.map((r) => r.account_id);
}

/** Claims one account's waiting digest rows under a lease, with their events and the account. */
export async function claimDigest(db: Kysely<DB>, accountId: number, worker: string, leaseMs: number): Promise<ClaimedRow[]> {
  const rows = await sql<ClaimedRow>`
    WITH picked AS (
      SELECT id FROM delivery
      WHERE digest AND account_id = ${accountId} AND (state = 'pending' OR (state = 'sending' AND locked_until < now()))
      ORDER BY id
      FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE delivery d SET state = 'sending', locked_by = ${worker},
        locked_until = now() + ${leaseMs} * interval '1 millisecond', attempts = d.attempts + 1
      FROM picked WHERE d.id = picked.id
      RETURNING d.*
    ) ${withWhatToSend}`.execute(db);
  return rows.rows;
}
