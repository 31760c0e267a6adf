// The staff screens of the integration area (issue 28): 数据导入 (ms0111) and 接口日志 (ms0112), held by every
// tenant's admin role; the integration log's days (integrationLogDays, default 90) as a system parameter.
// ms0110 (接口集成) is 0031's. A new tenant's seed grants its admin every module these rows add.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO module (module_code, parent_code, name, name_en, path, component, icon, kind, hidden, audience, sort_no)
    VALUES ('ms0111', NULL, '数据导入', 'Data import', '/integrationImport', 'integration/import', 'table', 'page', false, 'staff', 111),
           ('ms0112', NULL, '接口日志', 'Integration log', '/integrationLog', 'integration/log', 'search-doc', 'page', false, 'staff', 112)
    ON CONFLICT (module_code) DO NOTHING`.execute(db);
  await sql`INSERT INTO role_module (tenant_id, role_code, module_code)
    SELECT r.tenant_id, r.role_code, m.code FROM role r CROSS JOIN (VALUES ('ms0111'), ('ms0112')) AS m(code)
    WHERE r.role_code = 'admin'
    ON CONFLICT DO NOTHING`.execute(db);
  // Every tenant sees (and may change) the log's days; a tenant without the row keeps 90.
  await sql`INSERT INTO system_param (tenant_id, parameter_code, parameter_name, parameter_value)
    SELECT id, 'integrationLogDays', '接口日志保留天数', '90' FROM tenant
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM system_param WHERE parameter_code = 'integrationLogDays'`.execute(db);
  await sql`DELETE FROM account_module WHERE module_code IN ('ms0111', 'ms0112')`.execute(db);
  await sql`DELETE FROM role_module WHERE module_code IN ('ms0111', 'ms0112')`.execute(db);
  await sql`DELETE FROM module WHERE module_code IN ('ms0111', 'ms0112')`.execute(db);
}
