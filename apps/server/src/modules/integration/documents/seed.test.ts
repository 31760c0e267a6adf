// The demo seed through the integration service (source 'seed') writes the same orders, receiving, rollups, return
// notes, charges, prepayments and settlement as the database's bulk path, and leaves one batch row per call.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrateToLatest } from '../../../db/database';
import { seedDemo } from '../../../db/seed/demo';
import { seedIngest } from '../../../seed-ingest';
import { freshDatabase } from '../../../test/helpers';

const today = new Date('2026-11-23T08:00:00Z');
let bulk: Database;
let front: Database;

beforeAll(async () => {
  [bulk, front] = await Promise.all([freshDatabase(), freshDatabase()]);
  await migrateToLatest(bulk.db);
  await migrateToLatest(front.db);
  await seedDemo(bulk.db, today);
  // The bulk path has no service to receive the demo's delivery notes with: both leave them out.
  await seedDemo(front.db, today, { ingest: seedIngest, deliveryNotes: false });
}, 300_000);
afterAll(async () => {
  await bulk.close();
  await front.close();
});

const tables = {
  pur_order:
    'bill_number, supp_code, dept_code, category_code, order_date, valid_days, delivery_date, delivery_mode, order_type, status, total_qty, total_amount',
  pur_order_line: 'bill_number, line_no, goods_code, order_qty, received_qty, free_qty, price, amount, tax_rate',
  acceptance:
    'bill_number, line_no, supp_code, dept_code, acc_date, po_bill_number, goods_code, category_code, brand_code, accepted_qty, free_qty, price, amount, amount_excl, tax, tax_rate, settle_status',
  acceptance_daily: '*',
  acceptance_monthly: '*',
  return_note: '*',
  sam_charge:
    'charge_code, supp_code, dept_code, charge_type, charge_name, period, direction, amount, tax_rate, clause, calculation, charge_date, settle_status, dispute_status, dispute_note, dispute_by, dispute_at, answer_note, answer_by, answer_at, created_by',
  sam_bill_line: '*',
  sam_prepay: '*',
  sam_bill: 'bill_number, status, payable_amount, paid_amount',
} as const;

const fingerprint = async (database: Database, table: keyof typeof tables) =>
  (
    await sql<{ n: number; digest: string }>`SELECT count(*)::int AS n, md5(string_agg(x::text, ',' ORDER BY x::text)) AS digest
      FROM (SELECT ${sql.raw(tables[table])} FROM ${sql.table(table)}) x`.execute(database.db)
  ).rows[0]!;

describe('the demo seed through the integration service', () => {
  it.each(Object.keys(tables) as (keyof typeof tables)[])('writes the same %s as the bulk path', async (table) => {
    const [a, b] = [await fingerprint(bulk, table), await fingerprint(front, table)];
    expect(a.n).toBeGreaterThan(0);
    expect(b).toEqual(a);
  });

  it('leaves its batches in the log and every order and receiving bill in the version registry', async () => {
    const batches = await front.db.selectFrom('integration_batch').select(['source', 'entity', 'refused_count']).execute();
    expect(new Set(batches.map((b) => `${b.source} ${b.entity}`))).toEqual(
      new Set(['seed purchase-orders', 'seed receiving', 'seed returns', 'seed charges', 'seed payments']),
    );
    expect(batches.every((b) => b.refused_count === 0)).toBe(true);
    const registered = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM integration_document WHERE entity = 'purchase-orders'`.execute(front.db);
    const orders = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pur_order`.execute(front.db);
    expect(registered.rows[0]!.n).toBe(orders.rows[0]!.n);
  });
});
