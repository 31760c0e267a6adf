// Base data screens (spec section 1: brand, category, department, business options): a staff folder
// 基础资料 with a page each; the business-option module (0010) gets its page there. Held by every tenant's
// admin role; the demo buyer role reads brands and categories.
import { type Kysely, sql } from 'kysely';

const pages = [
  ['ms0091', '品牌', '/baseBrand', 'base-data/brand', 1],
  ['ms0092', '商品类别', '/baseCategory', 'base-data/category', 2],
  ['ms0093', '门店与配送中心', '/baseDept', 'base-data/dept', 3],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO module (module_code, parent_code, name, path, component, icon, kind, hidden, audience, sort_no)
    VALUES ('ms0090', NULL, '基础资料', '/baseData', '', 'tree-table', 'folder', false, 'staff', 90)
    ON CONFLICT (module_code) DO NOTHING`.execute(db);
  for (const [code, name, path, component, sortNo] of pages) {
    await sql`INSERT INTO module (module_code, parent_code, name, path, component, icon, kind, hidden, audience, sort_no)
      VALUES (${code}, 'ms0090', ${name}, ${path}, ${component}, '', 'page', false, 'staff', ${90 + sortNo})
      ON CONFLICT (module_code) DO NOTHING`.execute(db);
  }
  await sql`UPDATE module SET parent_code = 'ms0090', name = '业务选项', component = 'base-data/bus-option', hidden = false, sort_no = 94
    WHERE module_code = 'ms0081'`.execute(db);
  await sql`INSERT INTO role_module (tenant_id, role_code, module_code)
    SELECT r.tenant_id, r.role_code, m.code FROM role r
    CROSS JOIN (VALUES ('ms0090'), ('ms0091'), ('ms0092'), ('ms0093')) AS m(code)
    WHERE r.role_code = 'admin'
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE module SET parent_code = NULL, name = '业务选项维护', component = '', hidden = true, sort_no = 101
    WHERE module_code = 'ms0081'`.execute(db);
  await sql`DELETE FROM role_module WHERE module_code IN ('ms0090', 'ms0091', 'ms0092', 'ms0093')`.execute(db);
  await sql`DELETE FROM module WHERE module_code IN ('ms0091', 'ms0092', 'ms0093', 'ms0090')`.execute(db);
}
