// Rules of settlement bills: made by the supplier from documents settled once, moved by the workflow
// (flow.ts) from 草稿 to 已支付 with a 409 naming the state, an optimistic version on modify, totals per
// tax rate from the documents, invoices within the tenant's tolerance, payments never beyond what is owed.
import type { BillAction, BillDetail, CallBody, CallQuery, CheckDetail, CostDocument, Invoice, SourceRef } from '@portal/contract';
import { settlement } from '@portal/contract';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema';
import { businessDay } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { type DataScope, scopeOf } from '../../platform/scope';
import type { SessionContext } from '../../platform/session-context';
import { historyOf } from '../../platform/workflow/history';
import { start, transition } from '../../platform/workflow/transition';
import { nextSequence, systemParam } from '../base-info/repo';
import { chargesByCode, fileOf } from './charges';
import { type DocumentFilter, type DocumentRow, type RateRow, claim, documentsSql, rateTotals, setBillDocuments } from './documents';
import { type BillFlowAction, actionsFor, billFlow } from './flow';
import { fromCents, shown, toCents } from './money';
import * as repo from './repo';

const { SettlementMessages, sourceTypeText, isDigitalInvoice } = settlement;
type Db = Kysely<DB>;

// ---------------------------------------------------------------------------------------------------------
// Settings and the supplier

export async function isEnabled(db: Db, tenantId: string): Promise<boolean> {
  return (await systemParam(db, tenantId, 'SAM_ENABLE'))?.parameterValue === '1';
}

/** The tenant's invoice tolerance in cents (setting INVOICE_TOLERANCE, yuan; default 0). */
async function tolerance(db: Db, tenantId: string): Promise<bigint> {
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
function maker(session: SessionContext): { tenantId: string; suppCode: string } {
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
async function inTransaction<T>(ctx: AppContext, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
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

function checkedPeriod(from: string, to: string) {
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
  const supplier = await supplierOf(ctx.db, scope.tenantId, scope.suppCode);
  if (q.billKind === 'advance' && !supplier.advance_sam) throw ApiError.forbidden(SettlementMessages.advanceNotAllowed);
  const sort = q.sort ?? { field: 'docDate', order: 'asc' as const };
  const column = Object.hasOwn(costSorts, sort.field) ? costSorts[sort.field] : undefined;
  if (!column) throw ApiError.badRequest(`body.sort.field: 不能按 ${sort.field} 排序`);
  const filter: DocumentFilter = {
    tenantId: scope.tenantId,
    suppCode: scope.suppCode,
    nodeCode: q.nodeCode,
    termDays: supplier.pay_term_days,
    period: { from: q.periodStart, to: q.periodEnd },
    open: { includeBill: q.samBillNum },
    types: q.sourceTypes,
    sourceId: q.sourceId,
  };
  const today = businessDay(ctx.now());
  const { rows } = await costPageSql(filter, q.billKind, today, { column, order: sort.order }, q.limit, (q.page - 1) * q.limit).execute(
    ctx.db,
  );
  if (rows.length === 0 && q.page > 1) {
    const { rows: counted } = await sql<{ total: number; total_amount: string }>`
      SELECT count(*)::int AS total, coalesce(sum(d.amount::numeric), 0)::text AS total_amount
      FROM (${documentsSql(filter)}) AS d WHERE ${dueCondition(q.billKind, today)}`.execute(ctx.db);
    return { total: counted[0]!.total, totalAmount: fromCents(toCents(counted[0]!.total_amount)), list: [] };
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
function step(
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

async function refuseDisputed(trx: Db, tenantId: string, billNumber: string) {
  const disputed = await repo.disputedCharges(trx, tenantId, billNumber);
  if (disputed.length > 0) throw ApiError.conflict(`${SettlementMessages.disputedCharge}：费用单 ${disputed.join('、')}`);
}

export async function apply(ctx: AppContext, session: SessionContext, body: CallBody<typeof settlement.applySamBill>) {
  const owner = maker(session);
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

// ---------------------------------------------------------------------------------------------------------
// Staff review, void, payment

/** Gives a bill's documents back (void, reject): 未结算, and its lines no longer hold them. */
async function release(trx: Db, tenantId: string, billNumber: string) {
  await setBillDocuments(trx, tenantId, billNumber, '未结算');
  await repo.setLinesLive(trx, tenantId, billNumber, false);
}

type Review = 'audit' | 'reject' | 'confirmInvoice' | 'returnBack' | 'approve' | 'void';

export async function review(
  ctx: AppContext,
  session: SessionContext,
  action: Review,
  body: { samBillNum: string; suppCode?: string | undefined; note?: string; reason?: string },
) {
  const scope = scopeOf(session, body.suppCode);
  const note = body.reason ?? body.note ?? '';
  const billNumber = body.samBillNum;
  const tenantId = scope.tenantId;
  await inTransaction(ctx, async (trx) => {
    const current = await repo.lockBill(trx, scope, billNumber);
    let flowAction: BillFlowAction = action === 'returnBack' ? 'returnInvoice' : action;
    if (action === 'returnBack' && current?.status === '已审批') flowAction = 'returnApproval';
    if (action === 'void' && session.kind === 'supplier') flowAction = 'discard';
    await step(
      trx,
      session,
      scope,
      billNumber,
      flowAction,
      async (row, to) => {
        switch (flowAction) {
          case 'audit':
            await refuseDisputed(trx, tenantId, billNumber);
            break;
          case 'reject':
          case 'void':
          case 'discard':
            await release(trx, tenantId, billNumber);
            break;
          case 'confirmInvoice':
            await invoicesMatch(trx, tenantId, billNumber);
            await trx
              .updateTable('sam_invoice')
              .set({ confirmed: true })
              .where('tenant_id', '=', tenantId)
              .where('bill_number', '=', billNumber)
              .execute();
            break;
          case 'returnInvoice':
            await trx
              .updateTable('sam_invoice')
              .set({ confirmed: false })
              .where('tenant_id', '=', tenantId)
              .where('bill_number', '=', billNumber)
              .execute();
            break;
          case 'returnApproval':
            if (toCents(row.paid_amount) > 0n) throw ApiError.conflict(`结算单 ${billNumber} 已付款 ${shown(row.paid_amount)}，不能退回`);
            break;
          default:
            break;
        }
        await repo.bump(trx, tenantId, billNumber, { status: to! });
      },
      note,
    );
  });
  return repo.savedOf(ctx.db, tenantId, billNumber);
}

/** The invoices per tax rate match the bill's goods and returns at that rate within the tolerance, or 409 saying where not. */
async function invoicesMatch(trx: Db, tenantId: string, billNumber: string) {
  const allowed = await tolerance(trx, tenantId);
  const { rows } = await sql<{ rate: string; due: string; invoiced: string }>`
    SELECT trim_scale(rate)::text AS rate, sum(due)::text AS due, sum(invoiced)::text AS invoiced FROM (
      SELECT t.tax_rate AS rate, t.goods_amount + t.return_amount AS due, 0 AS invoiced
        FROM sam_bill_total t WHERE t.tenant_id = ${tenantId} AND t.bill_number = ${billNumber} AND t.tax_rate IS NOT NULL
      UNION ALL
      SELECT i.tax_rate, 0, i.amount FROM sam_invoice i WHERE i.tenant_id = ${tenantId} AND i.bill_number = ${billNumber}
    ) AS x GROUP BY rate ORDER BY rate`.execute(trx);
  if (!rows.some((r) => toCents(r.invoiced) > 0n)) throw ApiError.conflict(`结算单 ${billNumber} 尚未录入发票`);
  const off = rows.filter((r) => {
    const diff = toCents(r.due) - toCents(r.invoiced);
    return (diff < 0n ? -diff : diff) > allowed;
  });
  if (off.length > 0)
    throw ApiError.conflict(
      `${SettlementMessages.invoiceMismatch}：${off.map((r) => `税率 ${r.rate}% 应开 ${shown(r.due)}，已录入 ${shown(r.invoiced)}`).join('；')}（容差 ${fromCents(allowed)}）`,
    );
}

export async function pay(ctx: AppContext, session: SessionContext, body: CallBody<typeof settlement.recordSamBillPayment>) {
  const scope = scopeOf(session, body.suppCode);
  const tenantId = scope.tenantId;
  const billNumber = body.samBillNum;
  const amount = toCents(body.payment.amount);
  if (amount <= 0n) throw ApiError.badRequest('body.payment.amount: 付款金额必须大于 0');
  await inTransaction(ctx, async (trx) => {
    const current = await repo.lockBill(trx, scope, billNumber);
    const owed = current ? toCents(current.payable_amount) - toCents(current.paid_amount) : 0n;
    const action: BillFlowAction = current && amount === owed ? 'payFull' : 'payPart';
    await step(
      trx,
      session,
      scope,
      billNumber,
      action,
      async (_row, to) => {
        if (amount > owed)
          throw ApiError.conflict(`${SettlementMessages.overpaid}：未付 ${shown(fromCents(owed))}，本次 ${shown(body.payment.amount)}`);
        await trx
          .insertInto('sam_payment')
          .values({
            tenant_id: tenantId,
            bill_number: billNumber,
            pay_date: body.payment.payDate,
            amount: fromCents(amount),
            pay_method: body.payment.payMethod,
            reference: body.payment.reference,
            note: body.payment.note,
            created_by: session.employeeCode,
          })
          .execute();
        // The guard is the database's too: paid_amount never passes payable_amount (CHECK sam_bill_paid).
        await trx
          .updateTable('sam_bill')
          .set({ paid_amount: sql`paid_amount + ${fromCents(amount)}::numeric` })
          .where('tenant_id', '=', tenantId)
          .where('bill_number', '=', billNumber)
          .execute();
        if (to === '已支付') await setBillDocuments(trx, tenantId, billNumber, '已结算');
        await repo.bump(trx, tenantId, billNumber, { status: to! });
      },
      `${body.payment.payMethod} ${fromCents(amount)}${body.payment.reference ? ` ${body.payment.reference}` : ''}${body.payment.note ? ` ${body.payment.note}` : ''}`,
    );
  });
  return repo.savedOf(ctx.db, tenantId, billNumber);
}

// ---------------------------------------------------------------------------------------------------------
// Invoices and attachments

function checkedInvoice(form: z.infer<typeof settlement.invoiceForm>) {
  const digital = isDigitalInvoice(form.invoiceType);
  if (digital && form.invoiceCode) throw ApiError.badRequest('body.invoice.invoiceCode: 数电发票没有发票代码');
  if (!digital && !form.invoiceCode) throw ApiError.badRequest('body.invoice.invoiceCode: 请输入发票代码');
  if (digital !== (form.invoiceNumber.length === 20))
    throw ApiError.badRequest('body.invoice.invoiceNumber: 数电发票号码为 20 位，其他发票为 8 位');
  if (toCents(form.amount) <= 0n) throw ApiError.badRequest('body.invoice.amount: 价税合计必须大于 0');
  if (toCents(form.amountExcl) + toCents(form.tax) !== toCents(form.amount))
    throw ApiError.badRequest('body.invoice.amount: 价税合计须等于不含税金额加税额');
}

export async function saveInvoice(
  ctx: AppContext,
  session: SessionContext,
  body: CallBody<typeof settlement.saveSamBillInvoice>,
): Promise<Invoice> {
  const owner = maker(session);
  checkedInvoice(body.invoice);
  const form = body.invoice;
  const id = await inTransaction(ctx, async (trx) => {
    let invoiceId = '';
    await step(
      trx,
      session,
      owner,
      body.samBillNum,
      'invoice',
      async () => {
        const row = await trx
          .insertInto('sam_invoice')
          .values({
            tenant_id: owner.tenantId,
            supp_code: owner.suppCode,
            bill_number: body.samBillNum,
            invoice_type: form.invoiceType,
            invoice_code: form.invoiceCode,
            invoice_number: form.invoiceNumber,
            invoice_date: form.invoiceDate,
            tax_rate: form.taxRate,
            amount_excl: form.amountExcl,
            tax: form.tax,
            amount: form.amount,
            created_by: session.employeeCode,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        invoiceId = String(row.id);
        if (!(await repo.setAttachments(trx, { ...owner, type: 'invoice', id: invoiceId }, form.fileIds)))
          throw ApiError.badRequest('body.invoice.fileIds: 附件不存在或已被使用');
        await repo.refreshInvoiceSums(trx, owner.tenantId, body.samBillNum);
        await repo.bump(trx, owner.tenantId, body.samBillNum);
      },
      `${form.invoiceType} ${form.invoiceCode}${form.invoiceCode ? '-' : ''}${form.invoiceNumber} ${form.amount}`,
    );
    return invoiceId;
  });
  const invoice = (await invoicesOfBill(ctx.db, owner.tenantId, body.samBillNum)).find((i) => i.invoiceId === id);
  return invoice!;
}

export async function deleteInvoice(
  ctx: AppContext,
  session: SessionContext,
  body: CallBody<typeof settlement.delSamBillInvoice>,
): Promise<null> {
  const owner = maker(session);
  if (!/^\d+$/.test(body.invoiceId)) throw ApiError.notFound(`发票 ${body.invoiceId} 不存在`);
  await inTransaction(ctx, (trx) =>
    step(
      trx,
      session,
      owner,
      body.samBillNum,
      'invoice',
      async () => {
        const removed = await trx
          .deleteFrom('sam_invoice')
          .where('tenant_id', '=', owner.tenantId)
          .where('bill_number', '=', body.samBillNum)
          .where('id', '=', body.invoiceId)
          .executeTakeFirst();
        if (removed.numDeletedRows === 0n) throw ApiError.notFound(`发票 ${body.invoiceId} 不存在`);
        await repo.setAttachments(trx, { ...owner, type: 'invoice', id: body.invoiceId }, []);
        await repo.refreshInvoiceSums(trx, owner.tenantId, body.samBillNum);
        await repo.bump(trx, owner.tenantId, body.samBillNum);
      },
      `删除发票 ${body.invoiceId}`,
    ),
  );
  return null;
}

export async function attach(ctx: AppContext, session: SessionContext, body: CallBody<typeof settlement.attachSamBillFiles>) {
  const scope = scopeOf(session);
  await inTransaction(ctx, (trx) =>
    step(trx, session, scope, body.samBillNum, 'attach', async () => {
      const ok = await repo.setAttachments(
        trx,
        { tenantId: scope.tenantId, suppCode: session.suppCode, type: 'bill', id: body.samBillNum },
        body.fileIds,
      );
      if (!ok) throw ApiError.badRequest('body.fileIds: 附件不存在或已被使用');
    }),
  );
  const files = await repo.attachmentsOf(ctx.db, scope.tenantId, [{ type: 'bill', ids: [body.samBillNum] }]);
  return files.map(fileOf);
}

async function invoicesOfBill(db: Db, tenantId: string, billNumber: string): Promise<Invoice[]> {
  const rows = await repo.invoicesOf(db, tenantId, billNumber);
  const files = await repo.attachmentsOf(db, tenantId, [{ type: 'invoice', ids: rows.map((r) => String(r.id)) }]);
  return rows.map((r) => ({
    invoiceId: String(r.id),
    invoiceType: r.invoice_type as Invoice['invoiceType'],
    invoiceCode: r.invoice_code,
    invoiceNumber: r.invoice_number,
    invoiceDate: r.invoice_date,
    taxRate: fromCents(toCents(r.tax_rate)),
    amountExcl: r.amount_excl,
    tax: r.tax,
    amount: r.amount,
    confirmed: r.confirmed,
    createdBy: r.created_by,
    createdAt: r.created_at.toISOString(),
    attachments: files.filter((f) => f.owner_id === String(r.id)).map(fileOf),
  }));
}

export async function attachments(ctx: AppContext, session: SessionContext, q: CallQuery<typeof settlement.getAttachmentLisBySAMChgInv>) {
  const scope = scopeOf(session, q.suppCode);
  let bill = await repo.billHeader(ctx.db, scope, q.billNumber);
  if (bill && ((q.buildDate && !bill.createdAt.startsWith(q.buildDate)) || (q.nodeCode && bill.nodeCode !== q.nodeCode))) bill = undefined;
  const owners: { type: 'bill' | 'charge' | 'invoice'; ids: string[] }[] = [];
  if (bill) {
    const refs = await repo.billRefs(ctx.db, scope.tenantId, q.billNumber);
    owners.push({ type: 'bill', ids: [q.billNumber] });
    owners.push({ type: 'charge', ids: refs.filter((r) => r.sourceType === 'charge').map((r) => r.sourceId) });
    if (q.invoiceInside === '1')
      owners.push({ type: 'invoice', ids: (await repo.invoicesOf(ctx.db, scope.tenantId, q.billNumber)).map((i) => String(i.id)) });
  } else {
    const [charge] = await chargesByCode(ctx.db, scope, [q.billNumber]);
    if (!charge) throw ApiError.notFound(`单据 ${q.billNumber} 不存在`);
    owners.push({ type: 'charge', ids: [q.billNumber] });
  }
  const files = await repo.attachmentsOf(ctx.db, scope.tenantId, owners);
  return files.map((f) => ({ ...fileOf(f), attachedTo: f.owner_type, ref: f.owner_id }));
}

// ---------------------------------------------------------------------------------------------------------
// Reading bills

async function header(db: Db, scope: DataScope, billNumber: string) {
  const row = await repo.billHeader(db, scope, billNumber);
  if (!row) throw ApiError.notFound(`结算单 ${billNumber} 不存在`);
  return row;
}

async function childButtons(db: Db, session: SessionContext): Promise<Set<string>> {
  if (!session.parentCode) return new Set();
  const rows = await db
    .selectFrom('account_button')
    .select('button_code')
    .where('account_id', '=', session.accountId)
    .where('module_code', '=', settlement.billModule)
    .execute();
  return new Set(rows.map((r) => r.button_code));
}

export async function detail(ctx: AppContext, session: SessionContext, billNumber: string, suppCode?: string): Promise<BillDetail> {
  const scope = scopeOf(session, suppCode);
  const head = await header(ctx.db, scope, billNumber);
  const tenantId = scope.tenantId;
  const [totals, lines, invoices, payments, files, history, buttons] = await Promise.all([
    repo.billTotals(ctx.db, tenantId, billNumber),
    repo.billLines(ctx.db, tenantId, billNumber),
    invoicesOfBill(ctx.db, tenantId, billNumber),
    payList(ctx, session, billNumber, suppCode),
    repo.attachmentsOf(ctx.db, tenantId, [{ type: 'bill', ids: [billNumber] }]),
    historyOf(ctx.db, billFlow, tenantId, billNumber),
    childButtons(ctx.db, session),
  ]);
  const charges = await chargesByCode(
    ctx.db,
    { tenantId, suppCode: head.suppCode },
    lines.filter((l) => l.sourceType === 'charge').map((l) => l.sourceId),
  );
  const actions: BillAction[] = actionsFor(head.status, session, buttons).filter(
    (a) => !(a === 'returnBack' && head.status === '已审批' && toCents(head.paidAmount) > 0n),
  );
  return { header: head, totals, lines, charges, invoices, payments: payments.list, attachments: files.map(fileOf), history, actions };
}

export async function payList(ctx: AppContext, session: SessionContext, billNumber: string, suppCode?: string) {
  const scope = scopeOf(session, suppCode);
  const head = await header(ctx.db, scope, billNumber);
  const rows = await repo.paymentsOf(ctx.db, scope.tenantId, billNumber);
  return {
    payableAmount: head.payableAmount,
    paidAmount: head.paidAmount,
    unpaidAmount: head.unpaidAmount,
    list: rows.map((p) => ({
      paymentId: String(p.id),
      samBillNum: p.bill_number,
      payDate: p.pay_date,
      amount: p.amount,
      payMethod: p.pay_method,
      reference: p.reference,
      note: p.note,
      createdBy: p.created_by,
      createdAt: p.created_at.toISOString(),
    })),
  };
}

export async function billCharges(ctx: AppContext, session: SessionContext, billNumber: string, suppCode?: string) {
  const scope = scopeOf(session, suppCode);
  const head = await header(ctx.db, scope, billNumber);
  const refs = await repo.billRefs(ctx.db, scope.tenantId, billNumber);
  return chargesByCode(
    ctx.db,
    { tenantId: scope.tenantId, suppCode: head.suppCode },
    refs.filter((r) => r.sourceType === 'charge').map((r) => r.sourceId),
  );
}

/** Reconciliation lines: per document, what was ordered and delivered, what the document says and what the bill pays. */
export async function checkDetails(
  ctx: AppContext,
  session: SessionContext,
  billNumber: string,
  suppCode: string | undefined,
  paging?: { page: number; limit: number },
): Promise<{ total: number; list: CheckDetail[] }> {
  const scope = scopeOf(session, suppCode);
  await header(ctx.db, scope, billNumber);
  const tenantId = scope.tenantId;
  const slice = paging ? sql`LIMIT ${paging.limit} OFFSET ${(paging.page - 1) * paging.limit}` : sql``;
  const { rows } = await sql<CheckDetail & { total: number }>`
    SELECT l.source_type AS "sourceType", l.source_id AS "sourceId", l.dept_code AS "deptCode",
      coalesce(d.dept_name, '') AS "deptName", l.doc_date::text AS "docDate", coalesce(q.po, '') AS "poBillNumber",
      trim_scale(coalesce(q.ordered, 0))::text AS "orderedQty", trim_scale(coalesce(q.delivered, 0))::text AS "deliveredQty",
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
    ${slice}`.execute(ctx.db);
  return { total: rows[0]?.total ?? 0, list: rows.map(({ total: _total, ...r }) => r) };
}

export async function isExist(ctx: AppContext, session: SessionContext, body: CallBody<typeof settlement.isExistBill>) {
  const scope = scopeOf(session, body.suppCode);
  if (body.samBillNum) {
    const found = await repo.billHeader(ctx.db, scope, body.samBillNum);
    return { exists: Boolean(found), samBillNums: found ? [found.samBillNum] : [] };
  }
  if (!body.nodeCode || !body.periodStart || !body.periodEnd)
    throw ApiError.badRequest('body: 请给出 samBillNum，或 nodeCode、periodStart 和 periodEnd');
  checkedPeriod(body.periodStart, body.periodEnd);
  const numbers = await repo.overlapping(ctx.db, scope, body.nodeCode, body.periodStart, body.periodEnd);
  return { exists: numbers.length > 0, samBillNums: numbers };
}

export function billFilter(q: Partial<z.infer<typeof settlement.billListQuery>>): repo.BillFilter {
  if (q.periodStart && q.periodEnd) checkedPeriod(q.periodStart, q.periodEnd);
  return {
    periodStart: q.periodStart,
    periodEnd: q.periodEnd,
    nodeCode: q.nodeCode,
    statuses: q.statuses?.length ? q.statuses : q.status ? [q.status] : undefined,
    samBillNum: q.samBillNum,
    billKind: q.billKind,
  };
}
