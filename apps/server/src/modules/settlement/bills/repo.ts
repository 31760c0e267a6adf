// SQL of settlement bills: the list, one bill with its lines, totals, payments and reconciliation lines, and
// the writes the service makes inside its transaction.
import { type BillStatus, type BillSummary, type CheckDetail, type SourceType, settlement } from '@portal/contract';
import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { containing } from '../../../db/like';
import type { DB, SamBillTable } from '../../../db/schema';
import { type ListColumn, listCountCap, serverList, sortableOnly } from '../../../platform/list/server-list';
import { type DataScope, inScope } from '../../../platform/scope';
import type { SessionContext } from '../../../platform/session-context';
import { shanghaiTime } from '../../../platform/sql/shanghai-time';
import { type DocumentFilter, type RateRow, documentsSql } from './documents-repo';

const suppName = sql<string>`(SELECT s.supp_name FROM supplier s WHERE s.tenant_id = b.tenant_id AND s.supp_code = b.supp_code)`;
const nodeName = sql<string>`coalesce((SELECT u.unit_name FROM acc_unit u WHERE u.tenant_id = b.tenant_id AND u.unit_code = b.node_code), b.node_code)`;
/**
 * What a bill (alias `b`) still owes: payable less paid while it holds its documents. A rejected bill gave them back
 * (another bill may settle them) and a void one holds none: neither owes anything. Every unpaid total reads this.
 */
export const unpaidOf = (b: string) =>
  sql<string>`(CASE WHEN ${sql.ref(`${b}.status`)} IN ('已驳回', '作废') THEN 0.00
    ELSE ${sql.ref(`${b}.payable_amount`)} - ${sql.ref(`${b}.paid_amount`)} END)`;

/**
 * What a bill waiting on its supplier asks to settle: a draft its payable; a rejected bill only the lines whose
 * documents no other bill has taken since; nothing for a bill in review or done.
 */
export const askingOf = (b: string) =>
  sql<string>`(CASE ${sql.ref(`${b}.status`)} WHEN '草稿' THEN ${sql.ref(`${b}.payable_amount`)}
    WHEN '已驳回' THEN coalesce((SELECT sum(l.amount) FROM sam_bill_line l WHERE l.tenant_id = ${sql.ref(`${b}.tenant_id`)}
      AND l.bill_number = ${sql.ref(`${b}.bill_number`)} AND NOT EXISTS (SELECT 1 FROM sam_bill_line o
        WHERE o.tenant_id = l.tenant_id AND o.source_type = l.source_type AND o.source_id = l.source_id AND o.live)), 0.00)
    ELSE 0.00 END)`;

const unpaid = unpaidOf('b');

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
    shanghaiTime('b.created_at').as('createdAt'),
    shanghaiTime('b.updated_at').as('updatedAt'),
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
  columns: sortableOnly(settlement.billSortFields, {
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
    createdAt: column(sql`b.created_at`, shanghaiTime('b.created_at')),
  }),
  defaultSort: { field: 'periodStart', order: 'desc' },
  // Ties by bill number in the sort's direction (newest period's last bill first): each sort's index (0012, 0058)
  // ends in bill_number and is read forward ascending, backward descending, never sorted.
  then: [{ value: sql`b.bill_number`, order: 'asc' }],
  tiesFollowSort: ['periodStart', 'dueDate', 'payableAmount'],
  // Grows with the business: the page's count stops at the cap (the grid shows "10,000+").
  count: { cap: listCountCap },
  select: (matching) => summaryOf(matching),
});

export type BillRow = Omit<BillSummary, 'status' | 'billKind'> & { status: BillStatus; billKind: 'normal' | 'advance' };

/**
 * One bill of the scope with what its print and detail add: the paying company (the 结算主体's own legal entity,
 * the tenant's name only for a unit that no longer exists) and its taxpayer number, term, mode.
 */
export function billHeader(db: Kysely<DB>, scope: DataScope, billNumber: string) {
  return summaryOf(db.selectFrom('sam_bill as b'))
    .innerJoin('tenant as t', 't.id', 'b.tenant_id')
    .innerJoin('supplier as s', (j) => j.onRef('s.tenant_id', '=', 'b.tenant_id').onRef('s.supp_code', '=', 'b.supp_code'))
    .select([
      sql<string>`coalesce((SELECT u.unit_name FROM acc_unit u WHERE u.tenant_id = b.tenant_id AND u.unit_code = b.node_code),
        t.company_name)`.as('companyName'),
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

/** A new bill, empty (its content: writeContent), due its supplier's payment term after its period ends. */
export async function insertBill(
  db: Kysely<DB>,
  bill: {
    tenantId: string;
    billNumber: string;
    suppCode: string;
    billKind: 'normal' | 'advance';
    nodeCode: string;
    periodStart: string;
    periodEnd: string;
    payTermDays: number;
    status: BillStatus;
    remark: string;
    createdBy: string;
  },
): Promise<void> {
  const dueDate = sql<string>`(${bill.periodEnd}::date + ${bill.payTermDays}::int)`;
  await db
    .insertInto('sam_bill')
    .values({
      tenant_id: bill.tenantId,
      bill_number: bill.billNumber,
      supp_code: bill.suppCode,
      bill_kind: bill.billKind,
      node_code: bill.nodeCode,
      period_start: bill.periodStart,
      period_end: bill.periodEnd,
      due_date: dueDate,
      status: bill.status,
      goods_amount: 0,
      return_amount: 0,
      charge_amount: 0,
      prepay_amount: 0,
      payable_amount: 0,
      paid_amount: 0,
      remark: bill.remark,
      created_by: bill.createdBy,
    })
    .execute();
}

export async function deleteBill(db: Kysely<DB>, tenantId: string, billNumber: string): Promise<void> {
  await db.deleteFrom('sam_bill').where('tenant_id', '=', tenantId).where('bill_number', '=', billNumber).execute();
}

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
      // A line of a bill that no longer holds it (rejected, void): the live bill that took the document since.
      sql<string>`coalesce((SELECT o.bill_number FROM sam_bill_line o WHERE o.tenant_id = l.tenant_id AND o.source_type = l.source_type
        AND o.source_id = l.source_id AND o.live AND o.bill_number <> l.bill_number LIMIT 1), '')`.as('heldBy'),
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
    .select(sql<string>`${unpaidOf('sam_bill')}::text`.as('unpaidAmount'))
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

export function paymentsOf(db: Kysely<DB>, tenantId: string, billNumber: string) {
  return db
    .selectFrom('sam_payment')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('bill_number', '=', billNumber)
    .orderBy('id')
    .execute();
}

/** A child account's buttons of the bill module (a main account's: none needed). */
export async function childButtons(db: Kysely<DB>, session: SessionContext): Promise<Set<string>> {
  if (!session.parentCode) return new Set();
  const rows = await db
    .selectFrom('account_button')
    .select('button_code')
    .where('account_id', '=', session.accountId)
    .where('module_code', '=', settlement.billModule)
    .execute();
  return new Set(rows.map((r) => r.button_code));
}

/** Reconciliation lines of a bill (a page of them, or all), each with the count of all. */
export async function checkLines(db: Kysely<DB>, tenantId: string, billNumber: string, paging?: { page: number; limit: number }) {
  const slice = paging ? sql`LIMIT ${paging.limit} OFFSET ${(paging.page - 1) * paging.limit}` : sql``;
  const { rows } = await sql<CheckDetail & { total: number }>`
    SELECT l.source_type AS "sourceType", l.source_id AS "sourceId", l.dept_code AS "deptCode",
      coalesce(d.dept_name, '') AS "deptName", l.doc_date::text AS "docDate", coalesce(q.po, '') AS "poBillNumber",
      CASE WHEN l.source_type IN ('receiving', 'return') THEN trim_scale(coalesce(q.ordered, 0))::text END AS "orderedQty",
      CASE WHEN l.source_type IN ('receiving', 'return') THEN trim_scale(coalesce(q.delivered, 0))::text END AS "deliveredQty",
      coalesce(q.amount, l.amount)::text AS "documentAmount", l.amount::text AS "billedAmount",
      (l.amount - coalesce(q.amount, l.amount))::text AS difference, count(*) OVER ()::int AS total
    FROM sam_bill_line l
    LEFT JOIN dept d ON d.tenant_id = l.tenant_id AND d.dept_code = l.dept_code
    LEFT JOIN LATERAL (
      SELECT min(a.po_bill_number) AS po, sum(a.accepted_qty) AS delivered, sum(a.amount) AS amount,
        sum((SELECT sum(pl.order_qty) FROM pur_order_line pl WHERE pl.tenant_id = a.tenant_id AND pl.bill_number = a.po_bill_number
          AND pl.goods_code = a.goods_code)) AS ordered
      FROM acceptance a WHERE l.source_type = 'receiving' AND a.tenant_id = l.tenant_id AND a.bill_number = l.source_id
      UNION ALL
      SELECT NULL::text, -sum(n.returned_qty), -sum(n.amount), -sum(n.asked_qty)
      FROM return_note n WHERE l.source_type = 'return' AND n.tenant_id = l.tenant_id AND n.bill_number = l.source_id
      UNION ALL
      SELECT NULL::text, 0, CASE c.direction WHEN 'deduct' THEN -c.amount ELSE c.amount END, 0
      FROM sam_charge c WHERE l.source_type = 'charge' AND c.tenant_id = l.tenant_id AND c.charge_code = l.source_id
    ) q ON q.amount IS NOT NULL
    WHERE l.tenant_id = ${tenantId} AND l.bill_number = ${billNumber}
    ORDER BY array_position(array['receiving','return','charge','prepay'], l.source_type), l.doc_date, l.source_id
    ${slice}`.execute(db);
  return rows;
}

/** Bills waiting on the supplier and unpaid money, counted as settlement counts them (a rejected bill owes nothing). */
export async function waitingAndUnpaid(db: Kysely<DB>, scope: DataScope) {
  const { rows } = await sql<{ waitingCount: number; waitingAmount: string; unpaidAmount: string }>`
    SELECT count(*) FILTER (WHERE b.status IN ('草稿', '已驳回'))::int AS "waitingCount",
           coalesce(sum(${askingOf('b')}), 0)::text AS "waitingAmount",
           coalesce(sum(${unpaidOf('b')}), 0)::text AS "unpaidAmount"
    FROM sam_bill b WHERE ${inScope(scope, 'b')}`.execute(db);
  return rows[0]!;
}
