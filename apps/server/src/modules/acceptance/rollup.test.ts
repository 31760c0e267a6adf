// The daily rollup against the lines: every grouping and the totals over random windows, scopes and filters
// must equal the line-level SQL to the last digit, before and after lines are added, changed and removed.
import type { AccCondition } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../db/seed/random';
import type { DataScope } from '../../platform/scope';
import { createTestApp, type TestApp } from '../../test/helpers';
import type { Dimension } from './condition';
import * as repo from './repo';
import * as rollup from './rollup';

let t: TestApp;
let firstDay: string;
let lastDay: string;
let deptCodes: string[];
let goodsCodes: string[];
let brandCodes: string[];
let topCategories: string[];

beforeAll(async () => {
  t = await createTestApp({ business: true });
  const db = t.database.db;
  const span = await sql<{
    first: string;
    last: string;
  }>`SELECT min(acc_date)::text AS first, max(acc_date)::text AS last FROM acceptance`.execute(db);
  firstDay = span.rows[0]!.first;
  lastDay = span.rows[0]!.last;
  const distinct = async (column: 'dept_code' | 'goods_code' | 'brand_code') =>
    (await db.selectFrom('acceptance').select(column).distinct().orderBy(column).execute()).map((r) => r[column] as string);
  deptCodes = await distinct('dept_code');
  goodsCodes = await distinct('goods_code');
  brandCodes = await distinct('brand_code');
  topCategories = (await db.selectFrom('category').select('category_code').where('parent_category_code', 'is', null).execute()).map(
    (r) => r.category_code,
  );
});
afterAll(() => t.close());

const dimensions: Dimension[] = ['dept', 'goods', 'category', 'brand', 'day', 'month'];
const scopes: DataScope[] = [
  { tenantId: 'demo', suppCode: '100001' },
  { tenantId: 'demo', suppCode: '100002' },
  { tenantId: 'demo', suppCode: null },
];
const everything = { page: 1, limit: 100_000 };

const addDays = (day: string, days: number) => new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** Random windows (a day up to the whole span), each with a filter the rollup answers for the dimension. */
function windows(seed: number, count: number) {
  const random = seededRandom(seed);
  const span = daysBetween(firstDay, lastDay);
  return Array.from({ length: count }, () => {
    let start = addDays(firstDay, random.int(0, span));
    let end = addDays(start, random.int(0, Math.min(span, 400)));
    // Windows on month edges too: the rollup reads whole months from the monthly rows.
    if (random.chance(0.3)) start = `${start.slice(0, 7)}-01`;
    if (random.chance(0.3)) end = addDays(`${addDays(`${end.slice(0, 7)}-28`, 7).slice(0, 7)}-01`, -1);
    const by = random.pick(dimensions);
    const condition: AccCondition = { startDate: start, endDate: end };
    if (random.chance(0.3)) condition.deptCodes = deptCodes.filter(() => random.chance(0.5));
    if (by === 'goods' && random.chance(0.3)) condition.goods = random.pick(goodsCodes);
    if (by === 'brand' && random.chance(0.3)) condition.brandCodes = brandCodes.filter(() => random.chance(0.4));
    if (by === 'category' && random.chance(0.3)) condition.categoryCode = random.pick(topCategories);
    return { condition, by, scope: random.pick(scopes) };
  });
}

async function expectSameAsLines(seed: number, count: number) {
  let nonEmpty = 0;
  for (const { condition, by, scope } of windows(seed, count)) {
    expect(rollup.answers(condition, by)).toBe(true);
    const fromRollup = await repo.rollupGroups(t.database.db, scope, condition, by, everything);
    const fromLines = await repo.lineGroups(t.database.db, scope, condition, by, everything);
    expect({ condition, by, scope, ...fromRollup }).toEqual({ condition, by, scope, ...fromLines });
    if (fromLines.total > 0) nonEmpty++;
    if (rollup.answers(condition, 'total')) {
      expect(await rollup.totals(t.database.db, scope, condition)).toEqual(await repo.lineTotals(t.database.db, scope, condition));
    }
  }
  // The windows must mostly hold lines, or the comparison proves little.
  expect(nonEmpty).toBeGreaterThan(count / 2);
}

describe('receiving rollup', () => {
  it('answers every grouping and the totals exactly as the lines do, over random windows', async () => {
    await expectSameAsLines(2021, 60);
  });

  it('stays exact as lines are added to bills, changed, moved and removed', async () => {
    const db = t.database.db;
    const day = addDays(lastDay, -3);
    const line = (bill: string, lineNo: number, goods: string, category: string, brand: string, amount: string) => ({
      tenant_id: 'demo',
      bill_number: bill,
      line_no: lineNo,
      supp_code: '100001',
      dept_code: deptCodes[0]!,
      acc_date: day,
      goods_code: goods,
      category_code: category,
      brand_code: brand,
      accepted_qty: '3.5',
      free_qty: '0',
      price: '1',
      amount,
      amount_excl: '0.01',
      tax: (Number(amount) - 0.01).toFixed(2),
      tax_rate: '13',
    });
    const [g1, g2] = goodsCodes;
    // A new bill with the same goods twice and two categories.
    await db
      .insertInto('acceptance')
      .values([
        line('YSR-1', 2, g1!, 'C-A', 'B-A', '10.05'),
        line('YSR-1', 3, g1!, 'C-A', 'B-A', '0.10'),
        line('YSR-1', 4, g2!, 'C-B', 'B-A', '7.77'),
      ])
      .execute();
    // A line added in a later statement ahead of the others (the bill's first line moves) and one of a new brand.
    await db
      .insertInto('acceptance')
      .values([line('YSR-1', 1, g2!, 'C-B', 'B-B', '1.01')])
      .execute();
    await db
      .insertInto('acceptance')
      .values([line('YSR-1', 5, g2!, 'C-A', 'B-C', '2.02')])
      .execute();
    // Settling alone leaves the rollup as it is; changing a goods, an amount or a bill's date moves figures.
    await db.updateTable('acceptance').set({ settle_status: '结算中' }).where('bill_number', '=', 'YSR-1').execute();
    await db
      .updateTable('acceptance')
      .set({ goods_code: g2!, amount: '99.99' })
      .where('bill_number', '=', 'YSR-1')
      .where('line_no', '=', 2)
      .execute();
    const moved = await db
      .selectFrom('acceptance')
      .select('bill_number')
      .where('supp_code', '=', '100002')
      .limit(1)
      .executeTakeFirstOrThrow();
    await db.updateTable('acceptance').set({ acc_date: day }).where('bill_number', '=', moved.bill_number).execute();
    // A line removed from a bill, and a whole bill removed.
    await db.deleteFrom('acceptance').where('bill_number', '=', 'YSR-1').where('line_no', '=', 3).execute();
    const gone = await db
      .selectFrom('acceptance')
      .select('bill_number')
      .where('supp_code', '=', '100001')
      .limit(1)
      .executeTakeFirstOrThrow();
    await db.deleteFrom('acceptance').where('bill_number', '=', gone.bill_number).execute();

    const recent = { startDate: addDays(day, -1), endDate: addDays(day, 1) };
    for (const by of dimensions) {
      for (const scope of scopes) {
        expect(await repo.rollupGroups(db, scope, recent, by, everything)).toEqual(
          await repo.lineGroups(db, scope, recent, by, everything),
        );
      }
    }
    await expectSameAsLines(77, 30);
    // No emptied rows stay behind: every rollup row has lines.
    const empty = await db
      .selectFrom('acceptance_daily')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('line_count', '<=', 0)
      .executeTakeFirstOrThrow();
    expect(empty.n).toBe(0);
  });

  it('refuses a receiving bill whose lines name two dates (its counts could not add up)', async () => {
    const db = t.database.db;
    const existing = await db.selectFrom('acceptance').selectAll().limit(1).executeTakeFirstOrThrow();
    const other = { ...existing, line_no: 999, acc_date: addDays(existing.acc_date, 1) };
    await expect(db.insertInto('acceptance').values(other).execute()).rejects.toThrow(/more than one supplier, store or date/);
  });

  it('reads whole months from the monthly rows and the cut months by day', () => {
    expect(rollup.wholeMonths('2025-03-15', '2026-03-20')).toEqual({ first: '2025-04-01', last: '2026-02-28' });
    expect(rollup.wholeMonths('2025-03-01', '2025-03-31')).toEqual({ first: '2025-03-01', last: '2025-03-31' });
    expect(rollup.wholeMonths('2024-12-01', '2025-02-28')).toEqual({ first: '2024-12-01', last: '2025-02-28' });
    expect(rollup.wholeMonths('2025-03-02', '2025-04-30')).toEqual({ first: '2025-04-01', last: '2025-04-30' });
    expect(rollup.wholeMonths('2025-03-02', '2025-04-29')).toBeUndefined();
  });

  it('leaves conditions it cannot count exactly to the lines', () => {
    const window = { startDate: firstDay, endDate: lastDay };
    expect(rollup.answers({ ...window, billNumber: 'YS' }, 'dept')).toBe(false);
    expect(rollup.answers({ ...window, brandCodes: ['B001'] }, 'category')).toBe(false);
    expect(rollup.answers({ ...window, categoryCode: '10' }, 'total')).toBe(false);
    expect(rollup.answers({ ...window, deptCodes: ['S0101'] }, 'total')).toBe(true);
  });
});
