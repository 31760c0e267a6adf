// Order confirmation (issue 29, part A): the supplier reads an order (已阅读: when and who), confirms each line's
// quantity and promised date with a reason where it falls short or late, or declines the order with a reason;
// a changed version from the retailer reopens it with the changed lines' previous values kept for the supplier.
// The deadline is a tenant parameter (orderConfirmHours, default 24); the buttons confirm and decline of ms0022;
// the staff monitor ms0113 (订单确认监控) held by every tenant's admin role.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE pur_order
    ADD COLUMN issued_at timestamptz,
    ADD COLUMN read_at timestamptz,
    ADD COLUMN read_by text,
    ADD COLUMN decline_reason text,
    ADD COLUMN decline_note text NOT NULL DEFAULT '',
    ADD COLUMN reopened_at timestamptz,
    ADD COLUMN version integer NOT NULL DEFAULT 1`.execute(db);
  await sql`ALTER TABLE pur_order_line
    ADD COLUMN confirm_note text NOT NULL DEFAULT '',
    ADD COLUMN changed boolean NOT NULL DEFAULT false,
    ADD COLUMN prev_qty numeric(14,3),
    ADD COLUMN prev_price numeric,
    ADD COLUMN prev_delivery_date date,
    ADD COLUMN is_new boolean NOT NULL DEFAULT false`.execute(db);
  await sql`INSERT INTO system_param (tenant_id, parameter_code, parameter_name, parameter_value)
    SELECT id, 'orderConfirmHours', '接单确认时限（小时）', '24' FROM tenant
    ON CONFLICT DO NOTHING`.execute(db);
  // Orders stored before: issued at 09:00 (Shanghai) of their order date; their deadline follows.
  await sql`UPDATE pur_order SET issued_at = (order_date + time '09:00') AT TIME ZONE 'Asia/Shanghai' WHERE issued_at IS NULL`.execute(db);
  await sql`UPDATE pur_order SET confirm_due_at = issued_at + interval '24 hours' WHERE confirm_due_at IS NULL`.execute(db);
  await sql`CREATE INDEX pur_order_confirm_due ON pur_order (tenant_id, confirm_due_at) WHERE status IN ('已下达', '已阅读')`.execute(db);
  // A database whose menu the seed has not written yet gets the buttons from the seed (catalog.ts).
  await sql`INSERT INTO module_button (module_code, button_code, name)
    SELECT m.module_code, b.code, b.name FROM module m CROSS JOIN (VALUES ('confirm', '确认'), ('decline', '拒绝')) AS b(code, name)
    WHERE m.module_code = 'ms0022'
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`INSERT INTO role_button (tenant_id, role_code, module_code, button_code)
    SELECT r.tenant_id, r.role_code, 'ms0022', b.code FROM role r CROSS JOIN (VALUES ('confirm'), ('decline')) AS b(code)
    WHERE r.role_code = 'admin' AND EXISTS (SELECT 1 FROM module_button mb WHERE mb.module_code = 'ms0022' AND mb.button_code = b.code)
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`INSERT INTO module (module_code, parent_code, name, name_en, path, component, icon, kind, hidden, audience, sort_no)
    VALUES ('ms0113', NULL, '订单确认监控', 'Order confirmations', '/orderConfirmMonitor', 'purchase-order/monitor', 'list', 'page', false, 'staff', 113)
    ON CONFLICT (module_code) DO NOTHING`.execute(db);
  await sql`INSERT INTO role_module (tenant_id, role_code, module_code)
    SELECT r.tenant_id, r.role_code, 'ms0113' FROM role r WHERE r.role_code = 'admin'
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM account_module WHERE module_code = 'ms0113'`.execute(db);
  await sql`DELETE FROM role_module WHERE module_code = 'ms0113'`.execute(db);
  await sql`DELETE FROM module WHERE module_code = 'ms0113'`.execute(db);
  for (const table of ['account_button', 'role_button', 'module_button'])
    await sql`DELETE FROM ${sql.table(table)} WHERE module_code = 'ms0022' AND button_code IN ('confirm', 'decline')`.execute(db);
  await sql`DELETE FROM system_param WHERE parameter_code = 'orderConfirmHours'`.execute(db);
  await sql`DROP INDEX pur_order_confirm_due`.execute(db);
  await sql`ALTER TABLE pur_order_line DROP COLUMN confirm_note, DROP COLUMN changed, DROP COLUMN prev_qty, DROP COLUMN prev_price,
    DROP COLUMN prev_delivery_date, DROP COLUMN is_new`.execute(db);
  await sql`ALTER TABLE pur_order DROP COLUMN issued_at, DROP COLUMN read_at, DROP COLUMN read_by, DROP COLUMN decline_reason,
    DROP COLUMN decline_note, DROP COLUMN reopened_at, DROP COLUMN version`.execute(db);
}
