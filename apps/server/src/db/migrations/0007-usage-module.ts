// The staff page of module usage (visits and stay time), held by every tenant's admin role.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO module (module_code, parent_code, name, path, component, icon, kind, audience, sort_no)
    VALUES ('ms0080', NULL, '模块使用统计', '/usageStats', 'usage-log/module-usage', 'chart', 'page', 'staff', 100)
    ON CONFLICT (module_code) DO NOTHING`.execute(db);
  await sql`INSERT INTO role_module (tenant_id, role_code, module_code)
    SELECT tenant_id, role_code, 'ms0080' FROM role WHERE role_code = 'admin'
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM role_module WHERE module_code = 'ms0080'`.execute(db);
  await sql`DELETE FROM module WHERE module_code = 'ms0080'`.execute(db);
}
