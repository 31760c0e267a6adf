// A tenant from before delivery notes gets the 收货员 role holding 收货 and the home page, its admin both new screens
// and their buttons, and the two parameters at 0; 0038 undoes and redoes cleanly.
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers';
import type { Database } from '../database';
import { migrationProvider } from './index';

let database: Database;
let migrator: Migrator;
beforeAll(async () => {
  database = await freshDatabase();
  migrator = new Migrator({ db: database.db, provider: migrationProvider });
  expect((await migrator.migrateTo('0036-order-collaboration')).error).toBeUndefined();
  await sql`INSERT INTO tenant (id, name, company_name) VALUES ('t1', 'T', 'T 公司')`.execute(database.db);
  await sql`INSERT INTO role (tenant_id, role_code, role_name) VALUES ('t1', 'admin', '系统管理员')`.execute(database.db);
  // The home page, as the seed's menu has it.
  await sql`INSERT INTO module (module_code, name, path, component) VALUES ('ms0014', '首页', '/dashboard', 'dashboard/index')
    ON CONFLICT DO NOTHING`.execute(database.db);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
afterAll(() => database.close());

const grants = async () => ({
  modules: (
    await sql<{ g: string }>`SELECT role_code || ' ' || module_code AS g FROM role_module WHERE tenant_id = 't1' ORDER BY 1`.execute(
      database.db,
    )
  ).rows.map((r) => r.g),
  buttons: (
    await sql<{
      g: string;
    }>`SELECT role_code || ' ' || module_code || ' ' || button_code AS g FROM role_button WHERE tenant_id = 't1' ORDER BY 1`.execute(
      database.db,
    )
  ).rows.map((r) => r.g),
  params: (
    await sql<{
      g: string;
    }>`SELECT parameter_code || '=' || parameter_value AS g FROM system_param WHERE tenant_id = 't1' ORDER BY 1`.execute(database.db)
  ).rows.map((r) => r.g),
});

it('gives an existing tenant the receiving role, the screens and the parameters', async () => {
  const g = await grants();
  expect(g.modules).toEqual(expect.arrayContaining(['admin ms0114', 'admin ms0115', 'receiving ms0014', 'receiving ms0115']));
  expect(g.buttons).toEqual(expect.arrayContaining(['admin ms0114 print', 'admin ms0115 receive', 'receiving ms0115 receive']));
  expect(g.buttons.filter((b) => b.startsWith('admin ms0114'))).toEqual(['admin ms0114 print']);
  expect(g.params).toEqual(expect.arrayContaining(['minShelfLifeRatio=0', 'overDeliveryPercent=0']));
});

it('undoes and redoes', async () => {
  const before = await grants();
  expect((await migrator.migrateDown()).error).toBeUndefined();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect(await grants()).toEqual(before);
});
