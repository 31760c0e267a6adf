// 0060: query pages (issue #34) may read the receiving rollups (0021's acceptance_daily and acceptance_monthly) as
// report views, scoped like 0018's (tenant, and supplier unless '*'), and the demo's two receiving definitions read
// the daily one instead of every line. A query page that grouped a supplier's year of lines scanned them all (and at
// ten million lines its plan's estimate passed DYNAMIC_QUERY_MAX_COST, so it was refused); the rollup holds a row per
// day, store and goods item. The demo definitions are changed only where a tenant still has them as seeded.
import { type Kysely, sql } from 'kysely';
import { reportRole } from './0018-dynamic-query';

/** The rollups' columns a report reads (not tenant_id); the monthly one's date is the month's first day, as `month`. */
const measures = 'line_count, qty, amount_excl, tax, amount, bills, goods_bills, category_bills, brand_bills';
export const rollupViews = [
  ['acceptance_daily', `supp_code, acc_date, dept_code, goods_code, category_code, brand_code, ${measures}`],
  ['acceptance_monthly', `supp_code, acc_date AS month, dept_code, goods_code, category_code, brand_code, ${measures}`],
] as const;

const scoped = `WHERE t.tenant_id = current_setting('portal.report_tenant', true)
  AND (current_setting('portal.report_supplier', true) = '*' OR t.supp_code = current_setting('portal.report_supplier', true))`;

/** The demo definitions as 0018's seed wrote them, and as they read now: [code, as seeded, now]. */
export const demoDefinitions: [string, string, string][] = [
  [
    'RECV_BY_STORE_MONTH',
    `SELECT a.supp_code, a.dept_code, s.dept_name AS store_name, to_char(a.acc_date, 'YYYY-MM') AS month,
       count(DISTINCT a.bill_number) AS bills, sum(a.accepted_qty) AS qty, sum(a.amount) AS amount, sum(a.tax) AS tax
FROM acceptance a
JOIN store s ON s.dept_code = a.dept_code
WHERE a.acc_date <@ :period
  AND (:stores IS NULL OR a.dept_code = ANY(:stores))
  AND (:supplier IS NULL OR a.supp_code = :supplier)
  AND (:goods IS NULL OR a.goods_code = :goods)
GROUP BY a.supp_code, a.dept_code, s.dept_name, to_char(a.acc_date, 'YYYY-MM')
ORDER BY month DESC, a.dept_code`,
    `SELECT a.supp_code, a.dept_code, s.dept_name AS store_name, to_char(a.acc_date, 'YYYY-MM') AS month,
       sum(CASE WHEN :goods IS NULL THEN a.bills ELSE a.goods_bills END) AS bills, sum(a.qty) AS qty, sum(a.amount) AS amount, sum(a.tax) AS tax
FROM acceptance_daily a
JOIN store s ON s.dept_code = a.dept_code
WHERE a.acc_date <@ :period
  AND (:stores IS NULL OR a.dept_code = ANY(:stores))
  AND (:supplier IS NULL OR a.supp_code = :supplier)
  AND (:goods IS NULL OR a.goods_code = :goods)
GROUP BY a.supp_code, a.dept_code, s.dept_name, to_char(a.acc_date, 'YYYY-MM')
ORDER BY month DESC, a.dept_code`,
  ],
  [
    'SLOW_MOVERS',
    `SELECT g.supp_code, g.goods_code, g.barcode, g.goods_name, c.category_name,
       max(a.acc_date) AS last_received, (now() AT TIME ZONE 'Asia/Shanghai')::date - max(a.acc_date) AS days_since
FROM goods g
LEFT JOIN acceptance a ON a.goods_code = g.goods_code AND a.supp_code = g.supp_code
LEFT JOIN category c ON c.category_code = g.category_code
WHERE (:category IS NULL OR g.category_code = :category OR c.parent_category_code = :category)
  AND (:brand IS NULL OR g.brand_code = :brand)
GROUP BY g.supp_code, g.goods_code, g.barcode, g.goods_name, c.category_name
HAVING max(a.acc_date) IS NULL OR max(a.acc_date) < (now() AT TIME ZONE 'Asia/Shanghai')::date - CAST(:days AS integer)
ORDER BY last_received NULLS FIRST, g.goods_code`,
    `SELECT g.supp_code, g.goods_code, g.barcode, g.goods_name, c.category_name,
       max(a.acc_date) AS last_received, (now() AT TIME ZONE 'Asia/Shanghai')::date - max(a.acc_date) AS days_since
FROM goods g
LEFT JOIN acceptance_daily a ON a.goods_code = g.goods_code AND a.supp_code = g.supp_code
LEFT JOIN category c ON c.category_code = g.category_code
WHERE (:category IS NULL OR g.category_code = :category OR c.parent_category_code = :category)
  AND (:brand IS NULL OR g.brand_code = :brand)
GROUP BY g.supp_code, g.goods_code, g.barcode, g.goods_name, c.category_name
HAVING max(a.acc_date) IS NULL OR max(a.acc_date) < (now() AT TIME ZONE 'Asia/Shanghai')::date - CAST(:days AS integer)
ORDER BY last_received NULLS FIRST, g.goods_code`,
  ],
];

const setDefinitions = async (db: Kysely<unknown>, from: 1 | 2, to: 1 | 2) => {
  for (const definition of demoDefinitions)
    await sql`UPDATE dynamic_query SET sql_text = ${definition[to]} WHERE query_code = ${definition[0]} AND sql_text = ${definition[from]}`.execute(
      db,
    );
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [view, columns] of rollupViews) {
    // security_barrier, as 0018's: the scope applies before any condition of the report.
    await sql.raw(`CREATE VIEW report.${view} WITH (security_barrier) AS SELECT ${columns} FROM public.${view} t ${scoped}`).execute(db);
    await sql.raw(`CREATE VIEW report_estimate.${view} AS SELECT ${columns} FROM public.${view} t`).execute(db);
  }
  await sql
    .raw(
      `DO $$ BEGIN
        IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${reportRole}') THEN
          ${rollupViews.map(([view]) => `GRANT SELECT ON report.${view} TO ${reportRole};`).join('\n')}
        END IF;
      EXCEPTION WHEN insufficient_privilege THEN NULL;
      END $$`,
    )
    .execute(db);
  await setDefinitions(db, 1, 2);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await setDefinitions(db, 2, 1);
  for (const [view] of rollupViews) {
    await sql.raw(`DROP VIEW IF EXISTS report.${view}`).execute(db);
    await sql.raw(`DROP VIEW IF EXISTS report_estimate.${view}`).execute(db);
  }
}
