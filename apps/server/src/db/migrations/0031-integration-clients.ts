// Integration clients (docs/integration.md): a retailer's sending systems with their hashed secrets, the
// access tokens of the token call (hashed), and per-minute call counts shared by every server process; and
// the staff module 接口集成 (ms0110) that maintains them, held by every tenant's admin role.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE integration_client (
    id text PRIMARY KEY,
    tenant_id text NOT NULL REFERENCES tenant(id),
    name text NOT NULL,
    scopes text[] NOT NULL DEFAULT '{}',
    allowed_sources text[] NOT NULL DEFAULT '{}',
    secret_hash bytea NOT NULL,
    previous_secret_hash bytea,
    previous_valid_until timestamptz,
    rotated_at timestamptz,
    rate_per_minute integer NOT NULL DEFAULT 120 CHECK (rate_per_minute > 0),
    disabled boolean NOT NULL DEFAULT false,
    created_by text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz,
    UNIQUE (tenant_id, name)
  )`.execute(db);
  await sql`CREATE TABLE integration_token (
    token_hash bytea PRIMARY KEY,
    client_id text NOT NULL REFERENCES integration_client(id) ON DELETE CASCADE,
    tenant_id text NOT NULL,
    scopes text[] NOT NULL,
    expires_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX integration_token_client ON integration_token (client_id, expires_at)`.execute(db);
  await sql`CREATE TABLE integration_rate (
    client_id text NOT NULL REFERENCES integration_client(id) ON DELETE CASCADE,
    window_start timestamptz NOT NULL,
    count integer NOT NULL,
    PRIMARY KEY (client_id, window_start)
  )`.execute(db);

  await sql`INSERT INTO module (module_code, parent_code, name, path, component, icon, kind, hidden, audience, sort_no)
    VALUES ('ms0110', NULL, '接口集成', '/integrationClients', 'integration/clients', 'link', 'page', false, 'staff', 110)
    ON CONFLICT (module_code) DO NOTHING`.execute(db);
  await sql`INSERT INTO role_module (tenant_id, role_code, module_code)
    SELECT tenant_id, role_code, 'ms0110' FROM role WHERE role_code = 'admin'
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM account_module WHERE module_code = 'ms0110'`.execute(db);
  await sql`DELETE FROM role_module WHERE module_code = 'ms0110'`.execute(db);
  await sql`DELETE FROM module WHERE module_code = 'ms0110'`.execute(db);
  await sql`DROP TABLE integration_rate`.execute(db);
  await sql`DROP TABLE integration_token`.execute(db);
  await sql`DROP TABLE integration_client`.execute(db);
}
