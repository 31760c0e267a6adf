// 0053: the rollup triggers read their transition tables and the touched bills' lines through the key; the rollups
// they leave after new bills, lines added to stored bills, changes, moves and removals are exactly those 0021's
// triggers leave (down restores those), and a new bill naming two dates in one statement is refused as before.
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seededDatabase } from '../../test/helpers';
import type { Database } from '../database';
import type { DB } from '../schema';
import * as m0053 from './0053-receiving-rollup-fast';

let database: Database;
beforeAll(async () => {
  database = await seededDatabase({ business: true });
}, 600_000);
afterAll(() => database.close());

/** Statements of every kind on acceptance, then both rollups. */
async function writeAndRead(trx: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ bill_number: string; supp_code: string; dept_code: string; acc_date: string; goods_code: string }>`
    SELECT bill_number, supp_code, dept_code, acc_date::text, goods_code FROM acceptance
    WHERE tenant_id = 'demo' ORDER BY bill_number, line_no LIMIT 1`.execute(trx);
  const stored = rows[0]!;
  const goods = await sql<{ goods_code: string; category_code: string; brand_code: string }>`
    SELECT goods_code, category_code, brand_code FROM goods WHERE tenant_id = 'demo' ORDER BY goods_code LIMIT 3`.execute(trx);
  const [g1, g2, g3] = goods.rows;
  const line = (bill: string, lineNo: number, g: typeof g1, amount: string, date = stored.acc_date) =>
    sql`(${'demo'}, ${bill}, ${lineNo}, ${stored.supp_code}, ${stored.dept_code}, ${date}::date, ${g!.goods_code}, ${g!.category_code},
      ${g!.brand_code}, 2.5, 1, ${amount}::numeric, ${amount}::numeric - 0.10, 0.10, 13)`;
  const insert = (values: ReturnType<typeof line>[]) =>
    sql`INSERT INTO acceptance (tenant_id, bill_number, line_no, supp_code, dept_code, acc_date, goods_code, category_code, brand_code,
      accepted_qty, price, amount, amount_excl, tax, tax_rate) VALUES ${sql.join(values)}`.execute(trx);
  // New bills (the same goods twice in one), lines added to a stored bill ahead of its first, an update of a line and
  // of a whole bill's date, a line and a whole bill removed, and an upsert that changes nothing.
  await insert([
    line('R57-1', 1, g1, '10.05'),
    line('R57-1', 2, g1, '0.35'),
    line('R57-1', 3, g2, '7.77'),
    line('R57-2', 1, g3, '3.30'),
    line('R57-3', 1, g2, '4.40'),
    line('R57-3', 2, g1, '5.50'),
  ]);
  await insert([line(stored.bill_number, 0, g2, '1.01'), line(stored.bill_number, 900, g3, '2.02')]);
  await sql`UPDATE acceptance SET goods_code = ${g3!.goods_code}, brand_code = ${g3!.brand_code}, amount = 99.99
    WHERE tenant_id = 'demo' AND bill_number = 'R57-1' AND line_no = 2`.execute(trx);
  await sql`UPDATE acceptance SET acc_date = acc_date - 40 WHERE tenant_id = 'demo' AND bill_number = 'R57-2'`.execute(trx);
  await sql`DELETE FROM acceptance WHERE tenant_id = 'demo' AND bill_number = ${stored.bill_number} AND line_no = 0`.execute(trx);
  await sql`DELETE FROM acceptance WHERE tenant_id = 'demo' AND bill_number = 'R57-1' AND line_no = 3`.execute(trx);
  await sql`DELETE FROM acceptance WHERE tenant_id = 'demo' AND bill_number = 'R57-3'`.execute(trx);
  await sql`INSERT INTO acceptance SELECT * FROM acceptance WHERE tenant_id = 'demo' AND bill_number = 'R57-2'
    ON CONFLICT (tenant_id, bill_number, line_no) DO UPDATE SET amount = excluded.amount`.execute(trx);
  return readRollups(trx);
}

/** Both rollups as text (the whole tables, in key order). */
async function readRollups(db: Kysely<DB>): Promise<string[]> {
  const tables = await sql<{ daily: string; monthly: string }>`
    SELECT (SELECT string_agg(d::text, ';' ORDER BY d.tenant_id, d.supp_code, d.acc_date, d.dept_code, d.goods_code, d.category_code, d.brand_code)
              FROM acceptance_daily d) AS daily,
           (SELECT string_agg(m::text, ';' ORDER BY m.tenant_id, m.supp_code, m.acc_date, m.dept_code, m.goods_code, m.category_code, m.brand_code)
              FROM acceptance_monthly m) AS monthly`.execute(db);
  return [tables.rows[0]!.daily, tables.rows[0]!.monthly];
}

/** Runs `work` in a transaction rolled back after, answering what it answered. */
async function rolledBack<T>(work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  let answer: T | undefined;
  await database.db
    .transaction()
    .execute(async (trx) => {
      answer = await work(trx);
      throw new Error('roll back');
    })
    .catch((err: Error) => {
      if (err.message !== 'roll back') throw err;
    });
  return answer!;
}

it('leaves the rollups exactly as the triggers of 0021 do', async () => {
  const untouched = await readRollups(database.db);
  const fast = await rolledBack(writeAndRead);
  const arrays = await rolledBack(async (trx) => {
    await m0053.down(trx as Kysely<unknown>);
    return writeAndRead(trx);
  });
  expect(fast).toEqual(arrays);
  // The statements moved figures (not a comparison of two untouched tables), and both rolled back.
  expect(fast[0]).not.toEqual(untouched[0]);
  expect(fast[1]).not.toEqual(untouched[1]);
  expect(await readRollups(database.db)).toEqual(untouched);
});

it('refuses a new bill whose lines name two dates in one statement', async () => {
  const { rows } = await sql<{ supp_code: string; goods_code: string; category_code: string; brand_code: string }>`
    SELECT supp_code, goods_code, category_code, brand_code FROM goods WHERE tenant_id = 'demo' ORDER BY goods_code LIMIT 1`.execute(
    database.db,
  );
  const g = rows[0]!;
  const values = [1, 2].map(
    (
      n,
    ) => sql`('demo', 'R57-MIXED', ${n}, ${g.supp_code}, 'S001', current_date - ${n}::int, ${g.goods_code}, ${g.category_code}, ${g.brand_code},
      1, 1, 1, 0.88, 0.12, 13)`,
  );
  await expect(
    sql`INSERT INTO acceptance (tenant_id, bill_number, line_no, supp_code, dept_code, acc_date, goods_code, category_code, brand_code,
      accepted_qty, price, amount, amount_excl, tax, tax_rate) VALUES ${sql.join(values)}`.execute(database.db),
  ).rejects.toThrow(/more than one supplier, store or date/);
});
