// Delivery notes (送货单, ASN) and receiving against them (issue 29, part B): the note's other head columns (the
// expected arrival, cancelling and receiving facts), its lines (each an order line with a quantity, packages and,
// for goods with a shelf life, batch and dates; after receiving the received and rejected quantities and the
// reason), goods' shelf life, the supplier screen 送货单 (ms0114), the staff screen 收货 (ms0115) with the new staff
// role 收货员 (receiving), and the tenant parameters overDeliveryPercent (default 0) and minShelfLifeRatio (0 = off).
// 0036 laid the head table; 0039 (docks and bookings) sets 已预约.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE delivery_note
    ADD COLUMN expected_date date,
    ADD COLUMN remark text NOT NULL DEFAULT '',
    ADD COLUMN cancelled_at timestamptz,
    ADD COLUMN cancelled_by text,
    ADD COLUMN received_at timestamptz,
    ADD COLUMN received_by text,
    ADD COLUMN receiving_bill text,
    ADD CONSTRAINT delivery_note_state CHECK (status IN ('已创建', '已预约', '已收货', '已取消'))`.execute(db);
  await sql`CREATE INDEX delivery_note_dept ON delivery_note (tenant_id, dept_code, created_at)`.execute(db);
  await sql`CREATE TABLE delivery_note_line (
    tenant_id text NOT NULL,
    note_number text NOT NULL,
    line_no integer NOT NULL CHECK (line_no > 0),
    po_bill_number text NOT NULL,
    po_line_no integer NOT NULL,
    goods_code text NOT NULL,
    qty numeric(14,3) NOT NULL CHECK (qty > 0),
    packages integer NOT NULL DEFAULT 0 CHECK (packages >= 0),
    batch_no text NOT NULL DEFAULT '',
    production_date date,
    expiry_date date,
    received_qty numeric(14,3) CHECK (received_qty >= 0),
    rejected_qty numeric(14,3) CHECK (rejected_qty >= 0),
    reject_reason text NOT NULL DEFAULT '',
    PRIMARY KEY (tenant_id, note_number, line_no),
    FOREIGN KEY (tenant_id, note_number) REFERENCES delivery_note (tenant_id, note_number) ON DELETE CASCADE,
    CHECK (expiry_date IS NULL OR production_date IS NULL OR expiry_date > production_date)
  )`.execute(db);
  // The open quantity of an order line sums the notes on it.
  await sql`CREATE INDEX delivery_note_line_order ON delivery_note_line (tenant_id, po_bill_number, po_line_no)`.execute(db);
  await sql`ALTER TABLE goods ADD COLUMN shelf_life_days integer CHECK (shelf_life_days > 0)`.execute(db);

  await sql`INSERT INTO module (module_code, parent_code, name, name_en, path, component, icon, kind, hidden, audience, sort_no)
    VALUES ('ms0114', NULL, '送货单', 'Delivery notes', '/deliveryNote', 'delivery-note/index', 'guide', 'page', false, 'supplier', 114),
           ('ms0115', NULL, '收货', 'Receiving', '/receiving', 'delivery-note/receiving', 'table', 'page', false, 'staff', 115)
    ON CONFLICT (module_code) DO NOTHING`.execute(db);
  await sql`INSERT INTO module_button (module_code, button_code, name)
    VALUES ('ms0114', 'add', '新建'), ('ms0114', 'cancel', '取消'), ('ms0114', 'print', '打印'), ('ms0115', 'receive', '收货')
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`INSERT INTO role (tenant_id, role_code, role_name) SELECT id, 'receiving', '收货员' FROM tenant ON CONFLICT DO NOTHING`.execute(
    db,
  );
  await sql`INSERT INTO role_module (tenant_id, role_code, module_code)
    SELECT r.tenant_id, r.role_code, m.code FROM role r
      CROSS JOIN (VALUES ('ms0115')) AS m(code)
    WHERE r.role_code IN ('admin', 'receiving')
    UNION ALL
    SELECT r.tenant_id, r.role_code, m.module_code FROM role r JOIN module m ON m.module_code IN ('ms0114', 'ms0014')
    WHERE (r.role_code = 'admin' AND m.module_code = 'ms0114') OR (r.role_code = 'receiving' AND m.module_code = 'ms0014')
    ON CONFLICT DO NOTHING`.execute(db);
  // Staff read and print every supplier's notes; making and cancelling one is the supplier's.
  await sql`INSERT INTO role_button (tenant_id, role_code, module_code, button_code)
    SELECT r.tenant_id, r.role_code, 'ms0115', 'receive' FROM role r WHERE r.role_code IN ('admin', 'receiving')
    UNION ALL
    SELECT r.tenant_id, r.role_code, 'ms0114', 'print' FROM role r WHERE r.role_code = 'admin'
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`INSERT INTO system_param (tenant_id, parameter_code, parameter_name, parameter_value)
    SELECT id, v.code, v.name, '0' FROM tenant
      CROSS JOIN (VALUES ('overDeliveryPercent', '送货单超订单容差(%)'), ('minShelfLifeRatio', '收货最低剩余保质期比例(0 不检查)')) AS v(code, name)
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM system_param WHERE parameter_code IN ('overDeliveryPercent', 'minShelfLifeRatio')`.execute(db);
  for (const table of ['account_button', 'role_button', 'module_button', 'account_module', 'role_module'])
    await sql`DELETE FROM ${sql.table(table)} WHERE module_code IN ('ms0114', 'ms0115')`.execute(db);
  await sql`DELETE FROM module WHERE module_code IN ('ms0114', 'ms0115')`.execute(db);
  await sql`DELETE FROM role_module WHERE role_code = 'receiving'`.execute(db);
  await sql`DELETE FROM role WHERE role_code = 'receiving' AND NOT EXISTS (
    SELECT 1 FROM account a WHERE a.tenant_id = role.tenant_id AND a.role_code = role.role_code)`.execute(db);
  await sql`ALTER TABLE goods DROP COLUMN shelf_life_days`.execute(db);
  await sql`DROP TABLE delivery_note_line`.execute(db);
  await sql`DROP INDEX delivery_note_dept`.execute(db);
  await sql`ALTER TABLE delivery_note DROP CONSTRAINT delivery_note_state,
    DROP COLUMN expected_date, DROP COLUMN remark, DROP COLUMN cancelled_at, DROP COLUMN cancelled_by,
    DROP COLUMN received_at, DROP COLUMN received_by, DROP COLUMN receiving_bill`.execute(db);
}
