// Buttons and their grants, login throttling, captchas and identity-provider codes.
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`CREATE TABLE module_button (
    module_code text NOT NULL REFERENCES module(module_code),
    button_code text NOT NULL,
    name text NOT NULL,
    PRIMARY KEY (module_code, button_code)
  )`,
  sql`CREATE TABLE role_button (
    tenant_id text NOT NULL,
    role_code text NOT NULL,
    module_code text NOT NULL,
    button_code text NOT NULL,
    PRIMARY KEY (tenant_id, role_code, module_code, button_code),
    FOREIGN KEY (tenant_id, role_code) REFERENCES role(tenant_id, role_code),
    FOREIGN KEY (module_code, button_code) REFERENCES module_button(module_code, button_code)
  )`,
  sql`CREATE TABLE account_button (
    account_id integer NOT NULL REFERENCES account(id) ON DELETE CASCADE,
    module_code text NOT NULL,
    button_code text NOT NULL,
    PRIMARY KEY (account_id, module_code, button_code),
    FOREIGN KEY (module_code, button_code) REFERENCES module_button(module_code, button_code)
  )`,
  sql`CREATE TABLE login_throttle (
    key text PRIMARY KEY,
    failures integer NOT NULL DEFAULT 0,
    window_started_at timestamptz NOT NULL,
    locked_until timestamptz
  )`,
  sql`CREATE TABLE captcha (
    id text PRIMARY KEY,
    answer_hash text NOT NULL,
    expires_at timestamptz NOT NULL
  )`,
  sql`CREATE TABLE ident_code (
    code_hash text PRIMARY KEY,
    account_id integer NOT NULL REFERENCES account(id) ON DELETE CASCADE,
    expires_at timestamptz NOT NULL,
    used_at timestamptz
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['ident_code', 'captcha', 'login_throttle', 'account_button', 'role_button', 'module_button']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
