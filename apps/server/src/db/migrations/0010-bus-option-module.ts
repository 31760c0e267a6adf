// The staff module that grants maintaining the tenant's business options (saveBusOption), held by every
// tenant's admin role. It has no page of its own, so it stays out of the menu.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO module (module_code, parent_code, name, path, component, icon, kind, hidden, audience, sort_no)
    VALUES ('ms0081', NULL, '业务选项维护', '/busOption', '', '', 'page', true, 'staff', 101)
    ON CONFLICT (module_code) DO NOTHING`.execute(db);
  await sql`INSERT INTO role_module (tenant_id, role_code, module_code)
    SELECT tenant_id, role_code, 'ms0081' FROM role WHERE role_code = 'admin'
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM role_module WHERE module_code = 'ms0081'`.execute(db);
  await sql`DELETE FROM module WHERE module_code = 'ms0081'`.execute(db);
}
