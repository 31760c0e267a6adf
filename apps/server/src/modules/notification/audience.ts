// Who hears of an event (docs/notifications.md "Recipients"): the supplier's accounts that hold the module the
// event belongs to (its main account always), the staff whose roles own the step the object now waits on (read
// from the workflows: settlement, new products, supplier admission), the staff roles owning an area without a
// workflow (orders: buyers, deliveries and docks: receiving), and named accounts
// (a locked account and its main account). Admin reads everything but owns no step, as in the reviews.
import type { integration } from '@portal/contract';
import { ModuleCode, goodsApply, notification } from '@portal/contract';
import type { Who } from '../../platform/workflow/definition';
import { certificateFlow } from '../certificate/flow';
import { goodsApplyFlow } from '../goods-apply/flow';
import { billFlow } from '../settlement/flow';
import { applyFlow as supplierApplyFlow } from '../supplier-apply/flow';

type Topic = integration.EventTopic;
type Payloads = integration.EventPayloads;

export interface Audience {
  /** The supplier's accounts: its main account, and children holding this module. Null: none of them. */
  supplierModule: string | null;
  /** Staff accounts of these roles. */
  staffRoles: string[];
  /** These accounts by id (whatever their kind). */
  accounts: number[];
  /** The supplier main accounts of these child accounts (a child's lock is its main account's business too). */
  mainsOf: number[];
}

interface Flow {
  transitions: Record<string, { from: readonly (string | null)[]; to?: string | null; who: readonly Who[] }>;
}

/**
 * The staff roles that own a step the record in `status` waits on: a transition from it to another state (adding a
 * file is no step, voiding is not the work waiting); admin only where no other role owns it.
 */
export function stepOwners(flow: Flow, status: string): string[] {
  const roles = new Set<string>();
  for (const step of Object.values(flow.transitions)) {
    if (!step.from.includes(status) || !step.to || step.to === status || step.to === '作废') continue;
    for (const who of step.who) if (who.kind === 'staff') roles.add(who.role);
  }
  // Admin stands in where no other role owns the step (certificates are reviewed by admin alone).
  if (roles.size > 1) roles.delete('admin');
  return [...roles];
}

/** Roles owning an area that has no review workflow. */
const buyer = goodsApply.stepRoles['采购审核'];
const receiving = 'receiving';

const none: Audience = { supplierModule: null, staffRoles: [], accounts: [], mainsOf: [] };
const supplier = (module: string, also: Partial<Audience> = {}): Audience => ({ ...none, supplierModule: module, ...also });
const staff = (...roles: string[]): Audience => ({ ...none, staffRoles: roles });
const bill = (status: string) => stepOwners(billFlow, status);

const rules: { [T in Topic]: (p: Payloads[T]) => Audience } = {
  'settlement.bill.submitted': (p) => staff(...bill(p.status)),
  'settlement.bill.returned': (p) => (p.toSupplier ? supplier(ModuleCode.settlementBill) : staff(...bill(p.status))),
  'settlement.bill.audited': (p) => supplier(ModuleCode.settlementBill, { staffRoles: bill(p.status) }),
  'settlement.bill.approved': (p) => supplier(ModuleCode.settlementBill, { staffRoles: bill(p.status) }),
  'settlement.bill.paid': () => supplier(ModuleCode.settlementBill),
  'settlement.bill.voided': (p) => (p.voidedBy === 'staff' ? supplier(ModuleCode.settlementBill) : none),
  'settlement.invoice.entered': () => staff(...bill('已审核')),
  'settlement.invoice.deleted': () => staff(...bill('已审核')),
  'settlement.charge.raised': () => supplier(ModuleCode.charges),
  // The clerk answers disputes (contract: settlement review steps).
  'settlement.charge.disputed': () => staff(...bill('已提交')),
  'settlement.charge.answered': () => supplier(ModuleCode.charges),
  'purchase-order.order.issued': () => supplier(ModuleCode.purchaseOrder),
  'purchase-order.order.changed': () => supplier(ModuleCode.purchaseOrder),
  'purchase-order.order.reopened': () => supplier(ModuleCode.purchaseOrder),
  'purchase-order.order.overdue': () => supplier(ModuleCode.purchaseOrder, { staffRoles: [buyer] }),
  'purchase-order.order.confirmed': () => staff(buyer),
  'purchase-order.order.declined': () => staff(buyer),
  'order.delivery-note.created': () => staff(receiving),
  'order.delivery-note.cancelled': () => staff(receiving),
  'order.delivery-note.received': () => supplier(ModuleCode.deliveryNote),
  'order.receiving.differences': () => supplier(ModuleCode.deliveryNote),
  'dock.booking.made': () => staff(receiving),
  'dock.booking.moved': (p) => (p.movedBy === 'staff' ? supplier(ModuleCode.deliveryBooking) : staff(receiving)),
  'dock.booking.cancelled': () => staff(receiving),
  'dock.booking.confirmed': () => supplier(ModuleCode.deliveryBooking),
  'dock.booking.refused': () => supplier(ModuleCode.deliveryBooking),
  'certificate.certificate.submitted': (p) => staff(...stepOwners(certificateFlow, p.status)),
  'certificate.certificate.expiring': () => supplier(ModuleCode.certificate),
  'certificate.certificate.reviewed': () => supplier(ModuleCode.certificate),
  'goods-apply.application.submitted': (p) => staff(...stepOwners(goodsApplyFlow, p.status)),
  'goods-apply.application.withdrawn': () => staff(buyer),
  'goods-apply.application.reviewed': (p) => supplier(ModuleCode.goodsApply, { staffRoles: stepOwners(goodsApplyFlow, p.status) }),
  'supplier-apply.application.submitted': (p) => staff(...stepOwners(supplierApplyFlow, p.status)),
  'supplier-apply.application.reviewed': (p) => staff(...stepOwners(supplierApplyFlow, p.status)),
  'auth.account.locked': (p) => ({ ...none, accounts: [p.accountId], mainsOf: [p.accountId] }),
  'auth.password.expiring': (p) => ({ ...none, accounts: [p.accountId] }),
};

const known = (topic: string): topic is Topic => Object.hasOwn(rules, topic);

/** Who hears of an event of `topic` with `payload`; nobody for a topic this build does not know. */
export function audienceOf(topic: string, payload: Record<string, unknown>): Audience {
  if (!known(topic)) return none;
  const audience = (rules[topic] as (p: unknown) => Audience)(payload);
  // The contract's topic table says which kinds of account may hear of a topic: the preferences page lists those.
  const info = notification.topicInfo[topic];
  return {
    supplierModule: info.supplier ? audience.supplierModule : null,
    staffRoles: info.staff ? audience.staffRoles : [],
    accounts: audience.accounts,
    mainsOf: audience.mainsOf,
  };
}
