// 0059: up adds the index of the receiving detail's store sort with the newest lines first, down drops it; what it
// serves (both directions of the store sort read from an index): modules/acceptance/acceptance.test.ts.
import { Migrator } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers';
import { indexNames } from '../../test/plans';
import type { Database } from '../database';
import { migrationProvider } from './index';
import { storeNewestIndex } from './0059-receiving-store-sort-newest';

let database: Database;
let migrator: Migrator;
beforeAll(async () => {
  database = await freshDatabase();
  migrator = new Migrator({ db: database.db, provider: migrationProvider });
  expect((await migrator.migrateTo('0058-settlement-sort-indexes')).error).toBeUndefined();
});
afterAll(() => database.close());

it("adds the store sort's newest-first index, and drops it on down", async () => {
  const before = await indexNames(database.db, 'acceptance');
  expect(before).not.toContain(storeNewestIndex);
  expect((await migrator.migrateTo('0059-receiving-store-sort-newest')).error).toBeUndefined();
  expect((await indexNames(database.db, 'acceptance')).sort()).toEqual([...before, storeNewestIndex].sort());
  expect((await migrator.migrateTo('0058-settlement-sort-indexes')).error).toBeUndefined();
  expect(await indexNames(database.db, 'acceptance')).toEqual(before);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
