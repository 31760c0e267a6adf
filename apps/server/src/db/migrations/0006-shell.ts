// External partner modules per tenant (framed pages and single sign-on), usage logs and module stays.
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`CREATE TABLE external_module (
    tenant_id text NOT NULL REFERENCES tenant(id),
    module_code text NOT NULL REFERENCES module(module_code),
    url text NOT NULL CHECK (url ~ '^https?://'),
    sso_secret text NOT NULL DEFAULT '',
    PRIMARY KEY (tenant_id, module_code)
  )`,
  sql`CREATE TABLE usage_log (
    id bigserial PRIMARY KEY,
    tenant_id text,
    account_id integer,
    logtype text NOT NULL,
    fronttime text NOT NULL DEFAULT '',
    guid text NOT NULL DEFAULT '',
    curpageurl text NOT NULL DEFAULT '',
    record jsonb NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE TABLE module_stay (
    id bigserial PRIMARY KEY,
    tenant_id text NOT NULL,
    account_id integer NOT NULL,
    module_code text NOT NULL,
    module_name text NOT NULL,
    operate_type smallint NOT NULL CHECK (operate_type IN (0, 5)),
    operate_ip text NOT NULL DEFAULT '',
    stay_seconds integer NOT NULL DEFAULT 0,
    at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX module_stay_tenant_at ON module_stay (tenant_id, at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['module_stay', 'usage_log', 'external_module']) await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
}
