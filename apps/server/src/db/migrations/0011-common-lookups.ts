// What the legacy common calls read beyond base data: whether a store is open, stock per store and goods
// (in 1/10000 units), storage locations, and print templates per tenant (every tenant gets the defaults).
import { type Kysely, sql } from 'kysely';
import { defaultPrintTemplates } from '../print-templates';

const statements = [
  sql`ALTER TABLE dept ADD COLUMN online boolean NOT NULL DEFAULT true`,
  sql`CREATE TABLE stock (
    tenant_id text NOT NULL,
    goods_code text NOT NULL,
    dept_code text NOT NULL,
    qty_units bigint NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, goods_code, dept_code),
    FOREIGN KEY (tenant_id, goods_code) REFERENCES goods (tenant_id, goods_code),
    FOREIGN KEY (tenant_id, dept_code) REFERENCES dept (tenant_id, dept_code)
  )`,
  sql`CREATE TABLE location (
    tenant_id text NOT NULL,
    dept_code text NOT NULL,
    location_code text NOT NULL,
    location_name text NOT NULL,
    bill_direction text NOT NULL CHECK (bill_direction IN ('in', 'out')),
    PRIMARY KEY (tenant_id, dept_code, location_code),
    FOREIGN KEY (tenant_id, dept_code) REFERENCES dept (tenant_id, dept_code)
  )`,
  sql`CREATE TABLE print_template (
    tenant_id text NOT NULL REFERENCES tenant(id),
    template_code text NOT NULL,
    print_type_code text NOT NULL CHECK (print_type_code IN ('purOrder', 'receiving', 'samBill', 'adjustPrice', 'goodsChange')),
    template_name text NOT NULL,
    is_default boolean NOT NULL DEFAULT false,
    paper_size text NOT NULL CHECK (paper_size IN ('A4', 'A5', '241x140')),
    orientation text NOT NULL CHECK (orientation IN ('portrait', 'landscape')),
    margins jsonb NOT NULL,
    layout jsonb NOT NULL,
    PRIMARY KEY (tenant_id, template_code)
  )`,
  sql`CREATE UNIQUE INDEX print_template_one_default ON print_template (tenant_id, print_type_code) WHERE is_default`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
  for (const t of defaultPrintTemplates) {
    await sql`INSERT INTO print_template (tenant_id, template_code, print_type_code, template_name, is_default, paper_size, orientation, margins, layout)
      SELECT id, ${t.templateCode}, ${t.printTypeCode}, ${t.templateName}, ${t.isDefault}, ${t.paperSize}, ${t.orientation},
        ${JSON.stringify(t.margins)}::jsonb, ${JSON.stringify(t.layout)}::jsonb FROM tenant`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['print_template', 'location', 'stock']) await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  await sql`ALTER TABLE dept DROP COLUMN IF EXISTS online`.execute(db);
}
