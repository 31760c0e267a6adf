// 0061: 滞销商品 (SLOW_MOVERS) finds each goods item's last receiving day in the last months only (issue #34).
// 0060 had it take the latest day of every daily-rollup row of the supplier (at one million lines 100001's 45,575
// rows, 37 ms of the database's time a run, for 9 goods items). The monthly rollup names each item's last month;
// the daily rows from the earliest of those months on hold every item's last day: one month of rows where all
// items were received lately, never more than before. The demo definition is changed only where a tenant still has
// it as 0060 wrote it; the answer is the same (modules/dynamic-query/dynamic-query.test.ts compares it with the lines).
import { type Kysely, sql } from 'kysely';
import { demoDefinitions } from './0060-report-rollups';

const code = 'SLOW_MOVERS';
const before = demoDefinitions.find(([c]) => c === code)![2];

export const slowMoversNow = `WITH last_month AS (
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

/** The demo's receiving definitions as they read now, by code (new tenants are seeded with these). */
export const currentDefinitions: Record<string, string> = {
  ...Object.fromEntries(demoDefinitions.map(([c, , now]) => [c, now])),
  [code]: slowMoversNow,
};

const change = (db: Kysely<unknown>, from: string, to: string) =>
  sql`UPDATE dynamic_query SET sql_text = ${to} WHERE query_code = ${code} AND sql_text = ${from}`.execute(db);

export async function up(db: Kysely<unknown>): Promise<void> {
  await change(db, before, slowMoversNow);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await change(db, slowMoversNow, before);
}
