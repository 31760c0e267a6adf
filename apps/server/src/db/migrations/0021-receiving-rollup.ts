// Daily and monthly receiving rollups: one row per (tenant, supplier, day, store, goods, category, brand) with the line count,
// sums and bill counts, kept in step with `acceptance` by statement triggers in the transaction that writes the
// lines (seed, bulk loads and any later writer alike). Grouped statistics and dashboard trends read it.
//
// A bill is counted once per group: each touched bill's contribution is recomputed from all its lines (before and
// after the statement), marking the bill's first line overall and its first line per goods, category and brand.
// A receiving note has one supplier, store and date (the trigger refuses otherwise), so those counts add up exactly
// across days, stores and suppliers.
import { type Kysely, sql } from 'kysely';

const keyColumns = 'tenant_id, supp_code, acc_date, dept_code, goods_code, category_code, brand_code';

const measures = 'line_count, qty, amount_excl, tax, amount, bills, goods_bills, category_bills, brand_bills';

/** Adds the measures of a conflicting row to the stored one. */
const addUp = sql.raw(
  measures
    .split(', ')
    .map((m) => `${m} = r.${m} + excluded.${m}`)
    .join(', '),
);

/** A rollup table: its date column is the day, or the first day of the month. */
const rollupTable = (name: string) => sql`CREATE TABLE ${sql.table(name)} (
    tenant_id text NOT NULL,
    supp_code text NOT NULL,
    acc_date date NOT NULL,
    dept_code text NOT NULL,
    goods_code text NOT NULL,
    category_code text NOT NULL,
    brand_code text NOT NULL,
    line_count integer NOT NULL,
    qty numeric NOT NULL,
    amount_excl numeric NOT NULL,
    tax numeric NOT NULL,
    amount numeric NOT NULL,
    bills integer NOT NULL,
    goods_bills integer NOT NULL,
    category_bills integer NOT NULL,
    brand_bills integer NOT NULL,
    PRIMARY KEY (${sql.raw(keyColumns)})
  )`;

const sameKey = (a: string, b: string) =>
  sql.raw(
    `(${keyColumns.replaceAll('tenant_id', `${a}.tenant_id`).replaceAll(', ', `, ${a}.`)}) = (${keyColumns.replaceAll('tenant_id', `${b}.tenant_id`).replaceAll(', ', `, ${b}.`)})`,
  );

const statements = [
  rollupTable('acceptance_daily'),
  sql`CREATE INDEX acceptance_daily_tenant_date ON acceptance_daily (tenant_id, acc_date)`,
  // The same rows by month: a year's question reads twelve months and the days of the months it cuts.
  rollupTable('acceptance_monthly'),
  sql`CREATE INDEX acceptance_monthly_tenant_date ON acceptance_monthly (tenant_id, acc_date)`,
  // Adds the lines of "after" and takes away those of "before" (whole bills each), then drops emptied rows.
  sql`CREATE FUNCTION acceptance_rollup_apply(before acceptance[], after acceptance[]) RETURNS void LANGUAGE sql AS $$
    WITH delta AS (
      SELECT ${sql.raw(keyColumns)}, sum(sign)::int AS line_count, sum(sign * accepted_qty) AS qty, sum(sign * amount_excl) AS amount_excl,
             sum(sign * tax) AS tax, sum(sign * amount) AS amount, sum(sign * bill_head)::int AS bills, sum(sign * goods_head)::int AS goods_bills,
             sum(sign * category_head)::int AS category_bills, sum(sign * brand_head)::int AS brand_bills
      FROM (
        SELECT l.*,
          (row_number() OVER (PARTITION BY sign, tenant_id, bill_number ORDER BY line_no) = 1)::int AS bill_head,
          (row_number() OVER (PARTITION BY sign, tenant_id, bill_number, goods_code ORDER BY line_no) = 1)::int AS goods_head,
          (row_number() OVER (PARTITION BY sign, tenant_id, bill_number, category_code ORDER BY line_no) = 1)::int AS category_head,
          (row_number() OVER (PARTITION BY sign, tenant_id, bill_number, brand_code ORDER BY line_no) = 1)::int AS brand_head
        FROM (SELECT 1 AS sign, * FROM unnest(after) UNION ALL SELECT -1, * FROM unnest(before)) l
      ) marked
      GROUP BY ${sql.raw(keyColumns)}
    ), changed AS (
      SELECT * FROM delta
      WHERE line_count <> 0 OR qty <> 0 OR amount <> 0 OR amount_excl <> 0 OR tax <> 0
         OR bills <> 0 OR goods_bills <> 0 OR category_bills <> 0 OR brand_bills <> 0
    ), daily AS (
      INSERT INTO acceptance_daily AS r (${sql.raw(keyColumns)}, ${sql.raw(measures)})
      SELECT * FROM changed ORDER BY ${sql.raw(keyColumns)}
      ON CONFLICT (${sql.raw(keyColumns)}) DO UPDATE SET ${addUp}
    )
    INSERT INTO acceptance_monthly AS r (${sql.raw(keyColumns)}, ${sql.raw(measures)})
    SELECT tenant_id, supp_code, date_trunc('month', acc_date)::date, dept_code, goods_code, category_code, brand_code,
           sum(line_count), sum(qty), sum(amount_excl), sum(tax), sum(amount), sum(bills), sum(goods_bills), sum(category_bills), sum(brand_bills)
    FROM changed
    GROUP BY tenant_id, supp_code, date_trunc('month', acc_date)::date, dept_code, goods_code, category_code, brand_code
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (${sql.raw(keyColumns)}) DO UPDATE SET ${addUp};
    DELETE FROM acceptance_daily d USING (SELECT DISTINCT ${sql.raw(keyColumns)} FROM unnest(before)) k
    WHERE d.line_count = 0 AND ${sameKey('d', 'k')};
    DELETE FROM acceptance_monthly d USING (
      SELECT DISTINCT tenant_id, supp_code, date_trunc('month', acc_date)::date AS acc_date, dept_code, goods_code, category_code, brand_code FROM unnest(before)) k
    WHERE d.line_count = 0 AND ${sameKey('d', 'k')};
  $$`,
  // Whole bills touched by a statement: locked (a bill written by two transactions at once is counted once),
  // checked (one supplier, store and date) and re-added. "changed" holds the statement's new rows, "gone" its old.
  sql`CREATE FUNCTION acceptance_rollup_bills(changed acceptance[], gone acceptance[]) RETURNS void LANGUAGE plpgsql AS $$
  DECLARE
    now_lines acceptance[];
    then_lines acceptance[];
    mixed text;
  BEGIN
    PERFORM pg_advisory_xact_lock(20, hashtext(b.tenant_id || '/' || b.bill_number))
    FROM (SELECT DISTINCT tenant_id, bill_number FROM (SELECT * FROM unnest(changed) UNION ALL SELECT * FROM unnest(gone)) t
          ORDER BY tenant_id, bill_number) b;
    now_lines := ARRAY(
      SELECT a FROM acceptance a
      WHERE (a.tenant_id, a.bill_number) IN (SELECT tenant_id, bill_number FROM unnest(changed) UNION SELECT tenant_id, bill_number FROM unnest(gone)));
    SELECT min(n.bill_number) INTO mixed FROM unnest(now_lines) n
    GROUP BY n.tenant_id, n.bill_number HAVING count(DISTINCT (n.supp_code, n.dept_code, n.acc_date)) > 1 LIMIT 1;
    IF mixed IS NOT NULL THEN
      RAISE EXCEPTION 'receiving bill % has lines of more than one supplier, store or date', mixed USING ERRCODE = 'check_violation';
    END IF;
    then_lines := ARRAY(
      SELECT n FROM unnest(now_lines) n
      WHERE NOT EXISTS (SELECT 1 FROM unnest(changed) c WHERE (c.tenant_id, c.bill_number, c.line_no) = (n.tenant_id, n.bill_number, n.line_no))
      UNION ALL SELECT g FROM unnest(gone) g);
    PERFORM acceptance_rollup_apply(then_lines, now_lines);
  END $$`,
  sql`CREATE FUNCTION acceptance_rollup_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM acceptance_rollup_bills(ARRAY(SELECT n::acceptance FROM new_lines n), '{}'::acceptance[]);
    RETURN NULL;
  END $$`,
  sql`CREATE FUNCTION acceptance_rollup_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM acceptance_rollup_bills('{}'::acceptance[], ARRAY(SELECT o::acceptance FROM old_lines o));
    RETURN NULL;
  END $$`,
  // Settling changes only settle_status: such statements leave the rollup alone.
  sql`CREATE FUNCTION acceptance_rollup_updated() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF EXISTS (
      SELECT 1 FROM old_lines o FULL JOIN new_lines n
        ON (o.tenant_id, o.bill_number, o.line_no) = (n.tenant_id, n.bill_number, n.line_no)
      WHERE o.tenant_id IS NULL OR n.tenant_id IS NULL
         OR (o.supp_code, o.acc_date, o.dept_code, o.goods_code, o.category_code, o.brand_code, o.accepted_qty, o.amount_excl, o.tax, o.amount)
            IS DISTINCT FROM
            (n.supp_code, n.acc_date, n.dept_code, n.goods_code, n.category_code, n.brand_code, n.accepted_qty, n.amount_excl, n.tax, n.amount))
    THEN
      PERFORM acceptance_rollup_bills(ARRAY(SELECT n::acceptance FROM new_lines n), ARRAY(SELECT o::acceptance FROM old_lines o));
    END IF;
    RETURN NULL;
  END $$`,
  sql`CREATE TRIGGER acceptance_rollup_insert AFTER INSERT ON acceptance REFERENCING NEW TABLE AS new_lines
    FOR EACH STATEMENT EXECUTE FUNCTION acceptance_rollup_inserted()`,
  sql`CREATE TRIGGER acceptance_rollup_delete AFTER DELETE ON acceptance REFERENCING OLD TABLE AS old_lines
    FOR EACH STATEMENT EXECUTE FUNCTION acceptance_rollup_deleted()`,
  sql`CREATE TRIGGER acceptance_rollup_update AFTER UPDATE ON acceptance REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines
    FOR EACH STATEMENT EXECUTE FUNCTION acceptance_rollup_updated()`,
];

/** Slices of the existing lines for the backfill: every bill falls in exactly one. */
const backfillSlices = 16;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
  for (let slice = 0; slice < backfillSlices; slice++) {
    await sql`SELECT acceptance_rollup_apply('{}'::acceptance[], ARRAY(
      SELECT a FROM acceptance a WHERE (hashtext(a.tenant_id || '/' || a.bill_number) & 2147483647) % ${backfillSlices} = ${slice}))`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS acceptance_rollup_insert ON acceptance`.execute(db);
  await sql`DROP TRIGGER IF EXISTS acceptance_rollup_delete ON acceptance`.execute(db);
  await sql`DROP TRIGGER IF EXISTS acceptance_rollup_update ON acceptance`.execute(db);
  for (const fn of ['acceptance_rollup_inserted()', 'acceptance_rollup_deleted()', 'acceptance_rollup_updated()']) {
    await sql`DROP FUNCTION IF EXISTS ${sql.raw(fn)}`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS acceptance_rollup_bills(acceptance[], acceptance[])`.execute(db);
  await sql`DROP FUNCTION IF EXISTS acceptance_rollup_apply(acceptance[], acceptance[])`.execute(db);
  await sql`DROP TABLE IF EXISTS acceptance_monthly`.execute(db);
  await sql`DROP TABLE IF EXISTS acceptance_daily`.execute(db);
}
