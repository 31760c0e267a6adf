// The child-account journal moves into the generic history with the states its actions imply.
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
  expect((await migrator.migrateTo('0007-usage-module')).error).toBeUndefined();
});
afterAll(() => database.close());

it('moves every journal row to record_history and keeps who did what to which account', async () => {
  await sql`INSERT INTO tenant (id, name, company_name) VALUES ('t1', 'T', 'T')`.execute(database.db);
  await sql`INSERT INTO account_audit (tenant_id, actor_code, action, target_code, detail, at) VALUES
    ('t1', '100001', 'create', '100001-02', '{"name":"王"}', '2026-01-01T00:00:00Z'),
    ('t1', '100001', 'disable', '100001-02', '{}', '2026-01-02T00:00:00Z'),
    ('t1', '100001', 'grant', '100001-02', '{"moduleCodes":["ms0014"]}', '2026-01-03T00:00:00Z')`.execute(database.db);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const rows = await database.db
    .selectFrom('record_history')
    .select(['tenant_id', 'record_type', 'record_id', 'action', 'from_status', 'to_status', 'actor_code', 'detail'])
    .orderBy('id')
    .execute();
  expect(rows).toEqual([
    {
      tenant_id: 't1',
      record_type: 'employee',
      record_id: '100001-02',
      action: 'create',
      from_status: null,
      to_status: '1',
      actor_code: '100001',
      detail: { name: '王' },
    },
    {
      tenant_id: 't1',
      record_type: 'employee',
      record_id: '100001-02',
      action: 'disable',
      from_status: '1',
      to_status: '0',
      actor_code: '100001',
      detail: {},
    },
    {
      tenant_id: 't1',
      record_type: 'employee',
      record_id: '100001-02',
      action: 'grant',
      from_status: null,
      to_status: null,
      actor_code: '100001',
      detail: { moduleCodes: ['ms0014'] },
    },
  ]);
  expect((await migrator.migrateTo('0007-usage-module')).error).toBeUndefined();
  const back = await sql<{ n: number }>`SELECT count(*)::int AS n FROM account_audit`.execute(database.db);
  expect(back.rows[0]!.n).toBe(3);
});
