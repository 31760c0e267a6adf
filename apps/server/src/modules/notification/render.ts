// How an outbox event reads to a person (docs/notifications.md): its title, one sentence of what happened and the
// portal route of the object, in the reader's language. Pure: the message centre, e-mail and robot texts all use it.
import { type Language, integration } from '@portal/contract';

type Topic = integration.EventTopic;
type Payloads = integration.EventPayloads;

/** An event as the readers of the outbox have it. */
export interface RenderableEvent {
  topic: string;
  subject: string;
  suppCode: string | null;
  payload: Record<string, unknown>;
}

/** Who reads it: a supplier's account opens the supplier's pages, staff the retailer's. */
export type Audience = 'supplier' | 'staff';

export interface Rendered {
  title: string;
  body: string;
  /** The portal route of the object, e.g. /samBill/detail?samBillNum=JS202506-0008. */
  link: string;
}

interface Texts {
  zh: string;
  en: string;
}

/** A topic's sentence and link from its payload; `key`: what the title names when the subject is an inner id. */
interface TopicText<T extends Topic> {
  body(p: Payloads[T], subject: string): Texts;
  link(p: Payloads[T], subject: string, audience: Audience): string;
  key?(p: Payloads[T]): string;
}

const q = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;
const billLink = (p: { billNumber: string }) => q('/samBill/detail', { samBillNum: p.billNumber });
const orderLink = (p: { billNumber: string }) => q('/purOrder/detail', { billNumber: p.billNumber });
const noteLink = (_p: unknown, _s: string, a: Audience) => (a === 'staff' ? '/receiving' : '/deliveryNote');
const bookingLink = (_p: unknown, _s: string, a: Audience) => (a === 'staff' ? '/dockBoard' : '/deliveryBooking');
const certificateLink = () => '/ctfType';
const goodsApplyLink = (_p: unknown, _s: string, a: Audience) => (a === 'staff' ? '/goodsApplyAudit' : '/goodsApply');
const slot = (p: { slotDate: string; startTime: string; endTime: string }) => `${p.slotDate} ${p.startTime}-${p.endTime}`;
const reason = (text: string, zh: boolean) => (text ? (zh ? `，原因：${text}` : `; reason: ${text}`) : '');

const texts: { [T in Topic]: TopicText<T> } = {
  'settlement.bill.submitted': {
    body: (p) => ({
      zh: `供应商 ${p.suppCode} 提交了结算单 ${p.billNumber}，应付 ${p.payableAmount}，待审核`,
      en: `Supplier ${p.suppCode} submitted bill ${p.billNumber} (payable ${p.payableAmount}) for audit`,
    }),
    link: billLink,
  },
  'settlement.bill.returned': {
    body: (p) => ({
      zh: `结算单 ${p.billNumber} 被${p.toSupplier ? '驳回' : '退回上一步'}${reason(p.reason, true)}`,
      en: `Bill ${p.billNumber} was ${p.toSupplier ? 'rejected' : 'sent back a step'}${reason(p.reason, false)}`,
    }),
    link: billLink,
  },
  'settlement.bill.audited': {
    body: (p) => ({
      zh: `结算单 ${p.billNumber} 已审核，应付 ${p.payableAmount}`,
      en: `Bill ${p.billNumber} was audited (payable ${p.payableAmount})`,
    }),
    link: billLink,
  },
  'settlement.bill.approved': {
    body: (p) => ({
      zh: `结算单 ${p.billNumber} 已审批，应付 ${p.payableAmount}，待付款`,
      en: `Bill ${p.billNumber} was approved (payable ${p.payableAmount}) and waits for payment`,
    }),
    link: billLink,
  },
  'settlement.bill.paid': {
    body: (p) => ({
      zh: `结算单 ${p.billNumber} ${p.payDate} 付款 ${p.paymentAmount}，${p.fully ? '已全部付清' : `累计已付 ${p.paidAmount}`}`,
      en: `Bill ${p.billNumber}: ${p.paymentAmount} paid on ${p.payDate}, ${p.fully ? 'paid in full' : `${p.paidAmount} paid so far`}`,
    }),
    link: billLink,
  },
  'settlement.bill.voided': {
    body: (p) => ({
      zh: `结算单 ${p.billNumber} 已作废${reason(p.reason, true)}`,
      en: `Bill ${p.billNumber} was voided${reason(p.reason, false)}`,
    }),
    link: billLink,
  },
  'settlement.invoice.entered': {
    body: (p) => ({
      zh: `结算单 ${p.billNumber} 录入发票 ${p.invoiceNumber}，金额 ${p.amount}`,
      en: `Invoice ${p.invoiceNumber} (${p.amount}) entered for bill ${p.billNumber}`,
    }),
    link: billLink,
  },
  'settlement.invoice.deleted': {
    body: (p) => ({ zh: `结算单 ${p.billNumber} 删除了一张发票`, en: `An invoice of bill ${p.billNumber} was deleted` }),
    link: billLink,
  },
  'settlement.charge.raised': {
    body: (p) => ({
      zh: `新增费用单 ${p.chargeCode}：${p.chargeName} ${p.amount}（${p.period}）`,
      en: `New charge ${p.chargeCode}: ${p.chargeName} ${p.amount} (${p.period})`,
    }),
    link: () => '/samCharges',
  },
  'settlement.charge.disputed': {
    body: (p) => ({
      zh: `供应商 ${p.suppCode} 对费用单 ${p.chargeCode}（${p.amount}）提出异议：${p.note}`,
      en: `Supplier ${p.suppCode} disputes charge ${p.chargeCode} (${p.amount}): ${p.note}`,
    }),
    link: () => '/samCharges',
  },
  'settlement.charge.answered': {
    body: (p) => ({
      zh: `费用单 ${p.chargeCode} 的异议已答复：${p.answer}`,
      en: `The dispute of charge ${p.chargeCode} was answered: ${p.answer}`,
    }),
    link: () => '/samCharges',
  },
  'purchase-order.order.issued': {
    body: (p) => ({
      zh: `新采购订单 ${p.billNumber}，送货日期 ${p.deliveryDate}，金额 ${p.totalAmount}，请确认`,
      en: `New purchase order ${p.billNumber}, delivery ${p.deliveryDate}, amount ${p.totalAmount}: please confirm`,
    }),
    link: orderLink,
  },
  'purchase-order.order.changed': {
    body: (p) => ({
      zh: `采购订单 ${p.billNumber} 已变更（行 ${p.changedLines.join(', ') || '-'}），请确认`,
      en: `Purchase order ${p.billNumber} changed (lines ${p.changedLines.join(', ') || '-'}): please confirm`,
    }),
    link: orderLink,
  },
  'purchase-order.order.reopened': {
    body: (p) => ({
      zh: `采购订单 ${p.billNumber} 已变更（行 ${p.changedLines.join(', ') || '-'}），需重新确认`,
      en: `Purchase order ${p.billNumber} changed (lines ${p.changedLines.join(', ') || '-'}) and needs confirming again`,
    }),
    link: orderLink,
  },
  'purchase-order.order.overdue': {
    body: (p) => ({
      zh: `采购订单 ${p.billNumber} 未在确认期限前确认（${p.status}）`,
      en: `Purchase order ${p.billNumber} was not confirmed by its deadline (${p.status})`,
    }),
    link: orderLink,
  },
  'purchase-order.order.confirmed': {
    body: (p) => ({
      zh: `供应商 ${p.suppCode} 确认了采购订单 ${p.billNumber}（${p.status}${p.late ? '，超时' : ''}）`,
      en: `Supplier ${p.suppCode} confirmed purchase order ${p.billNumber} (${p.status}${p.late ? ', late' : ''})`,
    }),
    link: orderLink,
  },
  'purchase-order.order.declined': {
    body: (p) => ({
      zh: `供应商 ${p.suppCode} 拒绝了采购订单 ${p.billNumber}：${p.reason}`,
      en: `Supplier ${p.suppCode} declined purchase order ${p.billNumber}: ${p.reason}`,
    }),
    link: orderLink,
  },
  'order.delivery-note.created': {
    body: (p) => ({
      zh: `供应商 ${p.suppCode} 创建送货单 ${p.noteNumber}，送 ${p.deptCode}，预计 ${p.expectedDate}`,
      en: `Supplier ${p.suppCode} created delivery note ${p.noteNumber} to ${p.deptCode}, expected ${p.expectedDate}`,
    }),
    link: noteLink,
  },
  'order.delivery-note.cancelled': {
    body: (p) => ({
      zh: `供应商 ${p.suppCode} 取消了送货单 ${p.noteNumber}`,
      en: `Supplier ${p.suppCode} cancelled delivery note ${p.noteNumber}`,
    }),
    link: noteLink,
  },
  'order.delivery-note.received': {
    body: (p) => ({
      zh: `送货单 ${p.noteNumber} 已收货，实收 ${p.receivedQty}${p.rejectedQty !== '0' ? `，拒收 ${p.rejectedQty}` : ''}`,
      en: `Delivery note ${p.noteNumber} received: ${p.receivedQty}${p.rejectedQty !== '0' ? `, refused ${p.rejectedQty}` : ''}`,
    }),
    link: noteLink,
  },
  'order.receiving.differences': {
    body: (p) => ({
      zh: `送货单 ${p.noteNumber} 收货有差异：${p.lines.length} 行少收或拒收`,
      en: `Delivery note ${p.noteNumber} was received with differences on ${p.lines.length} line(s)`,
    }),
    link: noteLink,
  },
  'dock.booking.made': {
    body: (p) => ({
      zh: `供应商 ${p.suppCode} 预约送货：送货单 ${p.noteNumber}，${slot(p)}`,
      en: `Supplier ${p.suppCode} booked ${slot(p)} for delivery note ${p.noteNumber}`,
    }),
    link: bookingLink,
  },
  'dock.booking.moved': {
    body: (p) => ({
      zh: `送货单 ${p.noteNumber} 的预约由 ${p.fromSlot} 改为 ${slot(p)}`,
      en: `The booking of delivery note ${p.noteNumber} moved from ${p.fromSlot} to ${slot(p)}`,
    }),
    link: bookingLink,
  },
  'dock.booking.cancelled': {
    body: (p) => ({
      zh: `供应商 ${p.suppCode} 取消了送货单 ${p.noteNumber} 的预约（${slot(p)}）`,
      en: `Supplier ${p.suppCode} cancelled the booking of delivery note ${p.noteNumber} (${slot(p)})`,
    }),
    link: bookingLink,
  },
  'dock.booking.confirmed': {
    body: (p) => ({
      zh: `送货单 ${p.noteNumber} 的预约已确认：${slot(p)}`,
      en: `The booking of delivery note ${p.noteNumber} is confirmed: ${slot(p)}`,
    }),
    link: bookingLink,
  },
  'dock.booking.refused': {
    body: (p) => ({
      zh: `送货单 ${p.noteNumber} 的预约（${slot(p)}）被拒绝${reason(p.reason, true)}`,
      en: `The booking of delivery note ${p.noteNumber} (${slot(p)}) was refused${reason(p.reason, false)}`,
    }),
    link: bookingLink,
  },
  'certificate.certificate.submitted': {
    body: (p) => ({
      zh: `供应商 ${p.suppCode} 提交证照 ${p.certificateNumber} 待审核`,
      en: `Supplier ${p.suppCode} submitted certificate ${p.certificateNumber} for review`,
    }),
    link: certificateLink,
    key: (p) => p.certificateNumber,
  },
  'certificate.certificate.expiring': {
    body: (p) => ({
      zh:
        p.daysLeft === 0
          ? `证照 ${p.certificateName} ${p.certificateNumber} 今天（${p.validTo}）到期`
          : `证照 ${p.certificateName} ${p.certificateNumber} 将于 ${p.validTo} 到期（不足 ${p.daysLeft} 天），请及时更换`,
      en:
        p.daysLeft === 0
          ? `Certificate ${p.certificateNumber} expires today (${p.validTo})`
          : `Certificate ${p.certificateNumber} expires on ${p.validTo} (within ${p.daysLeft} days); please renew it`,
    }),
    link: certificateLink,
    key: (p) => p.certificateNumber,
  },
  'certificate.certificate.reviewed': {
    body: (p) => ({
      zh: `证照 ${p.certificateNumber} ${p.status === '已审核' ? '已审核通过' : `审核退回${reason(p.reason, true)}`}`,
      en: `Certificate ${p.certificateNumber} was ${p.status === '已审核' ? 'approved' : `returned${reason(p.reason, false)}`}`,
    }),
    link: certificateLink,
    key: (p) => p.certificateNumber,
  },
  'goods-apply.application.submitted': {
    body: (p) => ({
      zh: `供应商 ${p.suppCode} 提交新品申请 ${p.applyNo}：${p.goodsName}`,
      en: `Supplier ${p.suppCode} submitted new product application ${p.applyNo}: ${p.goodsName}`,
    }),
    link: goodsApplyLink,
  },
  'goods-apply.application.withdrawn': {
    body: (p) => ({
      zh: `供应商 ${p.suppCode} 撤回了新品申请 ${p.applyNo}`,
      en: `Supplier ${p.suppCode} withdrew new product application ${p.applyNo}`,
    }),
    link: goodsApplyLink,
  },
  'goods-apply.application.reviewed': {
    body: (p) => ({
      zh: `新品申请 ${p.applyNo}（${p.goodsName}）${p.step}${p.approved ? '通过' : '驳回'}，当前状态：${p.status}${reason(p.reason, true)}`,
      en: `New product application ${p.applyNo} (${p.goodsName}) was ${p.approved ? 'passed' : 'rejected'} at ${p.step}; now ${p.status}${reason(p.reason, false)}`,
    }),
    link: goodsApplyLink,
  },
  'supplier-apply.application.submitted': {
    body: (p) => ({
      zh: `${p.companyName} 提交了合作申请 ${p.applyNo}`,
      en: `${p.companyName} submitted supplier application ${p.applyNo}`,
    }),
    link: () => '/supplierApplyAudit',
  },
  'supplier-apply.application.reviewed': {
    body: (p) => ({
      zh: `合作申请 ${p.applyNo}（${p.companyName}）${p.approved ? '已受理/通过' : '已退回'}，当前状态：${p.status}`,
      en: `Supplier application ${p.applyNo} (${p.companyName}) was ${p.approved ? 'moved on' : 'returned'}; now ${p.status}`,
    }),
    link: () => '/supplierApplyAudit',
  },
  'auth.account.locked': {
    body: (p) => ({
      zh: `账号 ${p.employeeCode}（${p.employeeName}）因登录失败次数过多被锁定`,
      en: `Account ${p.employeeCode} (${p.employeeName}) was locked after too many failed sign-ins`,
    }),
    link: (p, _s, a) => (a === 'supplier' && p.kind === 'supplier' ? '/employee' : '/dashboard'),
  },
  'auth.password.expiring': {
    body: (p) => ({
      zh: `账号 ${p.employeeCode} 的密码将于 ${p.expiresOn} 过期（还有 ${p.daysLeft} 天），请及时修改`,
      en: `The password of ${p.employeeCode} expires on ${p.expiresOn} (in ${p.daysLeft} days); please change it`,
    }),
    link: () => '/dashboard',
  },
};

const isTopic = (topic: string): topic is Topic => Object.hasOwn(texts, topic);

/** Whether the server knows how to tell people of a topic (every contract topic). */
export const renderable = (topic: string): topic is Topic => isTopic(topic);

/**
 * The title, sentence and link of an event for a reader of `language`; `audience` picks the supplier's or the staff's
 * page where they differ. A topic unknown to this build reads as its name with the subject, linking home.
 */
export function renderEvent(event: RenderableEvent, language: Language, audience: Audience = 'supplier'): Rendered {
  const zh = language === 'zh-CN';
  if (!isTopic(event.topic)) return { title: event.topic, body: event.subject, link: '/dashboard' };
  const topic = event.topic;
  const text = texts[topic] as TopicText<Topic>;
  const payload = event.payload as unknown as Payloads[Topic];
  const body = text.body(payload, event.subject);
  const key = text.key?.(payload) || event.subject;
  return {
    title: `${(zh ? integration.eventTopicText : integration.eventTopicTextEn)[topic]}${zh ? '：' : ': '}${key}`,
    body: zh ? body.zh : body.en,
    link: text.link(payload, event.subject, audience),
  };
}
