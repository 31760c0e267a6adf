// 0044 on a database that already has a tenant: the staff menu entry 订单协同设置 for the admin role only; down
// removes it with the settings' history.
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
  expect((await migrator.migrateTo('0041-notifications')).error).toBeUndefined();
});
afterAll(() => database.close());

it('adds the settings screen to an existing tenant for its admin role, and takes it away again', async () => {
  await sql`INSERT INTO tenant (id, name, company_name) VALUES ('t1', 'T', 'T')`.execute(database.db);
  await sql`INSERT INTO role (tenant_id, role_code, role_name) VALUES ('t1', 'admin', '管理员'), ('t1', 'receiving', '收货员')`.execute(
    database.db,
  );
  expect((await migrator.migrateTo('0044-order-settings')).error).toBeUndefined();
  const db = database.db;
  expect(await db.selectFrom('module').select(['path', 'component', 'audience']).where('module_code', '=', 'ms0124').execute()).toEqual([
    { path: '/orderSettings', component: 'order-settings/index', audience: 'staff' },
  ]);
  expect(await db.selectFrom('role_module').select('role_code').where('module_code', '=', 'ms0124').execute()).toEqual([
    { role_code: 'admin' },
  ]);
  expect((await migrator.migrateTo('0041-notifications')).error).toBeUndefined();
  expect(await db.selectFrom('module').select('module_code').where('module_code', '=', 'ms0124').execute()).toEqual([]);
});
