// 订单协同设置 (ms0124, issue 29): a staff screen for the tenant's settings of the order conversation
// (orderConfirmHours of 0037, overDeliveryPercent and minShelfLifeRatio of 0038, bookingHorizonDays of 0039), held by
// every tenant's admin role. The values stay system parameters; their changes are record_history entries (record
// type order-settings). A fresh database gets the admin's grant from the seed, which gives admin every module.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO module (module_code, parent_code, name, name_en, path, component, icon, kind, hidden, audience, sort_no)
    VALUES ('ms0124', NULL, '订单协同设置', 'Order collaboration settings', '/orderSettings', 'order-settings/index', 'setting', 'page', false, 'staff', 124)
    ON CONFLICT (module_code) DO NOTHING`.execute(db);
  await sql`INSERT INTO role_module (tenant_id, role_code, module_code)
    SELECT r.tenant_id, r.role_code, 'ms0124' FROM role r WHERE r.role_code = 'admin'
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM record_history WHERE record_type = 'order-settings'`.execute(db);
  await sql`DELETE FROM role_module WHERE module_code = 'ms0124'`.execute(db);
  await sql`DELETE FROM module WHERE module_code = 'ms0124'`.execute(db);
}
