// Notifications (issue 30), the shared ground: the outbox (`event`, 0033) is the one record of what happened;
// a dispatcher reads it after its cursor and fans each event out to the people and systems that must hear of
// it: a `notification` per recipient account (the bell and the message centre), and a `delivery` per e-mail,
// group robot or webhook. Workers claim deliveries with FOR UPDATE SKIP LOCKED under a lease, send them with
// their idempotency key, retry with backoff and end in 'dead' after the last try; each try is a
// `delivery_attempt` (the delivery log). Robots and webhooks are `notify_endpoint`s; preferences are per account,
// topic and channel, with a supplier main account's defaults for its child accounts.
import { type Kysely, sql } from 'kysely';

const channels = `'email', 'webhook', 'wecom', 'dingtalk', 'feishu'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // The language an account's e-mails and robot texts are written in (its screens' language, saved as it changes).
  await sql`ALTER TABLE account ADD COLUMN language text NOT NULL DEFAULT 'zh-CN' CHECK (language IN ('zh-CN', 'en'))`.execute(db);
  // One message per recipient: the bell counts the unread ones, the message centre lists them newest first.
  await sql`CREATE TABLE notification (
    id bigserial PRIMARY KEY,
    tenant_id text NOT NULL REFERENCES tenant (id),
    account_id integer NOT NULL REFERENCES account (id) ON DELETE CASCADE,
    event_id bigint NOT NULL REFERENCES event (id),
    topic text NOT NULL,
    read_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (account_id, event_id)
  )`.execute(db);
  await sql`CREATE INDEX notification_inbox ON notification (account_id, id DESC)`.execute(db);
  await sql`CREATE INDEX notification_unread ON notification (account_id) WHERE read_at IS NULL`.execute(db);

  // What an account wants of a topic on a channel; no row: its main account's default (a child), else the
  // topic's own default. 'digest' gathers the topic into the daily e-mail.
  await sql`CREATE TABLE notification_pref (
    tenant_id text NOT NULL REFERENCES tenant (id),
    account_id integer NOT NULL REFERENCES account (id) ON DELETE CASCADE,
    topic text NOT NULL,
    channel text NOT NULL CHECK (channel IN ('portal', 'email')),
    mode text NOT NULL CHECK (mode IN ('off', 'instant', 'digest')),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (account_id, topic, channel),
    CHECK (channel = 'email' OR mode <> 'digest')
  )`.execute(db);
  // A supplier main account's defaults for its child accounts.
  await sql`CREATE TABLE notification_child_default (
    tenant_id text NOT NULL REFERENCES tenant (id),
    supp_code text NOT NULL,
    topic text NOT NULL,
    channel text NOT NULL CHECK (channel IN ('portal', 'email')),
    mode text NOT NULL CHECK (mode IN ('off', 'instant', 'digest')),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, supp_code, topic, channel),
    CHECK (channel = 'email' OR mode <> 'digest')
  )`.execute(db);

  // Where robots and webhooks deliver: a retailer system's webhook (admin), a supplier's group robot (its main
  // account) or a staff team's robot (owner_role). `secret` signs: the webhook's HMAC key, 钉钉/飞书's 加签 key.
  await sql`CREATE TABLE notify_endpoint (
    id bigserial PRIMARY KEY,
    tenant_id text NOT NULL REFERENCES tenant (id),
    kind text NOT NULL CHECK (kind IN ('webhook', 'wecom', 'dingtalk', 'feishu')),
    owner_supp_code text,
    owner_role text,
    name text NOT NULL,
    url text NOT NULL,
    secret text NOT NULL DEFAULT '',
    topics text[] NOT NULL DEFAULT '{}',
    enabled boolean NOT NULL DEFAULT true,
    created_by text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (kind <> 'webhook' OR (owner_supp_code IS NULL AND owner_role IS NULL)),
    CHECK (owner_supp_code IS NULL OR owner_role IS NULL)
  )`.execute(db);
  await sql`CREATE INDEX notify_endpoint_tenant ON notify_endpoint (tenant_id, kind)`.execute(db);

  // The queue: one row per event, channel and target. At least once: a sender passes idempotency_key on.
  await sql`CREATE TABLE delivery (
    id bigserial PRIMARY KEY,
    tenant_id text NOT NULL REFERENCES tenant (id),
    event_id bigint NOT NULL REFERENCES event (id),
    channel text NOT NULL CHECK (channel IN (${sql.raw(channels)})),
    account_id integer REFERENCES account (id) ON DELETE CASCADE,
    endpoint_id bigint REFERENCES notify_endpoint (id) ON DELETE CASCADE,
    digest boolean NOT NULL DEFAULT false,
    idempotency_key text NOT NULL UNIQUE,
    state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sending', 'sent', 'dead')),
    attempts integer NOT NULL DEFAULT 0,
    next_at timestamptz NOT NULL DEFAULT now(),
    locked_by text,
    locked_until timestamptz,
    last_error text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    sent_at timestamptz,
    CHECK ((channel = 'email') = (account_id IS NOT NULL)),
    CHECK ((channel = 'email') = (endpoint_id IS NULL)),
    CHECK (digest = false OR channel = 'email')
  )`.execute(db);
  // What a worker claims next: due pending rows, and rows whose worker's lease ran out.
  await sql`CREATE INDEX delivery_due ON delivery (next_at, id) WHERE state = 'pending'`.execute(db);
  await sql`CREATE INDEX delivery_leased ON delivery (locked_until) WHERE state = 'sending'`.execute(db);
  await sql`CREATE INDEX delivery_endpoint ON delivery (endpoint_id, id DESC) WHERE endpoint_id IS NOT NULL`.execute(db);

  // Each try of a delivery: the delivery log of an endpoint, the reason of a dead letter.
  await sql`CREATE TABLE delivery_attempt (
    id bigserial PRIMARY KEY,
    delivery_id bigint NOT NULL REFERENCES delivery (id) ON DELETE CASCADE,
    tenant_id text NOT NULL,
    endpoint_id bigint,
    at timestamptz NOT NULL DEFAULT now(),
    status integer,
    ok boolean NOT NULL,
    duration_ms integer NOT NULL,
    excerpt text NOT NULL DEFAULT '',
    error text NOT NULL DEFAULT ''
  )`.execute(db);
  await sql`CREATE INDEX delivery_attempt_delivery ON delivery_attempt (delivery_id, id)`.execute(db);
  await sql`CREATE INDEX delivery_attempt_endpoint ON delivery_attempt (tenant_id, endpoint_id, id DESC)`.execute(db);

  // Where the dispatcher is in the outbox, in the feed's order (txid, id).
  await sql`CREATE TABLE outbox_cursor (
    name text PRIMARY KEY,
    last_txid xid8 NOT NULL DEFAULT '0',
    last_id bigint NOT NULL DEFAULT 0,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`INSERT INTO outbox_cursor (name) VALUES ('notifications')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'outbox_cursor',
    'delivery_attempt',
    'delivery',
    'notify_endpoint',
    'notification_child_default',
    'notification_pref',
    'notification',
  ])
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  await sql`ALTER TABLE account DROP COLUMN language`.execute(db);
}
