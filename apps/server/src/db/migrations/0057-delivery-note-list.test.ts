// 0057: the delivery-note list's first page reads an index in its order (newest first, the note number breaking a
// tie), for staff and for one supplier, with no sort step (test/plans: plans on empty tables with the scans off),
// also within a created-day range; down gives 0036's index back. The list itself: delivery-note.test.
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers';
import { indexNames, indexPlan } from '../../test/plans';
import type { Database } from '../database';
import { migrationProvider } from './index';
import { noteListIndexes } from './0057-delivery-note-list';

let database: Database;
let migrator: Migrator;
beforeAll(async () => {
  database = await freshDatabase();
  migrator = new Migrator({ db: database.db, provider: migrationProvider });
  expect((await migrator.migrateTo('0056-order-sort-indexes')).error).toBeUndefined();
});
afterAll(() => database.close());

const indexes = () => indexNames(database.db, 'delivery_note');

/** The plan of a first page of notes, for staff (`supplier` null) or one supplier, within a created range or not. */
const plan = (supplier: string | null, range: boolean) =>
  indexPlan(
    database.db,
    sql`SELECT note_number FROM delivery_note n WHERE n.tenant_id = 'demo' ${supplier ? sql`AND n.supp_code = ${supplier}` : sql``}
      ${range ? sql`AND n.created_at >= '2026-01-01 00:00+08' AND n.created_at < '2026-02-01 00:00+08'` : sql``}
      ORDER BY n.created_at DESC, n.note_number DESC LIMIT 20`,
  );

it('reads the list newest first from an index, for staff and for a supplier, and gives 0036’s index back on down', async () => {
  const before = await indexes();
  expect(before).toContain('delivery_note_supp');
  expect((await migrator.migrateTo('0057-delivery-note-list')).error).toBeUndefined();
  const after = await indexes();
  expect(after).toEqual([...before.filter((name) => name !== 'delivery_note_supp'), ...noteListIndexes.map(([name]) => name)].sort());
  for (const [supplier, index] of [
    [null, /delivery_note_tenant_list/],
    ['100001', /delivery_note_(supp|tenant)_list/],
  ] as const)
    for (const range of [false, true]) {
      const text = await plan(supplier, range);
      expect(text, `${supplier} ${range}`).toMatch(index);
      expect(text, `${supplier} ${range}`).not.toMatch(/\bSort\b/);
    }
  expect((await migrator.migrateTo('0056-order-sort-indexes')).error).toBeUndefined();
  expect(await indexes()).toEqual(before);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
