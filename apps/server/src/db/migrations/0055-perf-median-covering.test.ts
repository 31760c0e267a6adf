// 0055: the median hours to confirm is read from perf_item_answered alone (an index-only scan), with or without a
// store filter; down gives back 0040's index. The median's value is performance.test's.
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers';
import { indexNames, indexPlan } from '../../test/plans';
import type { Database } from '../database';
import { migrationProvider } from './index';

let database: Database;
let migrator: Migrator;
beforeAll(async () => {
  database = await freshDatabase();
  migrator = new Migrator({ db: database.db, provider: migrationProvider });
  expect((await migrator.migrateTo('0054-perf-receipts-by-order')).error).toBeUndefined();
});
afterAll(() => database.close());

const indexes = () => indexNames(database.db, 'perf_item');

/** The plan of the median's read, as the performance repo asks it (a store filter or none). */
const plan = (dept: boolean) =>
  indexPlan(
    database.db,
    sql`SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY i.confirm_minutes)
      FROM perf_item i WHERE i.tenant_id = 'demo' AND i.supp_code = '100001' AND i.item = 0 AND i.answered_orders = 1
        AND i.month BETWEEN '2026-01-01' AND '2026-12-01' ${dept ? sql`AND i.dept_code = 'D0001'` : sql``}`,
  );

it('answers the median from an index of answered orders alone, and gives back the index of 0040 on the way down', async () => {
  expect(await indexes()).toContain('perf_item_orders');
  expect((await migrator.migrateTo('0055-perf-median-covering')).error).toBeUndefined();
  expect(await indexes()).toEqual(['perf_item_answered', 'perf_item_pkey']);
  expect(await plan(false)).toContain('Index Only Scan using perf_item_answered');
  expect(await plan(true)).toContain('Index Only Scan using perf_item_answered');
  expect((await migrator.migrateTo('0054-perf-receipts-by-order')).error).toBeUndefined();
  expect(await indexes()).toEqual(['perf_item_orders', 'perf_item_pkey']);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
