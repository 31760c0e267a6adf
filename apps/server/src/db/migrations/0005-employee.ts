// Employee profile fields of child accounts, and the journal of who managed which account.
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`ALTER TABLE account
    ADD COLUMN position text NOT NULL DEFAULT '',
    ADD COLUMN remark text NOT NULL DEFAULT '',
    ADD COLUMN sex text NOT NULL DEFAULT '' CHECK (sex IN ('', '男', '女')),
    ADD COLUMN card_no text NOT NULL DEFAULT '',
    ADD COLUMN profiles text NOT NULL DEFAULT '',
    ADD COLUMN head_pic_url text NOT NULL DEFAULT '',
    ADD COLUMN wx_qr_code text NOT NULL DEFAULT '',
    ADD COLUMN login_name text NOT NULL DEFAULT '',
    ADD COLUMN dept_code text NOT NULL DEFAULT ''`,
  sql`CREATE UNIQUE INDEX account_phone_unique ON account (tenant_id, kind, mov_phone) WHERE mov_phone <> '' AND parent_code IS NOT NULL`,
  sql`CREATE TABLE account_audit (
    id bigserial PRIMARY KEY,
    tenant_id text NOT NULL,
    actor_code text NOT NULL,
    action text NOT NULL,
    target_code text NOT NULL,
    detail jsonb NOT NULL DEFAULT '{}',
    at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX account_audit_target ON account_audit (tenant_id, target_code, at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS account_audit`.execute(db);
  await sql`DROP INDEX IF EXISTS account_phone_unique`.execute(db);
  await sql`ALTER TABLE account DROP COLUMN position, DROP COLUMN remark, DROP COLUMN sex, DROP COLUMN card_no,
    DROP COLUMN profiles, DROP COLUMN head_pic_url, DROP COLUMN wx_qr_code, DROP COLUMN login_name, DROP COLUMN dept_code`.execute(db);
}
