// The file store: a file's metadata (owner, name, type recognised from its bytes, size, sha-256, who
// referred to it) and its bytes in chunks, in the database so every server process reaches them.
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`CREATE TABLE stored_file (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    tenant_id text NOT NULL,
    supp_code text,
    name text NOT NULL,
    content_type text NOT NULL CHECK (content_type IN ('application/pdf', 'image/jpeg', 'image/png',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')),
    size bigint NOT NULL CHECK (size > 0),
    sha256 text NOT NULL,
    created_by text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    referenced_by text
  )`,
  sql`CREATE INDEX stored_file_owner ON stored_file (tenant_id, supp_code, created_at)`,
  sql`CREATE TABLE stored_file_chunk (
    file_id uuid NOT NULL REFERENCES stored_file (id) ON DELETE CASCADE,
    seq integer NOT NULL,
    bytes bytea NOT NULL,
    PRIMARY KEY (file_id, seq)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE stored_file_chunk`.execute(db);
  await sql`DROP TABLE stored_file`.execute(db);
}
