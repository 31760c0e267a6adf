// The outbox (docs/integration.md "The outbox"): one `event` row per thing someone outside must hear about,
// written in the transaction of the change (platform/events.ts), read by the pull feed
// (modules/integration/events) and later by webhooks, messages and e-mail (issue 30).
// `txid` is the writing transaction's id: the feed orders by (txid, id) and lists a row only once its
// transaction id is below the oldest transaction still running, so a late commit is never skipped.
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`CREATE TABLE event (
    id bigserial PRIMARY KEY,
    tenant_id text NOT NULL REFERENCES tenant(id),
    supp_code text,
    topic text NOT NULL CHECK (topic ~ '^[a-z][a-z-]*(\\.[a-z][a-z-]*){2}$'),
    subject text NOT NULL,
    payload jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(payload) = 'object'),
    actor text NOT NULL,
    at timestamptz NOT NULL DEFAULT now(),
    txid xid8 NOT NULL DEFAULT pg_current_xact_id()
  )`,
  // The feed's order within a tenant (modules/integration/events/repo.ts).
  sql`CREATE INDEX event_feed ON event (tenant_id, txid, id)`,
  // A tenant's events by id (an event named by its id, the history of a subject).
  sql`CREATE INDEX event_tenant_id ON event (tenant_id, id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE event`.execute(db);
}
