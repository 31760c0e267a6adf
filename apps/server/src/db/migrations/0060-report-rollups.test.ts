// 0060: up adds the rollups' report views (and their unscoped twins for the planner), has the supplier views find a
// supplier's rows by index, and moves the demo's receiving definitions onto the daily rollup where they are as
// seeded; down takes all three back. What the views show a supplier
// and what the definitions answer: modules/dynamic-query/dynamic-query.test.ts.
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers';
import type { Database } from '../database';
import { seedDemo } from '../seed/demo';
import { migrationProvider } from './index';
import { demoDefinitions } from './0060-report-rollups';

let database: Database;
let migrator: Migrator;
beforeAll(async () => {
  database = await freshDatabase();
  migrator = new Migrator({ db: database.db, provider: migrationProvider });
});
afterAll(() => database.close());

const views = async () =>
  (
    await sql<{ v: string }>`SELECT table_schema || '.' || table_name AS v FROM information_schema.views
      WHERE table_name LIKE 'acceptance_%ly' ORDER BY 1`.execute(database.db)
  ).rows.map((r) => r.v);
/** The plan of a supplier's read of report.acceptance (sequential scans off: empty tables cost alike). */
const supplierPlan = () =>
  database.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    await sql`SELECT set_config('portal.report_tenant', 'demo', true), set_config('portal.report_supplier', '100001', true)`.execute(trx);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT * FROM report.acceptance`.execute(trx);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
const bySupplierIndex = /Index Cond: .*supp_code = current_setting\('portal\.report_supplier'/;
const definitions = async () =>
  Object.fromEntries(
    (
      await sql<{ code: string; text: string }>`SELECT query_code AS code, sql_text AS text FROM dynamic_query
        WHERE tenant_id = 'demo' AND query_code IN ('RECV_BY_STORE_MONTH', 'SLOW_MOVERS')`.execute(database.db)
    ).rows.map((r) => [r.code, r.text]),
  );

it('adds the views and moves the seeded definitions to the rollup; down takes both back, and an edited definition stays', async () => {
  // A tenant seeded with today's definitions, then taken back to before 0060 (as an existing database is).
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  await seedDemo(database.db);
  expect((await migrator.migrateTo('0059-receiving-store-sort-newest')).error).toBeUndefined();
  expect(await views()).toEqual([]);
  expect(await supplierPlan()).not.toMatch(bySupplierIndex);
  expect(await definitions()).toEqual(Object.fromEntries(demoDefinitions.map(([code, seeded]) => [code, seeded])));

  // To 0060 only: 0061 moves both definitions on again (its own test).
  expect((await migrator.migrateTo('0060-report-rollups')).error).toBeUndefined();
  expect(await views()).toEqual([
    'report.acceptance_daily',
    'report.acceptance_monthly',
    'report_estimate.acceptance_daily',
    'report_estimate.acceptance_monthly',
  ]);
  expect(await definitions()).toEqual(Object.fromEntries(demoDefinitions.map(([code, , now]) => [code, now])));
  // A supplier's rows are found by index (tenant and supplier), not by testing the settings on the tenant's rows.
  expect(await supplierPlan()).toMatch(bySupplierIndex);

  // A definition staff have changed since is theirs: neither way touches it.
  await sql`UPDATE dynamic_query SET sql_text = sql_text || ' ' WHERE query_code = 'SLOW_MOVERS'`.execute(database.db);
  expect((await migrator.migrateTo('0059-receiving-store-sort-newest')).error).toBeUndefined();
  expect((await definitions()).SLOW_MOVERS).toBe(`${demoDefinitions[1]![2]} `);
  expect((await definitions()).RECV_BY_STORE_MONTH).toBe(demoDefinitions[0]![1]);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
