// 0042 on a database that already has a tenant: the message centre and the notification settings in the menu, held
// by every role and granted to every child account (main accounts hold every supplier module), and the indexes.
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

it('adds the two screens for every role and child account of an existing tenant', async () => {
  const db = database.db;
  await sql`INSERT INTO tenant (id, name, company_name) VALUES ('t1', 'T', 'T')`.execute(db);
  await sql`INSERT INTO role (tenant_id, role_code, role_name) VALUES ('t1', 'admin', '管理员'), ('t1', 'buyer', '采购员')`.execute(db);
  await sql`INSERT INTO supplier (tenant_id, supp_code, supp_name) VALUES ('t1', 'S1', '供应商')`.execute(db);
  await sql`INSERT INTO account (tenant_id, kind, employee_code, employee_name, supp_code, parent_code, password_hash, password_changed_at, build_date)
    VALUES ('t1', 'supplier', 'S1', '主账号', 'S1', NULL, 'x', now(), now()),
           ('t1', 'supplier', 'S1-01', '子账号', 'S1', 'S1', 'x', now(), now())`.execute(db);
  expect((await migrator.migrateTo('0042-notification-screens')).error).toBeUndefined();
  const modules = await db
    .selectFrom('module')
    .select(['module_code', 'path', 'component', 'audience'])
    .where('module_code', 'in', ['ms0120', 'ms0121'])
    .orderBy('module_code')
    .execute();
  expect(modules).toEqual([
    { module_code: 'ms0120', path: '/messages', component: 'notification/centre', audience: 'all' },
    { module_code: 'ms0121', path: '/notificationSettings', component: 'notification/settings', audience: 'all' },
  ]);
  const roles = await db
    .selectFrom('role_module')
    .select(['role_code', 'module_code'])
    .where('module_code', 'in', ['ms0120', 'ms0121'])
    .execute();
  expect(roles).toHaveLength(4);
  const children = await db
    .selectFrom('account_module as am')
    .innerJoin('account as a', 'a.id', 'am.account_id')
    .select(['a.employee_code', 'am.module_code'])
    .where('am.module_code', 'in', ['ms0120', 'ms0121'])
    .orderBy('am.module_code')
    .execute();
  expect(children).toEqual([
    { employee_code: 'S1-01', module_code: 'ms0120' },
    { employee_code: 'S1-01', module_code: 'ms0121' },
  ]);
  const indexes = await sql<{
    indexname: string;
  }>`SELECT indexname FROM pg_indexes WHERE tablename = 'event' AND indexname IN ('event_dispatch', 'event_notice')
    ORDER BY indexname`.execute(db);
  expect(indexes.rows.map((r) => r.indexname)).toEqual(['event_dispatch', 'event_notice']);
  expect((await migrator.migrateTo('0041-notifications')).error).toBeUndefined();
  expect((await db.selectFrom('module').select('module_code').where('module_code', '=', 'ms0120').execute()).length).toBe(0);
});
