// Dock time slots and delivery appointments (预约送货, issue 29 part C): each store or DC keeps slots with a
// capacity in deliveries and in packages; a supplier books one for a delivery note (0036's head), moves or
// cancels it; the receiving desk confirms, moves or refuses. A slot's booked counters change only in a
// conditional UPDATE that keeps them within capacity, so two bookings of the last place cannot both win.
// Menu: 预约送货 (ms0116, suppliers: buttons book, cancel) and 月台预约 (ms0117, staff: admin and receiving).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE dock_slot (
    id bigserial PRIMARY KEY,
    tenant_id text NOT NULL,
    dept_code text NOT NULL,
    slot_date date NOT NULL,
    start_time time NOT NULL,
    end_time time NOT NULL,
    capacity_deliveries integer NOT NULL CHECK (capacity_deliveries >= 0),
    capacity_packages integer NOT NULL CHECK (capacity_packages >= 0),
    booked_deliveries integer NOT NULL DEFAULT 0 CHECK (booked_deliveries >= 0),
    booked_packages integer NOT NULL DEFAULT 0 CHECK (booked_packages >= 0),
    closed boolean NOT NULL DEFAULT false,
    updated_by text NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (end_time > start_time),
    CHECK (booked_deliveries <= capacity_deliveries AND booked_packages <= capacity_packages),
    UNIQUE (tenant_id, dept_code, slot_date, start_time),
    FOREIGN KEY (tenant_id, dept_code) REFERENCES dept(tenant_id, dept_code)
  )`.execute(db);
  await sql`CREATE TABLE dock_booking (
    id bigserial PRIMARY KEY,
    tenant_id text NOT NULL,
    note_number text NOT NULL,
    supp_code text NOT NULL,
    slot_id bigint NOT NULL REFERENCES dock_slot (id),
    packages integer NOT NULL CHECK (packages >= 0),
    status text NOT NULL CHECK (status IN ('待确认', '已确认', '已拒绝', '已取消')),
    reason text NOT NULL DEFAULT '',
    created_by text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    version integer NOT NULL DEFAULT 1,
    FOREIGN KEY (tenant_id, note_number) REFERENCES delivery_note (tenant_id, note_number)
  )`.execute(db);
  // One live booking per delivery note.
  await sql`CREATE UNIQUE INDEX dock_booking_live_note ON dock_booking (tenant_id, note_number)
    WHERE status IN ('待确认', '已确认')`.execute(db);
  await sql`CREATE INDEX dock_booking_slot ON dock_booking (slot_id)`.execute(db);
  await sql`CREATE INDEX dock_booking_supp ON dock_booking (tenant_id, supp_code, created_at)`.execute(db);

  // Menu entries for a database that already has tenants (a fresh one gets them with the demo seed).
  await sql`INSERT INTO module (module_code, parent_code, name, name_en, path, component, icon, kind, hidden, audience, sort_no)
    SELECT v.code, NULL, v.name, v.name_en, v.path, v.component, v.icon, 'page', false, v.audience, v.sort_no
    FROM (VALUES ('ms0116', '预约送货', 'Delivery appointments', '/deliveryBooking', 'dock/booking', 'guide', 'supplier', 116),
                 ('ms0117', '月台预约', 'Dock appointments', '/dockBoard', 'dock/board', 'guide', 'staff', 117))
      AS v(code, name, name_en, path, component, icon, audience, sort_no)
    WHERE EXISTS (SELECT 1 FROM tenant)
    ON CONFLICT (module_code) DO NOTHING`.execute(db);
  await sql`INSERT INTO module_button (module_code, button_code, name)
    SELECT 'ms0116', v.code, v.name FROM (VALUES ('book', '预约'), ('cancel', '取消预约')) AS v(code, name)
    WHERE EXISTS (SELECT 1 FROM module WHERE module_code = 'ms0116')
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`INSERT INTO role_module (tenant_id, role_code, module_code)
    SELECT r.tenant_id, r.role_code, 'ms0117' FROM role r
    WHERE r.role_code IN ('admin', 'receiving') AND EXISTS (SELECT 1 FROM module WHERE module_code = 'ms0117')
    ON CONFLICT DO NOTHING`.execute(db);
  // No booking beyond this many days ahead; a tenant without the row keeps 14.
  await sql`INSERT INTO system_param (tenant_id, parameter_code, parameter_name, parameter_value)
    SELECT id, 'bookingHorizonDays', '预约送货最远天数', '14' FROM tenant
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM system_param WHERE parameter_code = 'bookingHorizonDays'`.execute(db);
  await sql`DELETE FROM account_button WHERE module_code IN ('ms0116', 'ms0117')`.execute(db);
  await sql`DELETE FROM role_button WHERE module_code IN ('ms0116', 'ms0117')`.execute(db);
  await sql`DELETE FROM module_button WHERE module_code IN ('ms0116', 'ms0117')`.execute(db);
  await sql`DELETE FROM account_module WHERE module_code IN ('ms0116', 'ms0117')`.execute(db);
  await sql`DELETE FROM role_module WHERE module_code IN ('ms0116', 'ms0117')`.execute(db);
  await sql`DELETE FROM module WHERE module_code IN ('ms0116', 'ms0117')`.execute(db);
  await sql`DROP TABLE dock_booking`.execute(db);
  await sql`DROP TABLE dock_slot`.execute(db);
}
