// Inbound documents (docs/integration.md): the version registry of every document the retailer's systems sent
// (one row per tenant, entity and the sender's key; a document is applied only when its version is higher than
// the stored one) and the log of batches (one row per call, import, seed or feed run) that 接口日志 reads.
// Receiving lines also keep their rejected quantity, and are found by purchase order (the order lines' received
// quantity is the sum of the receiving lines that name the order).
import { type Kysely, sql } from 'kysely';

const statements = [
  // version -1: a new key being applied by a batch that has not committed (it locks the row; never committed as -1).
  sql`CREATE TABLE integration_document (
    tenant_id text NOT NULL REFERENCES tenant(id),
    entity text NOT NULL,
    doc_key text NOT NULL,
    version bigint NOT NULL CHECK (version >= -1),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, entity, doc_key)
  )`,
  sql`CREATE TABLE integration_batch (
    id bigserial PRIMARY KEY,
    tenant_id text NOT NULL REFERENCES tenant(id),
    source text NOT NULL CHECK (source IN ('api', 'import', 'seed', 'feed')),
    client_id text,
    account_id integer,
    entity text NOT NULL,
    document_count integer NOT NULL,
    created_count integer NOT NULL,
    updated_count integer NOT NULL,
    unchanged_count integer NOT NULL,
    stale_count integer NOT NULL,
    refused_count integer NOT NULL,
    line_count integer NOT NULL,
    refusals jsonb NOT NULL DEFAULT '[]',
    duration_ms integer NOT NULL,
    at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX integration_batch_tenant_at ON integration_batch (tenant_id, at DESC, id DESC)`,
  sql`ALTER TABLE acceptance ADD COLUMN rejected_qty numeric(14,3) NOT NULL DEFAULT 0`,
  sql`CREATE INDEX acceptance_po_goods ON acceptance (tenant_id, po_bill_number, goods_code) WHERE po_bill_number <> ''`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS acceptance_po_goods`.execute(db);
  await sql`ALTER TABLE acceptance DROP COLUMN IF EXISTS rejected_qty`.execute(db);
  await sql`DROP TABLE IF EXISTS integration_batch`.execute(db);
  await sql`DROP TABLE IF EXISTS integration_document`.execute(db);
}
