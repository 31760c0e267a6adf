// "My sessions" (issue 31): a session remembers the browser that opened it (its user agent, read into device, OS and
// browser when listed) and carries a public id, random and unrelated to the token, by which its owner names it to end
// it; the list never shows the token's hash. The child-account page's 结束会话 button (ms0050) lets a main account end
// every session of a child, and the tenant's admin role end those of any supplier account.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE session ADD COLUMN user_agent text NOT NULL DEFAULT ''`.execute(db);
  await sql`ALTER TABLE session ADD COLUMN public_id uuid NOT NULL DEFAULT gen_random_uuid()`.execute(db);
  await sql`CREATE UNIQUE INDEX session_public_id ON session (public_id)`.execute(db);
  // On a database without the menu yet, the demo seed's catalog adds the button with the module.
  await sql`INSERT INTO module_button (module_code, button_code, name)
    SELECT module_code, 'endSessions', '结束会话' FROM module WHERE module_code = 'ms0050'
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`INSERT INTO role_button (tenant_id, role_code, module_code, button_code)
    SELECT r.tenant_id, r.role_code, b.module_code, b.button_code FROM role r
    JOIN module_button b ON b.module_code = 'ms0050' AND b.button_code = 'endSessions'
    WHERE r.role_code = 'admin'
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM account_button WHERE module_code = 'ms0050' AND button_code = 'endSessions'`.execute(db);
  await sql`DELETE FROM role_button WHERE module_code = 'ms0050' AND button_code = 'endSessions'`.execute(db);
  await sql`DELETE FROM module_button WHERE module_code = 'ms0050' AND button_code = 'endSessions'`.execute(db);
  await sql`DROP INDEX session_public_id`.execute(db);
  await sql`ALTER TABLE session DROP COLUMN public_id, DROP COLUMN user_agent`.execute(db);
}
