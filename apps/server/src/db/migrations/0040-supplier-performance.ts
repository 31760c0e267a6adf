// Supplier performance (issue 29, part D): on-time, in-full, OTIF, confirmation and rejection per supplier and month.
// The definitions are written once, in perf_compute below (docs/performance.md says them in words):
//
// - perf_item: one row per order line (item = line_no) and one per order (item 0, its confirmation): what that line
//   or order adds to its supplier's month, computed from the order, its lines and the receiving lines naming it.
// - supplier_performance_monthly: the sums of perf_item per (tenant, supplier, month, store/DC, category), and
//   supplier_performance_total the same per (tenant, supplier, month) for questions without those filters.
// - supplier_performance_pending: the part of those sums whose outcome is still open (a line not yet in full, an
//   order not yet answered) by the day it is decided (the line's due date, the order's deadline day): a question
//   asked on day D takes away the rows decided on D or later, so an open line not yet due counts nowhere.
//
// Statement triggers on pur_order, pur_order_line and acceptance recompute the touched orders' items in the writing
// transaction (perf_refresh) and add the difference to both sums, so the seed, the ingest, confirmations, receiving
// and bulk loads all keep them right. Recomputing an order's items is bounded by its own lines and receipts; an
// incremental delta on the sums keeps every other order out of it.
import { type Kysely, sql } from 'kysely';

/** The measures, in the column order of perf_item and both sums. */
export const perfMeasures = [
  'lines',
  'full_lines',
  'on_time_lines',
  'otif_lines',
  'committed_qty',
  'filled_qty',
  'accepted_qty',
  'rejected_qty',
  'orders',
  'answered_orders',
  'in_time_orders',
  'declined_orders',
  'confirm_minutes',
] as const;
export type PerfMeasure = (typeof perfMeasures)[number];

/** Measures that count (lines, orders) rather than add up quantities or minutes: their sums are integers. */
export const isCountMeasure = (m: PerfMeasure) => !(m.endsWith('qty') || m === 'confirm_minutes');

const measureColumns = `lines integer NOT NULL, full_lines integer NOT NULL, on_time_lines integer NOT NULL, otif_lines integer NOT NULL,
    committed_qty numeric NOT NULL, filled_qty numeric NOT NULL, accepted_qty numeric NOT NULL, rejected_qty numeric NOT NULL,
    orders integer NOT NULL, answered_orders integer NOT NULL, in_time_orders integer NOT NULL, declined_orders integer NOT NULL,
    confirm_minutes numeric NOT NULL`;

const measures = perfMeasures.join(', ');
const signed = perfMeasures.map((m) => `sum(sign * ${m})${isCountMeasure(m) ? '::int' : ''} AS ${m}`).join(', ');
const addUp = perfMeasures.map((m) => `${m} = r.${m} + excluded.${m}`).join(', ');
const nonZero = perfMeasures.map((m) => `${m} <> 0`).join(' OR ');

const statements = [
  sql`CREATE TABLE perf_item (
    tenant_id text NOT NULL,
    bill_number text NOT NULL,
    item integer NOT NULL,
    supp_code text NOT NULL,
    dept_code text NOT NULL,
    category_code text NOT NULL,
    month date NOT NULL,
    decide_day date NOT NULL,
    settled boolean NOT NULL,
    ${sql.raw(measureColumns)},
    PRIMARY KEY (tenant_id, bill_number, item)
  )`,
  // The median time to confirm reads a supplier's answered orders (item 0) of the months asked.
  sql`CREATE INDEX perf_item_orders ON perf_item (tenant_id, supp_code, month) WHERE item = 0`,
  sql`CREATE TABLE supplier_performance_monthly (
    tenant_id text NOT NULL,
    supp_code text NOT NULL,
    month date NOT NULL,
    dept_code text NOT NULL,
    category_code text NOT NULL,
    ${sql.raw(measureColumns)},
    PRIMARY KEY (tenant_id, supp_code, month, dept_code, category_code)
  )`,
  sql`CREATE INDEX supplier_performance_monthly_month ON supplier_performance_monthly (tenant_id, month)`,
  // A ranking of one store/DC or category reads its rows only.
  sql`CREATE INDEX supplier_performance_monthly_dept ON supplier_performance_monthly (tenant_id, dept_code, month)`,
  sql`CREATE INDEX supplier_performance_monthly_category ON supplier_performance_monthly (tenant_id, category_code, month)`,
  // The same sums per supplier and month only: a ranking without a store or category filter reads these
  // (a store/DC times category grain has hundreds of rows per supplier-year).
  sql`CREATE TABLE supplier_performance_total (
    tenant_id text NOT NULL,
    month date NOT NULL,
    supp_code text NOT NULL,
    ${sql.raw(measureColumns)},
    PRIMARY KEY (tenant_id, month, supp_code)
  )`,
  sql`CREATE TABLE supplier_performance_pending (
    tenant_id text NOT NULL,
    supp_code text NOT NULL,
    decide_day date NOT NULL,
    month date NOT NULL,
    dept_code text NOT NULL,
    category_code text NOT NULL,
    ${sql.raw(measureColumns)},
    PRIMARY KEY (tenant_id, decide_day, supp_code, month, dept_code, category_code)
  )`,
  // What an order and its lines add to the figures (docs/performance.md): the definitions, in one place.
  sql`CREATE FUNCTION perf_compute(t text, bills text[]) RETURNS SETOF perf_item LANGUAGE sql STABLE AS $$
    WITH o AS MATERIALIZED (
      SELECT p.* FROM unnest(bills) AS k(bill_number) JOIN pur_order p ON p.tenant_id = t AND p.bill_number = k.bill_number
    ), all_lines AS MATERIALIZED (
      SELECT l.bill_number, l.line_no, l.goods_code, l.order_qty, l.confirmed_qty, l.promised_date,
             o.supp_code, o.dept_code, o.category_code, o.status, o.delivery_date
      FROM o JOIN pur_order_line l ON l.tenant_id = t AND l.bill_number = o.bill_number
    ), firsts AS MATERIALIZED (
      -- Receiving names an order and a goods item: it goes to the order's first line of that goods (as received_qty).
      SELECT DISTINCT ON (bill_number, goods_code) bill_number, line_no, goods_code FROM all_lines ORDER BY bill_number, goods_code, line_no
    ), lines AS MATERIALIZED (
      -- Declined orders and orders closed by the retailer owe nothing; a line confirmed at zero is not owed either.
      SELECT l.*, coalesce(l.promised_date, l.delivery_date) AS due, coalesce(l.confirmed_qty, l.order_qty) AS committed
      FROM all_lines l
      WHERE l.status NOT IN ('已拒绝', '已关闭') AND coalesce(l.confirmed_qty, l.order_qty) > 0
    ), received AS MATERIALIZED (
      SELECT l.bill_number, l.line_no,
             coalesce(sum(a.accepted_qty), 0) AS accepted,
             coalesce(sum(a.accepted_qty) FILTER (WHERE a.acc_date <= l.due), 0) AS by_due,
             coalesce(sum(a.rejected_qty), 0) AS rejected,
             count(a.line_no) AS receipts,
             max(a.acc_date) AS last_receipt
      FROM lines l
      JOIN firsts f ON f.bill_number = l.bill_number AND f.line_no = l.line_no
      JOIN acceptance a ON a.tenant_id = t AND a.po_bill_number = l.bill_number AND a.goods_code = l.goods_code
      GROUP BY l.bill_number, l.line_no
    ), line_items AS (
      SELECT l.*, coalesce(r.accepted, 0) AS accepted, coalesce(r.by_due, 0) AS by_due, coalesce(r.rejected, 0) AS rejected,
             coalesce(r.receipts, 0) AS receipts, r.last_receipt
      FROM lines l LEFT JOIN received r ON r.bill_number = l.bill_number AND r.line_no = l.line_no
    )
    SELECT t, bill_number, line_no, supp_code, dept_code, category_code,
           date_trunc('month', due)::date, due,
           accepted >= committed,
           1,
           (accepted >= committed)::int,
           -- On time: it came (something was received) and every receipt was on or before the due date.
           (receipts > 0 AND last_receipt <= due)::int,
           -- OTIF: the whole committed quantity received on or before the due date.
           (by_due >= committed)::int,
           committed, least(accepted, committed), accepted, rejected,
           0, 0, 0, 0, 0::numeric
    FROM line_items
    UNION ALL
    -- The order's confirmation, counted in the month (Shanghai) it was issued, or reissued by a changed version.
    SELECT t, o.bill_number, 0, o.supp_code, o.dept_code, o.category_code,
           date_trunc('month', coalesce(o.reopened_at, o.issued_at) AT TIME ZONE 'Asia/Shanghai')::date,
           coalesce((o.confirm_due_at AT TIME ZONE 'Asia/Shanghai')::date, (coalesce(o.reopened_at, o.issued_at) AT TIME ZONE 'Asia/Shanghai')::date),
           o.confirmed_at IS NOT NULL,
           0, 0, 0, 0, 0, 0, 0, 0,
           1,
           (o.confirmed_at IS NOT NULL)::int,
           (o.confirmed_at IS NOT NULL AND (o.confirm_due_at IS NULL OR o.confirmed_at <= o.confirm_due_at))::int,
           (o.status = '已拒绝')::int,
           CASE WHEN o.confirmed_at IS NULL THEN 0
                ELSE round((extract(epoch FROM o.confirmed_at - coalesce(o.reopened_at, o.issued_at)) / 60)::numeric, 2) END
    FROM o
    WHERE o.issued_at IS NOT NULL AND NOT (o.status = '已关闭' AND o.confirmed_at IS NULL)
  $$`,
  // Adds "after" and takes away "before" in both sums; emptied rows go.
  sql`CREATE FUNCTION perf_apply(before perf_item[], after perf_item[]) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    WITH d AS (
      SELECT tenant_id, supp_code, month, dept_code, category_code, ${sql.raw(signed)}
      FROM (SELECT 1 AS sign, * FROM unnest(after) UNION ALL SELECT -1, * FROM unnest(before)) x
      GROUP BY tenant_id, supp_code, month, dept_code, category_code
    )
    INSERT INTO supplier_performance_monthly AS r (tenant_id, supp_code, month, dept_code, category_code, ${sql.raw(measures)})
    SELECT * FROM d WHERE ${sql.raw(nonZero)} ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (tenant_id, supp_code, month, dept_code, category_code) DO UPDATE SET ${sql.raw(addUp)};
    WITH d AS (
      SELECT tenant_id, month, supp_code, ${sql.raw(signed)}
      FROM (SELECT 1 AS sign, * FROM unnest(after) UNION ALL SELECT -1, * FROM unnest(before)) x
      GROUP BY tenant_id, month, supp_code
    )
    INSERT INTO supplier_performance_total AS r (tenant_id, month, supp_code, ${sql.raw(measures)})
    SELECT * FROM d WHERE ${sql.raw(nonZero)} ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, month, supp_code) DO UPDATE SET ${sql.raw(addUp)};
    WITH d AS (
      SELECT tenant_id, decide_day, supp_code, month, dept_code, category_code, ${sql.raw(signed)}
      FROM (SELECT 1 AS sign, * FROM unnest(after) WHERE NOT settled UNION ALL SELECT -1, * FROM unnest(before) WHERE NOT settled) x
      GROUP BY tenant_id, decide_day, supp_code, month, dept_code, category_code
    )
    INSERT INTO supplier_performance_pending AS r (tenant_id, decide_day, supp_code, month, dept_code, category_code, ${sql.raw(measures)})
    SELECT * FROM d WHERE ${sql.raw(nonZero)} ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (tenant_id, decide_day, supp_code, month, dept_code, category_code) DO UPDATE SET ${sql.raw(addUp)};
    DELETE FROM supplier_performance_monthly m USING (SELECT DISTINCT tenant_id, supp_code, month, dept_code, category_code FROM unnest(before)) k
    WHERE m.lines = 0 AND m.orders = 0
      AND (m.tenant_id, m.supp_code, m.month, m.dept_code, m.category_code) = (k.tenant_id, k.supp_code, k.month, k.dept_code, k.category_code);
    DELETE FROM supplier_performance_total m USING (SELECT DISTINCT tenant_id, month, supp_code FROM unnest(before)) k
    WHERE m.lines = 0 AND m.orders = 0 AND (m.tenant_id, m.month, m.supp_code) = (k.tenant_id, k.month, k.supp_code);
    DELETE FROM supplier_performance_pending m
    USING (SELECT DISTINCT tenant_id, decide_day, supp_code, month, dept_code, category_code FROM unnest(before) WHERE NOT settled) k
    WHERE m.lines = 0 AND m.orders = 0
      AND (m.tenant_id, m.decide_day, m.supp_code, m.month, m.dept_code, m.category_code)
        = (k.tenant_id, k.decide_day, k.supp_code, k.month, k.dept_code, k.category_code);
  END $$`,
  // Recomputes the orders' items (each order locked: two writers of one order apply their differences in turn).
  sql`CREATE FUNCTION perf_refresh(keys text[][]) RETURNS void LANGUAGE plpgsql AS $$
  DECLARE
    t text;
    bills text[];
    old_items perf_item[];
    new_items perf_item[];
  BEGIN
    FOR t, bills IN
      SELECT k.tenant_id, array_agg(DISTINCT k.bill_number ORDER BY k.bill_number)
      FROM (SELECT keys[i][1] AS tenant_id, keys[i][2] AS bill_number FROM generate_subscripts(keys, 1) AS i) k
      WHERE k.bill_number IS NOT NULL AND k.bill_number <> ''
      GROUP BY k.tenant_id ORDER BY k.tenant_id
    LOOP
      -- Each order's lock, in order; a bulk statement of more than 1,000 orders takes the tenant's instead (one
      -- lock, not thousands: the lock table is shared), and every statement takes the tenant's in shared mode.
      IF cardinality(bills) > 1000 THEN
        PERFORM pg_advisory_xact_lock(41, hashtext(t));
      ELSE
        PERFORM pg_advisory_xact_lock_shared(41, hashtext(t));
        PERFORM pg_advisory_xact_lock(40, hashtext(t || '/' || b)) FROM unnest(bills) AS b ORDER BY b;
      END IF;
      old_items := ARRAY(SELECT p FROM perf_item p JOIN unnest(bills) AS b(bill_number) ON p.tenant_id = t AND p.bill_number = b.bill_number);
      DELETE FROM perf_item p USING unnest(bills) AS b(bill_number) WHERE p.tenant_id = t AND p.bill_number = b.bill_number;
      new_items := ARRAY(SELECT c FROM perf_compute(t, bills) c);
      INSERT INTO perf_item SELECT * FROM unnest(new_items);
      PERFORM perf_apply(old_items, new_items);
    END LOOP;
  END $$`,
  // The triggers: which orders a statement touched. Updates that move nothing the figures read are let through
  // (settling receiving lines, received_qty, the order's read mark, version).
  sql`CREATE FUNCTION perf_acceptance_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM perf_refresh(ARRAY(SELECT ARRAY[n.tenant_id, n.po_bill_number] FROM new_rows n WHERE n.po_bill_number <> ''));
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM perf_refresh(ARRAY(SELECT ARRAY[o.tenant_id, o.po_bill_number] FROM old_rows o WHERE o.po_bill_number <> ''));
    ELSE
      PERFORM perf_refresh(ARRAY(
        SELECT ARRAY[x.tenant_id, x.po_bill_number] FROM (
          SELECT o.tenant_id, o.po_bill_number, n.po_bill_number AS other FROM old_rows o FULL JOIN new_rows n
            ON (o.tenant_id, o.bill_number, o.line_no) = (n.tenant_id, n.bill_number, n.line_no)
          WHERE o.tenant_id IS NULL OR n.tenant_id IS NULL
             OR (o.po_bill_number, o.goods_code, o.acc_date, o.accepted_qty, o.rejected_qty)
                IS DISTINCT FROM (n.po_bill_number, n.goods_code, n.acc_date, n.accepted_qty, n.rejected_qty)
        ) c CROSS JOIN LATERAL (VALUES (c.tenant_id, c.po_bill_number), (c.tenant_id, c.other)) AS x(tenant_id, po_bill_number)
        WHERE x.tenant_id IS NOT NULL AND x.po_bill_number <> ''));
      -- A row only in new_rows has a null tenant on the old side: take the new rows' orders too.
      PERFORM perf_refresh(ARRAY(
        SELECT ARRAY[n.tenant_id, n.po_bill_number] FROM new_rows n
        WHERE n.po_bill_number <> '' AND NOT EXISTS (
          SELECT 1 FROM old_rows o WHERE (o.tenant_id, o.bill_number, o.line_no) = (n.tenant_id, n.bill_number, n.line_no))));
    END IF;
    RETURN NULL;
  END $$`,
  sql`CREATE FUNCTION perf_order_line_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM perf_refresh(ARRAY(SELECT DISTINCT ARRAY[n.tenant_id, n.bill_number] FROM new_rows n));
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM perf_refresh(ARRAY(SELECT DISTINCT ARRAY[o.tenant_id, o.bill_number] FROM old_rows o));
    ELSE
      PERFORM perf_refresh(ARRAY(
        SELECT DISTINCT ARRAY[coalesce(o.tenant_id, n.tenant_id), coalesce(o.bill_number, n.bill_number)]
        FROM old_rows o FULL JOIN new_rows n ON (o.tenant_id, o.bill_number, o.line_no) = (n.tenant_id, n.bill_number, n.line_no)
        WHERE o.tenant_id IS NULL OR n.tenant_id IS NULL
           OR (o.goods_code, o.order_qty, o.confirmed_qty, o.promised_date) IS DISTINCT FROM (n.goods_code, n.order_qty, n.confirmed_qty, n.promised_date)));
    END IF;
    RETURN NULL;
  END $$`,
  sql`CREATE FUNCTION perf_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM perf_refresh(ARRAY(SELECT ARRAY[n.tenant_id, n.bill_number] FROM new_rows n));
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM perf_refresh(ARRAY(SELECT ARRAY[o.tenant_id, o.bill_number] FROM old_rows o));
    ELSE
      PERFORM perf_refresh(ARRAY(
        SELECT ARRAY[coalesce(o.tenant_id, n.tenant_id), coalesce(o.bill_number, n.bill_number)]
        FROM old_rows o FULL JOIN new_rows n ON (o.tenant_id, o.bill_number) = (n.tenant_id, n.bill_number)
        WHERE o.tenant_id IS NULL OR n.tenant_id IS NULL
           OR (o.supp_code, o.dept_code, o.category_code, o.status, o.delivery_date, o.issued_at, o.reopened_at, o.confirmed_at, o.confirm_due_at)
              IS DISTINCT FROM
              (n.supp_code, n.dept_code, n.category_code, n.status, n.delivery_date, n.issued_at, n.reopened_at, n.confirmed_at, n.confirm_due_at)));
    END IF;
    RETURN NULL;
  END $$`,
];

const triggers: [table: string, fn: string][] = [
  ['acceptance', 'perf_acceptance_changed'],
  ['pur_order_line', 'perf_order_line_changed'],
  ['pur_order', 'perf_order_changed'],
];

/** Slices of the existing orders for the backfill. */
const backfillSlices = 16;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
  for (const [table, fn] of triggers) {
    await sql`CREATE TRIGGER ${sql.raw(`${fn}_insert`)} AFTER INSERT ON ${sql.table(table)} REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${sql.raw(fn)}()`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${fn}_delete`)} AFTER DELETE ON ${sql.table(table)} REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${sql.raw(fn)}()`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${fn}_update`)} AFTER UPDATE ON ${sql.table(table)} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${sql.raw(fn)}()`.execute(db);
  }
  for (let slice = 0; slice < backfillSlices; slice++) {
    await sql`SELECT perf_refresh(ARRAY(
      SELECT ARRAY[p.tenant_id, p.bill_number] FROM pur_order p
      WHERE (hashtext(p.tenant_id || '/' || p.bill_number) & 2147483647) % ${backfillSlices} = ${slice}))`.execute(db);
  }
  await sql`INSERT INTO module (module_code, parent_code, name, name_en, path, component, icon, kind, hidden, audience, sort_no)
    VALUES ('ms0118', NULL, '供应商绩效', 'Supplier performance', '/supplierPerformance', 'performance/supplier', 'chart', 'page', false, 'supplier', 118),
           ('ms0119', NULL, '绩效排名', 'Performance ranking', '/performanceRanking', 'performance/ranking', 'chart', 'page', false, 'staff', 119)
    ON CONFLICT (module_code) DO NOTHING`.execute(db);
  await sql`INSERT INTO role_module (tenant_id, role_code, module_code)
    SELECT r.tenant_id, r.role_code, 'ms0119' FROM role r WHERE r.role_code = 'admin'
    ON CONFLICT DO NOTHING`.execute(db);
  // A child account that sees its supplier's receiving (ms0021) sees its performance too; main accounts hold every supplier module.
  await sql`INSERT INTO account_module (account_id, module_code)
    SELECT am.account_id, 'ms0118' FROM account_module am WHERE am.module_code = 'ms0021'
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM account_module WHERE module_code IN ('ms0118', 'ms0119')`.execute(db);
  await sql`DELETE FROM role_module WHERE module_code IN ('ms0118', 'ms0119')`.execute(db);
  await sql`DELETE FROM module WHERE module_code IN ('ms0118', 'ms0119')`.execute(db);
  for (const [table, fn] of triggers) {
    for (const op of ['insert', 'delete', 'update'])
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${fn}_${op}`)} ON ${sql.table(table)}`.execute(db);
    await sql`DROP FUNCTION IF EXISTS ${sql.raw(fn)}()`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS perf_refresh(text[])`.execute(db);
  await sql`DROP FUNCTION IF EXISTS perf_apply(perf_item[], perf_item[])`.execute(db);
  await sql`DROP FUNCTION IF EXISTS perf_compute(text, text[])`.execute(db);
  await sql`DROP TABLE IF EXISTS supplier_performance_pending`.execute(db);
  await sql`DROP TABLE IF EXISTS supplier_performance_total`.execute(db);
  await sql`DROP TABLE IF EXISTS supplier_performance_monthly`.execute(db);
  await sql`DROP TABLE IF EXISTS perf_item`.execute(db);
}
