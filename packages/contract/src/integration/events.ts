// The outbox's events and the pull feed (docs/integration.md "The outbox"). An event is one thing a
// supplier did that the retailer's systems must hear about, written in the transaction of the change
// (server: platform/events.ts recordEvent) and read by `GET /api/integration/v1/events` (and, later, by
// webhooks, messages and e-mail: issue 30). Topics are `<area>.<thing>.<what>`; payloads carry keys,
// states and exact decimal strings, never secrets.
import { z } from 'zod';
import { defineCall } from '../call';

/** Every topic, in the order a reader's documentation lists them. */
export const eventTopics = [
  'settlement.bill.submitted',
  'settlement.bill.voided',
  'settlement.invoice.entered',
  'settlement.invoice.deleted',
  'settlement.charge.disputed',
  'certificate.certificate.submitted',
  'goods-apply.application.submitted',
  'goods-apply.application.withdrawn',
  'supplier-apply.application.submitted',
  'purchase-order.order.confirmed',
  'purchase-order.order.declined',
  'purchase-order.order.reopened',
  'order.delivery-note.created',
  'order.delivery-note.cancelled',
  'order.delivery-note.received',
  'dock.booking.made',
  'dock.booking.moved',
  'dock.booking.cancelled',
  'dock.booking.confirmed',
  'dock.booking.refused',
  // Notifications (issue 30): what staff, the system or the retailer's systems did that a supplier or a step's
  // owner must hear about.
  'settlement.bill.returned',
  'settlement.bill.audited',
  'settlement.bill.approved',
  'settlement.bill.paid',
  'settlement.charge.raised',
  'settlement.charge.answered',
  'purchase-order.order.issued',
  'purchase-order.order.changed',
  'purchase-order.order.overdue',
  'order.receiving.differences',
  'certificate.certificate.expiring',
  'certificate.certificate.reviewed',
  'goods-apply.application.reviewed',
  'supplier-apply.application.reviewed',
  'auth.account.locked',
  'auth.password.expiring',
] as const;
export type EventTopic = (typeof eventTopics)[number];

export const eventTopicText: Record<EventTopic, string> = {
  'settlement.bill.submitted': '结算单已提交',
  'settlement.bill.voided': '结算单已作废',
  'settlement.invoice.entered': '发票已录入',
  'settlement.invoice.deleted': '发票已删除',
  'settlement.charge.disputed': '费用单被提出异议',
  'certificate.certificate.submitted': '证照已提交审核',
  'goods-apply.application.submitted': '新品申请已提交',
  'goods-apply.application.withdrawn': '新品申请已撤回',
  'supplier-apply.application.submitted': '合作申请已提交',
  'purchase-order.order.confirmed': '采购订单已确认',
  'purchase-order.order.declined': '采购订单已拒绝',
  'purchase-order.order.reopened': '采购订单变更待重新确认',
  'order.delivery-note.created': '送货单已创建',
  'order.delivery-note.cancelled': '送货单已取消',
  'order.delivery-note.received': '送货单已收货',
  'dock.booking.made': '送货已预约',
  'dock.booking.moved': '送货预约已改约',
  'dock.booking.cancelled': '送货预约已取消',
  'dock.booking.confirmed': '送货预约已确认',
  'dock.booking.refused': '送货预约被拒绝',
  'settlement.bill.returned': '结算单被退回',
  'settlement.bill.audited': '结算单已审核',
  'settlement.bill.approved': '结算单已审批',
  'settlement.bill.paid': '结算单已付款',
  'settlement.charge.raised': '新增费用单',
  'settlement.charge.answered': '费用单异议已答复',
  'purchase-order.order.issued': '新采购订单',
  'purchase-order.order.changed': '采购订单已变更',
  'purchase-order.order.overdue': '采购订单确认超时',
  'order.receiving.differences': '收货有差异',
  'certificate.certificate.expiring': '证照即将到期',
  'certificate.certificate.reviewed': '证照已审核',
  'goods-apply.application.reviewed': '新品申请已审核',
  'supplier-apply.application.reviewed': '合作申请已审核',
  'auth.account.locked': '账号已锁定',
  'auth.password.expiring': '密码即将过期',
};

export const eventTopicTextEn: Record<EventTopic, string> = {
  'settlement.bill.submitted': 'Settlement bill submitted',
  'settlement.bill.voided': 'Settlement bill voided',
  'settlement.invoice.entered': 'Invoice entered',
  'settlement.invoice.deleted': 'Invoice deleted',
  'settlement.charge.disputed': 'Charge disputed',
  'certificate.certificate.submitted': 'Certificate submitted for review',
  'goods-apply.application.submitted': 'New product application submitted',
  'goods-apply.application.withdrawn': 'New product application withdrawn',
  'supplier-apply.application.submitted': 'Supplier application submitted',
  'purchase-order.order.confirmed': 'Purchase order confirmed',
  'purchase-order.order.declined': 'Purchase order declined',
  'purchase-order.order.reopened': 'Purchase order changed, waiting for confirmation again',
  'order.delivery-note.created': 'Delivery note created',
  'order.delivery-note.cancelled': 'Delivery note cancelled',
  'order.delivery-note.received': 'Delivery note received',
  'dock.booking.made': 'Delivery slot booked',
  'dock.booking.moved': 'Delivery booking moved',
  'dock.booking.cancelled': 'Delivery booking cancelled',
  'dock.booking.confirmed': 'Delivery booking confirmed',
  'dock.booking.refused': 'Delivery booking refused',
  'settlement.bill.returned': 'Settlement bill sent back',
  'settlement.bill.audited': 'Settlement bill audited',
  'settlement.bill.approved': 'Settlement bill approved',
  'settlement.bill.paid': 'Settlement bill paid',
  'settlement.charge.raised': 'New charge',
  'settlement.charge.answered': 'Charge dispute answered',
  'purchase-order.order.issued': 'New purchase order',
  'purchase-order.order.changed': 'Purchase order changed',
  'purchase-order.order.overdue': 'Purchase order confirmation overdue',
  'order.receiving.differences': 'Received with differences',
  'certificate.certificate.expiring': 'Certificate expiring',
  'certificate.certificate.reviewed': 'Certificate reviewed',
  'goods-apply.application.reviewed': 'New product application reviewed',
  'supplier-apply.application.reviewed': 'Supplier application reviewed',
  'auth.account.locked': 'Account locked',
  'auth.password.expiring': 'Password about to expire',
};

/** A bill as its events describe it: amounts are exact decimal strings, status the bill's state after the change. */
interface BillFacts {
  billNumber: string;
  suppCode: string;
  billKind: 'normal' | 'advance';
  /** The accounting unit (结算主体). */
  nodeCode: string;
  periodStart: string;
  periodEnd: string;
  payableAmount: string;
  paidAmount: string;
  status: string;
  /** The bill's version after the change (the optimistic version its screens send). */
  version: number;
}

/** A dock booking as its events describe it: the slot it holds after the change, its state after the change. */
interface BookingFacts {
  bookingId: string;
  noteNumber: string;
  suppCode: string;
  deptCode: string;
  slotDate: string;
  startTime: string;
  endTime: string;
  packages: number;
  status: string;
}

/** What each topic's payload holds. */
export interface EventPayloads {
  'dock.booking.made': BookingFacts;
  /** fromSlot: the slot it left, as 'YYYY-MM-DD HH:MM'. */
  'dock.booking.moved': BookingFacts & { fromSlot: string; movedBy: 'supplier' | 'staff' };
  'dock.booking.cancelled': BookingFacts;
  'dock.booking.confirmed': BookingFacts;
  'dock.booking.refused': BookingFacts & { reason: string };
  'settlement.bill.submitted': BillFacts;
  'settlement.bill.voided': BillFacts & { voidedBy: 'supplier' | 'staff'; reason: string };
  'settlement.invoice.entered': {
    billNumber: string;
    invoiceId: string;
    invoiceType: string;
    /** Empty for a digital invoice (数电发票). */
    invoiceCode: string;
    invoiceNumber: string;
    invoiceDate: string;
    taxRate: string;
    amountExcl: string;
    tax: string;
    amount: string;
  };
  'settlement.invoice.deleted': { billNumber: string; invoiceId: string };
  'settlement.charge.disputed': {
    chargeCode: string;
    suppCode: string;
    /** The bill holding it, '' when none. */
    billNumber: string;
    /** 'deduct' (the supplier pays it) or 'pay' (the retailer pays it); amount is positive either way. */
    direction: 'deduct' | 'pay';
    amount: string;
    settleStatus: string;
    disputeStatus: string;
    note: string;
  };
  'certificate.certificate.submitted': {
    certificateId: string;
    suppCode: string;
    typeCode: string;
    certificateNumber: string;
    /** The goods item's barcode for a goods certificate, '' for the supplier's own. */
    barcode: string;
    validFrom: string;
    validTo: string;
    status: string;
    /** The certificate it replaces, '' when none. */
    replaces: string;
  };
  'goods-apply.application.submitted': {
    applyNo: string;
    suppCode: string;
    goodsName: string;
    barcode: string;
    categoryCode: string;
    brandCode: string;
    price: string;
    retailPrice: string;
    taxRate: string;
    status: string;
  };
  'goods-apply.application.withdrawn': { applyNo: string; suppCode: string; status: string };
  'supplier-apply.application.submitted': {
    applyNo: string;
    companyName: string;
    creditCode: string;
    categories: string[];
    status: string;
  };
  'purchase-order.order.confirmed': {
    billNumber: string;
    suppCode: string;
    /** 已确认 (every line in full) or 部分确认. */
    status: string;
    /** Confirmed after the deadline. */
    late: boolean;
    confirmDueAt: string;
    version: number;
    lines: { lineNo: number; goodsCode: string; orderQty: string; confirmedQty: string; promisedDate: string; note: string }[];
  };
  'purchase-order.order.declined': {
    billNumber: string;
    suppCode: string;
    status: string;
    reason: string;
    note: string;
    late: boolean;
    version: number;
  };
  'purchase-order.order.reopened': {
    billNumber: string;
    suppCode: string;
    /** The state before the changed version (已阅读, 已确认, 部分确认, 已拒绝); now 已下达. */
    previousStatus: string;
    confirmDueAt: string;
    version: number;
    changedLines: number[];
  };
  /** A staff step sent the bill back: to the supplier (驳回: status 已驳回) or to the step before (退回). */
  'settlement.bill.returned': BillFacts & { toSupplier: boolean; reason: string };
  'settlement.bill.audited': BillFacts;
  'settlement.bill.approved': BillFacts;
  /** One payment: its amount and day; `fully` when it paid the rest (status 已支付). */
  'settlement.bill.paid': BillFacts & { paymentAmount: string; payDate: string; fully: boolean };
  'settlement.charge.raised': {
    chargeCode: string;
    suppCode: string;
    chargeType: string;
    chargeName: string;
    deptCode: string;
    period: string;
    direction: 'deduct' | 'pay';
    amount: string;
  };
  'settlement.charge.answered': {
    chargeCode: string;
    suppCode: string;
    billNumber: string;
    direction: 'deduct' | 'pay';
    /** The amount after the answer (a corrected one when the answer changed it). */
    amount: string;
    disputeStatus: string;
    answer: string;
  };
  'purchase-order.order.issued': {
    billNumber: string;
    suppCode: string;
    deptCode: string;
    orderDate: string;
    deliveryDate: string;
    totalAmount: string;
    /** The confirmation deadline (ISO 8601), '' when none. */
    confirmDueAt: string;
  };
  /** A new version of an order still waiting for its confirmation (an answered one is `reopened`). */
  'purchase-order.order.changed': { billNumber: string; suppCode: string; confirmDueAt: string; version: number; changedLines: number[] };
  /** Not confirmed by its deadline (the job's notice, once per version of the order). */
  'purchase-order.order.overdue': { billNumber: string; suppCode: string; status: string; confirmDueAt: string; version: number };
  /** A delivery note received with less than it carried (refused or short lines). */
  'order.receiving.differences': {
    noteNumber: string;
    suppCode: string;
    deptCode: string;
    receivingBill: string;
    lines: { lineNo: number; goodsCode: string; qty: string; receivedQty: string; rejectedQty: string; rejectReason: string }[];
  };
  /** A current certificate reaching 30, 7 or 0 days before its end (the daily expiry job, once per threshold). */
  'certificate.certificate.expiring': {
    certificateId: string;
    suppCode: string;
    typeCode: string;
    certificateNumber: string;
    certificateName: string;
    validTo: string;
    daysLeft: 30 | 7 | 0;
  };
  'certificate.certificate.reviewed': {
    certificateId: string;
    suppCode: string;
    typeCode: string;
    certificateNumber: string;
    /** 已审核 or 审核退回. */
    status: string;
    reason: string;
  };
  'goods-apply.application.reviewed': {
    applyNo: string;
    suppCode: string;
    goodsName: string;
    step: string;
    approved: boolean;
    /** The application's state after the review (the next step, 通过 or 驳回). */
    status: string;
    reason: string;
  };
  'supplier-apply.application.reviewed': {
    applyNo: string;
    companyName: string;
    approved: boolean;
    status: string;
    reason: string;
    /** The supplier code an approval created, '' otherwise. */
    suppCode: string;
  };
  /** Too many failed sign-ins: the account is locked until `until` (ISO 8601). */
  'auth.account.locked': { accountId: number; employeeCode: string; employeeName: string; kind: 'supplier' | 'staff'; until: string };
  /** The password ends on `expiresOn` (the daily notice, once per password). */
  'auth.password.expiring': { accountId: number; employeeCode: string; expiresOn: string; daysLeft: number };
  'order.delivery-note.created': DeliveryNoteFacts;
  'order.delivery-note.cancelled': DeliveryNoteFacts;
  'order.delivery-note.received': DeliveryNoteFacts & {
    /** The receiving (acceptance) bill that received it. */
    receivingBill: string;
    receivedQty: string;
    rejectedQty: string;
  };
}

/** A delivery note as its events describe it: quantities are exact decimal strings, status the note's after the change. */
interface DeliveryNoteFacts {
  noteNumber: string;
  suppCode: string;
  /** The store or DC it goes to. */
  deptCode: string;
  expectedDate: string;
  status: string;
  packages: number;
  totalQty: string;
  /** Its lines: the order line each delivers, its quantity and (after receiving) what was received and refused. */
  lines: {
    lineNo: number;
    purchaseOrder: string;
    purchaseOrderLine: number;
    goodsCode: string;
    qty: string;
    receivedQty: string;
    rejectedQty: string;
    rejectReason: string;
  }[];
}

// ---------------------------------------------------------------------------------------------------------
// The pull feed

/** The largest transaction id (xid8: unsigned 64 bits) and event id (bigint). */
const txidMax = 18446744073709551615n;
const idMax = 9223372036854775807n;
const cursorForm = /^(\d{1,20})-(\d{1,19})$/;
/** Zod runs refinements on a value whose regex failed too: check the form again before BigInt reads it. */
const inRange = (text: string) => {
  const parts = cursorForm.exec(text);
  return parts !== null && BigInt(parts[1]!) <= txidMax && BigInt(parts[2]!) <= idMax;
};

/**
 * A position in the feed: `<transaction id>-<event id>` (the feed's order, see the server's
 * modules/integration/events/repo.ts), the `id` of the last event a reader has. '0-0' (or none) is the start.
 */
export const eventCursor = z
  .string()
  .max(41, 'after 不是有效的游标')
  .regex(cursorForm, 'after 不是有效的游标（应为上次读到的事件 id 或 next）')
  .refine(inRange, 'after 不是有效的游标（超出范围）');

export const eventsQuery = z.object({
  after: eventCursor.optional(),
  limit: z.coerce.number().int().min(1, 'limit 最小 1').max(1000, 'limit 最大 1000').default(100),
});

export const feedEvent = z.object({
  /** The event's position in the feed: pass it as `after` to read what follows it. */
  id: z.string(),
  topic: z.string(),
  /** The key of the document it is about (bill number, charge code, application number). */
  subject: z.string(),
  /** The supplier it concerns; null before there is one (a supplier application). */
  suppCode: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  /** When it happened (ISO 8601, UTC). */
  at: z.string(),
});
export type FeedEvent = z.infer<typeof feedEvent>;

export const eventsPage = z.object({
  events: z.array(feedEvent),
  /** The cursor to send as `after` next time: the last event's id, or the `after` sent when nothing new is ready. */
  next: z.string(),
});

/** The scope a client needs for the feed (the gate checks it: modules/integration/gate.ts). */
export const listEventsScope = 'events:read' as const;

export const listEvents = defineCall({
  area: 'integration',
  method: 'GET',
  path: '/integration/v1/events',
  integration: { scope: listEventsScope },
  summary:
    'What suppliers did, in order and each once (the outbox): page with `after` (the last event id or `next`) and `limit` (1-1000). ' +
    'An event appears once every transaction that could still write an earlier one has ended, so a late commit is never skipped.',
  query: eventsQuery,
  data: eventsPage,
});
