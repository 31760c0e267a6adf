// The audit trail's screens (issue 31, docs/security.md): 审计日志 (ms0125, staff: every entry of the tenant, with the
// export button; held by every tenant's admin role) and 操作日志 (ms0126, a supplier's main account: its own accounts'
// actions, with the export button). A main account holds every supplier module; ms0126 is never granted to a child
// account (the grant refuses it, as it refuses 账号管理): a child would read its main account's actions. A fresh
// database gets the admin's grants from the seed, which gives admin every module and this button (seed/demo.ts).
import { type Kysely, sql } from 'kysely';

const codes = ['ms0125', 'ms0126'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO module (module_code, parent_code, name, name_en, path, component, icon, kind, hidden, audience, sort_no)
    VALUES ('ms0125', NULL, '审计日志', 'Audit trail', '/auditTrail', 'audit/trail', 'audit', 'page', false, 'staff', 125),
           ('ms0126', NULL, '操作日志', 'Activity log', '/activityLog', 'audit/activity', 'audit', 'page', false, 'supplier', 126)
    ON CONFLICT (module_code) DO NOTHING`.execute(db);
  await sql`INSERT INTO module_button (module_code, button_code, name)
    VALUES ('ms0125', 'export', '导出'), ('ms0126', 'export', '导出')
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`INSERT INTO role_module (tenant_id, role_code, module_code)
    SELECT r.tenant_id, r.role_code, 'ms0125' FROM role r WHERE r.role_code = 'admin'
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`INSERT INTO role_button (tenant_id, role_code, module_code, button_code)
    SELECT r.tenant_id, r.role_code, 'ms0125', 'export' FROM role r WHERE r.role_code = 'admin'
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['account_button', 'role_button', 'module_button', 'account_module', 'role_module', 'module'])
    await sql`DELETE FROM ${sql.table(table)} WHERE module_code IN (${sql.join(codes)})`.execute(db);
}
