// The demo data: deterministic, consistent sums, two years of receiving for every demo supplier.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers';
import { type Database, migrateToLatest } from '../database';
import { growAcceptance } from './business';
import { seedDemo } from './demo';

const today = new Date('2026-11-23T08:00:00Z');
let first: Database;
let second: Database;

beforeAll(async () => {
  [first, second] = await Promise.all([freshDatabase(), freshDatabase()]);
  for (const database of [first, second]) {
    await migrateToLatest(database.db);
    await seedDemo(database.db, today);
  }
});
afterAll(async () => {
  await first.close();
  await second.close();
});

const fingerprint = (database: Database) =>
  sql<{ rows: number; amount: string; digest: string }>`
    SELECT count(*)::int AS rows, sum(amount)::text AS amount,
           md5(string_agg(bill_number || ':' || line_no || ':' || goods_code || ':' || amount, ',' ORDER BY bill_number, line_no)) AS digest
    FROM acceptance`
    .execute(database.db)
    .then((r) => r.rows[0]!);

describe('demo seed', () => {
  it('is the same data on every run for the same day', async () => {
    expect(await fingerprint(first)).toEqual(await fingerprint(second));
  });

  it('has receiving lines for every demo supplier across the last two years', async () => {
    const { rows } = await sql<{ supp_code: string; first: string; last: string; n: number }>`
      SELECT supp_code, min(acc_date)::text AS first, max(acc_date)::text AS last, count(*)::int AS n
      FROM acceptance GROUP BY supp_code ORDER BY supp_code`.execute(first.db);
    expect(rows.map((r) => r.supp_code)).toEqual(['100001', '100002', '100003', '100004', '100005']);
    for (const row of rows) {
      expect(row.first < '2025-01-15').toBe(true);
      expect(row.last > '2026-11-01').toBe(true);
      expect(row.n).toBeGreaterThan(100);
    }
  });

  it('keeps amount = excl. tax + tax on every line and order totals equal to their lines', async () => {
    const bad = await sql<{ n: number }>`SELECT count(*)::int AS n FROM acceptance WHERE amount <> amount_excl + tax`.execute(first.db);
    expect(bad.rows[0]!.n).toBe(0);
    const mismatched = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pur_order o
      JOIN (SELECT bill_number, sum(amount) AS amount FROM pur_order_line GROUP BY bill_number) l USING (bill_number)
      WHERE o.total_amount <> l.amount`.execute(first.db);
    expect(mismatched.rows[0]!.n).toBe(0);
  });

  it('computes settlement payables from their parts', async () => {
    const { rows } = await sql<{ n: number; bad: number }>`
      SELECT count(*)::int AS n,
             count(*) FILTER (WHERE payable_amount <> goods_amount + return_amount + charge_amount + prepay_amount)::int AS bad
      FROM sam_bill`.execute(first.db);
    expect(rows[0]!.n).toBeGreaterThan(30);
    expect(rows[0]!.bad).toBe(0);
  });

  it('grows the receiving lines to a requested count', async () => {
    const before = (await fingerprint(second)).rows;
    const count = await growAcceptance(second.db, 'demo', before + 2500, today);
    expect(count).toBe(before + 2500);
    expect((await fingerprint(second)).rows).toBe(before + 2500);
  });
});
