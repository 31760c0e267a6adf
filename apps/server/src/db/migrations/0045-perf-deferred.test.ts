// 0045: the performance triggers stand back while a transaction has set portal.perf_deferred, fire again once it is
// off, and a perf_refresh of the touched orders then leaves the figures as a recompute has them; down restores the
// triggers that always fire.
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seededDatabase } from '../../test/helpers';
import type { Database } from '../database';
import { migrationProvider } from './index';

let database: Database;
beforeAll(async () => {
  database = await seededDatabase({ business: true });
}, 600_000);
afterAll(() => database.close());

/** The order's stored items and those computed afresh, as comparable text. */
async function itemsOf(bill: string) {
  const { rows } = await sql<{ stored: string; fresh: string }>`
    SELECT (SELECT string_agg(p::text, ';' ORDER BY item) FROM perf_item p WHERE tenant_id = 'demo' AND bill_number = ${bill}) AS stored,
           (SELECT string_agg(c::text, ';' ORDER BY item) FROM perf_compute('demo', ARRAY[${bill}]) c) AS fresh`.execute(database.db);
  return rows[0]!;
}

const whenClauses = () =>
  sql<{ n: number; conditional: number }>`
    SELECT count(*)::int AS n, count(*) FILTER (WHERE t.tgqual IS NOT NULL)::int AS conditional
    FROM pg_trigger t JOIN pg_proc f ON f.oid = t.tgfoid WHERE f.proname LIKE 'perf\\_%\\_changed'`
    .execute(database.db)
    .then((r) => r.rows[0]!);

it('holds the figures back while deferred and lets a refresh catch up', async () => {
  const { rows } = await sql<{ bill_number: string }>`
    SELECT bill_number FROM pur_order WHERE tenant_id = 'demo' AND status = '已确认' ORDER BY bill_number LIMIT 1`.execute(database.db);
  const bill = rows[0]!.bill_number;
  const before = await itemsOf(bill);
  expect(before.stored).toBe(before.fresh);
  await database.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL portal.perf_deferred = 'on'`.execute(trx);
    await sql`UPDATE pur_order SET confirmed_at = confirmed_at + interval '3 days' WHERE tenant_id = 'demo' AND bill_number = ${bill}`.execute(
      trx,
    );
    const held = await sql<{ stored: string; fresh: string }>`
      SELECT (SELECT string_agg(p::text, ';' ORDER BY item) FROM perf_item p WHERE tenant_id = 'demo' AND bill_number = ${bill}) AS stored,
             (SELECT string_agg(c::text, ';' ORDER BY item) FROM perf_compute('demo', ARRAY[${bill}]) c) AS fresh`.execute(trx);
    expect(held.rows[0]!.stored).toBe(before.stored);
    expect(held.rows[0]!.fresh).not.toBe(before.fresh);
    await sql`SET LOCAL portal.perf_deferred = 'off'`.execute(trx);
    await sql`SELECT perf_refresh(ARRAY[ARRAY['demo', ${bill}]])`.execute(trx);
  });
  const after = await itemsOf(bill);
  expect(after.stored).toBe(after.fresh);
  expect(after.stored).not.toBe(before.stored);
  // Not deferred: the trigger keeps the figures right by itself.
  await sql`UPDATE pur_order SET confirmed_at = confirmed_at - interval '3 days' WHERE tenant_id = 'demo' AND bill_number = ${bill}`.execute(
    database.db,
  );
  expect(await itemsOf(bill)).toEqual(before);
});

it('goes down to triggers that always fire, and up again', async () => {
  expect(await whenClauses()).toEqual({ n: 9, conditional: 9 });
  const migrator = new Migrator({ db: database.db, provider: migrationProvider });
  expect((await migrator.migrateTo('0044-order-settings')).error).toBeUndefined();
  expect(await whenClauses()).toEqual({ n: 9, conditional: 0 });
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect(await whenClauses()).toEqual({ n: 9, conditional: 9 });
});
