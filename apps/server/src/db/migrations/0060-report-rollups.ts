// 0060: query pages at size (issue #34).
// - The receiving rollups (0021's acceptance_daily and acceptance_monthly) become report views, scoped like 0018's
//   (tenant, and supplier unless '*'), and the demo's two receiving definitions read the daily one instead of every
//   line: a query page that grouped a supplier's year of lines scanned them all (at ten million lines 31-59 s a page
//   at 20 concurrent, 2-3 s at one million); the rollup holds a row per day, store and goods item.
//   The demo definitions are changed only where a tenant still has them as seeded.
// - Every supplier-scoped view reads a supplier's rows by index. 0018's `(setting = '*' OR supp_code = setting)` could
//   not start an index scan, so a supplier's report scanned the tenant's rows and tested the settings on each: the
//   views are now two branches, each behind a one-time test of the setting (staff: the tenant's rows; a supplier:
//   `tenant_id` and `supp_code` as index conditions). What a view answers is unchanged, unset settings included.
import { type Kysely, sql } from 'kysely';
import { reportRole, views as reportViews } from './0018-dynamic-query';

/** The rollups' columns a report reads (not tenant_id); the monthly one's date is the month's first day, as `month`. */
const measures = 'line_count, qty, amount_excl, tax, amount, bills, goods_bills, category_bills, brand_bills';
export const rollupViews = [
  ['acceptance_daily', `supp_code, acc_date, dept_code, goods_code, category_code, brand_code, ${measures}`],
  ['acceptance_monthly', `supp_code, acc_date AS month, dept_code, goods_code, category_code, brand_code, ${measures}`],
] as const;

const tenant = `t.tenant_id = current_setting('portal.report_tenant', true)`;
const supplier = `current_setting('portal.report_supplier', true)`;
/** 0018's body: the supplier's condition a filter on every row of the tenant. */
const oneScan = (columns: string, source: string) =>
  `SELECT ${columns} FROM public.${source} t WHERE ${tenant} AND (${supplier} = '*' OR t.supp_code = ${supplier})`;
/** Staff's branch or a supplier's, chosen once per run (a Result node's one-time filter); unset settings answer nothing. */
const branches = (columns: string, source: string) =>
  `SELECT ${columns} FROM public.${source} t WHERE ${tenant} AND ${supplier} = '*'
   UNION ALL
   SELECT ${columns} FROM public.${source} t WHERE ${tenant} AND ${supplier} <> '*' AND t.supp_code = ${supplier}`;

/** Every supplier-scoped view: [view, source table, columns]. */
const supplierViews: [string, string, string][] = [
  ...reportViews
    .filter(([, , bySupplier]) => bySupplier)
    .map(([view, source, , columns]): [string, string, string] => [view, source, columns]),
  ...rollupViews.map(([view, columns]): [string, string, string] => [view, view, columns]),
];
const isRollup = (view: string) => rollupViews.some(([name]) => name === view);

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
    `WITH p AS (
  SELECT coalesce(lower(:period), '-infinity') AS lo, coalesce(upper(:period), 'infinity') AS hi
), cut AS (
  -- The months wholly inside the period are [first, last); its days before first and from last on are read by day.
  SELECT lo, hi, CASE WHEN date_trunc('month', lo)::date = lo THEN lo ELSE (date_trunc('month', lo) + interval '1 month')::date END AS first,
         date_trunc('month', hi)::date AS last
  FROM p
), r AS (
  SELECT m.supp_code, m.dept_code, m.month, CASE WHEN :goods IS NULL THEN m.bills ELSE m.goods_bills END AS bills, m.qty, m.amount, m.tax
  FROM acceptance_monthly m
  WHERE m.month >= (SELECT first FROM cut) AND m.month < (SELECT last FROM cut)
    AND (:stores IS NULL OR m.dept_code = ANY(:stores))
    AND (:supplier IS NULL OR m.supp_code = :supplier)
    AND (:goods IS NULL OR m.goods_code = :goods)
  UNION ALL
  SELECT a.supp_code, a.dept_code, date_trunc('month', a.acc_date)::date, CASE WHEN :goods IS NULL THEN a.bills ELSE a.goods_bills END,
         a.qty, a.amount, a.tax
  FROM acceptance_daily a
  WHERE a.acc_date >= (SELECT lo FROM cut) AND a.acc_date < least((SELECT first FROM cut), (SELECT hi FROM cut))
    AND (:stores IS NULL OR a.dept_code = ANY(:stores))
    AND (:supplier IS NULL OR a.supp_code = :supplier)
    AND (:goods IS NULL OR a.goods_code = :goods)
  UNION ALL
  SELECT a.supp_code, a.dept_code, date_trunc('month', a.acc_date)::date, CASE WHEN :goods IS NULL THEN a.bills ELSE a.goods_bills END,
         a.qty, a.amount, a.tax
  FROM acceptance_daily a
  WHERE a.acc_date >= greatest((SELECT last FROM cut), (SELECT first FROM cut), (SELECT lo FROM cut)) AND a.acc_date < (SELECT hi FROM cut)
    AND (:stores IS NULL OR a.dept_code = ANY(:stores))
    AND (:supplier IS NULL OR a.supp_code = :supplier)
    AND (:goods IS NULL OR a.goods_code = :goods)
)
SELECT r.supp_code, r.dept_code, s.dept_name AS store_name, to_char(r.month, 'YYYY-MM') AS month,
       sum(r.bills) AS bills, sum(r.qty) AS qty, sum(r.amount) AS amount, sum(r.tax) AS tax
FROM r
JOIN store s ON s.dept_code = r.dept_code
GROUP BY r.supp_code, r.dept_code, s.dept_name, r.month
ORDER BY month DESC, r.dept_code, r.supp_code`,
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
       r.last_received, (now() AT TIME ZONE 'Asia/Shanghai')::date - r.last_received AS days_since
FROM goods g
LEFT JOIN (SELECT a.supp_code, a.goods_code, max(a.acc_date) AS last_received FROM acceptance_daily a GROUP BY a.supp_code, a.goods_code) r
  ON r.goods_code = g.goods_code AND r.supp_code = g.supp_code
LEFT JOIN category c ON c.category_code = g.category_code
WHERE (:category IS NULL OR g.category_code = :category OR c.parent_category_code = :category)
  AND (:brand IS NULL OR g.brand_code = :brand)
  AND (r.last_received IS NULL OR r.last_received < (now() AT TIME ZONE 'Asia/Shanghai')::date - CAST(:days AS integer))
ORDER BY r.last_received NULLS FIRST, g.goods_code`,
  ],
];

const setDefinitions = async (db: Kysely<unknown>, from: 1 | 2, to: 1 | 2) => {
  for (const definition of demoDefinitions)
    await sql`UPDATE dynamic_query SET sql_text = ${definition[to]} WHERE query_code = ${definition[0]} AND sql_text = ${definition[from]}`.execute(
      db,
    );
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [view, source, columns] of supplierViews) {
    // security_barrier, as 0018's: the scope applies before any condition of the report.
    await sql.raw(`CREATE OR REPLACE VIEW report.${view} WITH (security_barrier) AS ${branches(columns, source)}`).execute(db);
    if (isRollup(view)) await sql.raw(`CREATE VIEW report_estimate.${view} AS SELECT ${columns} FROM public.${source} t`).execute(db);
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
  for (const [view, source, columns] of supplierViews) {
    if (isRollup(view)) {
      await sql.raw(`DROP VIEW IF EXISTS report.${view}`).execute(db);
      await sql.raw(`DROP VIEW IF EXISTS report_estimate.${view}`).execute(db);
    } else await sql.raw(`CREATE OR REPLACE VIEW report.${view} WITH (security_barrier) AS ${oneScan(columns, source)}`).execute(db);
  }
}
