// Print preview (issue 18): the records of the two print types that had none, price adjustments (调价单) and
// goods changes (商品变更单), each a header with lines per goods item; and the print templates of 0011
// brought up to the current defaults (a page-foot note with signatures, an A5 purchase order) for every tenant.
import { type Kysely, sql } from 'kysely';
import { defaultPrintTemplates } from '../print-templates';

const statements = [
  sql`CREATE TABLE price_adjust (
    tenant_id text NOT NULL,
    bill_number text NOT NULL,
    supp_code text NOT NULL,
    apply_date date NOT NULL,
    effective_date date NOT NULL,
    status text NOT NULL CHECK (status IN ('已提交', '已审核', '已生效', '已驳回')),
    reason text NOT NULL DEFAULT '',
    PRIMARY KEY (tenant_id, bill_number),
    FOREIGN KEY (tenant_id, supp_code) REFERENCES supplier (tenant_id, supp_code),
    CHECK (effective_date >= apply_date)
  )`,
  sql`CREATE INDEX price_adjust_supplier ON price_adjust (tenant_id, supp_code, apply_date DESC)`,
  sql`CREATE TABLE price_adjust_line (
    tenant_id text NOT NULL,
    bill_number text NOT NULL,
    line_no integer NOT NULL,
    goods_code text NOT NULL,
    old_price numeric(14,6) NOT NULL CHECK (old_price >= 0),
    new_price numeric(14,6) NOT NULL CHECK (new_price > 0),
    PRIMARY KEY (tenant_id, bill_number, line_no),
    FOREIGN KEY (tenant_id, bill_number) REFERENCES price_adjust (tenant_id, bill_number) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, goods_code) REFERENCES goods (tenant_id, goods_code)
  )`,
  sql`CREATE TABLE goods_change (
    tenant_id text NOT NULL,
    bill_number text NOT NULL,
    supp_code text NOT NULL,
    apply_date date NOT NULL,
    status text NOT NULL CHECK (status IN ('已提交', '已审核', '已驳回')),
    remark text NOT NULL DEFAULT '',
    PRIMARY KEY (tenant_id, bill_number),
    FOREIGN KEY (tenant_id, supp_code) REFERENCES supplier (tenant_id, supp_code)
  )`,
  sql`CREATE INDEX goods_change_supplier ON goods_change (tenant_id, supp_code, apply_date DESC)`,
  sql`CREATE TABLE goods_change_line (
    tenant_id text NOT NULL,
    bill_number text NOT NULL,
    line_no integer NOT NULL,
    goods_code text NOT NULL,
    changed_field text NOT NULL,
    old_value text NOT NULL,
    new_value text NOT NULL,
    PRIMARY KEY (tenant_id, bill_number, line_no),
    FOREIGN KEY (tenant_id, bill_number) REFERENCES goods_change (tenant_id, bill_number) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, goods_code) REFERENCES goods (tenant_id, goods_code)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
  for (const t of defaultPrintTemplates) {
    // New default templates for every tenant; a tenant's own edits of a template are kept, only a missing note is added.
    await sql`INSERT INTO print_template (tenant_id, template_code, print_type_code, template_name, is_default, paper_size, orientation, margins, layout)
      SELECT id, ${t.templateCode}, ${t.printTypeCode}, ${t.templateName}, false, ${t.paperSize}, ${t.orientation},
        ${JSON.stringify(t.margins)}::jsonb, ${JSON.stringify(t.layout)}::jsonb FROM tenant
      ON CONFLICT (tenant_id, template_code) DO NOTHING`.execute(db);
    if (t.layout.note)
      await sql`UPDATE print_template SET layout = jsonb_set(layout, '{note}', to_jsonb(${t.layout.note}::text))
        WHERE template_code = ${t.templateCode} AND NOT (layout ? 'note')`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['goods_change_line', 'goods_change', 'price_adjust_line', 'price_adjust'])
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  await sql`UPDATE print_template SET layout = layout - 'note'`.execute(db);
}
