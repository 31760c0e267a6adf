// SQL of the dispatcher (docs/notifications.md): its cursor in the outbox, the events after it that no late commit
// can precede (the pull feed's rule, modules/integration/events/repo.ts), the recipients of one event with the mode
// their preferences give each channel, and the rows it writes: messages, e-mail deliveries, endpoint deliveries.
import { type Kysely, type Transaction, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { Audience } from './audience';

export const cursorName = 'notifications';

export interface Cursor {
  txid: string;
  id: string;
}

export interface OutboxEvent {
  txid: string;
  id: string;
  tenant_id: string;
  supp_code: string | null;
  topic: string;
  subject: string;
  payload: Record<string, unknown>;
  actor: string;
}

/**
 * Whether events wait after the cursor (no lock taken: an idle poll costs one index probe and assigns no transaction
 * id). The first event after the cursor decides: the order is by txid, so when it is not final no later one is.
 */
export async function anythingReady(db: Kysely<DB>): Promise<boolean> {
  const { rows } = await sql<{ ready: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM outbox_cursor c
      CROSS JOIN LATERAL (SELECT e.txid FROM event e WHERE (e.txid, e.id) > (c.last_txid, c.last_id) ORDER BY e.txid, e.id LIMIT 1) n
      WHERE c.name = ${cursorName} AND n.txid < pg_snapshot_xmin(pg_current_snapshot())
    ) AS ready`.execute(db);
  return rows[0]?.ready ?? false;
}

/** Takes the cursor for this transaction, or answers null when another dispatcher holds it (it is at work). */
export async function lockCursor(trx: Transaction<DB>): Promise<Cursor | null> {
  const { rows } = await sql<Cursor>`
    SELECT last_txid::text AS txid, last_id::text AS id FROM outbox_cursor WHERE name = ${cursorName}
    FOR UPDATE SKIP LOCKED`.execute(trx);
  return rows[0] ?? null;
}

/**
 * Every tenant's events after the cursor in the feed's order (txid, id), at most `limit`, only those whose writing
 * transaction is below the xmin of this statement's snapshot: final, and sorting before anything still to commit.
 */
export async function eventsAfter(trx: Transaction<DB>, after: Cursor, limit: number): Promise<OutboxEvent[]> {
  const { rows } = await sql<OutboxEvent>`
    SELECT e.txid::text AS txid, e.id::text AS id, e.tenant_id, e.supp_code, e.topic, e.subject, e.payload, e.actor
    FROM event e
    WHERE (e.txid, e.id) > (${after.txid}::xid8, ${after.id}::bigint)
      AND e.txid < pg_snapshot_xmin(pg_current_snapshot())
    ORDER BY e.txid, e.id
    LIMIT ${limit}`.execute(trx);
  return rows;
}

export async function moveCursor(trx: Transaction<DB>, to: Cursor): Promise<void> {
  await sql`UPDATE outbox_cursor SET last_txid = ${to.txid}::xid8, last_id = ${to.id}::bigint, updated_at = now()
    WHERE name = ${cursorName}`.execute(trx);
}

export interface Recipient {
  id: number;
  kind: 'supplier' | 'staff';
  email: string;
  portal: 'off' | 'instant';
  mail: 'off' | 'instant' | 'digest';
}

/**
 * The accounts an event reaches (enabled ones; never the account that did it) and each one's mode per channel: its
 * own preference, else (a child account) its main account's default for children, else the topic's default.
 */
export async function recipients(
  trx: Transaction<DB>,
  event: OutboxEvent,
  audience: Audience,
  defaults: { portal: 'off' | 'instant'; mail: 'off' | 'instant' },
  actorAccount: number | null,
): Promise<Recipient[]> {
  const suppCode = audience.supplierModule ? event.supp_code : null;
  if (!suppCode && audience.staffRoles.length === 0 && audience.accounts.length === 0 && audience.mainsOf.length === 0) return [];
  const { rows } = await sql<Recipient>`
    WITH who AS (
      SELECT a.id, a.kind, a.email, a.parent_code, a.supp_code FROM account a
      WHERE a.tenant_id = ${event.tenant_id} AND a.is_used AND a.id <> ${actorAccount ?? -1}::integer AND (
        (a.kind = 'supplier' AND a.supp_code = ${suppCode}::text AND (a.parent_code IS NULL OR EXISTS (
          SELECT 1 FROM account_module am WHERE am.account_id = a.id AND am.module_code = ${audience.supplierModule}::text)))
        OR (a.kind = 'staff' AND a.role_code = ANY(${audience.staffRoles}::text[]))
        OR a.id = ANY(${audience.accounts}::integer[])
        OR (a.kind = 'supplier' AND a.parent_code IS NULL AND EXISTS (
          SELECT 1 FROM account c WHERE c.id = ANY(${audience.mainsOf}::integer[]) AND c.tenant_id = a.tenant_id
            AND c.supp_code = a.supp_code AND c.parent_code = a.employee_code))
      )
    )
    SELECT w.id, w.kind, w.email,
      coalesce(pp.mode, cp.mode, ${defaults.portal}) AS portal,
      coalesce(pm.mode, cm.mode, ${defaults.mail}) AS mail
    FROM who w
    LEFT JOIN notification_pref pp ON pp.account_id = w.id AND pp.topic = ${event.topic} AND pp.channel = 'portal'
    LEFT JOIN notification_pref pm ON pm.account_id = w.id AND pm.topic = ${event.topic} AND pm.channel = 'email'
    LEFT JOIN notification_child_default cp ON w.parent_code IS NOT NULL AND cp.tenant_id = ${event.tenant_id}
      AND cp.supp_code = w.supp_code AND cp.topic = ${event.topic} AND cp.channel = 'portal'
    LEFT JOIN notification_child_default cm ON w.parent_code IS NOT NULL AND cm.tenant_id = ${event.tenant_id}
      AND cm.supp_code = w.supp_code AND cm.topic = ${event.topic} AND cm.channel = 'email'
    ORDER BY w.id`.execute(trx);
  return rows;
}

/** Messages for the bell and the message centre; one per account and event whatever runs twice. */
export async function insertMessages(trx: Transaction<DB>, event: OutboxEvent, accounts: number[]): Promise<void> {
  if (accounts.length === 0) return;
  await sql`INSERT INTO notification (tenant_id, account_id, event_id, topic)
    SELECT ${event.tenant_id}, a, ${event.id}::bigint, ${event.topic} FROM unnest(${accounts}::integer[]) AS a
    ON CONFLICT (account_id, event_id) DO NOTHING`.execute(trx);
}

/** E-mail deliveries (the channels' workers send them), keyed `${eventId}:email:${accountId}`. */
export async function insertMailDeliveries(trx: Transaction<DB>, event: OutboxEvent, mails: { accountId: number; digest: boolean }[]) {
  if (mails.length === 0) return;
  await sql`INSERT INTO delivery (tenant_id, event_id, channel, account_id, digest, idempotency_key)
    SELECT ${event.tenant_id}, ${event.id}::bigint, 'email', m.account_id, m.digest, ${event.id} || ':email:' || m.account_id
    FROM unnest(${mails.map((m) => m.accountId)}::integer[], ${mails.map((m) => m.digest)}::boolean[]) AS m(account_id, digest)
    ON CONFLICT (idempotency_key) DO NOTHING`.execute(trx);
}

/**
 * Deliveries to the endpoints subscribed to the topic (no topics: all): the tenant's webhooks; the robots of the
 * event's supplier when its accounts hear of it; the robots of a staff role that hears of it, and the staff robots
 * without an owner role when any staff does. Keyed `${eventId}:${kind}:${endpointId}`.
 */
export async function insertEndpointDeliveries(trx: Transaction<DB>, event: OutboxEvent, audience: Audience): Promise<void> {
  const suppCode = audience.supplierModule ? event.supp_code : null;
  await sql`INSERT INTO delivery (tenant_id, event_id, channel, endpoint_id, idempotency_key)
    SELECT ${event.tenant_id}, ${event.id}::bigint, n.kind, n.id, ${event.id} || ':' || n.kind || ':' || n.id
    FROM notify_endpoint n
    WHERE n.tenant_id = ${event.tenant_id} AND n.enabled
      AND (cardinality(n.topics) = 0 OR ${event.topic} = ANY(n.topics))
      AND (n.kind = 'webhook'
        OR n.owner_supp_code = ${suppCode}::text
        OR n.owner_role = ANY(${audience.staffRoles}::text[])
        OR (n.owner_supp_code IS NULL AND n.owner_role IS NULL AND cardinality(${audience.staffRoles}::text[]) > 0))
    ORDER BY n.id
    ON CONFLICT (idempotency_key) DO NOTHING`.execute(trx);
}
