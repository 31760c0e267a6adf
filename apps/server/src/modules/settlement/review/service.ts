// Staff review of bills (审核, 驳回, 发票确认, 退回, 审批, 作废) and payments never beyond what is owed;
// every change one workflow step (flow.ts).
import type { CallBody } from '@portal/contract';
import { formatDecimal, fromUnits, settlement, toUnits } from '@portal/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../db/schema';
import type { AppContext } from '../../../platform/context';
import { ApiError } from '../../../platform/errors';
import { type DataScope, scopeOf } from '../../../platform/scope';
import type { SessionContext } from '../../../platform/session-context';
import { inTransaction } from '../../../platform/sql/transaction';
import type { Actor } from '../../../platform/workflow/definition';
import { setBillDocuments } from '../bills/documents-repo';
import * as bills from '../bills/repo';
import { billGuards, billPaid, billReviewed, billVoided, type Db, refuseDisputed, step } from '../bills/steps';
import { tolerance } from '../contracts/service';
import type { BillFlowAction } from '../flow';
import * as invoices from '../invoices/repo';
import * as repo from './repo';

/** An amount as a person reads it in a refusal: '1234567.8' -> '1,234,567.80'. */
const shown = (text: string) => formatDecimal(text, { min: 2, max: 2 });

const { SettlementMessages } = settlement;

/** Gives a bill's documents back (void, reject): 未结算, and its lines no longer hold them. */
async function release(trx: Db, tenantId: string, billNumber: string) {
  await setBillDocuments(trx, tenantId, billNumber, '未结算');
  await bills.setLinesLive(trx, tenantId, billNumber, false);
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
  await inTransaction(ctx, billGuards, async (trx) => {
    const current = await bills.lockBill(trx, scope, billNumber);
    let flowAction: BillFlowAction = action === 'returnBack' ? 'returnInvoice' : action;
    if (action === 'returnBack' && current?.status === '已审批') flowAction = 'returnApproval';
    if (action === 'reject' && current?.status === '已审核') flowAction = 'rejectAudited';
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
          case 'rejectAudited':
          case 'void':
          case 'discard':
            await release(trx, tenantId, billNumber);
            break;
          case 'confirmInvoice':
            await invoicesMatch(trx, tenantId, billNumber);
            await invoices.setConfirmed(trx, tenantId, billNumber, true);
            break;
          case 'returnInvoice':
            await invoices.setConfirmed(trx, tenantId, billNumber, false);
            break;
          case 'returnApproval':
            if (toUnits(row.paid_amount, 2) > 0n)
              throw ApiError.conflict({
                'zh-CN': `结算单 ${billNumber} 已付款 ${shown(row.paid_amount)}，不能退回`,
                en: `Bill ${billNumber} has been paid ${shown(row.paid_amount)} and cannot be sent back`,
              });
            break;
          default:
            break;
        }
        await bills.bump(trx, tenantId, billNumber, { status: to! });
        if (flowAction === 'audit') await billReviewed(trx, session, row, to!, { topic: 'settlement.bill.audited' });
        if (flowAction === 'approve') await billReviewed(trx, session, row, to!, { topic: 'settlement.bill.approved' });
        if (flowAction === 'reject' || flowAction === 'rejectAudited' || flowAction === 'returnInvoice' || flowAction === 'returnApproval')
          await billReviewed(trx, session, row, to!, {
            topic: 'settlement.bill.returned',
            toSupplier: flowAction === 'reject' || flowAction === 'rejectAudited',
            reason: note,
          });
        // A draft was never in front of the retailer: voiding one is nobody else's news.
        if ((flowAction === 'void' || flowAction === 'discard') && row.status !== '草稿') await billVoided(trx, session, row, note);
      },
      note,
    );
  });
  return bills.savedOf(ctx.db, tenantId, billNumber);
}

/** The invoices per tax rate match the bill's goods and returns at that rate within the tolerance, or 409 saying where not. */
async function invoicesMatch(trx: Db, tenantId: string, billNumber: string) {
  const allowed = await tolerance(trx, tenantId);
  const rows = await invoices.dueAndInvoiced(trx, tenantId, billNumber);
  if (!rows.some((r) => toUnits(r.invoiced, 2) > 0n))
    throw ApiError.conflict({ 'zh-CN': `结算单 ${billNumber} 尚未录入发票`, en: `Bill ${billNumber} has no invoices yet` });
  const off = rows.filter((r) => {
    const diff = toUnits(r.due, 2) - toUnits(r.invoiced, 2);
    return (diff < 0n ? -diff : diff) > allowed;
  });
  if (off.length > 0)
    throw ApiError.conflict({
      'zh-CN': `${SettlementMessages.invoiceMismatch['zh-CN']}：${off.map((r) => `税率 ${r.rate}% 应开 ${shown(r.due)}，已录入 ${shown(r.invoiced)}`).join('；')}（容差 ${fromUnits(allowed, 2)}）`,
      en: `${SettlementMessages.invoiceMismatch.en}: ${off.map((r) => `tax rate ${r.rate}%: due ${shown(r.due)}, entered ${shown(r.invoiced)}`).join('; ')} (tolerance ${fromUnits(allowed, 2)})`,
    });
}

export async function pay(ctx: AppContext, session: SessionContext, body: CallBody<typeof settlement.recordSamBillPayment>) {
  const scope = scopeOf(session, body.suppCode);
  const amount = toUnits(body.payment.amount, 2);
  if (amount <= 0n)
    throw ApiError.badRequest({
      'zh-CN': 'body.payment.amount: 付款金额必须大于 0',
      en: 'body.payment.amount: the payment must be greater than 0',
    });
  await inTransaction(ctx, billGuards, (trx) => recordPayment(trx, session, scope, body.samBillNum, body.payment));
  return bills.savedOf(ctx.db, scope.tenantId, body.samBillNum);
}

/** One payment of a bill: what the cashier enters and the finance system reports (integration payments, kind 'bill'). */
export interface BillPayment {
  payDate: string;
  /** Above 0, at most 2 decimals. */
  amount: string;
  payMethod: (typeof settlement.payMethods)[number];
  reference: string;
  note: string;
}

/**
 * Records a payment of a bill in the caller's transaction, by `actor` (the cashier's session, or an integration
 * client: flow.ts names both), as one workflow step: the bill must be 已审批 (else 409 naming its state; a bill
 * outside `scope` is 404), the payment never more than is owed (409); the payment that pays the rest makes the
 * bill 已支付 and its documents 已结算. Every refusal is thrown before anything is written. `detail` goes into the
 * step's history row (the integration API keeps the paying document's key there).
 */
export async function recordPayment(
  trx: Transaction<DB>,
  actor: Actor,
  scope: DataScope,
  billNumber: string,
  payment: BillPayment,
  detail?: Record<string, unknown>,
): Promise<void> {
  const tenantId = scope.tenantId;
  const amount = toUnits(payment.amount, 2);
  const current = await bills.lockBill(trx, scope, billNumber);
  const owed = current ? toUnits(current.payable_amount, 2) - toUnits(current.paid_amount, 2) : 0n;
  const action: BillFlowAction = current && amount === owed ? 'payFull' : 'payPart';
  await step(
    trx,
    actor,
    scope,
    billNumber,
    action,
    async (row, to) => {
      if (amount > owed)
        throw ApiError.conflict({
          'zh-CN': `${SettlementMessages.overpaid['zh-CN']}：未付 ${shown(fromUnits(owed, 2))}，本次 ${shown(payment.amount)}`,
          en: `${SettlementMessages.overpaid.en}: unpaid ${shown(fromUnits(owed, 2))}, this payment ${shown(payment.amount)}`,
        });
      await repo.insertPayment(trx, tenantId, billNumber, { ...payment, amount: fromUnits(amount, 2) }, actor.employeeCode);
      // The guard is the database's too: paid_amount never passes payable_amount (CHECK sam_bill_paid).
      await repo.addPaid(trx, tenantId, billNumber, fromUnits(amount, 2));
      if (to === '已支付') await setBillDocuments(trx, tenantId, billNumber, '已结算');
      await bills.bump(trx, tenantId, billNumber, { status: to! });
      await billPaid(
        trx,
        actor,
        row,
        { amount: fromUnits(amount, 2), payDate: payment.payDate },
        fromUnits(toUnits(row.paid_amount, 2) + amount, 2),
      );
    },
    `${payment.payMethod} ${fromUnits(amount, 2)}${payment.reference ? ` ${payment.reference}` : ''}${payment.note ? ` ${payment.note}` : ''}`,
    detail,
  );
}

/**
 * The bill payments recorded for integration documents (their `detail.paymentKey`), by key: the bill and amount
 * each paid. A payment document, once applied, is money paid: a later version may not change them.
 */
export function paymentsOfDocuments(db: Kysely<DB>, tenantId: string, keys: string[]) {
  return repo.paymentsOfDocuments(db, tenantId, keys);
}
