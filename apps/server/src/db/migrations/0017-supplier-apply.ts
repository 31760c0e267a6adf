// Supplier admission: cooperation applications (public, by reference number), their licences in the file
// store, and a recorded supplier status (启用/冻结/停用) whose changes go to the record history. The menu
// entries (ms0063 review, ms0064 history) come with the demo catalog; a database seeded before this
// migration gets them here, granted to its admin role (and the review to the buyer and 资质 roles).
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`CREATE TABLE supplier_apply (
    id bigserial PRIMARY KEY,
    tenant_id text NOT NULL REFERENCES tenant (id),
    apply_no text NOT NULL,
    company_name text NOT NULL,
    credit_code text NOT NULL CHECK (credit_code ~ '^[0-9A-HJ-NPQRTUWXY]{18}$'),
    legal_person text NOT NULL,
    licence_valid_to date,
    address text NOT NULL DEFAULT '',
    contact_name text NOT NULL,
    contact_phone text NOT NULL,
    contact_email text NOT NULL DEFAULT '',
    bank_name text NOT NULL,
    bank_account text NOT NULL,
    categories text[] NOT NULL,
    remark text NOT NULL DEFAULT '',
    status text NOT NULL CHECK (status IN ('已提交', '资质审核', '通过', '驳回')),
    return_reason text NOT NULL DEFAULT '',
    supp_code text,
    client_ip text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (tenant_id, apply_no),
    FOREIGN KEY (tenant_id, supp_code) REFERENCES supplier (tenant_id, supp_code),
    CHECK ((status = '通过') = (supp_code IS NOT NULL))
  )`,
  // One application under review per company, and one admission per supplier.
  sql`CREATE UNIQUE INDEX supplier_apply_open ON supplier_apply (tenant_id, credit_code) WHERE status IN ('已提交', '资质审核')`,
  sql`CREATE UNIQUE INDEX supplier_apply_admitted ON supplier_apply (tenant_id, supp_code) WHERE supp_code IS NOT NULL`,
  sql`CREATE INDEX supplier_apply_status ON supplier_apply (tenant_id, status, updated_at)`,
  sql`CREATE TABLE supplier_apply_file (
    apply_id bigint NOT NULL REFERENCES supplier_apply (id) ON DELETE CASCADE,
    file_id uuid NOT NULL REFERENCES stored_file (id),
    seq integer NOT NULL,
    PRIMARY KEY (apply_id, file_id)
  )`,
  sql`ALTER TABLE supplier ADD CONSTRAINT supplier_status_known CHECK (status IN ('启用', '冻结', '停用'))`,
  sql`CREATE INDEX supplier_credit_code ON supplier (tenant_id, credit_code)`,
  // Menu entries for a database that already has tenants (a fresh one gets them with the demo seed).
  sql`INSERT INTO module (module_code, parent_code, name, path, component, icon, kind, hidden, audience, sort_no)
    SELECT v.code, NULL, v.name, v.path, v.component, v.icon, 'page', v.hidden, 'staff', v.sort_no
    FROM (VALUES ('ms0063', '供应商准入审核', '/supplierApplyAudit', 'supplier-apply/review', 'form', false, 63),
                 ('ms0064', '供应商历史', '/ZeroMaster/historySupplier', 'supplier-apply/history', '', true, 64))
      AS v(code, name, path, component, icon, hidden, sort_no)
    WHERE EXISTS (SELECT 1 FROM tenant)
    ON CONFLICT (module_code) DO NOTHING`,
  sql`INSERT INTO module_button (module_code, button_code, name)
    SELECT 'ms0064', 'status', '变更状态' WHERE EXISTS (SELECT 1 FROM module WHERE module_code = 'ms0064')
    ON CONFLICT DO NOTHING`,
  sql`INSERT INTO role_module (tenant_id, role_code, module_code)
    SELECT r.tenant_id, r.role_code, m.module_code FROM role r JOIN module m ON m.module_code IN ('ms0063', 'ms0064')
    WHERE r.role_code = 'admin' OR (m.module_code = 'ms0063' AND r.role_code IN ('buyer', 'qualification'))
    ON CONFLICT DO NOTHING`,
  sql`INSERT INTO role_button (tenant_id, role_code, module_code, button_code)
    SELECT r.tenant_id, r.role_code, b.module_code, b.button_code FROM role r JOIN module_button b ON b.module_code = 'ms0064'
    WHERE r.role_code = 'admin'
    ON CONFLICT DO NOTHING`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM role_button WHERE module_code IN ('ms0063', 'ms0064')`.execute(db);
  await sql`DELETE FROM module_button WHERE module_code IN ('ms0063', 'ms0064')`.execute(db);
  await sql`DELETE FROM role_module WHERE module_code IN ('ms0063', 'ms0064')`.execute(db);
  await sql`DELETE FROM module WHERE module_code IN ('ms0063', 'ms0064')`.execute(db);
  await sql`DROP INDEX supplier_credit_code`.execute(db);
  await sql`ALTER TABLE supplier DROP CONSTRAINT supplier_status_known`.execute(db);
  await sql`DROP TABLE supplier_apply_file`.execute(db);
  await sql`DROP TABLE supplier_apply`.execute(db);
}
