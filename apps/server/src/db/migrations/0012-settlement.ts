// Settlement: the source documents a bill settles (receiving lines, return notes, charges, prepayments)
// with their settle state, the bill's lines, totals per tax rate, invoices, payments and attachments,
// supplier contracts, accounting units' details and the tenant's partner settings. A document is settled
// once: the unique index over live bill lines is the database's own guard behind the service's
// conditional update.
import { type Kysely, sql } from 'kysely';

const settleCheck = (column: string) => sql.raw(`CHECK (${column} IN ('未结算', '结算中', '已结算'))`);

const statements = [
  sql`ALTER TABLE acceptance ADD CONSTRAINT acceptance_settle_status ${settleCheck('settle_status')}`,
  // The cost documents of a supplier still to settle, by date.
  sql`CREATE INDEX acceptance_unsettled ON acceptance (tenant_id, supp_code, acc_date, bill_number) WHERE settle_status = '未结算'`,
  sql`ALTER TABLE dept ADD COLUMN acc_unit_code text NOT NULL DEFAULT 'U01'`,
  sql`ALTER TABLE acc_unit ADD COLUMN address text NOT NULL DEFAULT ''`,
  sql`ALTER TABLE acc_unit ADD COLUMN bank_name text NOT NULL DEFAULT ''`,
  sql`ALTER TABLE acc_unit ADD COLUMN bank_account text NOT NULL DEFAULT ''`,
  sql`ALTER TABLE supplier ADD COLUMN advance_sam boolean NOT NULL DEFAULT false`,

  sql`CREATE TABLE return_note (
    tenant_id text NOT NULL,
    bill_number text NOT NULL,
    line_no integer NOT NULL,
    supp_code text NOT NULL,
    dept_code text NOT NULL,
    return_date date NOT NULL,
    goods_code text NOT NULL,
    asked_qty numeric(14,3) NOT NULL,
    returned_qty numeric(14,3) NOT NULL,
    price numeric(14,6) NOT NULL,
    amount numeric(14,2) NOT NULL CHECK (amount >= 0),
    amount_excl numeric(14,2) NOT NULL,
    tax numeric(14,2) NOT NULL,
    tax_rate numeric(5,2) NOT NULL,
    reason text NOT NULL DEFAULT '',
    batch_no text NOT NULL DEFAULT '',
    settle_status text NOT NULL DEFAULT '未结算' ${settleCheck('settle_status')},
    PRIMARY KEY (tenant_id, bill_number, line_no),
    CHECK (amount = amount_excl + tax)
  )`,
  sql`CREATE INDEX return_note_supp_date ON return_note (tenant_id, supp_code, return_date, bill_number)`,

  sql`CREATE TABLE sam_charge (
    tenant_id text NOT NULL,
    charge_code text NOT NULL,
    supp_code text NOT NULL,
    dept_code text NOT NULL,
    charge_type text NOT NULL,
    charge_name text NOT NULL CHECK (charge_name NOT IN ('新品进店费', '节庆费', '店庆费', '新店开业费')),
    period text NOT NULL CHECK (period ~ '^\\d{4}-(0[1-9]|1[0-2])$'),
    direction text NOT NULL CHECK (direction IN ('deduct', 'pay')),
    amount numeric(14,2) NOT NULL CHECK (amount > 0),
    tax_rate numeric(5,2) NOT NULL,
    clause text NOT NULL,
    calculation text NOT NULL,
    charge_date date NOT NULL,
    settle_status text NOT NULL DEFAULT '未结算' ${settleCheck('settle_status')},
    dispute_status text NOT NULL DEFAULT '无' CHECK (dispute_status IN ('无', '异议中', '已答复')),
    dispute_note text NOT NULL DEFAULT '',
    dispute_by text NOT NULL DEFAULT '',
    dispute_at timestamptz,
    answer_note text NOT NULL DEFAULT '',
    answer_by text NOT NULL DEFAULT '',
    answer_at timestamptz,
    created_by text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, charge_code),
    FOREIGN KEY (tenant_id, supp_code) REFERENCES supplier(tenant_id, supp_code)
  )`,
  sql`CREATE INDEX sam_charge_supp_date ON sam_charge (tenant_id, supp_code, charge_date, charge_code)`,

  sql`CREATE TABLE sam_prepay (
    tenant_id text NOT NULL,
    prepay_number text NOT NULL,
    supp_code text NOT NULL,
    node_code text NOT NULL,
    pay_date date NOT NULL,
    amount numeric(14,2) NOT NULL CHECK (amount > 0),
    note text NOT NULL DEFAULT '',
    settle_status text NOT NULL DEFAULT '未结算' ${settleCheck('settle_status')},
    PRIMARY KEY (tenant_id, prepay_number),
    FOREIGN KEY (tenant_id, supp_code) REFERENCES supplier(tenant_id, supp_code)
  )`,
  sql`CREATE INDEX sam_prepay_supp_date ON sam_prepay (tenant_id, supp_code, pay_date)`,

  sql`ALTER TABLE sam_bill ADD COLUMN bill_kind text NOT NULL DEFAULT 'normal' CHECK (bill_kind IN ('normal', 'advance'))`,
  sql`ALTER TABLE sam_bill ADD COLUMN node_code text NOT NULL DEFAULT 'U01'`,
  sql`ALTER TABLE sam_bill ADD COLUMN invoice_amount numeric(14,2) NOT NULL DEFAULT 0`,
  sql`ALTER TABLE sam_bill ADD COLUMN line_count integer NOT NULL DEFAULT 0`,
  sql`ALTER TABLE sam_bill ADD COLUMN remark text NOT NULL DEFAULT ''`,
  sql`ALTER TABLE sam_bill ADD COLUMN version integer NOT NULL DEFAULT 0`,
  sql`ALTER TABLE sam_bill ADD COLUMN created_by text NOT NULL DEFAULT ''`,
  sql`ALTER TABLE sam_bill ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`,
  sql`ALTER TABLE sam_bill ADD CONSTRAINT sam_bill_status CHECK (status IN ('草稿', '已提交', '已驳回', '已审核', '发票确认', '已审批', '已支付', '作废'))`,
  sql`ALTER TABLE sam_bill ADD CONSTRAINT sam_bill_payable CHECK (payable_amount = goods_amount + return_amount + charge_amount + prepay_amount)`,
  // A payment never exceeds what is owed.
  sql`ALTER TABLE sam_bill ADD CONSTRAINT sam_bill_paid CHECK (paid_amount >= 0 AND paid_amount <= greatest(payable_amount, 0))`,
  sql`CREATE INDEX sam_bill_supp_period ON sam_bill (tenant_id, supp_code, period_start, bill_number)`,
  sql`CREATE INDEX sam_bill_tenant_status ON sam_bill (tenant_id, status, period_start)`,

  sql`CREATE TABLE sam_bill_line (
    tenant_id text NOT NULL,
    bill_number text NOT NULL,
    source_type text NOT NULL CHECK (source_type IN ('receiving', 'return', 'charge', 'prepay')),
    source_id text NOT NULL,
    dept_code text NOT NULL DEFAULT '',
    doc_date date NOT NULL,
    due_date date NOT NULL,
    tax_rates text NOT NULL DEFAULT '',
    amount numeric(14,2) NOT NULL,
    amount_excl numeric(14,2) NOT NULL,
    tax numeric(14,2) NOT NULL,
    note text NOT NULL DEFAULT '',
    -- Whether the bill holds the document now (not voided, not rejected).
    live boolean NOT NULL DEFAULT true,
    PRIMARY KEY (tenant_id, bill_number, source_type, source_id),
    FOREIGN KEY (tenant_id, bill_number) REFERENCES sam_bill(tenant_id, bill_number) ON DELETE CASCADE,
    CHECK (amount = amount_excl + tax)
  )`,
  // Settled once: no document in two live bills, whatever the code does.
  sql`CREATE UNIQUE INDEX sam_bill_line_live ON sam_bill_line (tenant_id, source_type, source_id) WHERE live`,

  sql`CREATE TABLE sam_bill_total (
    tenant_id text NOT NULL,
    bill_number text NOT NULL,
    tax_rate numeric(5,2),
    goods_amount numeric(14,2) NOT NULL DEFAULT 0,
    return_amount numeric(14,2) NOT NULL DEFAULT 0,
    charge_amount numeric(14,2) NOT NULL DEFAULT 0,
    prepay_amount numeric(14,2) NOT NULL DEFAULT 0,
    payable_amount numeric(14,2) NOT NULL,
    payable_excl numeric(14,2) NOT NULL,
    payable_tax numeric(14,2) NOT NULL,
    invoice_amount numeric(14,2) NOT NULL DEFAULT 0,
    FOREIGN KEY (tenant_id, bill_number) REFERENCES sam_bill(tenant_id, bill_number) ON DELETE CASCADE,
    CHECK (payable_amount = goods_amount + return_amount + charge_amount + prepay_amount),
    CHECK (payable_amount = payable_excl + payable_tax)
  )`,
  sql`CREATE UNIQUE INDEX sam_bill_total_rate ON sam_bill_total (tenant_id, bill_number, coalesce(tax_rate, -1))`,

  sql`CREATE TABLE sam_invoice (
    id bigserial PRIMARY KEY,
    tenant_id text NOT NULL,
    supp_code text NOT NULL,
    bill_number text NOT NULL,
    invoice_type text NOT NULL CHECK (invoice_type IN ('增值税专用发票', '增值税普通发票', '数电发票(专用)', '数电发票(普通)')),
    invoice_code text NOT NULL DEFAULT '',
    invoice_number text NOT NULL,
    invoice_date date NOT NULL,
    tax_rate numeric(5,2) NOT NULL,
    amount_excl numeric(14,2) NOT NULL,
    tax numeric(14,2) NOT NULL,
    amount numeric(14,2) NOT NULL CHECK (amount > 0),
    confirmed boolean NOT NULL DEFAULT false,
    created_by text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    FOREIGN KEY (tenant_id, bill_number) REFERENCES sam_bill(tenant_id, bill_number) ON DELETE CASCADE,
    CHECK (amount = amount_excl + tax),
    CHECK ((invoice_type LIKE '数电%') = (invoice_code = ''))
  )`,
  // (code, number) unique per supplier; 数电发票 have no code, so their number alone.
  sql`CREATE UNIQUE INDEX sam_invoice_number ON sam_invoice (tenant_id, supp_code, invoice_code, invoice_number)`,
  sql`CREATE INDEX sam_invoice_bill ON sam_invoice (tenant_id, bill_number)`,

  sql`CREATE TABLE sam_payment (
    id bigserial PRIMARY KEY,
    tenant_id text NOT NULL,
    bill_number text NOT NULL,
    pay_date date NOT NULL,
    amount numeric(14,2) NOT NULL CHECK (amount > 0),
    pay_method text NOT NULL,
    reference text NOT NULL DEFAULT '',
    note text NOT NULL DEFAULT '',
    created_by text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    FOREIGN KEY (tenant_id, bill_number) REFERENCES sam_bill(tenant_id, bill_number)
  )`,
  sql`CREATE INDEX sam_payment_bill ON sam_payment (tenant_id, bill_number, id)`,

  sql`CREATE TABLE sam_attachment (
    tenant_id text NOT NULL,
    owner_type text NOT NULL CHECK (owner_type IN ('bill', 'charge', 'invoice')),
    owner_id text NOT NULL,
    file_id uuid NOT NULL REFERENCES stored_file(id),
    PRIMARY KEY (tenant_id, owner_type, owner_id, file_id)
  )`,

  sql`CREATE TABLE supplier_contract (
    tenant_id text NOT NULL,
    contract_no text NOT NULL,
    supp_code text NOT NULL,
    node_code text NOT NULL,
    start_date date NOT NULL,
    end_date date NOT NULL,
    signed_date date NOT NULL,
    terms jsonb NOT NULL DEFAULT '[]',
    PRIMARY KEY (tenant_id, contract_no),
    FOREIGN KEY (tenant_id, supp_code) REFERENCES supplier(tenant_id, supp_code),
    CHECK (start_date <= end_date)
  )`,
  sql`CREATE INDEX supplier_contract_supp ON supplier_contract (tenant_id, supp_code, start_date)`,

  // The partner's settlement and e-invoice services the signed links go to.
  sql`CREATE TABLE sam_setting (
    tenant_id text PRIMARY KEY REFERENCES tenant(id),
    sam_url text NOT NULL DEFAULT '',
    invoice_url text NOT NULL DEFAULT '',
    signing_key text NOT NULL DEFAULT ''
  )`,

  // Buttons of the bill and charge pages; the old 新增 button of ms0031 becomes 保存.
  sql`DELETE FROM account_button WHERE module_code = 'ms0031' AND button_code = 'add'`,
  sql`DELETE FROM role_button WHERE module_code = 'ms0031' AND button_code = 'add'`,
  sql`DELETE FROM module_button WHERE module_code = 'ms0031' AND button_code = 'add'`,
  sql`INSERT INTO module_button (module_code, button_code, name)
    SELECT m.module_code, b.button_code, b.name FROM module m
    JOIN (VALUES ('ms0031', 'save', '保存'), ('ms0031', 'apply', '提交'), ('ms0031', 'delete', '删除'), ('ms0031', 'export', '导出'),
                 ('ms0032', 'dispute', '异议'), ('ms0032', 'export', '导出')) AS b (module_code, button_code, name)
      ON b.module_code = m.module_code
    ON CONFLICT DO NOTHING`,
  sql`INSERT INTO role_button (tenant_id, role_code, module_code, button_code)
    SELECT r.tenant_id, r.role_code, mb.module_code, mb.button_code FROM role r CROSS JOIN module_button mb
    WHERE r.role_code = 'admin' AND mb.module_code IN ('ms0031', 'ms0032')
    ON CONFLICT DO NOTHING`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'sam_setting',
    'supplier_contract',
    'sam_attachment',
    'sam_payment',
    'sam_invoice',
    'sam_bill_total',
    'sam_bill_line',
    'sam_prepay',
    'sam_charge',
    'return_note',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
  for (const column of ['bill_kind', 'node_code', 'invoice_amount', 'line_count', 'remark', 'version', 'created_by', 'updated_at']) {
    await sql`ALTER TABLE sam_bill DROP COLUMN IF EXISTS ${sql.ref(column)}`.execute(db);
  }
  await sql`ALTER TABLE sam_bill DROP CONSTRAINT IF EXISTS sam_bill_status`.execute(db);
  await sql`ALTER TABLE sam_bill DROP CONSTRAINT IF EXISTS sam_bill_payable`.execute(db);
  await sql`ALTER TABLE sam_bill DROP CONSTRAINT IF EXISTS sam_bill_paid`.execute(db);
  await sql`DROP INDEX IF EXISTS sam_bill_supp_period`.execute(db);
  await sql`DROP INDEX IF EXISTS sam_bill_tenant_status`.execute(db);
  await sql`ALTER TABLE supplier DROP COLUMN IF EXISTS advance_sam`.execute(db);
  for (const column of ['address', 'bank_name', 'bank_account']) {
    await sql`ALTER TABLE acc_unit DROP COLUMN IF EXISTS ${sql.ref(column)}`.execute(db);
  }
  await sql`ALTER TABLE dept DROP COLUMN IF EXISTS acc_unit_code`.execute(db);
  await sql`DROP INDEX IF EXISTS acceptance_unsettled`.execute(db);
  await sql`ALTER TABLE acceptance DROP CONSTRAINT IF EXISTS acceptance_settle_status`.execute(db);
}
