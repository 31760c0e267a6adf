// 0051 on a database that already has a tenant: 审计日志 with its export for the admin role only, 操作日志 for
// suppliers (main accounts hold it by audience, nobody is granted it); down takes both away.
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
  expect((await migrator.migrateTo('0046-audit-trail')).error).toBeUndefined();
});
afterAll(() => database.close());

it('adds the two screens, gives the admin role the staff one with its export, and takes them away again', async () => {
  await sql`INSERT INTO tenant (id, name, company_name) VALUES ('t1', 'T', 'T')`.execute(database.db);
  await sql`INSERT INTO role (tenant_id, role_code, role_name) VALUES ('t1', 'admin', '管理员'), ('t1', 'buyer', '采购员')`.execute(
    database.db,
  );
  expect((await migrator.migrateTo('0051-audit-viewer')).error).toBeUndefined();
  const db = database.db;
  expect(
    await db
      .selectFrom('module')
      .select(['module_code', 'name', 'name_en', 'path', 'component', 'audience'])
      .where('module_code', 'in', ['ms0125', 'ms0126'])
      .orderBy('module_code')
      .execute(),
  ).toEqual([
    { module_code: 'ms0125', name: '审计日志', name_en: 'Audit trail', path: '/auditTrail', component: 'audit/trail', audience: 'staff' },
    {
      module_code: 'ms0126',
      name: '操作日志',
      name_en: 'Activity log',
      path: '/activityLog',
      component: 'audit/activity',
      audience: 'supplier',
    },
  ]);
  expect(await db.selectFrom('role_module').select('role_code').where('module_code', 'in', ['ms0125', 'ms0126']).execute()).toEqual([
    { role_code: 'admin' },
  ]);
  expect(
    await db.selectFrom('role_button').select(['role_code', 'module_code', 'button_code']).where('module_code', '=', 'ms0125').execute(),
  ).toEqual([{ role_code: 'admin', module_code: 'ms0125', button_code: 'export' }]);
  expect(
    await db
      .selectFrom('module_button')
      .select('module_code')
      .where('button_code', '=', 'export')
      .where('module_code', 'in', ['ms0125', 'ms0126'])
      .orderBy('module_code')
      .execute(),
  ).toEqual([{ module_code: 'ms0125' }, { module_code: 'ms0126' }]);
  expect((await migrator.migrateTo('0046-audit-trail')).error).toBeUndefined();
  expect(await db.selectFrom('module').select('module_code').where('module_code', 'in', ['ms0125', 'ms0126']).execute()).toEqual([]);
  expect(await db.selectFrom('role_button').select('module_code').where('module_code', '=', 'ms0125').execute()).toEqual([]);
});
