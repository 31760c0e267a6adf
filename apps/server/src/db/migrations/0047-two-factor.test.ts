// 0047 on a database that already has a tenant: the two-factor tables, the policy screen ms0127 held by admin, and
// no policy row (such a tenant gets the built-in default); back down, all of it goes.
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

it('adds the two-factor tables and the policy screen for admin, and removes them again', async () => {
  const db = database.db;
  await sql`INSERT INTO tenant (id, name, company_name) VALUES ('t1', 'T', 'T')`.execute(db);
  await sql`INSERT INTO role (tenant_id, role_code, role_name) VALUES ('t1', 'admin', '管理员'), ('t1', 'buyer', '采购员')`.execute(db);
  expect((await migrator.migrateTo('0047-two-factor')).error).toBeUndefined();
  const tables = await sql<{ tablename: string }>`SELECT tablename FROM pg_tables WHERE schemaname = 'public'
    AND tablename IN ('account_totp', 'account_recovery_code', 'mfa_challenge', 'session_step_up', 'mfa_policy') ORDER BY 1`.execute(db);
  expect(tables.rows.map((r) => r.tablename)).toEqual([
    'account_recovery_code',
    'account_totp',
    'mfa_challenge',
    'mfa_policy',
    'session_step_up',
  ]);
  expect(
    await db.selectFrom('module').select(['name', 'name_en', 'path', 'audience']).where('module_code', '=', 'ms0127').execute(),
  ).toEqual([{ name: '双重验证策略', name_en: 'Two-factor policy', path: '/mfaPolicy', audience: 'staff' }]);
  expect(await db.selectFrom('role_module').select('role_code').where('module_code', '=', 'ms0127').execute()).toEqual([
    { role_code: 'admin' },
  ]);
  expect(await db.selectFrom('mfa_policy').selectAll().execute()).toEqual([]);

  expect((await migrator.migrateTo('0046-audit-trail')).error).toBeUndefined();
  expect((await sql`SELECT 1 FROM pg_tables WHERE tablename = 'account_totp'`.execute(db)).rows).toEqual([]);
  expect(await db.selectFrom('module').select('module_code').where('module_code', '=', 'ms0127').execute()).toEqual([]);
});
