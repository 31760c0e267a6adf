// 0054: perf_compute's join of receipts names only lines with an order, so the partial index of receiving by order
// serves it; down gives back 0040's text. The figures themselves are performance.test's.
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
  expect((await migrator.migrateTo('0053-receiving-rollup-fast')).error).toBeUndefined();
});
afterAll(() => database.close());

const definition = async () =>
  (await sql<{ def: string }>`SELECT pg_get_functiondef('perf_compute(text, text[])'::regprocedure) AS def`.execute(database.db)).rows[0]!
    .def;

/** The plan of the receipts' look-up for one order line, as perf_compute joins them. */
const plan = () =>
  database.db.transaction().execute(async (trx) => {
    // The tables are empty: without this a scan of them is as cheap as any index.
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT * FROM pur_order_line l JOIN acceptance a
      ON a.tenant_id = l.tenant_id AND a.po_bill_number = l.bill_number AND a.goods_code = l.goods_code AND a.po_bill_number <> ''
      WHERE l.tenant_id = 'demo' AND l.bill_number = 'PO-1'`.execute(trx);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });

it('adds the order condition to the receipts join, which the partial index then serves, and takes it away again', async () => {
  const original = await definition();
  expect(original).not.toContain("a.po_bill_number <> ''");
  expect((await migrator.migrateTo('0054-perf-receipts-by-order')).error).toBeUndefined();
  const changed = await definition();
  expect(changed).toContain("AND a.goods_code = l.goods_code AND a.po_bill_number <> ''");
  expect(changed.replace(" AND a.po_bill_number <> ''", '')).toBe(original);
  expect(await plan()).toContain('acceptance_po_goods');
  expect((await migrator.migrateTo('0053-receiving-rollup-fast')).error).toBeUndefined();
  expect(await definition()).toBe(original);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
