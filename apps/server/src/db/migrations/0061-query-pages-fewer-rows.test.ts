// 0061: up moves the demo's 门店月度验收汇总 and 滞销商品 onto fewer rollup rows where they are still as 0060 wrote them;
// down takes them back; a definition staff have edited stays theirs. What they answer:
// modules/dynamic-query/dynamic-query.test.ts (compared with the lines).
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers';
import type { Database } from '../database';
import { seedDemo } from '../seed/demo';
import { definitionChanges } from './0061-query-pages-fewer-rows';
import { migrationProvider } from './index';

let database: Database;
let migrator: Migrator;
beforeAll(async () => {
  database = await freshDatabase();
  migrator = new Migrator({ db: database.db, provider: migrationProvider });
});
afterAll(() => database.close());

const definitions = async () =>
  Object.fromEntries(
    (
      await sql<{ code: string; text: string }>`SELECT query_code AS code, sql_text AS text FROM dynamic_query
        WHERE tenant_id = 'demo' AND query_code IN ('RECV_BY_STORE_MONTH', 'SLOW_MOVERS')`.execute(database.db)
    ).rows.map((r) => [r.code, r.text]),
  );
const as = (version: 1 | 2) => Object.fromEntries(definitionChanges.map((d) => [d[0], d[version]]));

it('moves the seeded definitions onto fewer rollup rows and back; an edited one stays', async () => {
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  await seedDemo(database.db);
  expect(await definitions()).toEqual(as(2));
  expect((await migrator.migrateTo('0060-report-rollups')).error).toBeUndefined();
  expect(await definitions()).toEqual(as(1));
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect(await definitions()).toEqual(as(2));

  await sql`UPDATE dynamic_query SET sql_text = sql_text || ' ' WHERE query_code = 'SLOW_MOVERS'`.execute(database.db);
  expect((await migrator.migrateTo('0060-report-rollups')).error).toBeUndefined();
  expect(await definitions()).toEqual({ ...as(1), SLOW_MOVERS: `${as(2).SLOW_MOVERS} ` });
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect(await definitions()).toEqual({ ...as(2), SLOW_MOVERS: `${as(2).SLOW_MOVERS} ` });
});
