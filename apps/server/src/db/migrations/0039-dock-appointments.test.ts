// 0039 on a database that already has a tenant: the two menu entries, the supplier module's buttons, the board
// for the roles admin and receiving (no other), and the booking horizon of 14 days.
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
});
afterAll(() => database.close());

it('adds the dock menus, buttons, grants and horizon to an existing tenant', async () => {
  await sql`INSERT INTO tenant (id, name, company_name) VALUES ('t1', 'T', 'T')`.execute(database.db);
  await sql`INSERT INTO role (tenant_id, role_code, role_name) VALUES ('t1', 'admin', '管理员'), ('t1', 'receiving', '收货员'),
    ('t1', 'buyer', '采购员')`.execute(database.db);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const db = database.db;
  const modules = await db
    .selectFrom('module')
    .select(['module_code', 'path', 'audience'])
    .where('module_code', 'in', ['ms0116', 'ms0117'])
    .orderBy('module_code')
    .execute();
  expect(modules).toEqual([
    { module_code: 'ms0116', path: '/deliveryBooking', audience: 'supplier' },
    { module_code: 'ms0117', path: '/dockBoard', audience: 'staff' },
  ]);
  const buttons = await db
    .selectFrom('module_button')
    .select('button_code')
    .where('module_code', '=', 'ms0116')
    .orderBy('button_code')
    .execute();
  expect(buttons.map((b) => b.button_code)).toEqual(['book', 'cancel']);
  const roles = await db.selectFrom('role_module').select('role_code').where('module_code', '=', 'ms0117').orderBy('role_code').execute();
  expect(roles.map((r) => r.role_code)).toEqual(['admin', 'receiving']);
  const horizon = await db
    .selectFrom('system_param')
    .select('parameter_value')
    .where('parameter_code', '=', 'bookingHorizonDays')
    .execute();
  expect(horizon).toEqual([{ parameter_value: '14' }]);
});
