// Two-factor sign-in (issue 31): an account's TOTP secret (encrypted at rest, the last time-step it accepted so a
// code counts once), its one-time recovery codes (hashed), the short-lived challenge between the password and the
// code, a session's last step-up, and the tenant's policy of who must use it (no row: the built-in default, which
// requires it of the roles that move money or grant access). The policy screen is ms0127, held by admin.
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`CREATE TABLE account_totp (
    account_id integer PRIMARY KEY REFERENCES account (id) ON DELETE CASCADE,
    -- AES-256-GCM under the server's key (platform/secret-box.ts), never the plain secret
    secret_sealed text NOT NULL,
    -- NULL while the enrolment waits for its first code
    enabled_at timestamptz,
    -- the RFC 6238 time-step of the last code accepted: a code of this step or an older one is refused
    last_step bigint,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE TABLE account_recovery_code (
    id serial PRIMARY KEY,
    account_id integer NOT NULL REFERENCES account (id) ON DELETE CASCADE,
    code_hash text NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (account_id, code_hash)
  )`,
  sql`CREATE TABLE mfa_challenge (
    token_hash text PRIMARY KEY,
    account_id integer NOT NULL REFERENCES account (id) ON DELETE CASCADE,
    expires_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX mfa_challenge_expiry ON mfa_challenge (expires_at)`,
  sql`CREATE TABLE session_step_up (
    token_hash text PRIMARY KEY REFERENCES session (token_hash) ON DELETE CASCADE,
    verified_at timestamptz NOT NULL
  )`,
  sql`CREATE TABLE mfa_policy (
    tenant_id text PRIMARY KEY REFERENCES tenant (id) ON DELETE CASCADE,
    -- staff roles that must sign in with a code
    required_roles text[] NOT NULL,
    supplier_main_required boolean NOT NULL,
    -- sensitive actions of an account without TOTP ask for the password again
    step_up_password boolean NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    updated_by text NOT NULL DEFAULT ''
  )`,
  sql`INSERT INTO module (module_code, parent_code, name, name_en, path, component, icon, kind, hidden, audience, sort_no)
    VALUES ('ms0127', NULL, '双重验证策略', 'Two-factor policy', '/mfaPolicy', 'auth/mfa-policy', 'lock', 'page', false, 'staff', 127)
    ON CONFLICT (module_code) DO NOTHING`,
  sql`INSERT INTO role_module (tenant_id, role_code, module_code)
    SELECT r.tenant_id, r.role_code, 'ms0127' FROM role r WHERE r.role_code = 'admin'
    ON CONFLICT DO NOTHING`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM account_module WHERE module_code = 'ms0127'`.execute(db);
  await sql`DELETE FROM role_module WHERE module_code = 'ms0127'`.execute(db);
  await sql`DELETE FROM module WHERE module_code = 'ms0127'`.execute(db);
  for (const table of ['mfa_policy', 'session_step_up', 'mfa_challenge', 'account_recovery_code', 'account_totp'])
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
}
