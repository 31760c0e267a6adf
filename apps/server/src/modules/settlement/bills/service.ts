// Rules of making settlement bills: the supplier's documents settled once, totals per tax rate from the
// documents, an optimistic version on modify, an idempotent submit; each change one workflow step (flow.ts,
// 409 naming the state). Reading bills: read.ts; review and payment: review/; invoices: invoices/.
import type { CallBody, CostDocument, SourceRef } from '@portal/contract';
import { fromUnits, settlement, toUnits } from '@portal/contract';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../../db/schema';
import { businessDay } from '../../../platform/clock';
import type { AppContext } from '../../../platform/context';
import { ApiError } from '../../../platform/errors';
import { scopeOf } from '../../../platform/scope';
import type { SessionContext } from '../../../platform/session-context';
import { nextSequence } from '../../../platform/sql/sequence';
import { inTransaction } from '../../../platform/sql/transaction';
import { start } from '../../../platform/workflow/transition';
import { assertCertificatesValid } from '../../certificate/service';
import * as contracts from '../contracts/service';
import { unitExists } from '../contracts/repo';
import { billFlow } from '../flow';
import {
  type DocumentFilter,
  type DocumentRow,
  type RateRow,
  claim,
  costCount,
  costPageSql,
  documentsOf,
  rateTotals,
  setBillDocuments,
  termDaysSql,
} from './documents-repo';
import { setAttachments } from '../attachments/repo';
import * as repo from './repo';
import { billGuards, billSubmitted, type Db, maker, refuseDisputed, step } from './steps';

const { SettlementMessages, sourceTypeText, sourceTypeTextEn } = settlement;
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
  if (from > to)
    throw ApiError.badRequest({
      'zh-CN': 'body.periodEnd: 结算期止不能早于结算期起',
      en: 'body.periodEnd: the period end cannot be before its start',
    });
}

async function checkedNode(db: Db, tenantId: string, nodeCode: string) {
  if (!(await unitExists(db, tenantId, nodeCode)))
    throw ApiError.badRequest({
      'zh-CN': `body.nodeCode: 结算主体 ${nodeCode} 不存在`,
      en: `body.nodeCode: accounting unit ${nodeCode} does not exist`,
    });
}

export async function costData(ctx: AppContext, session: SessionContext, q: z.infer<typeof settlement.costQuery>) {
  const scope = scopeOf(session, q.suppCode);
  if (!scope.suppCode) throw ApiError.badRequest({ 'zh-CN': 'body.suppCode: 请选择供应商', en: 'body.suppCode: please choose a supplier' });
  checkedPeriod(q.periodStart, q.periodEnd);
  const sort = q.sort ?? { field: 'docDate', order: 'asc' as const };
  const column = Object.hasOwn(costSorts, sort.field) ? costSorts[sort.field] : undefined;
  if (!column)
    throw ApiError.badRequest({
      'zh-CN': `body.sort.field: 不能按 ${sort.field} 排序`,
      en: `body.sort.field: cannot sort by ${sort.field}`,
    });
  // Advance bills need the supplier's grant first; a normal page reads the payment term in its own query,
  // and only an empty page asks whether the supplier exists at all.
  const supplier = q.billKind === 'advance' ? await contracts.supplierOf(ctx.db, scope.tenantId, scope.suppCode) : undefined;
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
    if (!supplier) await contracts.supplierOf(ctx.db, scope.tenantId, scope.suppCode);
    if (q.page > 1) {
      const counted = await costCount(ctx.db, filter, q.billKind, today);
      return { total: counted.total, totalAmount: fromUnits(toUnits(counted.total_amount, 2), 2), list: [] };
    }
  }
  return {
    total: rows[0]?.total ?? 0,
    totalAmount: fromUnits(toUnits(rows[0]?.total_amount ?? '0', 2), 2),
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
  const rows = await documentsOf(db, filter);
  const found = new Map(rows.map((r) => [`${r.source_type}:${r.source_id}`, r]));
  for (const ref of refs) {
    const doc = found.get(`${ref.sourceType}:${ref.sourceId}`);
    const name = `${sourceTypeText[ref.sourceType]} ${ref.sourceId}`;
    const nameEn = `${sourceTypeTextEn[ref.sourceType]} ${ref.sourceId}`;
    if (!doc)
      throw ApiError.badRequest({
        'zh-CN': `body.sources: ${name} 不存在或不属于该结算主体`,
        en: `body.sources: ${nameEn} does not exist or does not belong to this accounting unit`,
      });
    const inPeriod =
      ref.sourceType === 'prepay' ? doc.doc_date <= bill.periodEnd : doc.doc_date >= bill.periodStart && doc.doc_date <= bill.periodEnd;
    if (!inPeriod)
      throw ApiError.badRequest({
        'zh-CN': `body.sources: ${name} 不在结算期 ${bill.periodStart} 至 ${bill.periodEnd} 内`,
        en: `body.sources: ${nameEn} is not within the period ${bill.periodStart} to ${bill.periodEnd}`,
      });
    if (ref.sourceType === 'receiving' && bill.billKind === 'normal' && doc.due_date > today)
      throw ApiError.badRequest({
        'zh-CN': `body.sources: ${name} 未到付款期（${doc.due_date}），请使用预付结算`,
        en: `body.sources: ${nameEn} is not yet due (${doc.due_date}); use an advance bill`,
      });
    if (ref.sourceType === 'receiving' && bill.billKind === 'advance' && doc.due_date <= today)
      throw ApiError.badRequest({
        'zh-CN': `body.sources: ${name} 已到付款期，请使用普通结算`,
        en: `body.sources: ${nameEn} is already due; use a normal bill`,
      });
    if (doc.disputed)
      throw ApiError.conflict({
        'zh-CN': `${SettlementMessages.disputedCharge['zh-CN']}：${name}`,
        en: `${SettlementMessages.disputedCharge.en}: ${nameEn}`,
      });
    if (doc.settle_status !== '未结算' && (!bill.billNumber || doc.sam_bill_num !== bill.billNumber))
      throw ApiError.conflict({
        'zh-CN': `${SettlementMessages.settledOnce['zh-CN']}：${name}`,
        en: `${SettlementMessages.settledOnce.en}: ${nameEn}`,
      });
  }
  return { filter, documents: rows };
}

export async function calcTotals(ctx: AppContext, session: SessionContext, body: CallBody<typeof settlement.calcSamBillTotals>) {
  const scope = scopeOf(session, body.suppCode);
  if (!scope.suppCode) throw ApiError.badRequest({ 'zh-CN': 'body.suppCode: 请选择供应商', en: 'body.suppCode: please choose a supplier' });
  const owner = { tenantId: scope.tenantId, suppCode: scope.suppCode };
  const supplier = await contracts.supplierOf(ctx.db, owner.tenantId, owner.suppCode);
  const rows = await documentsOf(ctx.db, {
    ...owner,
    nodeCode: body.nodeCode,
    termDays: supplier.pay_term_days,
    refs: body.sources,
  });
  if (rows.length !== body.sources.length)
    throw ApiError.badRequest({
      'zh-CN': 'body.sources: 有单据不存在或不属于该结算主体',
      en: 'body.sources: some documents do not exist or do not belong to this accounting unit',
    });
  const rates = await rateTotals(ctx.db, owner.tenantId, owner.suppCode, body.sources);
  const payable = rates.reduce((sum, r) => sum + toUnits(r.payable_amount, 2), 0n);
  return { totals: rates.map((r) => totalOf(r, '0.00')), payableAmount: fromUnits(payable, 2) };
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
  const payable = rates.reduce((sum, r) => sum + toUnits(r.payable_amount, 2), 0n);
  if (payable < 0n)
    throw ApiError.badRequest({
      'zh-CN': `body.sources: ${SettlementMessages.negativePayable['zh-CN']}（${fromUnits(payable, 2)}）`,
      en: `body.sources: ${SettlementMessages.negativePayable.en} (${fromUnits(payable, 2)})`,
    });
  await repo.writeContent(trx, { tenantId: owner.tenantId, billNumber: bill.billNumber, live }, filter, rates);
}

export async function save(ctx: AppContext, session: SessionContext, form: CallBody<typeof settlement.samBillSave>) {
  const owner = maker(session);
  checkedPeriod(form.periodStart, form.periodEnd);
  if (!(await contracts.isEnabled(ctx.db, owner.tenantId))) throw ApiError.conflict(SettlementMessages.notEnabled);
  const supplier = await contracts.supplierOf(ctx.db, owner.tenantId, owner.suppCode);
  if (form.billKind === 'advance' && !supplier.advance_sam) throw ApiError.forbidden(SettlementMessages.advanceNotAllowed);
  await checkedNode(ctx.db, owner.tenantId, form.nodeCode);
  if (form.samBillNum && !/^JS\d{6}-\d{4,}$/.test(form.samBillNum))
    throw ApiError.badRequest({
      'zh-CN': 'body.samBillNum: 结算单号须由 newBillNumber 取得',
      en: 'body.samBillNum: the bill number must come from newBillNumber',
    });
  const today = businessDay(ctx.now());
  // The number is taken outside the bill's transaction, so that concurrent saves never wait on the counter row.
  const number = form.samBillNum ?? (await newBillNumber(ctx.db, owner.tenantId, ctx.now()));
  const billNumber = await inTransaction(ctx, billGuards, async (trx) => {
    await start(trx, billFlow, {
      action: 'create',
      actor: session,
      id: number,
      note: form.remark,
      create: async (to) => {
        await repo.insertBill(trx, {
          tenantId: owner.tenantId,
          billNumber: number,
          suppCode: owner.suppCode,
          billKind: form.billKind,
          nodeCode: form.nodeCode,
          periodStart: form.periodStart,
          periodEnd: form.periodEnd,
          payTermDays: supplier.pay_term_days,
          status: to,
          remark: form.remark,
          createdBy: session.employeeCode,
        });
        await fillBill(trx, owner, supplier.pay_term_days, { ...form, billNumber: number }, form.sources, true, today);
      },
    });
    return number;
  });
  return repo.savedOf(ctx.db, owner.tenantId, billNumber);
}

export async function modify(ctx: AppContext, session: SessionContext, body: CallBody<typeof settlement.samBillModify>) {
  const owner = maker(session);
  const today = businessDay(ctx.now());
  const supplier = await contracts.supplierOf(ctx.db, owner.tenantId, owner.suppCode);
  await inTransaction(ctx, billGuards, (trx) =>
    step(trx, session, owner, body.samBillNum, 'modify', async (row) => {
      if (row.version !== body.version)
        throw ApiError.conflict({
          'zh-CN': `${SettlementMessages.staleVersion['zh-CN']}（当前版本 ${row.version}）`,
          en: `${SettlementMessages.staleVersion.en} (current version ${row.version})`,
        });
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

/** 409 for a rejected bill whose documents other bills took since: which, where, and what the supplier can do. */
function heldElsewhere(taken: { sourceType: SourceRef['sourceType']; sourceId: string; heldBy: string }[]) {
  const zh = taken.map((l) => `${sourceTypeText[l.sourceType]} ${l.sourceId}（结算单 ${l.heldBy}）`).join('、');
  const en = taken.map((l) => `${settlement.sourceTypeTextEn[l.sourceType]} ${l.sourceId} (bill ${l.heldBy})`).join(', ');
  return ApiError.conflict({
    'zh-CN': `${SettlementMessages.settledOnce['zh-CN']}：${zh}已由其他结算单结算，请修改本单移除这些单据后再提交，或作废本单`,
    en: `Already settled: ${en} settled by another bill; edit this bill to drop them before submitting it again, or void it`,
  });
}

export async function apply(ctx: AppContext, session: SessionContext, body: CallBody<typeof settlement.applySamBill>) {
  const owner = maker(session);
  // An expired mandatory licence blocks new settlement applications (domain.md rule 6).
  await assertCertificatesValid(ctx, owner.tenantId, owner.suppCode);
  await inTransaction(ctx, billGuards, async (trx) => {
    const current = await repo.lockBill(trx, owner, body.samBillNum);
    // Submitting again what is already submitted changes nothing (a repeated click, a retried request).
    if (current?.status === '已提交') return;
    if (current && body.version !== undefined && current.version !== body.version)
      throw ApiError.conflict({
        'zh-CN': `${SettlementMessages.staleVersion['zh-CN']}（当前版本 ${current.version}）`,
        en: `${SettlementMessages.staleVersion.en} (current version ${current.version})`,
      });
    await step(trx, session, owner, body.samBillNum, 'apply', async (row, to) => {
      await refuseDisputed(trx, owner.tenantId, row.bill_number);
      if (row.status === '已驳回') {
        // A rejected bill gave its documents back: take them again, unless another bill has (named, with what to do).
        const taken = (await repo.billLines(trx, owner.tenantId, row.bill_number)).filter((l) => l.heldBy);
        if (taken.length > 0) throw heldElsewhere(taken);
        const documents = await repo.lineDocuments(trx, owner.tenantId, row.bill_number);
        if (!(await claim(trx, owner.tenantId, owner.suppCode, documents))) throw ApiError.conflict(SettlementMessages.settledOnce);
        await repo.setLinesLive(trx, owner.tenantId, row.bill_number, true);
      }
      await repo.bump(trx, owner.tenantId, row.bill_number, { status: to! });
      await billSubmitted(trx, session, row);
    });
  });
  return repo.savedOf(ctx.db, owner.tenantId, body.samBillNum);
}

export async function remove(ctx: AppContext, session: SessionContext, billNumber: string): Promise<null> {
  const owner = maker(session);
  await inTransaction(ctx, billGuards, (trx) =>
    step(trx, session, owner, billNumber, 'delete', async () => {
      await setBillDocuments(trx, owner.tenantId, billNumber, '未结算');
      await setAttachments(trx, { ...owner, type: 'bill', id: billNumber }, []);
      await repo.deleteBill(trx, owner.tenantId, billNumber);
    }),
  );
  return null;
}
