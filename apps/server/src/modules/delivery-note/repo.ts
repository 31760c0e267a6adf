// SQL of delivery notes (送货单) and receiving against them; every supplier-side read within a data scope.
import type { deliveryNote } from '@portal/contract';
import { type Kysely, type Transaction, sql } from 'kysely';
import { containing } from '../../db/like';
import type { DB } from '../../db/schema';
import { cappedCount } from '../../platform/list/server-list';
import { type DataScope, inScope } from '../../platform/scope';
import { fromShanghaiDay, untilShanghaiDay } from '../../platform/sql/shanghai-time';

type Db = Kysely<DB>;

/** Notes that still hold their quantity on the order line: neither received nor cancelled. */
const holding = sql`('已创建', '已预约')`;

/** A tenant parameter as text, or null when the tenant has none. */
export async function param(db: Db, tenantId: string, code: string): Promise<string | null> {
  const row = await db
    .selectFrom('system_param')
    .select('parameter_value')
    .where('tenant_id', '=', tenantId)
    .where('parameter_code', '=', code)
    .executeTakeFirst();
  return row?.parameter_value ?? null;
}

export interface OpenLineRow {
  billNumber: string;
  lineNo: number;
  deptCode: string;
  deptName: string;
  orderStatus: string;
  goodsCode: string;
  barcode: string;
  goodsName: string;
  spec: string;
  unit: string;
  caseQty: number;
  confirmedQty: string;
  receivedQty: string;
  onNotes: string;
  promisedDate: string;
  shelfLifeDays: number | null;
  price: string;
}

/** Statuses of an order whose confirmed lines may go on a note. */
export const deliverableStatuses = ['已确认', '部分确认', '部分到货'] as const;

/**
 * Confirmed lines of the scope's deliverable orders with what the supplier's live notes hold of them; `lines`
 * narrows to given (order, line) pairs and `lock` locks those order lines (in key order) for a new note.
 */
export async function openLines(
  db: Db,
  scope: DataScope,
  options: { deptCode?: string | undefined; lines?: { billNumber: string; lineNo: number }[]; lock?: boolean } = {},
): Promise<OpenLineRow[]> {
  const pairs = options.lines ?? null;
  const rows = await sql<OpenLineRow>`
    WITH picked AS MATERIALIZED (
      SELECT l.tenant_id, l.bill_number, l.line_no FROM pur_order_line l JOIN pur_order o
        ON o.tenant_id = l.tenant_id AND o.bill_number = l.bill_number
      WHERE ${inScope(scope, 'o')} AND o.status IN (${sql.join(deliverableStatuses)}) AND l.confirmed_qty IS NOT NULL
        ${options.deptCode ? sql`AND o.dept_code = ${options.deptCode}` : sql``}
        ${
          pairs
            ? sql`AND (l.bill_number, l.line_no) IN (SELECT * FROM unnest(${pairs.map((p) => p.billNumber)}::text[], ${pairs.map((p) => p.lineNo)}::int[]))`
            : sql``
        }
      ORDER BY l.bill_number, l.line_no
      ${options.lock ? sql`FOR UPDATE OF l` : sql``}
    )
    SELECT l.bill_number AS "billNumber", l.line_no AS "lineNo", o.dept_code AS "deptCode", d.dept_name AS "deptName",
      o.status AS "orderStatus", l.goods_code AS "goodsCode", g.barcode, g.goods_name AS "goodsName", g.spec, g.unit,
      g.case_qty AS "caseQty", l.confirmed_qty::text AS "confirmedQty", l.received_qty::text AS "receivedQty",
      coalesce((SELECT sum(nl.qty) FROM delivery_note_line nl JOIN delivery_note n ON n.tenant_id = nl.tenant_id AND n.note_number = nl.note_number
        WHERE nl.tenant_id = l.tenant_id AND nl.po_bill_number = l.bill_number AND nl.po_line_no = l.line_no AND n.status IN ${holding}), 0)::text AS "onNotes",
      coalesce(l.promised_date::text, '') AS "promisedDate", g.shelf_life_days AS "shelfLifeDays", l.price::text AS price
    FROM picked p
    JOIN pur_order_line l ON l.tenant_id = p.tenant_id AND l.bill_number = p.bill_number AND l.line_no = p.line_no
    JOIN pur_order o ON o.tenant_id = l.tenant_id AND o.bill_number = l.bill_number
    JOIN dept d ON d.tenant_id = o.tenant_id AND d.dept_code = o.dept_code
    JOIN goods g ON g.tenant_id = l.tenant_id AND g.goods_code = l.goods_code
    ORDER BY o.dept_code, l.bill_number, l.line_no`.execute(db);
  return rows.rows;
}

export interface NewNoteRow {
  tenantId: string;
  noteNumber: string;
  suppCode: string;
  deptCode: string;
  packages: number;
  expectedDate: string;
  remark: string;
  createdBy: string;
}

export interface NewNoteLineRow {
  lineNo: number;
  billNumber: string;
  poLineNo: number;
  goodsCode: string;
  qty: string;
  packages: number;
  batchNo: string;
  productionDate: string | null;
  expiryDate: string | null;
}

export async function insertNote(trx: Transaction<DB>, note: NewNoteRow, lines: NewNoteLineRow[]): Promise<void> {
  await trx
    .insertInto('delivery_note')
    .values({
      tenant_id: note.tenantId,
      note_number: note.noteNumber,
      supp_code: note.suppCode,
      dept_code: note.deptCode,
      status: '已创建',
      packages: note.packages,
      expected_date: note.expectedDate,
      remark: note.remark,
      created_by: note.createdBy,
      cancelled_at: null,
      cancelled_by: null,
      received_at: null,
      received_by: null,
      receiving_bill: null,
    })
    .execute();
  await trx
    .insertInto('delivery_note_line')
    .values(
      lines.map((l) => ({
        tenant_id: note.tenantId,
        note_number: note.noteNumber,
        line_no: l.lineNo,
        po_bill_number: l.billNumber,
        po_line_no: l.poLineNo,
        goods_code: l.goodsCode,
        qty: l.qty,
        packages: l.packages,
        batch_no: l.batchNo,
        production_date: l.productionDate,
        expiry_date: l.expiryDate,
        received_qty: null,
        rejected_qty: null,
      })),
    )
    .execute();
}

export interface NoteHeadRow {
  noteNumber: string;
  suppCode: string;
  suppName: string;
  deptCode: string;
  deptName: string;
  status: deliveryNote.NoteStatus;
  expectedDate: string;
  packages: number;
  lineCount: number;
  totalQty: string;
  receivedQty: string;
  rejectedQty: string;
  createdBy: string;
  createdAt: string;
  orders: string;
  companyName: string;
  remark: string;
  receivedAt: string;
  receivedBy: string;
  receivingBill: string;
  cancelledAt: string;
  version: number;
}

const at = (column: string) => sql`coalesce(to_char(${sql.ref(column)} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI'), '')`;

/** The head columns of notes `n` (a list row and the detail's head alike). */
const headColumns = sql`n.note_number AS "noteNumber", n.supp_code AS "suppCode", s.supp_name AS "suppName", n.dept_code AS "deptCode",
  d.dept_name AS "deptName", n.status, coalesce(n.expected_date::text, '') AS "expectedDate", n.packages,
  (SELECT count(*)::int FROM delivery_note_line x WHERE x.tenant_id = n.tenant_id AND x.note_number = n.note_number) AS "lineCount",
  (SELECT coalesce(sum(x.qty), 0)::text FROM delivery_note_line x WHERE x.tenant_id = n.tenant_id AND x.note_number = n.note_number) AS "totalQty",
  CASE WHEN n.status = '已收货' THEN (SELECT coalesce(sum(x.received_qty), 0)::text FROM delivery_note_line x
    WHERE x.tenant_id = n.tenant_id AND x.note_number = n.note_number) ELSE '' END AS "receivedQty",
  CASE WHEN n.status = '已收货' THEN (SELECT coalesce(sum(x.rejected_qty), 0)::text FROM delivery_note_line x
    WHERE x.tenant_id = n.tenant_id AND x.note_number = n.note_number) ELSE '' END AS "rejectedQty",
  n.created_by AS "createdBy", ${at('n.created_at')} AS "createdAt",
  coalesce((SELECT string_agg(DISTINCT x.po_bill_number, ', ') FROM delivery_note_line x
    WHERE x.tenant_id = n.tenant_id AND x.note_number = n.note_number), '') AS orders,
  t.company_name AS "companyName", n.remark, ${at('n.received_at')} AS "receivedAt", coalesce(n.received_by, '') AS "receivedBy",
  coalesce(n.receiving_bill, '') AS "receivingBill", ${at('n.cancelled_at')} AS "cancelledAt", n.version`;

const headFrom = sql`delivery_note n
  JOIN supplier s ON s.tenant_id = n.tenant_id AND s.supp_code = n.supp_code
  JOIN dept d ON d.tenant_id = n.tenant_id AND d.dept_code = n.dept_code
  JOIN tenant t ON t.id = n.tenant_id`;

export interface NoteFilter {
  status?: string | undefined;
  deptCode?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  noteNumber?: string | undefined;
}

function filterSql(scope: DataScope, f: NoteFilter) {
  return sql`${inScope(scope, 'n')}
    ${f.status ? sql`AND n.status = ${f.status}` : sql``}
    ${f.deptCode ? sql`AND n.dept_code = ${f.deptCode}` : sql``}
    ${f.startDate ? sql`AND ${fromShanghaiDay('n.created_at', f.startDate)}` : sql``}
    ${f.endDate ? sql`AND ${untilShanghaiDay('n.created_at', f.endDate)}` : sql``}
    ${f.noteNumber ? sql`AND n.note_number ILIKE ${containing(f.noteNumber)}` : sql``}`;
}

/**
 * A page of the scope's notes, newest first (an index read backward: migration 0057), and the count: notes grow
 * with the business, so it stops at the lists' cap and says so (`totalCapped`; the pager shows "10,000+").
 */
export async function notePage(db: Db, scope: DataScope, f: NoteFilter, page: number, limit: number) {
  const counted = await cappedCount(db, sql`SELECT 1 FROM delivery_note n WHERE ${filterSql(scope, f)}`);
  const list = await sql<NoteHeadRow>`SELECT ${headColumns} FROM ${headFrom} WHERE ${filterSql(scope, f)}
    ORDER BY n.created_at DESC, n.note_number DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`.execute(db);
  return { ...counted, list: list.rows };
}

/** One note's head within the scope (staff: the tenant), or undefined. */
export async function noteHead(db: Db, scope: DataScope, noteNumber: string): Promise<NoteHeadRow | undefined> {
  const rows = await sql<NoteHeadRow>`SELECT ${headColumns} FROM ${headFrom}
    WHERE ${inScope(scope, 'n')} AND n.note_number = ${noteNumber}`.execute(db);
  return rows.rows[0];
}

export interface NoteLineRow {
  lineNo: number;
  billNumber: string;
  poLineNo: number;
  goodsCode: string;
  barcode: string;
  goodsName: string;
  spec: string;
  unit: string;
  price: string;
  qty: string;
  packages: number;
  batchNo: string;
  productionDate: string;
  expiryDate: string;
  receivedQty: string;
  rejectedQty: string;
  rejectReason: string;
  shortQty: string;
  shelfLifeDays: number | null;
}

export async function noteLines(db: Db, tenantId: string, noteNumber: string): Promise<NoteLineRow[]> {
  const rows = await sql<NoteLineRow>`
    SELECT nl.line_no AS "lineNo", nl.po_bill_number AS "billNumber", nl.po_line_no AS "poLineNo", nl.goods_code AS "goodsCode",
      g.barcode, g.goods_name AS "goodsName", g.spec, g.unit, coalesce(pl.price, g.price)::text AS price, nl.qty::text AS qty, nl.packages,
      nl.batch_no AS "batchNo", coalesce(nl.production_date::text, '') AS "productionDate", coalesce(nl.expiry_date::text, '') AS "expiryDate",
      coalesce(nl.received_qty::text, '') AS "receivedQty", coalesce(nl.rejected_qty::text, '') AS "rejectedQty", nl.reject_reason AS "rejectReason",
      CASE WHEN nl.received_qty IS NULL THEN '' ELSE (nl.qty - nl.received_qty - coalesce(nl.rejected_qty, 0))::text END AS "shortQty",
      g.shelf_life_days AS "shelfLifeDays"
    FROM delivery_note_line nl
    JOIN goods g ON g.tenant_id = nl.tenant_id AND g.goods_code = nl.goods_code
    LEFT JOIN pur_order_line pl ON pl.tenant_id = nl.tenant_id AND pl.bill_number = nl.po_bill_number AND pl.line_no = nl.po_line_no
    WHERE nl.tenant_id = ${tenantId} AND nl.note_number = ${noteNumber}
    ORDER BY nl.line_no`.execute(db);
  return rows.rows;
}

export interface LockedNote {
  note_number: string;
  supp_code: string;
  dept_code: string;
  status: string;
  receiving_bill: string | null;
}

/** Locks notes (in key order) of a tenant, optionally within a supplier's scope. */
export async function lockNotes(trx: Transaction<DB>, scope: DataScope, numbers: string[]): Promise<LockedNote[]> {
  if (numbers.length === 0) return [];
  const rows = await sql<LockedNote>`SELECT note_number, supp_code, dept_code, status, receiving_bill FROM delivery_note n
    WHERE ${inScope(scope, 'n')} AND n.note_number = ANY(${[...new Set(numbers)].sort()}::text[])
    ORDER BY n.note_number FOR UPDATE`.execute(trx);
  return rows.rows;
}

export async function setCancelled(trx: Transaction<DB>, tenantId: string, noteNumber: string, by: string): Promise<void> {
  await trx
    .updateTable('delivery_note')
    .set({ status: '已取消', cancelled_at: sql`now()`, cancelled_by: by, version: sql`version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('note_number', '=', noteNumber)
    .execute();
}

/** The received lines of a note, as arrays over its lines. */
export interface ReceivedLines {
  lineNo: number[];
  receivedQty: string[];
  rejectedQty: string[];
  rejectReason: string[];
}

export async function setReceived(
  trx: Transaction<DB>,
  tenantId: string,
  noteNumber: string,
  receivingBill: string,
  by: string,
  l: ReceivedLines,
): Promise<void> {
  await sql`UPDATE delivery_note_line nl SET received_qty = i.received, rejected_qty = i.rejected, reject_reason = i.reason
    FROM unnest(${l.lineNo}::int[], ${l.receivedQty}::numeric[], ${l.rejectedQty}::numeric[], ${l.rejectReason}::text[])
      AS i(line_no, received, rejected, reason)
    WHERE nl.tenant_id = ${tenantId} AND nl.note_number = ${noteNumber} AND nl.line_no = i.line_no`.execute(trx);
  await trx
    .updateTable('delivery_note')
    .set({ status: '已收货', received_at: sql`now()`, received_by: by, receiving_bill: receivingBill, version: sql`version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('note_number', '=', noteNumber)
    .execute();
}

/** The note's lines as receiving reads them: order line, goods, quantity, price and the goods' shelf life. */
export async function linesForReceiving(db: Db, tenantId: string, noteNumber: string) {
  return db
    .selectFrom('delivery_note_line as nl')
    .innerJoin('goods as g', (j) => j.onRef('g.tenant_id', '=', 'nl.tenant_id').onRef('g.goods_code', '=', 'nl.goods_code'))
    .leftJoin('pur_order_line as pl', (j) =>
      j
        .onRef('pl.tenant_id', '=', 'nl.tenant_id')
        .onRef('pl.bill_number', '=', 'nl.po_bill_number')
        .onRef('pl.line_no', '=', 'nl.po_line_no'),
    )
    .select([
      'nl.line_no as lineNo',
      'nl.po_bill_number as billNumber',
      'nl.po_line_no as poLineNo',
      'nl.goods_code as goodsCode',
      'nl.qty',
      'nl.expiry_date as expiryDate',
      'nl.production_date as productionDate',
      sql<string>`coalesce(pl.price, g.price)::text`.as('price'),
      sql<string>`coalesce(pl.tax_rate, g.tax_rate)::text`.as('taxRate'),
    ])
    .where('nl.tenant_id', '=', tenantId)
    .where('nl.note_number', '=', noteNumber)
    .orderBy('nl.line_no')
    .execute();
}

/** One audit row of a note's change (record_history, record type delivery-note). */
export async function audit(
  trx: Transaction<DB>,
  row: {
    tenantId: string;
    noteNumber: string;
    action: string;
    from: string | null;
    to: string;
    actorCode: string;
    actorName: string;
    note?: string;
  },
): Promise<void> {
  await trx
    .insertInto('record_history')
    .values({
      tenant_id: row.tenantId,
      record_type: 'delivery-note',
      record_id: row.noteNumber,
      action: row.action,
      from_status: row.from,
      to_status: row.to,
      actor_code: row.actorCode,
      actor_name: row.actorName,
      note: row.note ?? '',
      detail: JSON.stringify({}),
    })
    .execute();
}
