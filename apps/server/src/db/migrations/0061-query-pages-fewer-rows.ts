// 0061: the demo's receiving query pages read fewer rollup rows (issue #34).
// - 滞销商品 (SLOW_MOVERS): 0060 had it take the latest day of every daily-rollup row of the supplier (at one million
//   lines 100001's 45,575 rows, 37 ms of the database's time a run, for 9 goods items). The monthly rollup names each
//   item's last month; the daily rows from the earliest of those months on hold every item's last day: one month of
//   rows where all items were received lately, never more than before.
// - 门店月度验收汇总 (RECV_BY_STORE_MONTH): the month a period ends in was read by day (two thirds of the rows of a year up
//   to today). It now counts whole from the monthly rollup when nothing was received later in that month than the
//   period's end (one probe of the daily rollup's date key): a period up to today.
// The definitions are changed only where a tenant still has them as 0060 wrote them; the answers are the same
// (modules/dynamic-query/dynamic-query.test.ts compares them with the lines).
import { type Kysely, sql } from 'kysely';
import { demoDefinitions } from './0060-report-rollups';

const as0060 = (code: string) => demoDefinitions.find(([c]) => c === code)![2];

const slowMovers = `WITH last_month AS (
  SELECT m.supp_code, m.goods_code, max(m.month) AS month FROM acceptance_monthly m GROUP BY m.supp_code, m.goods_code
), r AS (
  -- Every item's last day lies in its last month, and so on or after the earliest of them.
  SELECT a.supp_code, a.goods_code, max(a.acc_date) AS last_received
  FROM acceptance_daily a
  WHERE a.acc_date >= (SELECT min(month) FROM last_month)
  GROUP BY a.supp_code, a.goods_code
)
SELECT g.supp_code, g.goods_code, g.barcode, g.goods_name, c.category_name,
       r.last_received, (now() AT TIME ZONE 'Asia/Shanghai')::date - r.last_received AS days_since
FROM goods g
LEFT JOIN r ON r.goods_code = g.goods_code AND r.supp_code = g.supp_code
LEFT JOIN category c ON c.category_code = g.category_code
WHERE (:category IS NULL OR g.category_code = :category OR c.parent_category_code = :category)
  AND (:brand IS NULL OR g.brand_code = :brand)
  AND (r.last_received IS NULL OR r.last_received < (now() AT TIME ZONE 'Asia/Shanghai')::date - CAST(:days AS integer))
ORDER BY r.last_received NULLS FIRST, g.goods_code`;

/** 0060's `last` (the first day the period's end month is read by day from): that month's first day unless it ends on one. */
const lastBefore = `date_trunc('month', hi)::date AS last`;
const lastNow = `CASE WHEN date_trunc('month', hi)::date = hi THEN hi
              -- Nothing received later in the month the period ends in: its monthly row holds just the period's days.
              WHEN NOT EXISTS (SELECT 1 FROM acceptance_daily d WHERE d.acc_date >= hi AND d.acc_date < date_trunc('month', hi) + interval '1 month')
              THEN (date_trunc('month', hi) + interval '1 month')::date
              ELSE date_trunc('month', hi)::date END AS last`;
const storeMonthBefore = as0060('RECV_BY_STORE_MONTH');
if (!storeMonthBefore.includes(lastBefore)) throw new Error('0061: 0060 RECV_BY_STORE_MONTH no longer holds its `last`');
const storeMonth = storeMonthBefore
  .replace(lastBefore, lastNow)
  .replace(
    '-- The months wholly inside the period are [first, last); its days before first and from last on are read by day.',
    '-- The months wholly inside the period are [first, last) (the last one whole when nothing came after the period in\n  -- it); its days before first and from last on are read by day.',
  );

/** [code, as 0060 wrote it, now]. */
export const definitionChanges: [string, string, string][] = [
  ['RECV_BY_STORE_MONTH', storeMonthBefore, storeMonth],
  ['SLOW_MOVERS', as0060('SLOW_MOVERS'), slowMovers],
];

/** The demo's receiving definitions as they read now, by code (new tenants are seeded with these). */
export const currentDefinitions: Record<string, string> = Object.fromEntries(definitionChanges.map(([code, , now]) => [code, now]));

const change = async (db: Kysely<unknown>, from: 1 | 2, to: 1 | 2) => {
  for (const definition of definitionChanges)
    await sql`UPDATE dynamic_query SET sql_text = ${definition[to]} WHERE query_code = ${definition[0]} AND sql_text = ${definition[from]}`.execute(
      db,
    );
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await change(db, 1, 2);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await change(db, 2, 1);
}
