// Rules of making settlement bills: the supplier's documents settled once, totals per tax rate from the
// documents, an optimistic version on modify, an idempotent submit; each change one workflow step (flow.ts,
// 409 naming the state). Review and payment: review.ts; reading: read.ts.
import type { CallBody, CostDocument, SourceRef } from '@portal/contract';
import { settlement } from '@portal/contract';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema';
import { businessDay } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { type DataScope, scopeOf } from '../../platform/scope';
import type { SessionContext } from '../../platform/session-context';
import { start, transition } from '../../platform/workflow/transition';
import { nextSequence, systemParam } from '../base-info/repo';
import {
  type DocumentFilter,
  type DocumentRow,
  type RateRow,
  claim,
  documentsSql,
  rateTotals,
  setBillDocuments,
  termDaysSql,
} from './documents';
import { type BillFlowAction, billFlow } from './flow';
import { fromCents, toCents } from './money';
import * as repo from './repo';
import { assertCertificatesValid } from '../certificate/service';

const { SettlementMessages, sourceTypeText } = settlement;
export type Db = Kysely<DB>;

// ---------------------------------------------------------------------------------------------------------
// Settings and the supplier

export async function isEnabled(db: Db, tenantId: string): Promise<boolean> {
  return (await systemParam(db, tenantId, 'SAM_ENABLE'))?.parameterValue === '1';
}

/** The tenant's invoice tolerance in cents (setting INVOICE_TOLERANCE, yuan; default 0). */
export async function tolerance(db: Db, tenantId: string): Promise<bigint> {
  const value = (await systemParam(db, tenantId, 'INVOICE_TOLERANCE'))?.parameterValue ?? '0';
  return /^\d+(\.\d+)?$/.test(value) ? toCents(value) : 0n;
}

export async function supplierOf(db: Db, tenantId: string, suppCode: string) {
  const row = await db
    .selectFrom('supplier')
    .select(['supp_code', 'supp_name', 'pay_term_days', 'advance_sam', 'business_mode', 'settle_cycle'])
    .where('tenant_id', '=', tenantId)
    .where('supp_code', '=', suppCode)
    .executeTakeFirst();
  if (!row) throw ApiError.notFound(`供应商 ${suppCode} 不存在`);
  return row;
}

/** The supplier a call is about: a supplier account's own; staff must name one. */
export function supplierCodeOf(session: SessionContext, suppCode?: string): string {
  const scope = scopeOf(session, suppCode);
  if (!scope.suppCode) throw ApiError.badRequest('query.suppCode: 请选择供应商');
  return scope.suppCode;
}

/** Bills are made by suppliers: the caller's supplier, or 403. */
export function maker(session: SessionContext): { tenantId: string; suppCode: string } {
  if (session.kind !== 'supplier' || !session.suppCode) throw ApiError.forbidden('只有供应商可以制作结算单');
  return { tenantId: session.tenantId, suppCode: session.suppCode };
}

// ---------------------------------------------------------------------------------------------------------
// Errors of the database's own guards

interface PgError {
  code?: string;
  constraint?: string;
}

/** Runs a transaction; the database's unique guards answer as the rules' 409s. */
export async function inTransaction<T>(ctx: AppContext, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction().execute(work);
  } catch (err) {
    const pg = err as PgError;
    if (pg.code === '23505' && pg.constraint === 'sam_bill_line_live') throw ApiError.conflict(SettlementMessages.settledOnce);
    if (pg.code === '23505' && pg.constraint === 'sam_bill_pkey') throw ApiError.conflict('结算单号已存在');
    if (pg.code === '23505' && pg.constraint === 'sam_invoice_number') throw ApiError.conflict('该发票已录入，发票代码和号码不能重复');
    if (pg.code === '23514' && pg.constraint === 'sam_bill_paid') throw ApiError.conflict(SettlementMessages.overpaid);
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Bill numbers and cost documents

export async function newBillNumber(db: Db, tenantId: string, now: Date): Promise<string> {
  const month = businessDay(now).slice(0, 7);
  const seq = await nextSequence(db, tenantId, 'JS', `${month}-01`);
  return `JS${month.replace('-', '')}-${String(seq).padStart(4, '0')}`;
}

const costSorts: Record<string, string> = {
  sourceType: 'source_type',
  sourceId: 'source_id',
  deptName: 'dept_name',
  docDate: 'doc_date',
  dueDate: 'due_date',
  amount: 'amount::numeric',
};

const toDocument = (r: DocumentRow): CostDocument => ({
  sourceType: r.source_type,
  sourceId: r.source_id,
  deptCode: r.dept_code,
  deptName: r.dept_name,
  docDate: r.doc_date,
  dueDate: r.due_date,
  taxRates: r.tax_rates,
  amount: r.amount,
  amountExcl: r.amount_excl,
  tax: r.tax,
  note: r.note,
  settleStatus: r.settle_status,
  samBillNum: r.sam_bill_num,
  disputed: r.disputed,
});

export function checkedPeriod(from: string, to: string) {
  if (from > to) throw ApiError.badRequest('body.periodEnd: 结算期止不能早于结算期起');
}

async function checkedNode(db: Db, tenantId: string, nodeCode: string) {
  const unit = await db
    .selectFrom('acc_unit')
    .select('unit_code')
    .where('tenant_id', '=', tenantId)
    .where('unit_code', '=', nodeCode)
    .executeTakeFirst();
  if (!unit) throw ApiError.badRequest(`body.nodeCode: 结算主体 ${nodeCode} 不存在`);
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

export async function costData(ctx: AppContext, session: SessionContext, q: z.infer<typeof settlement.costQuery>) {
  const scope = scopeOf(session, q.suppCode);
  if (!scope.suppCode) throw ApiError.badRequest('body.suppCode: 请选择供应商');
  checkedPeriod(q.periodStart, q.periodEnd);
  const sort = q.sort ?? { field: 'docDate', order: 'asc' as const };
  const column = Object.hasOwn(costSorts, sort.field) ? costSorts[sort.field] : undefined;
  if (!column) throw ApiError.badRequest(`body.sort.field: 不能按 ${sort.field} 排序`);
  // Advance bills need the supplier's grant first; a normal page reads the payment term in its own query,
  // and only an empty page asks whether the supplier exists at all.
  const supplier = q.billKind === 'advance' ? await supplierOf(ctx.db, scope.tenantId, scope.suppCode) : undefined;
  if (supplier && !supplier.advance_sam) throw ApiError.forbidden(SettlementMessages.advanceNotAllowed);
  const filter: DocumentFilter = {
    tenantId: scope.tenantId,
    suppCode: scope.suppCode,
    nodeCode: q.nodeCode,
    termDays: supplier?.pay_term_days ?? termDaysSql(scope.tenantId, scope.suppCode),
    period: { from: q.periodStart, to: q.periodEnd },
    open: { includeBill: q.samBillNum },
    types: q.sourceTypes,
    sourceId: q.sourceId,
  };
  const today = businessDay(ctx.now());
  const { rows } = await costPageSql(filter, q.billKind, today, { column, order: sort.order }, q.limit, (q.page - 1) * q.limit).execute(
    ctx.db,
  );
  if (rows.length === 0) {
    if (!supplier) await supplierOf(ctx.db, scope.tenantId, scope.suppCode);
    if (q.page > 1) {
      const { rows: counted } = await sql<{ total: number; total_amount: string }>`
        SELECT count(*)::int AS total, coalesce(sum(d.amount::numeric), 0)::text AS total_amount
        FROM (${documentsSql(filter)}) AS d WHERE ${dueCondition(q.billKind, today)}`.execute(ctx.db);
      return { total: counted[0]!.total, totalAmount: fromCents(toCents(counted[0]!.total_amount)), list: [] };
    }
  }
  return {
    total: rows[0]?.total ?? 0,
    totalAmount: fromCents(toCents(rows[0]?.total_amount ?? '0')),
    list: rows.map(toDocument),
  };
}

interface BillShape {
  billNumber?: string | undefined;
  nodeCode: string;
  periodStart: string;
  periodEnd: string;
  billKind: 'normal' | 'advance';
}

/**
 * The chosen documents, checked: the supplier's, of the node, in the period, of the bill kind's due rule,
 * not under dispute, and 未结算 or already this bill's. Answers the filter that selects them.
 */
async function checkedDocuments(
  db: Db,
  owner: { tenantId: string; suppCode: string },
  termDays: number,
  bill: BillShape,
  refs: readonly SourceRef[],
  today: string,
): Promise<{ filter: DocumentFilter; documents: DocumentRow[] }> {
  const filter: DocumentFilter = { ...owner, nodeCode: bill.nodeCode, termDays, refs };
  const { rows } = await sql<DocumentRow>`SELECT * FROM (${documentsSql(filter)}) AS d`.execute(db);
  const found = new Map(rows.map((r) => [`${r.source_type}:${r.source_id}`, r]));
  for (const ref of refs) {
    const doc = found.get(`${ref.sourceType}:${ref.sourceId}`);
    const name = `${sourceTypeText[ref.sourceType]} ${ref.sourceId}`;
    if (!doc) throw ApiError.badRequest(`body.sources: ${name} 不存在或不属于该结算主体`);
    const inPeriod =
      ref.sourceType === 'prepay' ? doc.doc_date <= bill.periodEnd : doc.doc_date >= bill.periodStart && doc.doc_date <= bill.periodEnd;
    if (!inPeriod) throw ApiError.badRequest(`body.sources: ${name} 不在结算期 ${bill.periodStart} 至 ${bill.periodEnd} 内`);
    if (ref.sourceType === 'receiving' && bill.billKind === 'normal' && doc.due_date > today)
      throw ApiError.badRequest(`body.sources: ${name} 未到付款期（${doc.due_date}），请使用预付结算`);
    if (ref.sourceType === 'receiving' && bill.billKind === 'advance' && doc.due_date <= today)
      throw ApiError.badRequest(`body.sources: ${name} 已到付款期，请使用普通结算`);
    if (doc.disputed) throw ApiError.conflict(`${SettlementMessages.disputedCharge}：${name}`);
    if (doc.settle_status !== '未结算' && (!bill.billNumber || doc.sam_bill_num !== bill.billNumber))
      throw ApiError.conflict(`${SettlementMessages.settledOnce}：${name}`);
  }
  return { filter, documents: rows };
}

export async function calcTotals(ctx: AppContext, session: SessionContext, body: CallBody<typeof settlement.calcSamBillTotals>) {
  const scope = scopeOf(session, body.suppCode);
  if (!scope.suppCode) throw ApiError.badRequest('body.suppCode: 请选择供应商');
  const owner = { tenantId: scope.tenantId, suppCode: scope.suppCode };
  const supplier = await supplierOf(ctx.db, owner.tenantId, owner.suppCode);
  const { rows } = await sql<DocumentRow>`SELECT * FROM (${documentsSql({
    ...owner,
    nodeCode: body.nodeCode,
    termDays: supplier.pay_term_days,
    refs: body.sources,
  })}) AS d`.execute(ctx.db);
  if (rows.length !== body.sources.length) throw ApiError.badRequest('body.sources: 有单据不存在或不属于该结算主体');
  const rates = await rateTotals(ctx.db, owner.tenantId, owner.suppCode, body.sources);
  const payable = rates.reduce((sum, r) => sum + toCents(r.payable_amount), 0n);
  return { totals: rates.map((r) => totalOf(r, '0.00')), payableAmount: fromCents(payable) };
}

const totalOf = (r: RateRow, invoiceAmount: string) => ({
  taxRate: r.tax_rate,
  goodsAmount: r.goods_amount,
  returnAmount: r.return_amount,
  chargeAmount: r.charge_amount,
  prepayAmount: r.prepay_amount,
  payableAmount: r.payable_amount,
  payableExcl: r.payable_excl,
  payableTax: r.payable_tax,
  invoiceAmount,
});

// ---------------------------------------------------------------------------------------------------------
// Save, modify, apply, delete

async function fillBill(
  trx: Transaction<DB>,
  owner: { tenantId: string; suppCode: string },
  termDays: number,
  bill: BillShape & { billNumber: string },
  refs: readonly SourceRef[],
  live: boolean,
  today: string,
) {
  const { filter, documents } = await checkedDocuments(trx, owner, termDays, bill, refs, today);
  if (live && !(await claim(trx, owner.tenantId, owner.suppCode, documents))) throw ApiError.conflict(SettlementMessages.settledOnce);
  const rates = await rateTotals(trx, owner.tenantId, owner.suppCode, refs);
  const payable = rates.reduce((sum, r) => sum + toCents(r.payable_amount), 0n);
  if (payable < 0n) throw ApiError.badRequest(`body.sources: ${SettlementMessages.negativePayable}（${fromCents(payable)}）`);
  await repo.writeContent(trx, { tenantId: owner.tenantId, billNumber: bill.billNumber, live }, filter, rates);
}

export async function save(ctx: AppContext, session: SessionContext, form: CallBody<typeof settlement.samBillSave>) {
  const owner = maker(session);
  checkedPeriod(form.periodStart, form.periodEnd);
  if (!(await isEnabled(ctx.db, owner.tenantId))) throw ApiError.conflict(SettlementMessages.notEnabled);
  const supplier = await supplierOf(ctx.db, owner.tenantId, owner.suppCode);
  if (form.billKind === 'advance' && !supplier.advance_sam) throw ApiError.forbidden(SettlementMessages.advanceNotAllowed);
  await checkedNode(ctx.db, owner.tenantId, form.nodeCode);
  if (form.samBillNum && !/^JS\d{6}-\d{4,}$/.test(form.samBillNum))
    throw ApiError.badRequest('body.samBillNum: 结算单号须由 newBillNumber 取得');
  const today = businessDay(ctx.now());
  // The number is taken outside the bill's transaction, so that concurrent saves never wait on the counter row.
  const number = form.samBillNum ?? (await newBillNumber(ctx.db, owner.tenantId, ctx.now()));
  const billNumber = await inTransaction(ctx, async (trx) => {
    await start(trx, billFlow, {
      action: 'create',
      actor: session,
      id: number,
      note: form.remark,
      create: async (to) => {
        const dueDate = sql<string>`(${form.periodEnd}::date + ${supplier.pay_term_days}::int)`;
        await trx
          .insertInto('sam_bill')
          .values({
            tenant_id: owner.tenantId,
            bill_number: number,
            supp_code: owner.suppCode,
            bill_kind: form.billKind,
            node_code: form.nodeCode,
            period_start: form.periodStart,
            period_end: form.periodEnd,
            due_date: dueDate,
            status: to,
            goods_amount: 0,
            return_amount: 0,
            charge_amount: 0,
            prepay_amount: 0,
            payable_amount: 0,
            paid_amount: 0,
            remark: form.remark,
            created_by: session.employeeCode,
          })
          .execute();
        await fillBill(trx, owner, supplier.pay_term_days, { ...form, billNumber: number }, form.sources, true, today);
      },
    });
    return number;
  });
  return repo.savedOf(ctx.db, owner.tenantId, billNumber);
}

/** Reads the bill FOR UPDATE and runs one workflow step on it. */
export function step(
  trx: Transaction<DB>,
  session: SessionContext,
  scope: DataScope,
  billNumber: string,
  action: BillFlowAction,
  apply: (row: repo.LockedBill, to: repo.LockedBill['status'] | null) => Promise<void>,
  note?: string,
) {
  return transition(trx, billFlow, {
    action,
    actor: session,
    id: billNumber,
    note,
    lock: () => repo.lockBill(trx, scope, billNumber),
    apply,
  });
}

export async function modify(ctx: AppContext, session: SessionContext, body: CallBody<typeof settlement.samBillModify>) {
  const owner = maker(session);
  const today = businessDay(ctx.now());
  const supplier = await supplierOf(ctx.db, owner.tenantId, owner.suppCode);
  await inTransaction(ctx, (trx) =>
    step(trx, session, owner, body.samBillNum, 'modify', async (row) => {
      if (row.version !== body.version) throw ApiError.conflict(`${SettlementMessages.staleVersion}（当前版本 ${row.version}）`);
      const live = row.status === '草稿';
      // The documents it no longer holds go back to 未结算; those it keeps are claimed again with the new ones.
      if (live) await setBillDocuments(trx, owner.tenantId, body.samBillNum, '未结算');
      await repo.setLinesLive(trx, owner.tenantId, body.samBillNum, false);
      const shape = {
        billNumber: body.samBillNum,
        nodeCode: row.node_code,
        periodStart: row.period_start,
        periodEnd: row.period_end,
        billKind: row.bill_kind,
      };
      await fillBill(trx, owner, supplier.pay_term_days, shape, body.sources, live, today);
      await repo.bump(trx, owner.tenantId, body.samBillNum, { remark: body.remark });
    }),
  );
  return repo.savedOf(ctx.db, owner.tenantId, body.samBillNum);
}

export async function refuseDisputed(trx: Db, tenantId: string, billNumber: string) {
  const disputed = await repo.disputedCharges(trx, tenantId, billNumber);
  if (disputed.length > 0) throw ApiError.conflict(`${SettlementMessages.disputedCharge}：费用单 ${disputed.join('、')}`);
}

export async function apply(ctx: AppContext, session: SessionContext, body: CallBody<typeof settlement.applySamBill>) {
  const owner = maker(session);
  // An expired mandatory licence blocks new settlement applications (domain.md rule 6).
  await assertCertificatesValid(ctx, owner.tenantId, owner.suppCode);
  await inTransaction(ctx, async (trx) => {
    const current = await repo.lockBill(trx, owner, body.samBillNum);
    // Submitting again what is already submitted changes nothing (a repeated click, a retried request).
    if (current?.status === '已提交') return;
    if (current && body.version !== undefined && current.version !== body.version)
      throw ApiError.conflict(`${SettlementMessages.staleVersion}（当前版本 ${current.version}）`);
    await step(trx, session, owner, body.samBillNum, 'apply', async (row, to) => {
      await refuseDisputed(trx, owner.tenantId, row.bill_number);
      if (row.status === '已驳回') {
        // A rejected bill gave its documents back: take them again, unless another bill has.
        const documents = await repo.lineDocuments(trx, owner.tenantId, row.bill_number);
        if (!(await claim(trx, owner.tenantId, owner.suppCode, documents))) throw ApiError.conflict(SettlementMessages.settledOnce);
        await repo.setLinesLive(trx, owner.tenantId, row.bill_number, true);
      }
      await repo.bump(trx, owner.tenantId, row.bill_number, { status: to! });
    });
  });
  return repo.savedOf(ctx.db, owner.tenantId, body.samBillNum);
}

export async function remove(ctx: AppContext, session: SessionContext, billNumber: string): Promise<null> {
  const owner = maker(session);
  await inTransaction(ctx, (trx) =>
    step(trx, session, owner, billNumber, 'delete', async () => {
      await setBillDocuments(trx, owner.tenantId, billNumber, '未结算');
      await repo.setAttachments(trx, { ...owner, type: 'bill', id: billNumber }, []);
      await trx.deleteFrom('sam_bill').where('tenant_id', '=', owner.tenantId).where('bill_number', '=', billNumber).execute();
    }),
  );
  return null;
}
