// 0049: the audit trail's tamper evidence and retention. audit_seal chains each tenant's entries in the order the
// sealing job takes them (modules/audit/chain.ts): hash = sha256(previous hash || the entry's canonical text), so
// writers never wait on a lock and an entry edited or removed behind the guard is found by the check. audit_archive
// records the entries the archive job wrote to a file of the file store (gzip JSON lines, the chain's last hash at
// the end) before removing them; the append-only guard of 0046 now lets a DELETE through only for an entry whose
// seal lies in a recorded archive. Each tenant keeps its entries for the system parameter auditRetentionDays
// (default 1095, three years).
import { type Kysely, sql } from 'kysely';

/** The trail's own tables (the 0048 test places every table). */
export const AUDIT_OWN_TABLES = ['audit_seal', 'audit_archive'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE audit_seal (
    tenant_id text NOT NULL,
    seq bigint NOT NULL,
    entry_id bigint NOT NULL UNIQUE,
    hash text NOT NULL,
    sealed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (tenant_id, seq)
  )`.execute(db);
  // The archive's files are gzip (written by the archive job only: uploads keep their own rules of kinds).
  await sql`ALTER TABLE stored_file DROP CONSTRAINT stored_file_content_type_check`.execute(db);
  await sql`ALTER TABLE stored_file ADD CONSTRAINT stored_file_content_type_check CHECK (content_type IN ('application/pdf', 'image/jpeg',
    'image/png', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/gzip'))`.execute(db);
  await sql`CREATE TABLE audit_archive (
    id bigserial PRIMARY KEY,
    tenant_id text NOT NULL,
    first_seq bigint NOT NULL,
    last_seq bigint NOT NULL,
    first_id bigint NOT NULL,
    last_id bigint NOT NULL,
    entry_count integer NOT NULL,
    last_hash text NOT NULL,
    file_id uuid NOT NULL REFERENCES stored_file (id),
    before_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    UNIQUE (tenant_id, last_seq)
  )`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION audit_entry_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' AND EXISTS (
        SELECT 1 FROM audit_seal s JOIN audit_archive a ON a.tenant_id = s.tenant_id AND s.seq BETWEEN a.first_seq AND a.last_seq
        WHERE s.entry_id = OLD.id) THEN
        RETURN OLD;
      END IF;
      RAISE EXCEPTION 'audit_entry is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
    END $$`.execute(db);
  await sql`INSERT INTO system_param (tenant_id, parameter_code, parameter_name, parameter_value)
    SELECT id, 'auditRetentionDays', '审计日志保留天数', '1095' FROM tenant
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM system_param WHERE parameter_code = 'auditRetentionDays'`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION audit_entry_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_entry is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
    END $$`.execute(db);
  await sql`DROP TABLE audit_archive`.execute(db);
  await sql`DELETE FROM stored_file WHERE content_type = 'application/gzip'`.execute(db);
  await sql`ALTER TABLE stored_file DROP CONSTRAINT stored_file_content_type_check`.execute(db);
  await sql`ALTER TABLE stored_file ADD CONSTRAINT stored_file_content_type_check CHECK (content_type IN ('application/pdf', 'image/jpeg',
    'image/png', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'))`.execute(db);
  await sql`DROP TABLE audit_seal`.execute(db);
}
