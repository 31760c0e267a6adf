// Certificates: the tenant's types, a supplier's certificates (review state of the workflow, expiry marks
// of the daily job, the certificate each replaced), their files in the file store, and the runs of daily
// jobs, one row per job and day so that several server processes run a job once.
import { type Kysely, sql } from 'kysely';
import { defaultCertificateTypes } from '../certificate-types';

const statements = [
  sql`CREATE TABLE certificate_type (
    tenant_id text NOT NULL,
    type_code text NOT NULL,
    type_name text NOT NULL,
    scope text NOT NULL CHECK (scope IN ('supplier', 'goods')),
    mandatory boolean NOT NULL DEFAULT false,
    annual_review boolean NOT NULL DEFAULT false,
    enabled boolean NOT NULL DEFAULT true,
    sort_no integer NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, type_code)
  )`,
  sql`CREATE TABLE certificate (
    id bigserial PRIMARY KEY,
    tenant_id text NOT NULL,
    supp_code text NOT NULL,
    type_code text NOT NULL,
    barcode text NOT NULL DEFAULT '',
    goods_name text NOT NULL DEFAULT '',
    approval_number text NOT NULL DEFAULT '',
    ctf_number text NOT NULL,
    ctf_name text NOT NULL,
    issuer text NOT NULL DEFAULT '',
    valid_from date,
    valid_to date NOT NULL,
    next_review_date date,
    status text NOT NULL CHECK (status IN ('未提交', '已提交', '已审核', '审核退回')),
    expiry_state text NOT NULL DEFAULT '正常' CHECK (expiry_state IN ('正常', '到期预警', '年审预警', '已过期')),
    warn_level integer,
    return_reason text NOT NULL DEFAULT '',
    is_current boolean NOT NULL DEFAULT true,
    replaced_by bigint REFERENCES certificate (id),
    created_by text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    FOREIGN KEY (tenant_id, type_code) REFERENCES certificate_type (tenant_id, type_code)
  )`,
  // One current certificate per supplier, type and goods item ('' for a supplier's own types).
  sql`CREATE UNIQUE INDEX certificate_current ON certificate (tenant_id, supp_code, type_code, barcode) WHERE is_current`,
  sql`CREATE INDEX certificate_expiry ON certificate (tenant_id, valid_to) WHERE is_current`,
  sql`CREATE INDEX certificate_status ON certificate (tenant_id, status, updated_at) WHERE is_current`,
  sql`CREATE TABLE certificate_file (
    certificate_id bigint NOT NULL REFERENCES certificate (id) ON DELETE CASCADE,
    file_id uuid NOT NULL REFERENCES stored_file (id),
    seq integer NOT NULL,
    PRIMARY KEY (certificate_id, file_id)
  )`,
  sql`CREATE TABLE job_run (
    job text NOT NULL,
    run_date date NOT NULL,
    started_at timestamptz NOT NULL DEFAULT now(),
    result jsonb NOT NULL DEFAULT '{}',
    PRIMARY KEY (job, run_date)
  )`,
  // The module's upload button: main accounts hold it, child accounts when granted (the seed adds it on a new database).
  sql`INSERT INTO module_button (module_code, button_code, name)
    SELECT 'ms0040', 'upload', '上传' WHERE EXISTS (SELECT 1 FROM module WHERE module_code = 'ms0040')
    ON CONFLICT DO NOTHING`,
  sql`INSERT INTO role_button (tenant_id, role_code, module_code, button_code)
    SELECT r.tenant_id, r.role_code, 'ms0040', b.button_code FROM role r JOIN module_button b ON b.module_code = 'ms0040'
    WHERE r.role_code = 'admin'
    ON CONFLICT DO NOTHING`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
  for (const [i, t] of defaultCertificateTypes.entries()) {
    await sql`INSERT INTO certificate_type (tenant_id, type_code, type_name, scope, mandatory, annual_review, sort_no)
      SELECT id, ${t.typeCode}, ${t.typeName}, ${t.scope}, ${t.mandatory}, ${t.annualReview}, ${i + 1} FROM tenant`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM role_button WHERE module_code = 'ms0040'`.execute(db);
  await sql`DELETE FROM module_button WHERE module_code = 'ms0040'`.execute(db);
  for (const table of ['job_run', 'certificate_file', 'certificate', 'certificate_type'])
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
}
