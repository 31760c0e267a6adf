// 0052 gives each sort of the receiving detail but the date's an index of one supplier's lines in that order
// (then bill, line and date), and down takes them away again.
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers';
import type { Database } from '../database';
import { receivingSortIndexes, sortIndexColumns } from './0052-receiving-sort-indexes';
import { migrationProvider } from './index';

let database: Database;
let migrator: Migrator;
beforeAll(async () => {
  database = await freshDatabase();
  migrator = new Migrator({ db: database.db, provider: migrationProvider });
  expect((await migrator.migrateTo('0051-audit-viewer')).error).toBeUndefined();
});
afterAll(() => database.close());

const sortIndexes = async () =>
  (
    await sql<{ indexname: string; indexdef: string }>`SELECT indexname, indexdef FROM pg_indexes
      WHERE tablename = 'acceptance' AND indexname LIKE 'acceptance_sort_%' ORDER BY indexname`.execute(database.db)
  ).rows;

it('indexes a supplier’s lines by each sortable column then the date, and takes the indexes away again', async () => {
  expect(await sortIndexes()).toEqual([]);
  expect((await migrator.migrateTo('0052-receiving-sort-indexes')).error).toBeUndefined();
  const made = await sortIndexes();
  expect(made).toHaveLength(receivingSortIndexes.length);
  for (const [name, column] of receivingSortIndexes)
    expect(made.find((i) => i.indexname === `acceptance_sort_${name}`)?.indexdef).toContain(
      `(tenant_id, supp_code, ${sortIndexColumns(column)})`,
    );
  expect((await migrator.migrateTo('0051-audit-viewer')).error).toBeUndefined();
  expect(await sortIndexes()).toEqual([]);
});
