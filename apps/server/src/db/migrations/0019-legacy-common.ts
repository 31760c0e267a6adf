// Accounting units (核算单位, ms0094) get their page in the base-data folder, and suppliers read the base data
// that concerns them: the folder and its brand, category, store and accounting-unit pages open to both audiences
// (the lists are scoped on the server; only staff change base data). Business options stay staff only.
import { type Kysely, sql } from 'kysely';

const sharedPages = ['ms0090', 'ms0091', 'ms0092', 'ms0093', 'ms0094'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO module (module_code, parent_code, name, path, component, icon, kind, hidden, audience, sort_no)
    VALUES ('ms0094', 'ms0090', '核算单位', '/baseAccUnit', 'base-data/acc-unit', '', 'page', false, 'all', 95)
    ON CONFLICT (module_code) DO NOTHING`.execute(db);
  await sql`UPDATE module SET audience = 'all' WHERE module_code IN (${sql.join(sharedPages)})`.execute(db);
  await sql`INSERT INTO role_module (tenant_id, role_code, module_code)
    SELECT tenant_id, role_code, 'ms0094' FROM role WHERE role_code = 'admin'
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM account_module WHERE module_code IN (${sql.join(sharedPages)})`.execute(db);
  await sql`DELETE FROM role_module WHERE module_code = 'ms0094'`.execute(db);
  await sql`DELETE FROM module WHERE module_code = 'ms0094'`.execute(db);
  await sql`UPDATE module SET audience = 'staff' WHERE module_code IN (${sql.join(sharedPages)})`.execute(db);
}
