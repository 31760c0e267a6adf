// 0058: up adds the bill and charge lists' sort indexes, down drops them again; what they serve (every sort of the
// lists, read from an index): modules/settlement/list-plans.test.ts.
import { Migrator } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers';
import { indexNames } from '../../test/plans';
import type { Database } from '../database';
import { migrationProvider } from './index';
import { settlementSortIndexes } from './0058-settlement-sort-indexes';

let database: Database;
let migrator: Migrator;
beforeAll(async () => {
  database = await freshDatabase();
  migrator = new Migrator({ db: database.db, provider: migrationProvider });
  expect((await migrator.migrateTo('0057-delivery-note-list')).error).toBeUndefined();
});
afterAll(() => database.close());

const names = async () => [...(await indexNames(database.db, 'sam_bill')), ...(await indexNames(database.db, 'sam_charge'))].sort();

it('adds the sort indexes of bills and charges, and drops them on down', async () => {
  const before = await names();
  expect((await migrator.migrateTo('0058-settlement-sort-indexes')).error).toBeUndefined();
  expect(await names()).toEqual([...before, ...settlementSortIndexes.map(([, name]) => name)].sort());
  expect((await migrator.migrateTo('0057-delivery-note-list')).error).toBeUndefined();
  expect(await names()).toEqual(before);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
