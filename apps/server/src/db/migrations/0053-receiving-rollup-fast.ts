// 0053: the receiving rollup's triggers (0021) without arrays of rows. 0021 packed a statement's rows, and then every
// line of the bills it touched, into arrays of `acceptance` (each row built, sorted and unpacked again several times)
// and found those lines with a row comparison `(tenant_id, bill_number) IN (...)` that PostgreSQL answers with a scan
// of the whole table: an integration batch of 5,000 lines spent more in the trigger than in writing its lines, and
// more with every million lines stored. Here each trigger reads its transition table directly and finds the touched
// bills' lines through the primary key, one bill at a time. What is counted is the same: each touched bill is locked,
// checked (one supplier, store and date) and its contribution before and after the statement recomputed from all
// its lines (a bill counted once per group, the first line overall, per goods, category and brand).
//
// - An insert only adds lines: a group's line count never falls, so no emptied rows are looked for.
// - A delete or an update can empty a group only where a line left it: the old rows' groups are the ones looked at.
// - The "mixed" check compares min and max per bill instead of counting distinct triples (the same answer, hashed).
import { type Kysely, sql } from 'kysely';

const keyColumns = 'tenant_id, supp_code, acc_date, dept_code, goods_code, category_code, brand_code';
const measures = 'line_count, qty, amount_excl, tax, amount, bills, goods_bills, category_bills, brand_bills';
/** The columns of a line the rollup reads. */
const lineColumns =
  'tenant_id, bill_number, line_no, supp_code, acc_date, dept_code, goods_code, category_code, brand_code, accepted_qty, amount_excl, tax, amount';

const addUp = measures
  .split(', ')
  .map((m) => `${m} = r.${m} + excluded.${m}`)
  .join(', ');

const prefixed = (alias: string, columns: string) =>
  columns
    .split(', ')
    .map((c) => `${alias}.${c}`)
    .join(', ');

/**
 * Adds `lines` to both rollups: whole bills, `sign` 1 for a line after the statement and -1 for one before it; or,
 * `signed` false, only lines after it (nothing was there before: no sign to multiply by or partition on).
 */
const addLines = (ctes: string, signed: boolean) => {
  const times = signed ? 'sign * ' : '';
  const by = signed ? 'sign, ' : '';
  const count = signed ? 'sum(sign)::int' : 'count(*)::int';
  return `
    WITH ${ctes},
    delta AS (
      SELECT ${keyColumns}, ${count} AS line_count, sum(${times}accepted_qty) AS qty, sum(${times}amount_excl) AS amount_excl,
             sum(${times}tax) AS tax, sum(${times}amount) AS amount, sum(${times}bill_head)::int AS bills, sum(${times}goods_head)::int AS goods_bills,
             sum(${times}category_head)::int AS category_bills, sum(${times}brand_head)::int AS brand_bills
      FROM (
        SELECT l.*,
          (row_number() OVER (PARTITION BY ${by}tenant_id, bill_number ORDER BY line_no) = 1)::int AS bill_head,
          (row_number() OVER (PARTITION BY ${by}tenant_id, bill_number, goods_code ORDER BY line_no) = 1)::int AS goods_head,
          (row_number() OVER (PARTITION BY ${by}tenant_id, bill_number, category_code ORDER BY line_no) = 1)::int AS category_head,
          (row_number() OVER (PARTITION BY ${by}tenant_id, bill_number, brand_code ORDER BY line_no) = 1)::int AS brand_head
        FROM lines l
      ) marked
      GROUP BY ${keyColumns}
    ), changed AS (
      SELECT * FROM delta
      WHERE line_count <> 0 OR qty <> 0 OR amount <> 0 OR amount_excl <> 0 OR tax <> 0
         OR bills <> 0 OR goods_bills <> 0 OR category_bills <> 0 OR brand_bills <> 0
    ), daily AS (
      INSERT INTO acceptance_daily AS r (${keyColumns}, ${measures})
      SELECT * FROM changed ORDER BY ${keyColumns}
      ON CONFLICT (${keyColumns}) DO UPDATE SET ${addUp}
    )
    INSERT INTO acceptance_monthly AS r (${keyColumns}, ${measures})
    SELECT tenant_id, supp_code, date_trunc('month', acc_date)::date, dept_code, goods_code, category_code, brand_code,
           sum(line_count), sum(qty), sum(amount_excl), sum(tax), sum(amount), sum(bills), sum(goods_bills), sum(category_bills), sum(brand_bills)
    FROM changed
    GROUP BY tenant_id, supp_code, date_trunc('month', acc_date)::date, dept_code, goods_code, category_code, brand_code
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (${keyColumns}) DO UPDATE SET ${addUp};`;
};

/** Refuses a bill whose lines (`lines`, a query) name more than one supplier, store or date. */
const mixedCheck = (ctes: string, lines: string) => `
    ${ctes ? `WITH ${ctes}` : ''}
    SELECT min(c.bill_number) INTO mixed FROM ${lines} c GROUP BY c.tenant_id, c.bill_number
    HAVING min(c.supp_code) <> max(c.supp_code) OR min(c.dept_code) <> max(c.dept_code) OR min(c.acc_date) <> max(c.acc_date)
    LIMIT 1;
    IF mixed IS NOT NULL THEN
      RAISE EXCEPTION 'receiving bill % has lines of more than one supplier, store or date', mixed USING ERRCODE = 'check_violation';
    END IF;`;

/**
 * The body of a trigger function. `touched`: the transition tables naming the statement's bills; `fresh`: the new
 * rows (lines of the bills that are not among them were there before the statement too); `old`: the old rows.
 */
function body(touched: string[], fresh: string | null, old: string | null): string {
  const bills = `SELECT DISTINCT tenant_id, bill_number FROM (${touched.map((t) => `SELECT tenant_id, bill_number FROM ${t}`).join(' UNION ALL ')}) t`;
  // The lines of the touched bills as they are now (after the locks: a bill another transaction wrote is read as it
  // committed it), through the primary key.
  const current = `b AS MATERIALIZED (${bills}),
      cur AS MATERIALIZED (
        SELECT a.* FROM b CROSS JOIN LATERAL (
          SELECT ${prefixed('x', lineColumns)} FROM acceptance x WHERE x.tenant_id = b.tenant_id AND x.bill_number = b.bill_number OFFSET 0
        ) a)`;
  // Before the statement: the lines it did not write, and the rows it changed or removed as they were.
  const before = [
    fresh
      ? `SELECT -1, c.* FROM cur c WHERE NOT EXISTS (
          SELECT 1 FROM ${fresh} n WHERE n.tenant_id = c.tenant_id AND n.bill_number = c.bill_number AND n.line_no = c.line_no)`
      : `SELECT -1, c.* FROM cur c`,
    ...(old ? [`SELECT -1, ${lineColumns} FROM ${old}`] : []),
  ].join(' UNION ALL ');
  const general = `${mixedCheck(current, 'cur')}
    ${addLines(`${current}, lines AS (SELECT 1 AS sign, c.* FROM cur c UNION ALL ${before})`, true)}`;
  const emptied = old
    ? `
    DELETE FROM acceptance_daily d USING (SELECT DISTINCT ${keyColumns} FROM ${old}) k
    WHERE d.line_count = 0 AND (${prefixed('d', keyColumns)}) = (${prefixed('k', keyColumns)});
    DELETE FROM acceptance_monthly d USING (
      SELECT DISTINCT tenant_id, supp_code, date_trunc('month', acc_date)::date AS acc_date, dept_code, goods_code, category_code, brand_code
      FROM ${old}) k
    WHERE d.line_count = 0 AND (${prefixed('d', keyColumns)}) = (${prefixed('k', keyColumns)});`
    : '';
  // An insert whose bills hold no other lines (new bills, the usual batch): before is empty, after is the new rows.
  const work =
    fresh && !old
      ? `
    SELECT count(*) INTO older FROM (SELECT tenant_id, bill_number, count(*) AS n FROM ${fresh} GROUP BY 1, 2) b
    WHERE (SELECT count(*) FROM acceptance x WHERE x.tenant_id = b.tenant_id AND x.bill_number = b.bill_number) > b.n;
    IF older = 0 THEN
      ${mixedCheck('', fresh)}
      ${addLines(`lines AS (SELECT ${lineColumns} FROM ${fresh})`, false)}
    ELSE
      ${general}
    END IF;`
      : general;
  return `
  DECLARE
    mixed text;
    older bigint;
  BEGIN
    IF NOT EXISTS (${touched.map((t) => `SELECT 1 FROM ${t}`).join(' UNION ALL ')}) THEN
      RETURN NULL;
    END IF;
    PERFORM pg_advisory_xact_lock(20, hashtext(b.tenant_id || '/' || b.bill_number))
    FROM (${bills} ORDER BY 1, 2) b;${work}${emptied}
    RETURN NULL;
  END`;
}

/** Settling changes only settle_status: such statements leave the rollup alone (as 0021). */
const updateGuard = `
    IF NOT EXISTS (
      SELECT 1 FROM old_lines o FULL JOIN new_lines n
        ON (o.tenant_id, o.bill_number, o.line_no) = (n.tenant_id, n.bill_number, n.line_no)
      WHERE o.tenant_id IS NULL OR n.tenant_id IS NULL
         OR (o.supp_code, o.acc_date, o.dept_code, o.goods_code, o.category_code, o.brand_code, o.accepted_qty, o.amount_excl, o.tax, o.amount)
            IS DISTINCT FROM
            (n.supp_code, n.acc_date, n.dept_code, n.goods_code, n.category_code, n.brand_code, n.accepted_qty, n.amount_excl, n.tax, n.amount))
    THEN
      RETURN NULL;
    END IF;`;

const fastFunctions: [name: string, source: string][] = [
  ['acceptance_rollup_inserted', body(['new_lines'], 'new_lines', null)],
  ['acceptance_rollup_deleted', body(['old_lines'], null, 'old_lines')],
  ['acceptance_rollup_updated', body(['new_lines', 'old_lines'], 'new_lines', 'old_lines').replace('BEGIN', `BEGIN${updateGuard}`)],
];

/** 0021's bodies, for down. */
const arrayFunctions: [name: string, source: string][] = [
  [
    'acceptance_rollup_inserted',
    `
  BEGIN
    PERFORM acceptance_rollup_bills(ARRAY(SELECT n::acceptance FROM new_lines n), '{}'::acceptance[]);
    RETURN NULL;
  END`,
  ],
  [
    'acceptance_rollup_deleted',
    `
  BEGIN
    PERFORM acceptance_rollup_bills('{}'::acceptance[], ARRAY(SELECT o::acceptance FROM old_lines o));
    RETURN NULL;
  END`,
  ],
  [
    'acceptance_rollup_updated',
    `
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
  END`,
  ],
];

async function define(db: Kysely<unknown>, functions: [string, string][]): Promise<void> {
  for (const [name, source] of functions)
    await sql`CREATE OR REPLACE FUNCTION ${sql.raw(name)}() RETURNS trigger LANGUAGE plpgsql AS ${sql.raw(`$fn$${source}$fn$`)}`.execute(
      db,
    );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await define(db, fastFunctions);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await define(db, arrayFunctions);
}
