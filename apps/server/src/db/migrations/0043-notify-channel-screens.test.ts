// 0043 on a database that already has a tenant: 通知渠道 for staff (the admin role holds it, no other), 群机器人 for
// suppliers (main accounts hold every supplier module), and the queue's claim index without digest rows.
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

it('adds the channel screens and grants 通知渠道 to admin', async () => {
  await sql`INSERT INTO tenant (id, name, company_name) VALUES ('t1', 'T', 'T')`.execute(database.db);
  await sql`INSERT INTO role (tenant_id, role_code, role_name) VALUES ('t1', 'admin', '管理员'), ('t1', 'buyer', '采购员')`.execute(
    database.db,
  );
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const db = database.db;
  const modules = await db
    .selectFrom('module')
    .select(['module_code', 'name', 'name_en', 'path', 'component', 'audience'])
    .where('module_code', 'in', ['ms0122', 'ms0123'])
    .orderBy('module_code')
    .execute();
  expect(modules).toEqual([
    {
      module_code: 'ms0122',
      name: '通知渠道',
      name_en: 'Notification channels',
      path: '/notifyChannels',
      component: 'notify-delivery/channels',
      audience: 'staff',
    },
    {
      module_code: 'ms0123',
      name: '群机器人',
      name_en: 'Group robots',
      path: '/groupRobots',
      component: 'notify-delivery/robots',
      audience: 'supplier',
    },
  ]);
  const roles = await db
    .selectFrom('role_module')
    .select(['role_code', 'module_code'])
    .where('module_code', 'in', ['ms0122', 'ms0123'])
    .execute();
  expect(roles).toEqual([{ role_code: 'admin', module_code: 'ms0122' }]);
  const indexes = await sql<{
    indexname: string;
  }>`SELECT indexname FROM pg_indexes WHERE tablename = 'delivery' ORDER BY indexname`.execute(db);
  expect(indexes.rows.map((r) => r.indexname)).toEqual(expect.arrayContaining(['delivery_due_now', 'delivery_digest']));

  // And back: the rows and indexes go.
  expect((await migrator.migrateTo('0041-notifications')).error).toBeUndefined();
  expect(await db.selectFrom('module').select('module_code').where('module_code', 'in', ['ms0122', 'ms0123']).execute()).toEqual([]);
});
