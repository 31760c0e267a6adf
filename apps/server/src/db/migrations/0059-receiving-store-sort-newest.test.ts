// 0059: up adds the indexes of the receiving detail's store and goods sorts with the newest lines first, down drops
// them; what they serve (both directions of each sort read from an index): modules/acceptance/acceptance.test.ts.
import { Migrator } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers';
import { indexNames } from '../../test/plans';
import type { Database } from '../database';
import { migrationProvider } from './index';
import { newestFirstIndexes } from './0059-receiving-store-sort-newest';

let database: Database;
let migrator: Migrator;
beforeAll(async () => {
  database = await freshDatabase();
  migrator = new Migrator({ db: database.db, provider: migrationProvider });
  expect((await migrator.migrateTo('0058-settlement-sort-indexes')).error).toBeUndefined();
});
afterAll(() => database.close());

it("adds the store and goods sorts' newest-first indexes, and drops them on down", async () => {
  const before = await indexNames(database.db, 'acceptance');
  const added = newestFirstIndexes.map(([name]) => name);
  expect(before).not.toContain(added[0]);
  expect((await migrator.migrateTo('0059-receiving-store-sort-newest')).error).toBeUndefined();
  expect((await indexNames(database.db, 'acceptance')).sort()).toEqual([...before, ...added].sort());
  expect((await migrator.migrateTo('0058-settlement-sort-indexes')).error).toBeUndefined();
  expect(await indexNames(database.db, 'acceptance')).toEqual(before);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
