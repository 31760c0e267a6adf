// 0062: up gives the receiving rollups room for their rows' next versions (fillfactor), down takes it back. What
// that gains (the rollups' updates heap-only) is a figure of bench:ingest (docs/benchmarks.md), not a test.
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers';
import type { Database } from '../database';
import { migrationProvider } from './index';
import { rollupFillfactors } from './0062-rollup-room-for-updates';

let database: Database;
let migrator: Migrator;
beforeAll(async () => {
  database = await freshDatabase();
  migrator = new Migrator({ db: database.db, provider: migrationProvider });
  expect((await migrator.migrateTo('0061-query-pages-fewer-rows')).error).toBeUndefined();
});
afterAll(() => database.close());

const options = async () =>
  Object.fromEntries(
    (
      await sql<{ relname: string; reloptions: string[] | null }>`SELECT relname, reloptions FROM pg_class
        WHERE relname IN ('acceptance_daily', 'acceptance_monthly') AND relkind = 'r'`.execute(database.db)
    ).rows.map((r) => [r.relname, r.reloptions ?? []]),
  );

it('sets the rollups’ fillfactor on up and resets it on down', async () => {
  expect(await options()).toEqual({ acceptance_daily: [], acceptance_monthly: [] });
  expect((await migrator.migrateTo('0062-rollup-room-for-updates')).error).toBeUndefined();
  expect(await options()).toEqual(Object.fromEntries(rollupFillfactors.map(([table, fill]) => [table, [`fillfactor=${fill}`]])));
  expect((await migrator.migrateTo('0061-query-pages-fewer-rows')).error).toBeUndefined();
  expect(await options()).toEqual({ acceptance_daily: [], acceptance_monthly: [] });
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
