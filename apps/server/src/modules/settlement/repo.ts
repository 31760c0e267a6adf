// SQL of settlement bills: the list, one bill with its lines, totals, invoices, payments and attachments,
// and the writes the service makes inside its transaction.
import type { BillStatus, BillSummary, SourceType } from '@portal/contract';
import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { containing } from '../../db/like';
import type { DB, SamBillTable } from '../../db/schema';
import { type ListColumn, serverList } from '../../platform/list/server-list';
import { type DataScope, inScope } from '../../platform/scope';
import { type FileHolder, claimFiles, releaseFiles } from '../../platform/files/store';
import { type DocumentFilter, type RateRow, documentsSql } from './documents';

/** Times as lists show them, in business time (UTC+8). */
const shownTime = (value: RawBuilder<unknown>) => sql<string>`to_char(${value} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`;

const suppName = sql<string>`(SELECT s.supp_name FROM supplier s WHERE s.tenant_id = b.tenant_id AND s.supp_code = b.supp_code)`;
const nodeName = sql<string>`coalesce((SELECT u.unit_name FROM acc_unit u WHERE u.tenant_id = b.tenant_id AND u.unit_code = b.node_code), b.node_code)`;
const unpaid = sql<string>`(b.payable_amount - b.paid_amount)`;

const column = (value: RawBuilder<unknown>, text: RawBuilder<unknown> = sql`${value}::text`, numeric = false): ListColumn => ({
  value,
  text,
  sortable: true,
  filterable: true,
  ...(numeric ? { numeric } : {}),
});
const money = (value: RawBuilder<unknown>) => column(value, sql`${value}::text`, true);

export interface BillFilter {
  periodStart?: string | undefined;
  periodEnd?: string | undefined;
  nodeCode?: string | undefined;
  statuses?: readonly BillStatus[] | undefined;
  samBillNum?: string | undefined;
  billKind?: 'normal' | 'advance' | undefined;
}

/** A bill's summary fields, from a query on sam_bill as b. */
function summaryOf<O>(q: SelectQueryBuilder<DB & { b: SamBillTable }, 'b', O>) {
  return q.select([
    'b.bill_number as samBillNum',
    'b.bill_kind as billKind',
    'b.supp_code as suppCode',
    suppName.as('suppName'),
    'b.node_code as nodeCode',
    nodeName.as('nodeName'),
    'b.period_start as periodStart',
    'b.period_end as periodEnd',
    'b.due_date as dueDate',
    'b.status',
    'b.goods_amount as goodsAmount',
    'b.return_amount as returnAmount',
    'b.charge_amount as chargeAmount',
    'b.prepay_amount as prepayAmount',
    'b.payable_amount as payableAmount',
    'b.paid_amount as paidAmount',
    sql<string>`${unpaid}::text`.as('unpaidAmount'),
    'b.invoice_amount as invoiceAmount',
    'b.line_count as lineCount',
    'b.remark',
    'b.version',
    'b.created_by as createdBy',
    shownTime(sql`b.created_at`).as('createdAt'),
    shownTime(sql`b.updated_at`).as('updatedAt'),
  ]);
}

export const billList = serverList({
  from: (db) => db.selectFrom('sam_bill as b'),
  alias: 'b',
  where: (q, f: BillFilter) => {
    if (f.periodStart) q = q.where('b.period_end', '>=', f.periodStart);
    if (f.periodEnd) q = q.where('b.period_start', '<=', f.periodEnd);
    if (f.nodeCode) q = q.where('b.node_code', '=', f.nodeCode);
    if (f.statuses?.length) q = q.where('b.status', 'in', f.statuses);
    if (f.samBillNum) q = q.where('b.bill_number', 'ilike', containing(f.samBillNum));
    if (f.billKind) q = q.where('b.bill_kind', '=', f.billKind);
    return q;
  },
  columns: {
    samBillNum: column(sql`b.bill_number`),
    billKind: column(sql`b.bill_kind`),
    suppCode: column(sql`b.supp_code`),
    suppName: column(suppName),
    nodeCode: column(sql`b.node_code`),
    nodeName: column(nodeName),
    periodStart: column(sql`b.period_start`),
    periodEnd: column(sql`b.period_end`),
    dueDate: column(sql`b.due_date`),
    status: column(sql`b.status`),
    goodsAmount: money(sql`b.goods_amount`),
    returnAmount: money(sql`b.return_amount`),
    chargeAmount: money(sql`b.charge_amount`),
    prepayAmount: money(sql`b.prepay_amount`),
    payableAmount: money(sql`b.payable_amount`),
    paidAmount: money(sql`b.paid_amount`),
    unpaidAmount: money(unpaid),
    invoiceAmount: money(sql`b.invoice_amount`),
    lineCount: column(sql`b.line_count`, sql`b.line_count::text`, true),
    createdAt: column(sql`b.created_at`, shownTime(sql`b.created_at`)),
  },
  defaultSort: { field: 'periodStart', order: 'desc' },
  then: [{ value: sql`b.bill_number`, order: 'desc' }],
  select: (matching) => summaryOf(matching),
});

export type BillRow = Omit<BillSummary, 'status' | 'billKind'> & { status: BillStatus; billKind: 'normal' | 'advance' };

/** One bill of the scope with what its print and detail add (company, node tax number, term, mode). */
export function billHeader(db: Kysely<DB>, scope: DataScope, billNumber: string) {
  return summaryOf(db.selectFrom('sam_bill as b'))
    .innerJoin('tenant as t', 't.id', 'b.tenant_id')
    .innerJoin('supplier as s', (j) => j.onRef('s.tenant_id', '=', 'b.tenant_id').onRef('s.supp_code', '=', 'b.supp_code'))
    .select([
      't.company_name as companyName',
      sql<string>`coalesce((SELECT u.tax_number FROM acc_unit u WHERE u.tenant_id = b.tenant_id AND u.unit_code = b.node_code), '')`.as(
        'nodeTaxNumber',
      ),
      's.pay_term_days as payTermDays',
      's.business_mode as businessMode',
    ])
    .where(inScope(scope, 'b'))
    .where('b.bill_number', '=', billNumber)
    .executeTakeFirst();
}

/** The bill's row locked for a transition (FOR UPDATE: a concurrent transition waits, then sees the new state). */
export function lockBill(db: Kysely<DB>, scope: DataScope, billNumber: string) {
  return db
    .selectFrom('sam_bill as b')
    .select([
      'b.tenant_id',
      'b.bill_number',
      'b.supp_code',
      'b.status',
      'b.version',
      'b.bill_kind',
      'b.node_code',
      'b.period_start',
      'b.period_end',
      'b.payable_amount',
      'b.paid_amount',
    ])
    .where(inScope(scope, 'b'))
    .where('b.bill_number', '=', billNumber)
    .forUpdate()
    .executeTakeFirst();
}
export type LockedBill = NonNullable<Awaited<ReturnType<typeof lockBill>>>;

export function billLines(db: Kysely<DB>, tenantId: string, billNumber: string) {
  return db
    .selectFrom('sam_bill_line as l')
    .leftJoin('dept as d', (j) => j.onRef('d.tenant_id', '=', 'l.tenant_id').onRef('d.dept_code', '=', 'l.dept_code'))
    .select([
      'l.source_type as sourceType',
      'l.source_id as sourceId',
      'l.dept_code as deptCode',
      sql<string>`coalesce(d.dept_name, '')`.as('deptName'),
      'l.doc_date as docDate',
      'l.due_date as dueDate',
      'l.tax_rates as taxRates',
      'l.amount',
      'l.amount_excl as amountExcl',
      'l.tax',
      'l.note',
    ])
    .where('l.tenant_id', '=', tenantId)
    .where('l.bill_number', '=', billNumber)
    .orderBy(sql`array_position(array['receiving','return','charge','prepay'], l.source_type)`)
    .orderBy('l.doc_date')
    .orderBy('l.source_id')
    .execute();
}

/** Source refs of a bill's lines. */
export async function billRefs(db: Kysely<DB>, tenantId: string, billNumber: string) {
  const rows = await db
    .selectFrom('sam_bill_line')
    .select(['source_type', 'source_id'])
    .where('tenant_id', '=', tenantId)
    .where('bill_number', '=', billNumber)
    .execute();
  return rows.map((r) => ({ sourceType: r.source_type, sourceId: r.source_id }));
}

export function billTotals(db: Kysely<DB>, tenantId: string, billNumber: string) {
  return db
    .selectFrom('sam_bill_total')
    .select([
      sql<string | null>`trim_scale(tax_rate)::text`.as('taxRate'),
      'goods_amount as goodsAmount',
      'return_amount as returnAmount',
      'charge_amount as chargeAmount',
      'prepay_amount as prepayAmount',
      'payable_amount as payableAmount',
      'payable_excl as payableExcl',
      'payable_tax as payableTax',
      'invoice_amount as invoiceAmount',
    ])
    .where('tenant_id', '=', tenantId)
    .where('bill_number', '=', billNumber)
    .orderBy(sql`tax_rate DESC NULLS LAST`)
    .execute();
}

/** Writes a bill's lines (from its documents), totals per rate and header sums, replacing what it had. */
export async function writeContent(
  db: Kysely<DB>,
  bill: { tenantId: string; billNumber: string; live: boolean },
  documents: DocumentFilter,
  rates: RateRow[],
): Promise<void> {
  await db.deleteFrom('sam_bill_line').where('tenant_id', '=', bill.tenantId).where('bill_number', '=', bill.billNumber).execute();
  await db.deleteFrom('sam_bill_total').where('tenant_id', '=', bill.tenantId).where('bill_number', '=', bill.billNumber).execute();
  await sql`INSERT INTO sam_bill_line (tenant_id, bill_number, source_type, source_id, dept_code, doc_date, due_date, tax_rates,
      amount, amount_excl, tax, note, live)
    SELECT ${bill.tenantId}, ${bill.billNumber}, d.source_type, d.source_id, d.dept_code, d.doc_date::date, d.due_date::date, d.tax_rates,
      d.amount::numeric, d.amount_excl::numeric, d.tax::numeric, d.note, ${bill.live}
    FROM (${documentsSql(documents)}) AS d`.execute(db);
  if (rates.length > 0) {
    await db
      .insertInto('sam_bill_total')
      .values(rates.map((r) => ({ tenant_id: bill.tenantId, bill_number: bill.billNumber, ...r })))
      .execute();
  }
  await sql`UPDATE sam_bill b SET
      goods_amount = t.goods, return_amount = t.ret, charge_amount = t.chg, prepay_amount = t.pre,
      payable_amount = t.goods + t.ret + t.chg + t.pre,
      line_count = (SELECT count(*) FROM sam_bill_line l WHERE l.tenant_id = b.tenant_id AND l.bill_number = b.bill_number)
    FROM (SELECT coalesce(sum(goods_amount), 0) AS goods, coalesce(sum(return_amount), 0) AS ret,
            coalesce(sum(charge_amount), 0) AS chg, coalesce(sum(prepay_amount), 0) AS pre
          FROM sam_bill_total WHERE tenant_id = ${bill.tenantId} AND bill_number = ${bill.billNumber}) AS t
    WHERE b.tenant_id = ${bill.tenantId} AND b.bill_number = ${bill.billNumber}`.execute(db);
}

/** Marks the bill's lines as holding (or no longer holding) their documents. */
export async function setLinesLive(db: Kysely<DB>, tenantId: string, billNumber: string, live: boolean): Promise<void> {
  await db.updateTable('sam_bill_line').set({ live }).where('tenant_id', '=', tenantId).where('bill_number', '=', billNumber).execute();
}

/** The documents of a bill's lines, as claim() reads them (line counts of receiving and return notes). */
export async function lineDocuments(db: Kysely<DB>, tenantId: string, billNumber: string) {
  const { rows } = await sql<{ source_type: SourceType; source_id: string; line_count: number }>`
    SELECT l.source_type, l.source_id, CASE l.source_type
        WHEN 'receiving' THEN (SELECT count(*)::int FROM acceptance a WHERE a.tenant_id = l.tenant_id AND a.bill_number = l.source_id)
        WHEN 'return' THEN (SELECT count(*)::int FROM return_note n WHERE n.tenant_id = l.tenant_id AND n.bill_number = l.source_id)
        ELSE 1 END AS line_count
    FROM sam_bill_line l WHERE l.tenant_id = ${tenantId} AND l.bill_number = ${billNumber}`.execute(db);
  return rows;
}

/** Charges of a bill's lines that are under dispute. */
export async function disputedCharges(db: Kysely<DB>, tenantId: string, billNumber: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sam_charge as c')
    .select('c.charge_code')
    .where('c.tenant_id', '=', tenantId)
    .where('c.dispute_status', '=', '异议中')
    .where('c.charge_code', 'in', (eb) =>
      eb
        .selectFrom('sam_bill_line as l')
        .select('l.source_id')
        .where('l.tenant_id', '=', tenantId)
        .where('l.bill_number', '=', billNumber)
        .where('l.source_type', '=', 'charge'),
    )
    .orderBy('c.charge_code')
    .execute();
  return rows.map((r) => r.charge_code);
}

export async function bump(db: Kysely<DB>, tenantId: string, billNumber: string, set: { status?: BillStatus; remark?: string } = {}) {
  await db
    .updateTable('sam_bill')
    .set({ ...set, version: sql`version + 1`, updated_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('bill_number', '=', billNumber)
    .execute();
}

export function savedOf(db: Kysely<DB>, tenantId: string, billNumber: string) {
  return db
    .selectFrom('sam_bill')
    .select(['bill_number as samBillNum', 'status', 'version', 'payable_amount as payableAmount', 'paid_amount as paidAmount'])
    .select(sql<string>`(payable_amount - paid_amount)::text`.as('unpaidAmount'))
    .where('tenant_id', '=', tenantId)
    .where('bill_number', '=', billNumber)
    .executeTakeFirstOrThrow();
}

/** Live bills of the supplier and node whose period overlaps. */
export async function overlapping(db: Kysely<DB>, scope: DataScope, nodeCode: string, from: string, to: string) {
  const rows = await db
    .selectFrom('sam_bill as b')
    .select('b.bill_number')
    .where(inScope(scope, 'b'))
    .where('b.node_code', '=', nodeCode)
    .where('b.period_start', '<=', to)
    .where('b.period_end', '>=', from)
    .where('b.status', 'not in', ['作废', '已驳回'])
    .orderBy('b.bill_number')
    .execute();
  return rows.map((r) => r.bill_number);
}

export function invoicesOf(db: Kysely<DB>, tenantId: string, billNumber: string) {
  return db
    .selectFrom('sam_invoice')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('bill_number', '=', billNumber)
    .orderBy('id')
    .execute();
}

export function paymentsOf(db: Kysely<DB>, tenantId: string, billNumber: string) {
  return db
    .selectFrom('sam_payment')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('bill_number', '=', billNumber)
    .orderBy('id')
    .execute();
}

/** Keeps the invoice sums of the bill and of each rate row equal to its invoices. */
export async function refreshInvoiceSums(db: Kysely<DB>, tenantId: string, billNumber: string): Promise<void> {
  await sql`UPDATE sam_bill_total t SET invoice_amount = coalesce((SELECT sum(i.amount) FROM sam_invoice i
      WHERE i.tenant_id = t.tenant_id AND i.bill_number = t.bill_number AND i.tax_rate = t.tax_rate), 0)
    WHERE t.tenant_id = ${tenantId} AND t.bill_number = ${billNumber}`.execute(db);
  await sql`UPDATE sam_bill b SET invoice_amount = coalesce((SELECT sum(i.amount) FROM sam_invoice i
      WHERE i.tenant_id = b.tenant_id AND i.bill_number = b.bill_number), 0)
    WHERE b.tenant_id = ${tenantId} AND b.bill_number = ${billNumber}`.execute(db);
}

/** Files attached to records, with the record they belong to. */
export function attachmentsOf(db: Kysely<DB>, tenantId: string, owners: { type: 'bill' | 'charge' | 'invoice'; ids: string[] }[]) {
  const wanted = owners.filter((o) => o.ids.length > 0);
  if (wanted.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sam_attachment as a')
    .innerJoin('stored_file as f', 'f.id', 'a.file_id')
    .select(['a.owner_type', 'a.owner_id', 'f.id', 'f.name', 'f.content_type', 'f.size', 'f.sha256', 'f.created_by', 'f.created_at'])
    .where('a.tenant_id', '=', tenantId)
    .where((eb) => eb.or(wanted.map((o) => eb.and([eb('a.owner_type', '=', o.type), eb('a.owner_id', 'in', o.ids)]))))
    .orderBy('f.created_at')
    .orderBy('f.id')
    .execute();
}

/**
 * Replaces the files of a record with these, through the file store's claim and release: a file the record
 * already holds stays whoever uploaded it (a bill holds the supplier's files and those of staff); a new one
 * must be the caller's (`suppCode`: the supplier's, null: staff's) and held by no other record. Answers false
 * when one is not; the caller then fails its transaction.
 */
export async function setAttachments(
  db: Kysely<DB>,
  owner: FileHolder & { type: 'bill' | 'charge' | 'invoice'; id: string },
  fileIds: readonly string[],
): Promise<boolean> {
  const reference = `sam-${owner.type}:${owner.id}`;
  const ids = [...new Set(fileIds)];
  const held = ids.length
    ? (
        await db
          .selectFrom('stored_file')
          .select('id')
          .where('tenant_id', '=', owner.tenantId)
          .where('referenced_by', '=', reference)
          .where('id', 'in', ids)
          .execute()
      ).map((f) => f.id)
    : [];
  const added = ids.filter((id) => !held.includes(id));
  if ((await claimFiles(db, owner, reference, added)).length > 0) return false;
  await releaseFiles(db, owner.tenantId, reference, ids);
  await db
    .deleteFrom('sam_attachment')
    .where('tenant_id', '=', owner.tenantId)
    .where('owner_type', '=', owner.type)
    .where('owner_id', '=', owner.id)
    .execute();
  if (ids.length)
    await db
      .insertInto('sam_attachment')
      .values(ids.map((fileId) => ({ tenant_id: owner.tenantId, owner_type: owner.type, owner_id: owner.id, file_id: fileId })))
      .execute();
  return true;
}
