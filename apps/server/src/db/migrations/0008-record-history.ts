// The generic history of stateful records (platform/workflow), taking over the child-account journal:
// its rows move over as record type 'employee', with the states the actions imply.
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`CREATE TABLE record_history (
    id bigserial PRIMARY KEY,
    tenant_id text NOT NULL,
    record_type text NOT NULL,
    record_id text NOT NULL,
    action text NOT NULL,
    from_status text,
    to_status text,
    actor_code text NOT NULL,
    actor_name text NOT NULL DEFAULT '',
    at timestamptz NOT NULL DEFAULT now(),
    note text NOT NULL DEFAULT '',
    detail jsonb NOT NULL DEFAULT '{}'
  )`,
  sql`CREATE INDEX record_history_record ON record_history (tenant_id, record_type, record_id, at, id)`,
  // Before the workflow, only enable, disable and create said which state they left.
  sql`INSERT INTO record_history (tenant_id, record_type, record_id, action, from_status, to_status, actor_code, actor_name, at, detail)
    SELECT au.tenant_id, 'employee', au.target_code, au.action,
      CASE au.action WHEN 'enable' THEN '0' WHEN 'disable' THEN '1' END,
      CASE au.action WHEN 'enable' THEN '1' WHEN 'disable' THEN '0' WHEN 'create' THEN '1' END,
      au.actor_code,
      coalesce((SELECT a.employee_name FROM account a WHERE a.tenant_id = au.tenant_id AND a.employee_code = au.actor_code ORDER BY a.id LIMIT 1), ''),
      au.at, au.detail
    FROM account_audit au ORDER BY au.id`,
  sql`DROP TABLE account_audit`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE account_audit (
    id bigserial PRIMARY KEY,
    tenant_id text NOT NULL,
    actor_code text NOT NULL,
    action text NOT NULL,
    target_code text NOT NULL,
    detail jsonb NOT NULL DEFAULT '{}',
    at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX account_audit_target ON account_audit (tenant_id, target_code, at)`.execute(db);
  await sql`INSERT INTO account_audit (tenant_id, actor_code, action, target_code, detail, at)
    SELECT tenant_id, actor_code, action, record_id, detail, at FROM record_history WHERE record_type = 'employee' ORDER BY id`.execute(db);
  await sql`DROP TABLE record_history`.execute(db);
}
