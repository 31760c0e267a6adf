// The ground the order-to-dock area (issue 29) builds on, laid once so its parts agree: an order's confirmation
// (each line's confirmed quantity and promised date, when and by whom the order was confirmed, its deadline)
// and the delivery note's head, which the dock bookings point at. Each part adds the rest in its own migration:
// 0037 the confirmation flow, 0038 the delivery notes and receiving against them, 0039 the docks and bookings.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE pur_order
    ADD COLUMN confirm_due_at timestamptz,
    ADD COLUMN confirmed_at timestamptz,
    ADD COLUMN confirmed_by text`.execute(db);
  await sql`ALTER TABLE pur_order_line
    ADD COLUMN confirmed_qty numeric(14,3) CHECK (confirmed_qty >= 0),
    ADD COLUMN promised_date date`.execute(db);
  await sql`CREATE TABLE delivery_note (
    tenant_id text NOT NULL,
    note_number text NOT NULL,
    supp_code text NOT NULL,
    dept_code text NOT NULL,
    status text NOT NULL,
    packages integer NOT NULL DEFAULT 0 CHECK (packages >= 0),
    created_by text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    version integer NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, note_number),
    FOREIGN KEY (tenant_id, supp_code) REFERENCES supplier(tenant_id, supp_code),
    FOREIGN KEY (tenant_id, dept_code) REFERENCES dept(tenant_id, dept_code)
  )`.execute(db);
  await sql`CREATE INDEX delivery_note_supp ON delivery_note (tenant_id, supp_code, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE delivery_note`.execute(db);
  await sql`ALTER TABLE pur_order_line DROP COLUMN confirmed_qty, DROP COLUMN promised_date`.execute(db);
  await sql`ALTER TABLE pur_order DROP COLUMN confirm_due_at, DROP COLUMN confirmed_at, DROP COLUMN confirmed_by`.execute(db);
}
