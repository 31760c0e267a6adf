// 0061: up moves the demo's 滞销商品 from every daily-rollup row to the months since each item's last one, where it
// is still as 0060 wrote it; down takes it back; a definition staff have edited stays theirs. What it answers:
// modules/dynamic-query/dynamic-query.test.ts ("finds each goods item's last receiving day as the lines do").
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers';
import type { Database } from '../database';
import { seedDemo } from '../seed/demo';
import { demoDefinitions } from './0060-report-rollups';
import { slowMoversNow } from './0061-slow-movers-by-month';
import { migrationProvider } from './index';

let database: Database;
let migrator: Migrator;
beforeAll(async () => {
  database = await freshDatabase();
  migrator = new Migrator({ db: database.db, provider: migrationProvider });
});
afterAll(() => database.close());

const slowMovers = async () =>
  (
    await sql<{ text: string }>`SELECT sql_text AS text FROM dynamic_query WHERE tenant_id = 'demo' AND query_code = 'SLOW_MOVERS'`.execute(
      database.db,
    )
  ).rows[0]!.text;
const as0060 = demoDefinitions.find(([code]) => code === 'SLOW_MOVERS')![2];

it('moves the seeded 滞销商品 onto the monthly rollup and back; an edited one stays', async () => {
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  await seedDemo(database.db);
  expect(await slowMovers()).toBe(slowMoversNow);
  expect((await migrator.migrateTo('0060-report-rollups')).error).toBeUndefined();
  expect(await slowMovers()).toBe(as0060);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect(await slowMovers()).toBe(slowMoversNow);

  await sql`UPDATE dynamic_query SET sql_text = sql_text || ' ' WHERE query_code = 'SLOW_MOVERS'`.execute(database.db);
  expect((await migrator.migrateTo('0060-report-rollups')).error).toBeUndefined();
  expect(await slowMovers()).toBe(`${slowMoversNow} `);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect(await slowMovers()).toBe(`${slowMoversNow} `);
});
