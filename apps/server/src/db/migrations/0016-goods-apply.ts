// New-product applications (新品申请, module ms0061 for suppliers): the application with its review state
// (草稿 -> 已提交 -> 采购审核 -> 资质审核 -> 通过 or 驳回), the comment of each review step, the goods item
// approval created, its certificate files in the file store and the supplier certificates it links.
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`CREATE TABLE goods_apply (
    id bigserial PRIMARY KEY,
    tenant_id text NOT NULL,
    supp_code text NOT NULL,
    apply_no text NOT NULL,
    status text NOT NULL CHECK (status IN ('草稿', '已提交', '采购审核', '资质审核', '通过', '驳回')),
    goods_name text NOT NULL,
    barcode text NOT NULL CHECK (barcode ~ '^[0-9]{13}$'),
    spec text NOT NULL,
    unit text NOT NULL,
    case_qty integer NOT NULL CHECK (case_qty > 0),
    category_code text NOT NULL,
    brand_code text NOT NULL,
    price numeric(14,6) NOT NULL CHECK (price > 0),
    retail_price numeric(14,2) NOT NULL CHECK (retail_price > 0),
    tax_rate numeric(5,2) NOT NULL,
    shelf_life_days integer NOT NULL CHECK (shelf_life_days > 0),
    origin text NOT NULL,
    remark text NOT NULL DEFAULT '',
    purchase_reviewer text NOT NULL DEFAULT '',
    purchase_reviewer_name text NOT NULL DEFAULT '',
    purchase_result text NOT NULL DEFAULT '' CHECK (purchase_result IN ('', '通过', '驳回')),
    purchase_comment text NOT NULL DEFAULT '',
    purchase_at timestamptz,
    qualification_reviewer text NOT NULL DEFAULT '',
    qualification_reviewer_name text NOT NULL DEFAULT '',
    qualification_result text NOT NULL DEFAULT '' CHECK (qualification_result IN ('', '通过', '驳回')),
    qualification_comment text NOT NULL DEFAULT '',
    qualification_at timestamptz,
    return_reason text NOT NULL DEFAULT '',
    returned_at_step text NOT NULL DEFAULT '' CHECK (returned_at_step IN ('', '采购审核', '资质审核')),
    goods_code text NOT NULL DEFAULT '',
    created_by text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    submitted_at timestamptz,
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (tenant_id, apply_no),
    CHECK ((status = '通过') = (goods_code <> '')),
    FOREIGN KEY (tenant_id, supp_code) REFERENCES supplier (tenant_id, supp_code)
  )`,
  // One live application per barcode of a tenant: under review or approved (drafts and returned ones apart).
  sql`CREATE UNIQUE INDEX goods_apply_live_barcode ON goods_apply (tenant_id, barcode)
    WHERE status IN ('已提交', '采购审核', '资质审核', '通过')`,
  sql`CREATE INDEX goods_apply_supplier ON goods_apply (tenant_id, supp_code, updated_at)`,
  sql`CREATE INDEX goods_apply_status ON goods_apply (tenant_id, status, submitted_at)`,
  sql`CREATE TABLE goods_apply_file (
    apply_id bigint NOT NULL REFERENCES goods_apply (id) ON DELETE CASCADE,
    file_id uuid NOT NULL REFERENCES stored_file (id),
    seq integer NOT NULL,
    PRIMARY KEY (apply_id, file_id)
  )`,
  sql`CREATE TABLE goods_apply_ctf (
    apply_id bigint NOT NULL REFERENCES goods_apply (id) ON DELETE CASCADE,
    certificate_id bigint NOT NULL REFERENCES certificate (id),
    seq integer NOT NULL,
    PRIMARY KEY (apply_id, certificate_id)
  )`,
  // The supplier's menu entry and its button; staff review in ms0060 (新品申请审核).
  sql`INSERT INTO module (module_code, parent_code, name, path, component, icon, kind, hidden, audience, sort_no)
    VALUES ('ms0061', NULL, '新品申请', '/goodsApply', 'goods-apply/index', 'form', 'page', false, 'supplier', 9)
    ON CONFLICT (module_code) DO NOTHING`,
  sql`INSERT INTO module_button (module_code, button_code, name) VALUES ('ms0061', 'apply', '申请') ON CONFLICT DO NOTHING`,
  sql`INSERT INTO role_module (tenant_id, role_code, module_code)
    SELECT tenant_id, role_code, 'ms0061' FROM role WHERE role_code = 'admin' ON CONFLICT DO NOTHING`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM account_button WHERE module_code = 'ms0061'`.execute(db);
  await sql`DELETE FROM account_module WHERE module_code = 'ms0061'`.execute(db);
  await sql`DELETE FROM role_button WHERE module_code = 'ms0061'`.execute(db);
  await sql`DELETE FROM role_module WHERE module_code = 'ms0061'`.execute(db);
  await sql`DELETE FROM module_button WHERE module_code = 'ms0061'`.execute(db);
  await sql`DELETE FROM module WHERE module_code = 'ms0061'`.execute(db);
  await sql`DROP TABLE goods_apply_ctf`.execute(db);
  await sql`DROP TABLE goods_apply_file`.execute(db);
  await sql`DROP TABLE goods_apply`.execute(db);
}
