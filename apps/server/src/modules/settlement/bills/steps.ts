// What every change of a bill shares: bills are made by suppliers, a change is one transaction whose
// database guards answer as the rules' 409s (billGuards), and one workflow step on the bill under its lock (flow.ts).
import { type integration, settlement, toUnits } from '@portal/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../db/schema';
import { ApiError } from '../../../platform/errors';
import { type EventActor, accountActor, recordEvent } from '../../../platform/events';
import type { DataScope } from '../../../platform/scope';
import type { SessionContext } from '../../../platform/session-context';
import type { GuardRefusals } from '../../../platform/sql/transaction';
import type { Actor } from '../../../platform/workflow/definition';
import { transition } from '../../../platform/workflow/transition';
import { type BillFlowAction, billFlow } from '../flow';
import * as repo from './repo';

const { SettlementMessages } = settlement;
export type Db = Kysely<DB>;

/** Bills are made by suppliers: the caller's supplier, or 403. */
export function maker(session: SessionContext): { tenantId: string; suppCode: string } {
  if (session.kind !== 'supplier' || !session.suppCode)
    throw ApiError.forbidden({ 'zh-CN': '只有供应商可以制作结算单', en: 'Only a supplier can make settlement bills' });
  return { tenantId: session.tenantId, suppCode: session.suppCode };
}

/** The refusals the database's guards of bills stand for (platform/sql/transaction.ts inTransaction). */
export const billGuards: GuardRefusals = {
  sam_bill_line_live: SettlementMessages.settledOnce,
  sam_bill_pkey: { 'zh-CN': '结算单号已存在', en: 'The bill number already exists' },
  sam_invoice_number: {
    'zh-CN': '该发票已录入，发票代码和号码不能重复',
    en: 'This invoice has already been entered; an invoice code and number cannot repeat',
  },
  sam_bill_paid: SettlementMessages.overpaid,
};

/** Reads the bill FOR UPDATE and runs one workflow step on it. */
export function step(
  trx: Transaction<DB>,
  actor: Actor,
  scope: DataScope,
  billNumber: string,
  action: BillFlowAction,
  apply: (row: repo.LockedBill, to: repo.LockedBill['status'] | null) => Promise<void>,
  note?: string,
  detail?: Record<string, unknown>,
) {
  return transition(trx, billFlow, {
    action,
    actor,
    id: billNumber,
    note,
    lock: () => repo.lockBill(trx, scope, billNumber),
    apply,
    ...(detail ? { detail: () => detail } : {}),
  });
}

/** A bill holding a charge under dispute is neither submitted nor audited. */
export async function refuseDisputed(trx: Db, tenantId: string, billNumber: string) {
  const disputed = await repo.disputedCharges(trx, tenantId, billNumber);
  if (disputed.length > 0)
    throw ApiError.conflict({
      'zh-CN': `${SettlementMessages.disputedCharge['zh-CN']}：费用单 ${disputed.join('、')}`,
      en: `${SettlementMessages.disputedCharge.en}: charges ${disputed.join(', ')}`,
    });
}

/** A bill's facts for its events (outbox): the locked row, with the state and version the step leaves. */
function billFacts(row: repo.LockedBill, status: string): integration.EventPayloads['settlement.bill.submitted'] {
  return {
    billNumber: row.bill_number,
    suppCode: row.supp_code,
    billKind: row.bill_kind,
    nodeCode: row.node_code,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    payableAmount: row.payable_amount,
    paidAmount: row.paid_amount,
    status,
    version: row.version + 1,
  };
}

/** The outbox's event of a submitted bill, in the step's transaction (after repo.bump). */
export function billSubmitted(trx: Transaction<DB>, session: SessionContext, row: repo.LockedBill) {
  return recordEvent(trx, {
    tenantId: row.tenant_id,
    suppCode: row.supp_code,
    topic: 'settlement.bill.submitted',
    subject: row.bill_number,
    payload: billFacts(row, '已提交'),
    actor: accountActor(session),
  });
}

/** Who did a step, as the outbox names it: a signed-in account or an integration client (the finance system paying). */
const eventActorOf = (actor: Actor): EventActor => ('accountId' in actor ? accountActor(actor) : `client:${actor.employeeCode}`);

/** The outbox's event of a staff review step (audited, approved, sent back), in the step's transaction. */
export function billReviewed(
  trx: Transaction<DB>,
  actor: Actor,
  row: repo.LockedBill,
  status: string,
  change:
    | { topic: 'settlement.bill.audited' | 'settlement.bill.approved' }
    | { topic: 'settlement.bill.returned'; toSupplier: boolean; reason: string },
) {
  const facts = billFacts(row, status);
  const base = { tenantId: row.tenant_id, suppCode: row.supp_code, subject: row.bill_number, actor: eventActorOf(actor) };
  if (change.topic === 'settlement.bill.returned')
    return recordEvent(trx, { ...base, topic: change.topic, payload: { ...facts, toSupplier: change.toSupplier, reason: change.reason } });
  return recordEvent(trx, { ...base, topic: change.topic, payload: facts });
}

/** The outbox's event of a payment of a bill (by the cashier or the finance system), after the payment is written. */
export function billPaid(
  trx: Transaction<DB>,
  actor: Actor,
  row: repo.LockedBill,
  payment: { amount: string; payDate: string },
  paidAfter: string,
) {
  const fully = toUnits(paidAfter, 2) === toUnits(row.payable_amount, 2);
  return recordEvent(trx, {
    tenantId: row.tenant_id,
    suppCode: row.supp_code,
    topic: 'settlement.bill.paid',
    subject: row.bill_number,
    payload: {
      ...billFacts(row, fully ? '已支付' : row.status),
      paidAmount: paidAfter,
      paymentAmount: payment.amount,
      payDate: payment.payDate,
      fully,
    },
    actor: eventActorOf(actor),
  });
}

/** The outbox's event of a voided bill (by its supplier or by staff), in the step's transaction. */
export function billVoided(trx: Transaction<DB>, session: SessionContext, row: repo.LockedBill, reason: string) {
  return recordEvent(trx, {
    tenantId: row.tenant_id,
    suppCode: row.supp_code,
    topic: 'settlement.bill.voided',
    subject: row.bill_number,
    payload: { ...billFacts(row, '作废'), voidedBy: session.kind === 'supplier' ? 'supplier' : 'staff', reason },
    actor: accountActor(session),
  });
}
