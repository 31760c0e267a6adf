// The audit trail (issue 31): one row per thing that happened, readable in one place. Who (account, its kind, its
// supplier, its roles), when, from where (address, request id), through which call and module, on which object, and
// the object's fields before and after (never passwords, secrets or tokens: the writers leave those out).
// Append-only: a guard refuses UPDATE, DELETE and TRUNCATE whoever asks; later migrations may let the archive job
// remove rows it has archived, and nothing else. The hash chain that shows a row was edited or removed behind the
// guard's back (a superuser can drop a trigger) lives in its own table, written by the sealing job.
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`CREATE TABLE audit_entry (
    id bigserial PRIMARY KEY,
    tenant_id text NOT NULL,
    at timestamptz NOT NULL DEFAULT clock_timestamp(),
    -- what kind of thing happened: 'change' (a row written by a call), 'call', 'sign-in', 'sign-in-failed',
    -- 'lockout', 'sign-out', 'grant', 'export', 'mfa', 'session'
    kind text NOT NULL,
    -- within the kind: insert/update/delete for a change, the outcome or step for the others
    action text NOT NULL DEFAULT '',
    -- who: the signed-in account, or an integration client or the system (account_id NULL)
    actor_kind text NOT NULL DEFAULT 'system',
    account_id integer,
    actor_code text NOT NULL DEFAULT '',
    actor_name text NOT NULL DEFAULT '',
    actor_supplier_code text,
    actor_roles text NOT NULL DEFAULT '',
    -- from where
    client_ip text NOT NULL DEFAULT '',
    request_id text NOT NULL DEFAULT '',
    -- through what
    call_name text NOT NULL DEFAULT '',
    module_code text,
    -- on what
    object_type text NOT NULL DEFAULT '',
    object_id text NOT NULL DEFAULT '',
    object_supplier_code text,
    before jsonb,
    after jsonb,
    detail jsonb NOT NULL DEFAULT '{}'
  )`,
  sql`CREATE INDEX audit_entry_time ON audit_entry (tenant_id, at DESC, id DESC)`,
  sql`CREATE INDEX audit_entry_actor_supplier ON audit_entry (tenant_id, actor_supplier_code, at DESC, id DESC)`,
  sql`CREATE INDEX audit_entry_account ON audit_entry (tenant_id, account_id, at DESC, id DESC)`,
  sql`CREATE INDEX audit_entry_object ON audit_entry (tenant_id, object_type, object_id, at DESC, id DESC)`,
  sql`CREATE FUNCTION audit_entry_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_entry is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
    END $$`,
  sql`CREATE TRIGGER audit_entry_no_update BEFORE UPDATE ON audit_entry FOR EACH ROW EXECUTE FUNCTION audit_entry_append_only()`,
  sql`CREATE TRIGGER audit_entry_no_delete BEFORE DELETE ON audit_entry FOR EACH ROW EXECUTE FUNCTION audit_entry_append_only()`,
  sql`CREATE TRIGGER audit_entry_no_truncate BEFORE TRUNCATE ON audit_entry FOR EACH STATEMENT EXECUTE FUNCTION audit_entry_append_only()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE audit_entry`.execute(db);
  await sql`DROP FUNCTION audit_entry_append_only()`.execute(db);
}
