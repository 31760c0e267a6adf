// Accounting units, business options, system parameters and bill-number sequences.
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`CREATE TABLE acc_unit (
    tenant_id text NOT NULL REFERENCES tenant(id),
    unit_code text NOT NULL,
    unit_name text NOT NULL,
    tax_number text NOT NULL DEFAULT '',
    PRIMARY KEY (tenant_id, unit_code)
  )`,
  sql`CREATE TABLE bus_option (
    tenant_id text NOT NULL REFERENCES tenant(id),
    bus_short_name text NOT NULL,
    bus_short_detail_name text NOT NULL,
    permission_type text NOT NULL CHECK (permission_type IN ('all', 'dept', 'category', 'supplier')),
    permission_list jsonb NOT NULL DEFAULT '[]',
    updated_by text NOT NULL DEFAULT '',
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, bus_short_name)
  )`,
  sql`CREATE TABLE system_param (
    tenant_id text NOT NULL REFERENCES tenant(id),
    parameter_code text NOT NULL,
    parameter_name text NOT NULL,
    parameter_value text NOT NULL,
    PRIMARY KEY (tenant_id, parameter_code)
  )`,
  sql`CREATE TABLE bill_sequence (
    tenant_id text NOT NULL,
    prefix text NOT NULL,
    day date NOT NULL,
    last_value integer NOT NULL,
    PRIMARY KEY (tenant_id, prefix, day)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['bill_sequence', 'system_param', 'bus_option', 'acc_unit']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
