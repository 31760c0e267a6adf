// The SQL of inbound documents: the version registry, code look-ups, the rules that read stored rows and the
// set-based writes of each entity. Every statement takes a whole batch as arrays (unnest), never a row at a time.
import { type Kysely, type Transaction, sql } from 'kysely';
import type { ContractTermRow, DB, IntegrationBatchTable, IntegrationRefusalRow } from '../../../db/schema';

type Db = Kysely<DB>;

/**
 * Runs `work` with the audit trail's triggers standing back (migration 0048): the batch is one entry. The setting
 * is the transaction's; it is put back as it was after, so that a caller's own writes in the same transaction
 * (receiving at the dock around a batch) are audited as ever, and the seed's setting stays on.
 */
export async function asAuditBulk<T>(trx: Transaction<DB>, work: () => Promise<T>): Promise<T> {
  const { rows } = await sql<{ was: string | null }>`
    SELECT current_setting('portal.audit_bulk', true) AS was, set_config('portal.audit_bulk', 'on', true)`.execute(trx);
  const result = await work();
  await sql`SELECT set_config('portal.audit_bulk', ${rows[0]?.was ?? ''}, true)`.execute(trx);
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// The batch's transaction

/**
 * Runs `work` in a transaction of its own, or, when `db` is a transaction already (the demo seed writes everything
 * in one), in a savepoint of it: a failed attempt rolls back to the savepoint and leaves the caller's transaction usable.
 */
export async function inBatchTransaction<T>(db: Db, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  if (!db.isTransaction) return db.transaction().execute(work);
  const trx = db as Transaction<DB>;
  await sql`SAVEPOINT integration_batch`.execute(trx);
  try {
    const result = await work(trx);
    await sql`RELEASE SAVEPOINT integration_batch`.execute(trx);
    return result;
  } catch (err) {
    await sql`ROLLBACK TO SAVEPOINT integration_batch`.execute(trx);
    await sql`RELEASE SAVEPOINT integration_batch`.execute(trx);
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The version registry

/**
 * Locks the registry rows of the documents' keys (in key order, so that two batches never wait on each other in a
 * circle), inserting the rows of keys never seen with the document's version: a concurrent batch holding a key makes
 * this wait until it commits. Then answers the stored version of each key (-1: new, its row inserted here). A new
 * key's row is written once (no placeholder updated afterwards); settleVersions removes it if the document is refused.
 */
export async function lockVersions(
  db: Db,
  tenantId: string,
  entity: string,
  docs: { key: string; version: number }[],
): Promise<Map<string, bigint>> {
  if (docs.length === 0) return new Map();
  const sorted = [...docs].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const inserted = await sql<{ doc_key: string }>`INSERT INTO integration_document AS d (tenant_id, entity, doc_key, version)
    SELECT ${tenantId}, ${entity}, k.doc_key, k.version
    FROM unnest(${sorted.map((d) => d.key)}::text[], ${sorted.map((d) => String(d.version))}::bigint[]) AS k(doc_key, version) ORDER BY 3
    ON CONFLICT (tenant_id, entity, doc_key) DO UPDATE SET version = d.version WHERE false
    RETURNING doc_key`.execute(db);
  const versions = new Map(inserted.rows.map((r) => [r.doc_key, -1n]));
  if (versions.size === sorted.length) return versions;
  // A statement of its own: it reads what the batches that held the rows committed.
  const rows = await sql<{ doc_key: string; version: string }>`SELECT doc_key, version::text FROM integration_document
    WHERE tenant_id = ${tenantId} AND entity = ${entity}
      AND doc_key = ANY(${sorted.filter((d) => !versions.has(d.key)).map((d) => d.key)}::text[])`.execute(db);
  for (const r of rows.rows) versions.set(r.doc_key, BigInt(r.version));
  return versions;
}

/**
 * Stores the versions of the applied documents (a new key's row holds its version already) and removes the rows
 * inserted for new keys whose documents were refused.
 */
export async function settleVersions(
  db: Db,
  tenantId: string,
  entity: string,
  applied: { key: string; version: number }[],
  refusedNew: string[],
): Promise<void> {
  if (applied.length > 0)
    await sql`UPDATE integration_document d SET version = v.version, updated_at = now()
      FROM unnest(${applied.map((a) => a.key)}::text[], ${applied.map((a) => String(a.version))}::bigint[]) AS v(doc_key, version)
      WHERE d.tenant_id = ${tenantId} AND d.entity = ${entity} AND d.doc_key = v.doc_key AND d.version <> v.version`.execute(db);
  if (refusedNew.length > 0)
    await sql`DELETE FROM integration_document WHERE tenant_id = ${tenantId} AND entity = ${entity}
      AND doc_key = ANY(${refusedNew}::text[])`.execute(db);
}

/** Writes the batch's log row and answers its id. */
export async function insertBatch(
  db: Db,
  row: Omit<IntegrationBatchTable, 'id' | 'at' | 'refusals'> & { refusals: IntegrationRefusalRow[] },
) {
  const inserted = await db
    .insertInto('integration_batch')
    .values({ ...row, refusals: JSON.stringify(row.refusals) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(inserted.id);
}

// ---------------------------------------------------------------------------------------------------------------
// Code look-ups (the tenant's own master data only)

export type CodeKind = 'supplier' | 'store' | 'goods' | 'accUnit' | 'category' | 'brand';

const codeTables: Record<Exclude<CodeKind, 'goods'>, [string, string]> = {
  supplier: ['supplier', 'supp_code'],
  store: ['dept', 'dept_code'],
  accUnit: ['acc_unit', 'unit_code'],
  category: ['category', 'category_code'],
  brand: ['brand', 'brand_code'],
};

/** Which of the codes exist in the tenant. */
export async function existingCodes(db: Db, tenantId: string, kind: Exclude<CodeKind, 'goods'>, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const [table, column] = codeTables[kind];
  const rows = await sql<{ code: string }>`SELECT ${sql.ref(column)} AS code FROM ${sql.table(table)}
    WHERE tenant_id = ${tenantId} AND ${sql.ref(column)} = ANY(${codes}::text[])`.execute(db);
  return new Set(rows.rows.map((r) => r.code));
}

export interface GoodsFacts {
  category_code: string;
  brand_code: string;
  tax_rate: string;
}

export async function goodsFacts(db: Db, tenantId: string, codes: string[]): Promise<Map<string, GoodsFacts>> {
  if (codes.length === 0) return new Map();
  const rows = await sql<GoodsFacts & { goods_code: string }>`SELECT goods_code, category_code, brand_code, tax_rate::text
    FROM goods WHERE tenant_id = ${tenantId} AND goods_code = ANY(${codes}::text[])`.execute(db);
  return new Map(rows.rows.map((r) => [r.goods_code, r]));
}

// ---------------------------------------------------------------------------------------------------------------
// Settled documents: a document inside a live settlement bill

export type SourceType = 'receiving' | 'return' | 'charge' | 'prepay';

/** The live bill of each of the keys that sits in one. */
export async function liveBills(db: Db, tenantId: string, sourceType: SourceType, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await sql<{ source_id: string; bill_number: string }>`SELECT source_id, bill_number FROM sam_bill_line
    WHERE tenant_id = ${tenantId} AND source_type = ${sourceType} AND live AND source_id = ANY(${keys}::text[])`.execute(db);
  return new Map(rows.rows.map((r) => [r.source_id, r.bill_number]));
}

/** Lines of a receiving or return document, as arrays (one element per line). */
export interface LineArrays {
  key: string[];
  lineNo: number[];
  goodsCode: string[];
  qty: string[];
  amount: string[];
  suppCode: string[];
  deptCode: string[];
  date: string[];
}

/**
 * Of billed documents: the keys whose lines would change what the bill settles (a stored line gone or added, its
 * quantity, amount, supplier, store or date changed), with the first such line.
 */
export async function billedChanges(db: Db, tenantId: string, table: 'acceptance' | 'return_note', lines: LineArrays) {
  if (lines.key.length === 0) return new Map<string, number>();
  const t = sql.table(table);
  const qty = table === 'acceptance' ? sql.ref('s.accepted_qty') : sql.ref('s.returned_qty');
  const date = table === 'acceptance' ? sql.ref('s.acc_date') : sql.ref('s.return_date');
  const keys = [...new Set(lines.key)];
  const rows = await sql<{ key: string; line_no: number }>`
    WITH i AS (
      SELECT * FROM unnest(${lines.key}::text[], ${lines.lineNo}::int[], ${lines.qty}::numeric[], ${lines.amount}::numeric[],
        ${lines.suppCode}::text[], ${lines.deptCode}::text[], ${lines.date}::date[]) AS i(key, line_no, qty, amount, supp_code, dept_code, doc_date)
    ), s AS (SELECT * FROM ${t} WHERE tenant_id = ${tenantId} AND bill_number = ANY(${keys}::text[]))
    SELECT coalesce(i.key, s.bill_number) AS key, min(coalesce(i.line_no, s.line_no)) AS line_no
    FROM s FULL JOIN i ON i.key = s.bill_number AND i.line_no = s.line_no
    WHERE s.bill_number IS NULL OR i.key IS NULL OR ${qty} <> i.qty OR s.amount <> i.amount
       OR s.supp_code <> i.supp_code OR s.dept_code <> i.dept_code OR ${date} <> i.doc_date
    GROUP BY 1`.execute(db);
  return new Map(rows.rows.map((r) => [r.key, r.line_no]));
}

// ---------------------------------------------------------------------------------------------------------------
// Receiving

export interface ReceivingArrays extends LineArrays {
  poBill: string[];
  categoryCode: string[];
  brandCode: string[];
  freeQty: string[];
  rejectedQty: string[];
  price: string[];
  amountExcl: (string | null)[];
  tax: (string | null)[];
  taxRate: string[];
}

/**
 * What is stored of the receiving bills `keys`: the bills that hold lines already, and the orders those lines name
 * (their received quantities are recounted after the write). Read under the documents' registry locks, so no other
 * batch changes these bills' lines until this one commits.
 */
export async function storedReceiving(db: Db, tenantId: string, keys: string[]): Promise<{ bills: Set<string>; orders: string[] }> {
  if (keys.length === 0) return { bills: new Set(), orders: [] };
  const rows = await sql<{ key: string; po: string }>`SELECT DISTINCT bill_number AS key, po_bill_number AS po FROM acceptance
    WHERE tenant_id = ${tenantId} AND bill_number = ANY(${keys}::text[])`.execute(db);
  return { bills: new Set(rows.rows.map((r) => r.key)), orders: [...new Set(rows.rows.map((r) => r.po).filter((po) => po !== ''))] };
}

/**
 * Writes the receiving bills: lines upserted (a settled line keeps its settle state), lines the documents no longer
 * hold removed from the bills that held lines before (`stored`, from storedReceiving; a new bill has none to remove).
 * The rollup triggers on `acceptance` keep the daily and monthly rollups in step in this transaction.
 */
export async function writeReceiving(db: Db, tenantId: string, stored: string[], l: ReceivingArrays): Promise<void> {
  await sql`INSERT INTO acceptance AS a (tenant_id, bill_number, line_no, supp_code, dept_code, acc_date, po_bill_number, goods_code,
      category_code, brand_code, accepted_qty, free_qty, rejected_qty, price, amount, amount_excl, tax, tax_rate)
    SELECT ${tenantId}, key, line_no, supp_code, dept_code, acc_date, po, goods_code, category_code, brand_code, qty, free_qty, rejected_qty,
      price, amount, coalesce(amount_excl, round(amount * 100 / (100 + tax_rate), 2)),
      coalesce(tax, amount - round(amount * 100 / (100 + tax_rate), 2)), tax_rate
    FROM unnest(${l.key}::text[], ${l.lineNo}::int[], ${l.suppCode}::text[], ${l.deptCode}::text[], ${l.date}::date[], ${l.poBill}::text[],
      ${l.goodsCode}::text[], ${l.categoryCode}::text[], ${l.brandCode}::text[], ${l.qty}::numeric[], ${l.freeQty}::numeric[],
      ${l.rejectedQty}::numeric[], ${l.price}::numeric[], ${l.amount}::numeric[], ${l.amountExcl}::numeric[], ${l.tax}::numeric[],
      ${l.taxRate}::numeric[])
      AS i(key, line_no, supp_code, dept_code, acc_date, po, goods_code, category_code, brand_code, qty, free_qty, rejected_qty, price, amount,
        amount_excl, tax, tax_rate)
    ORDER BY key, line_no
    ON CONFLICT (tenant_id, bill_number, line_no) DO UPDATE SET
      supp_code = excluded.supp_code, dept_code = excluded.dept_code, acc_date = excluded.acc_date, po_bill_number = excluded.po_bill_number,
      goods_code = excluded.goods_code, category_code = excluded.category_code, brand_code = excluded.brand_code,
      accepted_qty = excluded.accepted_qty, free_qty = excluded.free_qty, rejected_qty = excluded.rejected_qty, price = excluded.price,
      amount = excluded.amount, amount_excl = excluded.amount_excl, tax = excluded.tax, tax_rate = excluded.tax_rate
    WHERE (a.supp_code, a.dept_code, a.acc_date, a.po_bill_number, a.goods_code, a.category_code, a.brand_code, a.accepted_qty, a.free_qty,
           a.rejected_qty, a.price, a.amount, a.amount_excl, a.tax, a.tax_rate)
      IS DISTINCT FROM (excluded.supp_code, excluded.dept_code, excluded.acc_date, excluded.po_bill_number, excluded.goods_code,
           excluded.category_code, excluded.brand_code, excluded.accepted_qty, excluded.free_qty, excluded.rejected_qty, excluded.price,
           excluded.amount, excluded.amount_excl, excluded.tax, excluded.tax_rate)`.execute(db);
  if (stored.length > 0) await deleteMissingLines(db, 'acceptance', tenantId, stored, l);
}

async function deleteMissingLines(
  db: Db,
  table: 'acceptance' | 'return_note' | 'pur_order_line',
  tenantId: string,
  keys: string[],
  l: LineArrays,
) {
  await sql`WITH k AS MATERIALIZED (SELECT DISTINCT key FROM unnest(${keys}::text[]) AS key),
      i AS MATERIALIZED (SELECT * FROM unnest(${l.key}::text[], ${l.lineNo}::int[]) AS i(key, line_no))
    DELETE FROM ${sql.table(table)} s USING k WHERE s.tenant_id = ${tenantId} AND s.bill_number = k.key
      AND NOT EXISTS (SELECT 1 FROM i WHERE i.key = s.bill_number AND i.line_no = s.line_no)`.execute(db);
}

/**
 * Locks purchase orders by number (sorted), whether stored yet or not: a receiving batch raising an order's received
 * quantity and a purchase-order batch writing the order take turns, so neither reads the other's rows half-way (a new
 * order's rows are invisible to a row lock until it commits; this lock is not).
 */
async function lockOrders(db: Db, tenantId: string, sorted: string[]): Promise<void> {
  // By bucket (at most orderLockBuckets locks a transaction, however many orders: PostgreSQL's lock table is
  // shared and bounded), taken in bucket order.
  await sql`SELECT pg_advisory_xact_lock(21, b.bucket) FROM (
      SELECT DISTINCT hashtext(${tenantId} || '/' || k) & ${orderLockBuckets - 1} AS bucket FROM unnest(${sorted}::text[]) AS k ORDER BY 1
    ) b`.execute(db);
}

const orderLockBuckets = 1024;

/**
 * The received quantity of the orders' lines: the receiving lines naming the order, per goods item, on the order's
 * first line of that goods; and an open order's state after it (partly received, done).
 */
export async function refreshReceived(db: Db, tenantId: string, orders: string[]): Promise<void> {
  if (orders.length === 0) return;
  const sorted = [...new Set(orders)].sort();
  await lockOrders(db, tenantId, sorted);
  // Materialized steps joined on the orders (not `= ANY` per row): a fair plan even before the tables have statistics
  // (the demo seed writes them in one transaction before ANALYZE).
  await sql`WITH o AS MATERIALIZED (
      SELECT k AS bill_number FROM unnest(${sorted}::text[]) AS k
    ), lines AS MATERIALIZED (
      SELECT l.bill_number, l.line_no, l.goods_code, l.received_qty FROM o JOIN pur_order_line l ON l.tenant_id = ${tenantId} AND l.bill_number = o.bill_number
    ), firsts AS MATERIALIZED (
      SELECT DISTINCT ON (bill_number, goods_code) bill_number, line_no, goods_code FROM lines ORDER BY bill_number, goods_code, line_no
    ), sums AS MATERIALIZED (
      SELECT a.po_bill_number AS bill_number, a.goods_code, sum(a.accepted_qty) AS qty
      -- po_bill_number <> '': the index of receiving by order (acceptance_po_goods) holds only lines naming one.
      FROM o JOIN acceptance a ON a.tenant_id = ${tenantId} AND a.po_bill_number = o.bill_number AND a.po_bill_number <> '' GROUP BY 1, 2
    ), target AS MATERIALIZED (
      SELECT l.bill_number, l.line_no, CASE WHEN f.line_no IS NULL THEN 0 ELSE coalesce(s.qty, 0) END AS qty, l.received_qty
      FROM lines l
      LEFT JOIN firsts f ON f.bill_number = l.bill_number AND f.line_no = l.line_no
      LEFT JOIN sums s ON s.bill_number = f.bill_number AND s.goods_code = f.goods_code
    )
    UPDATE pur_order_line l SET received_qty = t.qty FROM target t
    WHERE t.received_qty <> t.qty AND l.tenant_id = ${tenantId} AND l.bill_number = t.bill_number AND l.line_no = t.line_no`.execute(db);
  await sql`WITH o AS MATERIALIZED (
      SELECT k AS bill_number FROM unnest(${sorted}::text[]) AS k
    ), x AS MATERIALIZED (
      SELECT o2.bill_number,
        CASE WHEN bool_and(l.received_qty >= l.order_qty) THEN '已完成'
             WHEN bool_or(l.received_qty > 0) THEN '部分到货'
             WHEN o2.status IN ('部分到货', '已完成') THEN '已确认'
             ELSE o2.status END AS status,
        o2.status AS was
      FROM o JOIN pur_order o2 ON o2.tenant_id = ${tenantId} AND o2.bill_number = o.bill_number
      JOIN pur_order_line l ON l.tenant_id = o2.tenant_id AND l.bill_number = o2.bill_number
      WHERE o2.status IN ('已下达', '已阅读', '已确认', '部分确认', '部分到货', '已完成')
      GROUP BY o2.bill_number, o2.status
    )
    UPDATE pur_order p SET status = x.status FROM x
    WHERE x.status <> x.was AND p.tenant_id = ${tenantId} AND p.bill_number = x.bill_number`.execute(db);
}

// ---------------------------------------------------------------------------------------------------------------
// Purchase orders

export interface OrderArrays {
  key: string[];
  state: string[];
  suppCode: string[];
  deptCode: string[];
  categoryCode: string[];
  orderDate: string[];
  validDays: number[];
  deliveryDate: string[];
  deliveryMode: string[];
  orderType: string[];
  totalQty: string[];
  totalAmount: string[];
}

export interface OrderLineArrays {
  key: string[];
  lineNo: number[];
  goodsCode: string[];
  qty: string[];
  freeQty: string[];
  price: string[];
  amount: string[];
  taxRate: string[];
}

/** Locks the stored orders of the keys (in order) and answers, per order, its first line that would drop below what was received. */
export async function ordersBelowReceived(db: Db, tenantId: string, keys: string[], l: OrderLineArrays) {
  if (keys.length === 0) return new Map<string, { lineNo: number; received: string; qty: string | null }>();
  const sorted = [...keys].sort();
  await lockOrders(db, tenantId, sorted);
  const rows = await sql<{ key: string; line_no: number; received: string; qty: string | null }>`
    SELECT DISTINCT ON (s.bill_number) s.bill_number AS key, s.line_no, s.received_qty::text AS received, i.qty::text AS qty
    FROM pur_order_line s
    LEFT JOIN unnest(${l.key}::text[], ${l.lineNo}::int[], ${l.qty}::numeric[]) AS i(key, line_no, qty) ON i.key = s.bill_number AND i.line_no = s.line_no
    WHERE s.tenant_id = ${tenantId} AND s.bill_number = ANY(${sorted}::text[]) AND s.received_qty > 0 AND (i.key IS NULL OR i.qty < s.received_qty)
    ORDER BY s.bill_number, s.line_no`.execute(db);
  return new Map(rows.rows.map((r) => [r.key, { lineNo: r.line_no, received: r.received, qty: r.qty }]));
}

/** Writes the orders: headers upserted with their state mapped onto the order statuses, lines upserted (keeping their received quantity), lines gone removed. */
export async function writeOrders(db: Db, tenantId: string, o: OrderArrays, l: OrderLineArrays): Promise<void> {
  await sql`INSERT INTO pur_order AS p (tenant_id, bill_number, supp_code, dept_code, category_code, order_date, valid_days, delivery_date,
      delivery_mode, order_type, status, total_qty, total_amount)
    SELECT ${tenantId}, key, supp_code, dept_code, category_code, order_date, valid_days, delivery_date, delivery_mode, order_type,
      CASE WHEN state IN ('cancelled', 'closed') THEN '已关闭' ELSE '已下达' END, total_qty, total_amount
    FROM unnest(${o.key}::text[], ${o.state}::text[], ${o.suppCode}::text[], ${o.deptCode}::text[], ${o.categoryCode}::text[],
      ${o.orderDate}::date[], ${o.validDays}::int[], ${o.deliveryDate}::date[], ${o.deliveryMode}::text[], ${o.orderType}::text[],
      ${o.totalQty}::numeric[], ${o.totalAmount}::numeric[])
      AS i(key, state, supp_code, dept_code, category_code, order_date, valid_days, delivery_date, delivery_mode, order_type, total_qty, total_amount)
    ORDER BY key
    ON CONFLICT (tenant_id, bill_number) DO UPDATE SET
      supp_code = excluded.supp_code, dept_code = excluded.dept_code, category_code = excluded.category_code, order_date = excluded.order_date,
      valid_days = excluded.valid_days, delivery_date = excluded.delivery_date, delivery_mode = excluded.delivery_mode,
      order_type = excluded.order_type, total_qty = excluded.total_qty, total_amount = excluded.total_amount, version = p.version + 1`.execute(
    db,
  );
  // A new order is issued now: the supplier's confirmation deadline counts from it (the tenant's orderConfirmHours).
  await sql`UPDATE pur_order p SET issued_at = now(), confirm_due_at = now() + make_interval(hours => ${confirmHoursSql(tenantId)})
    WHERE p.tenant_id = ${tenantId} AND p.bill_number = ANY(${o.key}::text[]) AND p.issued_at IS NULL`.execute(db);
  // The sender's state of a stored order: cancelled closes it, closed ends it (done when something came), changed
  // issues it again for the supplier to read (unless goods already came); new leaves the supplier's progress.
  await sql`UPDATE pur_order p SET status = CASE
        WHEN i.state = 'cancelled' THEN '已关闭'
        WHEN i.state = 'closed' THEN CASE WHEN p.status IN ('部分到货', '已完成') THEN '已完成' ELSE '已关闭' END
        WHEN p.status IN ('部分到货', '已完成') THEN p.status
        ELSE '已下达' END
    FROM unnest(${o.key}::text[], ${o.state}::text[]) AS i(key, state)
    WHERE p.tenant_id = ${tenantId} AND p.bill_number = i.key AND i.state <> 'new'`.execute(db);
  await sql`INSERT INTO pur_order_line AS p (tenant_id, bill_number, line_no, goods_code, order_qty, free_qty, price, amount, tax_rate)
    SELECT ${tenantId}, key, line_no, goods_code, qty, free_qty, price, amount, tax_rate
    FROM unnest(${l.key}::text[], ${l.lineNo}::int[], ${l.goodsCode}::text[], ${l.qty}::numeric[], ${l.freeQty}::numeric[],
      ${l.price}::numeric[], ${l.amount}::numeric[], ${l.taxRate}::numeric[]) AS i(key, line_no, goods_code, qty, free_qty, price, amount, tax_rate)
    ORDER BY key, line_no
    ON CONFLICT (tenant_id, bill_number, line_no) DO UPDATE SET goods_code = excluded.goods_code, order_qty = excluded.order_qty,
      free_qty = excluded.free_qty, price = excluded.price, amount = excluded.amount, tax_rate = excluded.tax_rate
    WHERE (p.goods_code, p.order_qty, p.free_qty, p.price, p.amount, p.tax_rate)
      IS DISTINCT FROM (excluded.goods_code, excluded.order_qty, excluded.free_qty, excluded.price, excluded.amount, excluded.tax_rate)`.execute(
    db,
  );
  await deleteMissingLines(db, 'pur_order_line', tenantId, o.key, {
    key: l.key,
    lineNo: l.lineNo,
    goodsCode: [],
    qty: [],
    amount: [],
    suppCode: [],
    deptCode: [],
    date: [],
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Re-confirmation of changed orders (issue 29, part A)

/** The tenant's hours to confirm an order (system_param orderConfirmHours, a positive whole number; else 24). */
const confirmHoursSql = (tenantId: string) =>
  sql<number>`coalesce((SELECT CASE WHEN p.parameter_value ~ '^\s*[0-9]{1,4}\s*$' AND trim(p.parameter_value)::int > 0
      THEN trim(p.parameter_value)::int END
    FROM system_param p WHERE p.tenant_id = ${tenantId} AND p.parameter_code = 'orderConfirmHours'), 24)`;

/** The states a changed version sends back for confirmation, and 已下达 (still waiting: its lines are marked too). */
const answerable = ['已下达', '已阅读', '已确认', '部分确认', '已拒绝'];

export interface OrderChange {
  key: string;
  suppCode: string;
  status: string;
  /** Lines whose quantity, price or delivery date changed, or that are new. */
  lines: number[];
  /** Of `lines`, the new ones. */
  newLines: number[];
  /** Lines the new version no longer has. */
  removed: number;
}

/**
 * Before the orders are written: per stored order still waiting for or answered by its supplier, the lines the new
 * version changes (quantity, price, the order's delivery date) are marked changed with their values before (the
 * first ones the supplier saw, when it changes twice before an answer) and lose their confirmation; answers the
 * changes, new and removed lines included (new lines are marked once written: markNewLines).
 */
export async function markChangedLines(db: Db, tenantId: string, o: OrderArrays, l: OrderLineArrays): Promise<OrderChange[]> {
  if (o.key.length === 0) return [];
  // Locked in key order: a supplier's answer running now either lands before (and is reopened) or waits and then
  // meets the new version (its version check: 409).
  const stored = await sql<{ key: string; supp_code: string; status: string }>`
    SELECT bill_number AS key, supp_code, status FROM pur_order
    WHERE tenant_id = ${tenantId} AND bill_number = ANY(${o.key}::text[]) AND status = ANY(${answerable}::text[])
    ORDER BY bill_number FOR UPDATE`.execute(db);
  if (stored.rows.length === 0) return [];
  const keys = stored.rows.map((r) => r.key);
  const changed = await sql<{ key: string; line_no: number }>`
    WITH i AS (
      SELECT il.key, il.line_no, il.qty, il.price, io.delivery_date
      FROM unnest(${l.key}::text[], ${l.lineNo}::int[], ${l.qty}::numeric[], ${l.price}::numeric[]) AS il(key, line_no, qty, price)
      JOIN unnest(${o.key}::text[], ${o.deliveryDate}::date[]) AS io(key, delivery_date) ON io.key = il.key
      WHERE il.key = ANY(${keys}::text[])
    )
    UPDATE pur_order_line s SET changed = true,
      prev_qty = CASE WHEN s.changed THEN s.prev_qty ELSE s.order_qty END,
      prev_price = CASE WHEN s.changed THEN s.prev_price ELSE s.price END,
      prev_delivery_date = CASE WHEN s.changed THEN s.prev_delivery_date ELSE p.delivery_date END,
      confirmed_qty = NULL, promised_date = NULL, confirm_note = ''
    FROM i, pur_order p
    WHERE s.tenant_id = ${tenantId} AND s.bill_number = i.key AND s.line_no = i.line_no
      AND p.tenant_id = s.tenant_id AND p.bill_number = s.bill_number
      AND (s.order_qty <> i.qty OR s.price <> i.price OR p.delivery_date <> i.delivery_date)
    RETURNING s.bill_number AS key, s.line_no`.execute(db);
  const added = await sql<{ key: string; line_no: number }>`
    SELECT i.key, i.line_no FROM unnest(${l.key}::text[], ${l.lineNo}::int[]) AS i(key, line_no)
    WHERE i.key = ANY(${keys}::text[])
      AND NOT EXISTS (SELECT 1 FROM pur_order_line s WHERE s.tenant_id = ${tenantId} AND s.bill_number = i.key AND s.line_no = i.line_no)`.execute(
    db,
  );
  const removed = await sql<{ key: string; n: number }>`
    SELECT s.bill_number AS key, count(*)::int AS n FROM pur_order_line s
    WHERE s.tenant_id = ${tenantId} AND s.bill_number = ANY(${keys}::text[])
      AND NOT EXISTS (SELECT 1 FROM unnest(${l.key}::text[], ${l.lineNo}::int[]) AS i(key, line_no) WHERE i.key = s.bill_number AND i.line_no = s.line_no)
    GROUP BY 1`.execute(db);
  return stored.rows
    .map((r) => ({
      key: r.key,
      suppCode: r.supp_code,
      status: r.status,
      lines: [...changed.rows, ...added.rows]
        .filter((c) => c.key === r.key)
        .map((c) => c.line_no)
        .sort((a, b) => a - b),
      newLines: added.rows.filter((c) => c.key === r.key).map((c) => c.line_no),
      removed: removed.rows.find((c) => c.key === r.key)?.n ?? 0,
    }))
    .filter((r) => r.lines.length > 0 || r.removed > 0);
}

/** After the orders are written: new lines of stored orders marked new and changed (nothing confirmed on them yet). */
export async function markNewLines(db: Db, tenantId: string, changes: OrderChange[]): Promise<void> {
  const keys = changes.flatMap((c) => c.newLines.map(() => c.key));
  const lines = changes.flatMap((c) => c.newLines);
  if (keys.length === 0) return;
  await sql`UPDATE pur_order_line s SET changed = true, is_new = true
    FROM unnest(${keys}::text[], ${lines}::int[]) AS i(key, line_no)
    WHERE s.tenant_id = ${tenantId} AND s.bill_number = i.key AND s.line_no = i.line_no`.execute(db);
}

/**
 * Sends changed orders back for confirmation: 已下达 again with a new deadline, the previous answer cleared (the
 * unchanged lines keep their confirmed quantity and date for the supplier's next answer). Answers the orders with
 * their new deadline.
 */
/** Which of these orders exist already (before a batch writes them). */
export async function existingOrders(db: Db, tenantId: string, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await sql<{ key: string }>`
    SELECT bill_number AS key FROM pur_order WHERE tenant_id = ${tenantId} AND bill_number = ANY(${keys}::text[])`.execute(db);
  return new Set(rows.rows.map((r) => r.key));
}

/** What the event of a newly issued order says of it (notifications), for the orders of `keys` waiting for confirmation. */
export async function issuedOrders(db: Db, tenantId: string, keys: string[]) {
  if (keys.length === 0) return [];
  const rows = await sql<{
    key: string;
    supp_code: string;
    dept_code: string;
    order_date: string;
    delivery_date: string;
    total_amount: string;
    confirm_due_at: Date | null;
  }>`
    SELECT bill_number AS key, supp_code, dept_code, order_date::text AS order_date, delivery_date::text AS delivery_date,
      total_amount::text AS total_amount, confirm_due_at
    FROM pur_order WHERE tenant_id = ${tenantId} AND bill_number = ANY(${keys}::text[]) AND status = '已下达'
    ORDER BY bill_number`.execute(db);
  return rows.rows;
}

export async function reopenOrders(db: Db, tenantId: string, keys: string[]) {
  if (keys.length === 0) return [];
  const rows = await sql<{ key: string; confirm_due_at: Date; version: number }>`
    UPDATE pur_order p SET status = '已下达', reopened_at = now(), confirm_due_at = now() + make_interval(hours => ${confirmHoursSql(tenantId)}),
      confirmed_at = NULL, confirmed_by = NULL, decline_reason = NULL, decline_note = '', read_at = NULL, read_by = NULL
    WHERE p.tenant_id = ${tenantId} AND p.bill_number = ANY(${keys}::text[]) AND p.status IN ('已下达', '已阅读', '已确认', '部分确认', '已拒绝')
    RETURNING p.bill_number AS key, p.confirm_due_at, p.version`.execute(db);
  return rows.rows;
}

// ---------------------------------------------------------------------------------------------------------------
// Returns

export interface ReturnArrays extends LineArrays {
  reason: string[];
  askedQty: string[];
  price: string[];
  amountExcl: (string | null)[];
  tax: (string | null)[];
  taxRate: string[];
  batchNo: string[];
}

export async function writeReturns(db: Db, tenantId: string, keys: string[], l: ReturnArrays): Promise<void> {
  await sql`INSERT INTO return_note AS r (tenant_id, bill_number, line_no, supp_code, dept_code, return_date, goods_code, asked_qty, returned_qty,
      price, amount, amount_excl, tax, tax_rate, reason, batch_no)
    SELECT ${tenantId}, key, line_no, supp_code, dept_code, return_date, goods_code, asked_qty, qty, price, amount,
      coalesce(amount_excl, round(amount * 100 / (100 + tax_rate), 2)), coalesce(tax, amount - round(amount * 100 / (100 + tax_rate), 2)),
      tax_rate, reason, batch_no
    FROM unnest(${l.key}::text[], ${l.lineNo}::int[], ${l.suppCode}::text[], ${l.deptCode}::text[], ${l.date}::date[], ${l.goodsCode}::text[],
      ${l.askedQty}::numeric[], ${l.qty}::numeric[], ${l.price}::numeric[], ${l.amount}::numeric[], ${l.amountExcl}::numeric[],
      ${l.tax}::numeric[], ${l.taxRate}::numeric[], ${l.reason}::text[], ${l.batchNo}::text[])
      AS i(key, line_no, supp_code, dept_code, return_date, goods_code, asked_qty, qty, price, amount, amount_excl, tax, tax_rate, reason, batch_no)
    ORDER BY key, line_no
    ON CONFLICT (tenant_id, bill_number, line_no) DO UPDATE SET
      supp_code = excluded.supp_code, dept_code = excluded.dept_code, return_date = excluded.return_date, goods_code = excluded.goods_code,
      asked_qty = excluded.asked_qty, returned_qty = excluded.returned_qty, price = excluded.price, amount = excluded.amount,
      amount_excl = excluded.amount_excl, tax = excluded.tax, tax_rate = excluded.tax_rate, reason = excluded.reason, batch_no = excluded.batch_no`.execute(
    db,
  );
  await deleteMissingLines(db, 'return_note', tenantId, keys, l);
}

// ---------------------------------------------------------------------------------------------------------------
// Charges

export interface ChargeArrays {
  key: string[];
  suppCode: string[];
  deptCode: string[];
  chargeType: string[];
  chargeName: string[];
  period: string[];
  direction: string[];
  amount: string[];
  taxRate: string[];
  clause: string[];
  calculation: string[];
  date: string[];
}

/** Of billed charges: the keys whose supplier, direction, amount, tax rate or date would change. */
export async function billedChargeChanges(db: Db, tenantId: string, c: ChargeArrays, billed: string[]): Promise<Set<string>> {
  if (billed.length === 0) return new Set();
  const rows = await sql<{ key: string }>`SELECT i.key FROM unnest(${c.key}::text[], ${c.suppCode}::text[], ${c.direction}::text[],
      ${c.amount}::numeric[], ${c.taxRate}::numeric[], ${c.date}::date[]) AS i(key, supp_code, direction, amount, tax_rate, charge_date)
    JOIN sam_charge s ON s.tenant_id = ${tenantId} AND s.charge_code = i.key
    WHERE i.key = ANY(${billed}::text[])
      AND (s.supp_code, s.direction, s.amount, s.tax_rate, s.charge_date) IS DISTINCT FROM (i.supp_code, i.direction, i.amount, i.tax_rate, i.charge_date)`.execute(
    db,
  );
  return new Set(rows.rows.map((r) => r.key));
}

/** Upserts the charges; a dispute and the settle state stay as they are. */
export async function writeCharges(db: Db, tenantId: string, createdBy: string, c: ChargeArrays): Promise<void> {
  await sql`INSERT INTO sam_charge AS s (tenant_id, charge_code, supp_code, dept_code, charge_type, charge_name, period, direction, amount,
      tax_rate, clause, calculation, charge_date, created_by)
    SELECT ${tenantId}, key, supp_code, dept_code, charge_type, charge_name, period, direction, amount, tax_rate, clause, calculation, charge_date,
      ${createdBy}
    FROM unnest(${c.key}::text[], ${c.suppCode}::text[], ${c.deptCode}::text[], ${c.chargeType}::text[], ${c.chargeName}::text[],
      ${c.period}::text[], ${c.direction}::text[], ${c.amount}::numeric[], ${c.taxRate}::numeric[], ${c.clause}::text[], ${c.calculation}::text[],
      ${c.date}::date[])
      AS i(key, supp_code, dept_code, charge_type, charge_name, period, direction, amount, tax_rate, clause, calculation, charge_date)
    ORDER BY key
    ON CONFLICT (tenant_id, charge_code) DO UPDATE SET supp_code = excluded.supp_code, dept_code = excluded.dept_code,
      charge_type = excluded.charge_type, charge_name = excluded.charge_name, period = excluded.period, direction = excluded.direction,
      amount = excluded.amount, tax_rate = excluded.tax_rate, clause = excluded.clause, calculation = excluded.calculation,
      charge_date = excluded.charge_date`.execute(db);
}

// ---------------------------------------------------------------------------------------------------------------
// Prepayments

export interface PrepayArrays {
  key: string[];
  suppCode: string[];
  nodeCode: string[];
  date: string[];
  amount: string[];
  note: string[];
}

/** Of billed prepayments: the keys whose supplier, accounting unit, date or amount would change. */
export async function billedPrepayChanges(db: Db, tenantId: string, p: PrepayArrays, billed: string[]): Promise<Set<string>> {
  if (billed.length === 0) return new Set();
  const rows = await sql<{ key: string }>`SELECT i.key FROM unnest(${p.key}::text[], ${p.suppCode}::text[], ${p.nodeCode}::text[],
      ${p.date}::date[], ${p.amount}::numeric[]) AS i(key, supp_code, node_code, pay_date, amount)
    JOIN sam_prepay s ON s.tenant_id = ${tenantId} AND s.prepay_number = i.key
    WHERE i.key = ANY(${billed}::text[])
      AND (s.supp_code, s.node_code, s.pay_date, s.amount) IS DISTINCT FROM (i.supp_code, i.node_code, i.pay_date, i.amount)`.execute(db);
  return new Set(rows.rows.map((r) => r.key));
}

/** Which of the keys are prepayments (预付款) already. */
export async function prepayKeys(db: Db, tenantId: string, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await sql<{ key: string }>`SELECT prepay_number AS key FROM sam_prepay
    WHERE tenant_id = ${tenantId} AND prepay_number = ANY(${keys}::text[])`.execute(db);
  return new Set(rows.rows.map((r) => r.key));
}

export async function writePrepays(db: Db, tenantId: string, p: PrepayArrays): Promise<void> {
  await sql`INSERT INTO sam_prepay (tenant_id, prepay_number, supp_code, node_code, pay_date, amount, note)
    SELECT ${tenantId}, key, supp_code, node_code, pay_date, amount, note
    FROM unnest(${p.key}::text[], ${p.suppCode}::text[], ${p.nodeCode}::text[], ${p.date}::date[], ${p.amount}::numeric[], ${p.note}::text[])
      AS i(key, supp_code, node_code, pay_date, amount, note)
    ORDER BY key
    ON CONFLICT (tenant_id, prepay_number) DO UPDATE SET supp_code = excluded.supp_code, node_code = excluded.node_code,
      pay_date = excluded.pay_date, amount = excluded.amount, note = excluded.note`.execute(db);
}

// ---------------------------------------------------------------------------------------------------------------
// Master data

export async function writeBrands(db: Db, tenantId: string, b: { key: string[]; name: string[] }): Promise<void> {
  await sql`INSERT INTO brand (tenant_id, brand_code, brand_name)
    SELECT ${tenantId}, key, name FROM unnest(${b.key}::text[], ${b.name}::text[]) AS i(key, name) ORDER BY key
    ON CONFLICT (tenant_id, brand_code) DO UPDATE SET brand_name = excluded.brand_name`.execute(db);
}

/** The level of each stored category of the codes. */
export async function categoryLevels(db: Db, tenantId: string, codes: string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .selectFrom('category')
    .select(['category_code', 'level'])
    .where('tenant_id', '=', tenantId)
    .where('category_code', 'in', codes)
    .execute();
  return new Map(rows.map((r) => [r.category_code, r.level]));
}

export async function writeCategories(
  db: Db,
  tenantId: string,
  c: { key: string[]; name: string[]; parent: (string | null)[]; level: number[] },
): Promise<void> {
  await sql`INSERT INTO category (tenant_id, category_code, parent_category_code, category_name, level)
    SELECT ${tenantId}, key, parent, name, level FROM unnest(${c.key}::text[], ${c.parent}::text[], ${c.name}::text[], ${c.level}::int[])
      AS i(key, parent, name, level) ORDER BY key
    ON CONFLICT (tenant_id, category_code) DO UPDATE SET parent_category_code = excluded.parent_category_code,
      category_name = excluded.category_name, level = excluded.level`.execute(db);
}

export interface AccUnitArrays {
  key: string[];
  name: string[];
  taxNumber: string[];
  address: string[];
  bankName: string[];
  bankAccount: string[];
}

export async function writeAccUnits(db: Db, tenantId: string, a: AccUnitArrays): Promise<void> {
  await sql`INSERT INTO acc_unit (tenant_id, unit_code, unit_name, tax_number, address, bank_name, bank_account)
    SELECT ${tenantId}, key, name, tax_number, address, bank_name, bank_account
    FROM unnest(${a.key}::text[], ${a.name}::text[], ${a.taxNumber}::text[], ${a.address}::text[], ${a.bankName}::text[], ${a.bankAccount}::text[])
      AS i(key, name, tax_number, address, bank_name, bank_account) ORDER BY key
    ON CONFLICT (tenant_id, unit_code) DO UPDATE SET unit_name = excluded.unit_name, tax_number = excluded.tax_number,
      address = excluded.address, bank_name = excluded.bank_name, bank_account = excluded.bank_account`.execute(db);
}

export interface StoreArrays {
  key: string[];
  name: string[];
  type: string[];
  city: string[];
  online: boolean[];
  accUnit: string[];
}

export async function writeStores(db: Db, tenantId: string, d: StoreArrays): Promise<void> {
  await sql`INSERT INTO dept (tenant_id, dept_code, dept_name, dept_type, city, online, acc_unit_code)
    SELECT ${tenantId}, key, name, type, city, online, acc_unit
    FROM unnest(${d.key}::text[], ${d.name}::text[], ${d.type}::text[], ${d.city}::text[], ${d.online}::boolean[], ${d.accUnit}::text[])
      AS i(key, name, type, city, online, acc_unit) ORDER BY key
    ON CONFLICT (tenant_id, dept_code) DO UPDATE SET dept_name = excluded.dept_name, dept_type = excluded.dept_type, city = excluded.city,
      online = excluded.online, acc_unit_code = excluded.acc_unit_code`.execute(db);
}

export interface GoodsArrays {
  key: string[];
  barcode: string[];
  name: string[];
  spec: string[];
  unit: string[];
  caseQty: number[];
  category: string[];
  brand: string[];
  supp: string[];
  taxRate: string[];
  price: string[];
  retailPrice: string[];
}

export async function writeGoods(db: Db, tenantId: string, g: GoodsArrays): Promise<void> {
  await sql`INSERT INTO goods (tenant_id, goods_code, barcode, goods_name, spec, unit, case_qty, category_code, brand_code, supp_code, tax_rate,
      price, retail_price)
    SELECT ${tenantId}, key, barcode, name, spec, unit, case_qty, category, brand, supp, tax_rate, price, retail_price
    FROM unnest(${g.key}::text[], ${g.barcode}::text[], ${g.name}::text[], ${g.spec}::text[], ${g.unit}::text[], ${g.caseQty}::int[],
      ${g.category}::text[], ${g.brand}::text[], ${g.supp}::text[], ${g.taxRate}::numeric[], ${g.price}::numeric[], ${g.retailPrice}::numeric[])
      AS i(key, barcode, name, spec, unit, case_qty, category, brand, supp, tax_rate, price, retail_price) ORDER BY key
    ON CONFLICT (tenant_id, goods_code) DO UPDATE SET barcode = excluded.barcode, goods_name = excluded.goods_name, spec = excluded.spec,
      unit = excluded.unit, case_qty = excluded.case_qty, category_code = excluded.category_code, brand_code = excluded.brand_code,
      supp_code = excluded.supp_code, tax_rate = excluded.tax_rate, price = excluded.price, retail_price = excluded.retail_price`.execute(
    db,
  );
}

export interface SupplierArrays {
  key: string[];
  name: string[];
  creditCode: string[];
  businessMode: string[];
  settleCycle: string[];
  payTermDays: number[];
  phones: string[];
  emails: string[];
  contactName: string[];
  phone: string[];
  email: string[];
}

/**
 * Upserts the suppliers, and gives each supplier without one its main account (code = supplier code) with no usable
 * password: the hash is no scrypt hash, so no password signs in until staff issue one (shown once, changed at
 * first sign-in).
 */
export async function writeSuppliers(db: Db, tenantId: string, s: SupplierArrays): Promise<void> {
  await sql`INSERT INTO supplier (tenant_id, supp_code, supp_name, credit_code, business_mode, settle_cycle, pay_term_days, phone_list, email_list)
    SELECT ${tenantId}, key, name, credit_code, business_mode, settle_cycle, pay_term_days, phones, emails
    FROM unnest(${s.key}::text[], ${s.name}::text[], ${s.creditCode}::text[], ${s.businessMode}::text[], ${s.settleCycle}::text[],
      ${s.payTermDays}::int[], ${s.phones}::jsonb[], ${s.emails}::jsonb[])
      AS i(key, name, credit_code, business_mode, settle_cycle, pay_term_days, phones, emails) ORDER BY key
    ON CONFLICT (tenant_id, supp_code) DO UPDATE SET supp_name = excluded.supp_name, credit_code = excluded.credit_code,
      business_mode = excluded.business_mode, settle_cycle = excluded.settle_cycle, pay_term_days = excluded.pay_term_days,
      phone_list = excluded.phone_list, email_list = excluded.email_list`.execute(db);
  await sql`INSERT INTO account (tenant_id, kind, employee_code, employee_name, supp_code, mov_phone, email, password_hash, must_change_password)
    SELECT ${tenantId}, 'supplier', key, CASE WHEN contact = '' THEN name ELSE contact END, key, phone, email, ${unusablePassword}, true
    FROM unnest(${s.key}::text[], ${s.name}::text[], ${s.contactName}::text[], ${s.phone}::text[], ${s.email}::text[])
      AS i(key, name, contact, phone, email) ORDER BY key
    ON CONFLICT (tenant_id, kind, employee_code) DO NOTHING`.execute(db);
}

/** The password hash of an account no password opens (verifyPassword answers false for anything but scrypt). */
export const unusablePassword = 'none:issued-by-staff';

export interface ContractArrays {
  key: string[];
  suppCode: string[];
  nodeCode: string[];
  startDate: string[];
  endDate: string[];
  signedDate: string[];
  terms: ContractTermRow[][];
}

export async function writeContracts(db: Db, tenantId: string, c: ContractArrays): Promise<void> {
  await sql`INSERT INTO supplier_contract (tenant_id, contract_no, supp_code, node_code, start_date, end_date, signed_date, terms)
    SELECT ${tenantId}, key, supp_code, node_code, start_date, end_date, signed_date, terms
    FROM unnest(${c.key}::text[], ${c.suppCode}::text[], ${c.nodeCode}::text[], ${c.startDate}::date[], ${c.endDate}::date[],
      ${c.signedDate}::date[], ${c.terms.map((t) => JSON.stringify(t))}::jsonb[])
      AS i(key, supp_code, node_code, start_date, end_date, signed_date, terms) ORDER BY key
    ON CONFLICT (tenant_id, contract_no) DO UPDATE SET supp_code = excluded.supp_code, node_code = excluded.node_code,
      start_date = excluded.start_date, end_date = excluded.end_date, signed_date = excluded.signed_date, terms = excluded.terms`.execute(
    db,
  );
}
