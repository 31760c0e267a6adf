// The settlement review steps are owned by staff roles (审核 sam-clerk, 发票确认 sam-invoice, 审批 sam-finance,
// 支付 sam-cashier; settlement.stepRoles) instead of the admin role. The demo seed creates them for a new
// database; a tenant created before this migration gets the four roles here, with the settlement pages and
// the dashboard, so that its administrator only has to give staff accounts these roles.
import { type Kysely, sql } from 'kysely';

const roles = sql`(VALUES ('sam-clerk', '结算审核员'), ('sam-invoice', '发票审核员'), ('sam-finance', '财务审批员'), ('sam-cashier', '出纳'))`;
const modules = ['ms0014', 'ms0030', 'ms0031', 'ms0032'];
const roleCodes = ['sam-clerk', 'sam-invoice', 'sam-finance', 'sam-cashier'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO role (tenant_id, role_code, role_name)
    SELECT t.id, v.code, v.name FROM tenant t CROSS JOIN ${roles} AS v(code, name)
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`INSERT INTO role_module (tenant_id, role_code, module_code)
    SELECT r.tenant_id, r.role_code, m.module_code FROM role r JOIN module m ON m.module_code IN (${sql.join(modules)})
    WHERE r.role_code IN (${sql.join(roleCodes)})
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`INSERT INTO role_button (tenant_id, role_code, module_code, button_code)
    SELECT r.tenant_id, r.role_code, b.module_code, b.button_code FROM role r
      JOIN module_button b ON b.module_code IN ('ms0031', 'ms0032') AND b.button_code <> 'delete'
    WHERE r.role_code IN (${sql.join(roleCodes)})
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM role_button WHERE role_code IN (${sql.join(roleCodes)})`.execute(db);
  await sql`DELETE FROM role_module WHERE role_code IN (${sql.join(roleCodes)})`.execute(db);
  await sql`DELETE FROM role WHERE role_code IN (${sql.join(roleCodes)}) AND NOT EXISTS (
    SELECT 1 FROM account a WHERE a.tenant_id = role.tenant_id AND a.role_code = role.role_code)`.execute(db);
}
