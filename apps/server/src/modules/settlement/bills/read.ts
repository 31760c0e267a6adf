// Reading bills: the detail with what the caller may do, payments, charges, reconciliation lines, existence.
import type { BillAction, BillDetail, CallBody, CheckDetail } from '@portal/contract';
import type { settlement } from '@portal/contract';
import { toUnits } from '@portal/contract';
import type { z } from 'zod';
import type { AppContext } from '../../../platform/context';
import { ApiError } from '../../../platform/errors';
import { type DataScope, scopeOf } from '../../../platform/scope';
import type { SessionContext } from '../../../platform/session-context';
import { historyOf } from '../../../platform/workflow/history';
import { attachmentsOf, fileOf } from '../attachments/repo';
import { chargesByCode } from '../charges/service';
import { actionsFor, billFlow } from '../flow';
import { invoicesOfBill } from '../invoices/service';
import * as repo from './repo';
import { checkedPeriod } from './service';
import type { Db } from './steps';

async function header(db: Db, scope: DataScope, billNumber: string) {
  const row = await repo.billHeader(db, scope, billNumber);
  if (!row) throw ApiError.notFound({ 'zh-CN': `结算单 ${billNumber} 不存在`, en: `Bill ${billNumber} does not exist` });
  return row;
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
    attachmentsOf(ctx.db, tenantId, [{ type: 'bill', ids: [billNumber] }]),
    historyOf(ctx.db, billFlow, tenantId, billNumber),
    repo.childButtons(ctx.db, session),
  ]);
  const charges = await chargesByCode(
    ctx.db,
    { tenantId, suppCode: head.suppCode },
    lines.filter((l) => l.sourceType === 'charge').map((l) => l.sourceId),
  );
  const actions: BillAction[] = actionsFor(head.status, session, buttons).filter(
    (a) => !(a === 'returnBack' && head.status === '已审批' && toUnits(head.paidAmount, 2) > 0n),
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
  const rows = await repo.checkLines(ctx.db, tenantId, billNumber, paging);
  return { total: rows[0]?.total ?? 0, list: rows.map(({ total: _total, ...r }) => r) };
}

export async function isExist(ctx: AppContext, session: SessionContext, body: CallBody<typeof settlement.isExistBill>) {
  const scope = scopeOf(session, body.suppCode);
  if (body.samBillNum) {
    const found = await repo.billHeader(ctx.db, scope, body.samBillNum);
    return { exists: Boolean(found), samBillNums: found ? [found.samBillNum] : [] };
  }
  if (!body.nodeCode || !body.periodStart || !body.periodEnd)
    throw ApiError.badRequest({
      'zh-CN': 'body: 请给出 samBillNum，或 nodeCode、periodStart 和 periodEnd',
      en: 'body: give samBillNum, or nodeCode, periodStart and periodEnd',
    });
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

/** The supplier's bills waiting on it and its unpaid money, as every settlement total counts them (the dashboard). */
export function waitingAndUnpaid(ctx: AppContext, scope: DataScope) {
  return repo.waitingAndUnpaid(ctx.db, scope);
}
