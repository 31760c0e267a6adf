// SQL of the source documents a bill settles — receiving notes, return notes, charges, prepayments — one
// row per document with its signed amounts, and their settle state: claimed by a conditional update
// 未结算 -> 结算中 (backed by the unique index over live bill lines), released, or settled.
import type { SettleStatus, SourceRef, SourceType } from '@portal/contract';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../../../db/schema';

export interface DocumentRow {
  source_type: SourceType;
  source_id: string;
  dept_code: string;
  dept_name: string;
  doc_date: string;
  due_date: string;
  tax_rates: string;
  amount: string;
  amount_excl: string;
  tax: string;
  note: string;
  settle_status: SettleStatus;
  disputed: boolean;
  line_count: number;
  /** The live bill holding it ('' when none). */
  sam_bill_num: string;
}

export interface DocumentFilter {
  tenantId: string;
  suppCode: string;
  nodeCode: string;
  /** The supplier's payment term: a receiving or return note is due this many days after its date (or SQL reading it). */
  termDays: number | RawBuilder<number>;
  period?: { from: string; to: string } | undefined;
  /** Only these documents. */
  refs?: readonly SourceRef[] | undefined;
  /** Only documents still to settle (未结算), and those this bill holds. */
  open?: { includeBill?: string | undefined } | undefined;
  types?: readonly SourceType[] | undefined;
  /** Part of a document number. */
  sourceId?: string | undefined;
}

/** SQL of a supplier's payment term, read by the documents' query itself (no round trip of its own; none without the supplier). */
export const termDaysSql = (tenantId: string, suppCode: string) =>
  sql<number>`(SELECT s.pay_term_days FROM supplier s WHERE s.tenant_id = ${tenantId} AND s.supp_code = ${suppCode})`;

/** Where each kind of document lives: its table, its number column and its settle state. */
const sources: Record<SourceType, { table: string; id: string }> = {
  receiving: { table: 'acceptance', id: 'bill_number' },
  return: { table: 'return_note', id: 'bill_number' },
  charge: { table: 'sam_charge', id: 'charge_code' },
  prepay: { table: 'sam_prepay', id: 'prepay_number' },
};

const kinds = Object.entries(sources) as [SourceType, { table: string; id: string }][];

const idsOf = (refs: readonly SourceRef[], type: SourceType) => refs.filter((r) => r.sourceType === type).map((r) => r.sourceId);

/** A charge as it counts in a bill: deducted negative; excl. tax = round(amount / (1 + rate), 2) half-up on the positive amount. */
const chargeSign = sql`(CASE c.direction WHEN 'deduct' THEN -1 ELSE 1 END)`;
const chargeExcl = sql`round(c.amount * 100 / (100 + c.tax_rate), 2)`;

function conditions(f: DocumentFilter, type: SourceType, alias: string, date: string): RawBuilder<SqlBool>[] {
  const ref = (column: string) => sql.ref(`${alias}.${column}`);
  const id = ref(sources[type]!.id);
  const where: RawBuilder<SqlBool>[] = [sql`${ref('tenant_id')} = ${f.tenantId}`, sql`${ref('supp_code')} = ${f.suppCode}`];
  if (f.period) {
    // A prepayment made before the period can be offset in it.
    where.push(
      type === 'prepay'
        ? sql`${ref(date)} <= ${f.period.to}::date`
        : sql`${ref(date)} BETWEEN ${f.period.from}::date AND ${f.period.to}::date`,
    );
  }
  if (f.refs) where.push(sql`${id} = ANY(${idsOf(f.refs, type)}::text[])`);
  if (f.sourceId) where.push(sql`${id} ILIKE ${'%' + f.sourceId.replace(/[\\%_]/g, (c) => `\\${c}`) + '%'}`);
  if (f.open) {
    const held = f.open.includeBill
      ? sql<SqlBool>` OR ${id} IN (SELECT l.source_id FROM sam_bill_line l WHERE l.tenant_id = ${f.tenantId}
          AND l.bill_number = ${f.open.includeBill} AND l.source_type = ${type} AND l.live)`
      : sql``;
    where.push(sql`(${ref('settle_status')} = '未结算'${held})`);
  }
  return where;
}

const and = (parts: RawBuilder<SqlBool>[]) => sql.join(parts, sql` AND `);
const wanted = (f: DocumentFilter, type: SourceType) => (!f.types || f.types.includes(type)) && (!f.refs || idsOf(f.refs, type).length > 0);

/** The documents of the filter, one row per document (a query to select from). */
export function documentsSql(f: DocumentFilter): RawBuilder<DocumentRow> {
  const parts: RawBuilder<unknown>[] = [];
  const nodeDept = (alias: string) =>
    sql`JOIN dept d ON d.tenant_id = ${sql.ref(`${alias}.tenant_id`)} AND d.dept_code = ${sql.ref(`${alias}.dept_code`)} AND d.acc_unit_code = ${f.nodeCode}`;
  if (wanted(f, 'receiving')) {
    parts.push(sql`SELECT 'receiving'::text AS source_type, a.bill_number AS source_id, min(a.dept_code) AS dept_code,
        min(d.dept_name) AS dept_name, min(a.acc_date) AS doc_date, min(a.acc_date) + ${f.termDays}::int AS due_date,
        string_agg(DISTINCT trim_scale(a.tax_rate)::text, ',' ORDER BY trim_scale(a.tax_rate)::text) AS tax_rates,
        sum(a.amount) AS amount, sum(a.amount_excl) AS amount_excl, sum(a.tax) AS tax, ''::text AS note,
        min(a.settle_status) AS settle_status, false AS disputed, count(*)::int AS line_count
      FROM acceptance a ${nodeDept('a')}
      WHERE ${and(conditions(f, 'receiving', 'a', 'acc_date'))}
      GROUP BY a.bill_number`);
  }
  if (wanted(f, 'return')) {
    parts.push(sql`SELECT 'return'::text, n.bill_number, min(n.dept_code), min(d.dept_name), min(n.return_date),
        min(n.return_date) + ${f.termDays}::int,
        string_agg(DISTINCT trim_scale(n.tax_rate)::text, ',' ORDER BY trim_scale(n.tax_rate)::text),
        -sum(n.amount), -sum(n.amount_excl), -sum(n.tax), min(n.reason), min(n.settle_status), false, count(*)::int
      FROM return_note n ${nodeDept('n')}
      WHERE ${and(conditions(f, 'return', 'n', 'return_date'))}
      GROUP BY n.bill_number`);
  }
  if (wanted(f, 'charge')) {
    parts.push(sql`SELECT 'charge'::text, c.charge_code, c.dept_code, d.dept_name, c.charge_date, c.charge_date,
        trim_scale(c.tax_rate)::text, ${chargeSign} * c.amount, ${chargeSign} * ${chargeExcl},
        ${chargeSign} * (c.amount - ${chargeExcl}), c.charge_name, c.settle_status, c.dispute_status = '异议中', 1
      FROM sam_charge c ${nodeDept('c')}
      WHERE ${and(conditions(f, 'charge', 'c', 'charge_date'))}`);
  }
  if (wanted(f, 'prepay')) {
    parts.push(sql`SELECT 'prepay'::text, p.prepay_number, ''::text, ''::text, p.pay_date, p.pay_date, ''::text,
        -p.amount, -p.amount, 0::numeric, p.note, p.settle_status, false, 1
      FROM sam_prepay p
      WHERE p.node_code = ${f.nodeCode} AND ${and(conditions(f, 'prepay', 'p', 'pay_date'))}`);
  }
  if (parts.length === 0) {
    return sql<DocumentRow>`SELECT * FROM (SELECT ''::text AS source_type, ''::text AS source_id, ''::text AS dept_code, ''::text AS dept_name,
      current_date AS doc_date, current_date AS due_date, ''::text AS tax_rates, 0::numeric AS amount, 0::numeric AS amount_excl,
      0::numeric AS tax, ''::text AS note, '未结算'::text AS settle_status, false AS disputed, 0 AS line_count) x WHERE false`;
  }
  return sql<DocumentRow>`SELECT x.source_type, x.source_id, x.dept_code, x.dept_name, x.doc_date::text AS doc_date,
      x.due_date::text AS due_date, x.tax_rates, x.amount::text AS amount, x.amount_excl::text AS amount_excl, x.tax::text AS tax,
      x.note, x.settle_status, x.disputed, x.line_count,
      CASE WHEN x.settle_status = '未结算' THEN '' ELSE coalesce((SELECT l.bill_number FROM sam_bill_line l
        WHERE l.tenant_id = ${f.tenantId} AND l.source_type = x.source_type AND l.source_id = x.source_id AND l.live), '') END AS sam_bill_num
    FROM (${sql.join(parts, sql` UNION ALL `)}) AS x`;
}

/** The documents of the filter, as rows. */
export async function documentsOf(db: Kysely<DB>, f: DocumentFilter): Promise<DocumentRow[]> {
  const { rows } = await sql<DocumentRow>`SELECT * FROM (${documentsSql(f)}) AS d`.execute(db);
  return rows;
}

/** Documents of a bill kind: normal bills receipts already due, advance bills those not yet due (returns, charges, prepayments: any). */
function dueCondition(kind: 'normal' | 'advance', today: string) {
  return kind === 'normal'
    ? sql`(d.source_type <> 'receiving' OR d.due_date <= ${today})`
    : sql`(d.source_type <> 'receiving' OR d.due_date > ${today})`;
}

/** One page of cost documents with the count and sum of all of them (window functions: one query). */
export function costPageSql(
  filter: DocumentFilter,
  kind: 'normal' | 'advance',
  today: string,
  sort: { column: string; order: 'asc' | 'desc' },
  limit: number,
  offset: number,
) {
  return sql<DocumentRow & { total: number; total_amount: string }>`
    SELECT d.*, count(*) OVER ()::int AS total, (sum(d.amount::numeric) OVER ())::text AS total_amount
    FROM (${documentsSql(filter)}) AS d
    WHERE ${dueCondition(kind, today)}
    ORDER BY ${sql.raw(sort.column)} ${sql.raw(sort.order === 'asc' ? 'ASC' : 'DESC')}, d.source_type, d.source_id
    LIMIT ${limit} OFFSET ${offset}`;
}

/** The count and sum of all cost documents of the filter and bill kind. */
export async function costCount(db: Kysely<DB>, filter: DocumentFilter, kind: 'normal' | 'advance', today: string) {
  const { rows: counted } = await sql<{ total: number; total_amount: string }>`
        SELECT count(*)::int AS total, coalesce(sum(d.amount::numeric), 0)::text AS total_amount
        FROM (${documentsSql(filter)}) AS d WHERE ${dueCondition(kind, today)}`.execute(db);
  return counted[0]!;
}

export interface RateRow {
  tax_rate: string | null;
  goods_amount: string;
  return_amount: string;
  charge_amount: string;
  prepay_amount: string;
  payable_amount: string;
  payable_excl: string;
  payable_tax: string;
}

/** Totals per tax rate of the chosen documents (prepayment offset: rate null), from their lines. */
export async function rateTotals(db: Kysely<DB>, tenantId: string, suppCode: string, refs: readonly SourceRef[]): Promise<RateRow[]> {
  const of = (type: SourceType) => idsOf(refs, type);
  const { rows } = await sql<RateRow>`
    SELECT trim_scale(tax_rate)::text AS tax_rate, sum(goods)::text AS goods_amount, sum(ret)::text AS return_amount,
      sum(chg)::text AS charge_amount, sum(pre)::text AS prepay_amount, sum(goods + ret + chg + pre)::text AS payable_amount,
      sum(excl)::text AS payable_excl, sum(tax)::text AS payable_tax
    FROM (
      SELECT a.tax_rate, sum(a.amount) AS goods, 0 AS ret, 0 AS chg, 0 AS pre, sum(a.amount_excl) AS excl, sum(a.tax) AS tax
        FROM acceptance a WHERE a.tenant_id = ${tenantId} AND a.supp_code = ${suppCode} AND a.bill_number = ANY(${of('receiving')}::text[])
        GROUP BY a.tax_rate
      UNION ALL
      SELECT n.tax_rate, 0, -sum(n.amount), 0, 0, -sum(n.amount_excl), -sum(n.tax)
        FROM return_note n WHERE n.tenant_id = ${tenantId} AND n.supp_code = ${suppCode} AND n.bill_number = ANY(${of('return')}::text[])
        GROUP BY n.tax_rate
      UNION ALL
      SELECT c.tax_rate, 0, 0, sum(${chargeSign} * c.amount), 0, sum(${chargeSign} * ${chargeExcl}), sum(${chargeSign} * (c.amount - ${chargeExcl}))
        FROM sam_charge c WHERE c.tenant_id = ${tenantId} AND c.supp_code = ${suppCode} AND c.charge_code = ANY(${of('charge')}::text[])
        GROUP BY c.tax_rate
      UNION ALL
      SELECT NULL::numeric, 0, 0, 0, -sum(p.amount), -sum(p.amount), 0
        FROM sam_prepay p WHERE p.tenant_id = ${tenantId} AND p.supp_code = ${suppCode} AND p.prepay_number = ANY(${of('prepay')}::text[])
        HAVING count(*) > 0
    ) AS x
    GROUP BY x.tax_rate
    ORDER BY x.tax_rate NULLS LAST`.execute(db);
  return rows;
}

/**
 * Moves the documents 未结算 -> 结算中 in one conditional update per kind; answers false when any of them was
 * not 未结算 (another bill took it) or is a charge under dispute. The caller rolls the transaction back.
 */
export async function claim(
  db: Kysely<DB>,
  tenantId: string,
  suppCode: string,
  documents: readonly Pick<DocumentRow, 'source_type' | 'source_id' | 'line_count'>[],
): Promise<boolean> {
  for (const [type, { table, id }] of kinds) {
    const chosen = documents.filter((d) => d.source_type === type);
    if (chosen.length === 0) continue;
    const undisputed = type === 'charge' ? sql` AND dispute_status <> '异议中'` : sql``;
    const result = await sql`UPDATE ${sql.table(table)} SET settle_status = '结算中'
      WHERE tenant_id = ${tenantId} AND supp_code = ${suppCode} AND ${sql.ref(id)} = ANY(${chosen.map((d) => d.source_id)}::text[])
        AND settle_status = '未结算'${undisputed}`.execute(db);
    const expected = chosen.reduce((n, d) => n + d.line_count, 0);
    if (Number(result.numAffectedRows ?? 0) !== expected) return false;
  }
  return true;
}

/** Sets the settle state of the documents of a bill's live lines (release: 未结算; paid: 已结算). */
export async function setBillDocuments(db: Kysely<DB>, tenantId: string, billNumber: string, to: SettleStatus): Promise<void> {
  for (const [type, { table, id }] of kinds) {
    await sql`UPDATE ${sql.table(table)} SET settle_status = ${to}
      WHERE tenant_id = ${tenantId} AND ${sql.ref(id)} IN (SELECT l.source_id FROM sam_bill_line l
        WHERE l.tenant_id = ${tenantId} AND l.bill_number = ${billNumber} AND l.source_type = ${type} AND l.live)`.execute(db);
  }
}
