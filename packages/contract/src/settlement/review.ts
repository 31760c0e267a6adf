// Staff review of a bill: the steps and the roles owning them, each step's call, sending back, voiding, and
// payments never beyond what is owed.
import { z } from 'zod';
import { defineCall } from '../call';
import { decimal, isoDate } from '../paging';
import { billRef, money, note, reason, savedBill } from './fields';
import { type BillStatus, billModule } from './states';

/**
 * The staff review steps of a bill, the role that owns each and the state whose bills wait on it. As in the
 * other reviews (new products, supplier admission), the admin role reads every bill but owns no step.
 * 审核 (clerk): audits, rejects a submitted bill, voids before approval, raises charges and answers disputes;
 * 发票确认 (invoice desk): confirms invoices or rejects an audited bill; 审批 (finance): approves or returns
 * to the invoice desk; 支付 (cashier): records payments or returns to finance.
 */
export const reviewSteps = ['审核', '发票确认', '审批', '支付'] as const;
export type ReviewStep = (typeof reviewSteps)[number];
export const stepRoles: Readonly<Record<ReviewStep, string>> = {
  审核: 'sam-clerk',
  发票确认: 'sam-invoice',
  审批: 'sam-finance',
  支付: 'sam-cashier',
};
export const stepStatus: Readonly<Record<ReviewStep, BillStatus>> = {
  审核: '已提交',
  发票确认: '已审核',
  审批: '发票确认',
  支付: '已审批',
};
/** The review step a staff role owns, or null (admin and the other roles own none). */
export const stepOfRole = (roleCode: string | null | undefined): ReviewStep | null =>
  reviewSteps.find((step) => stepRoles[step] === roleCode) ?? null;

export const payMethods = ['银行转账', '银企直连', '承兑汇票', '其他'] as const;
export const payMethodTextEn: Record<(typeof payMethods)[number], string> = {
  银行转账: 'Bank transfer',
  银企直连: 'Bank-enterprise direct link',
  承兑汇票: "Banker's acceptance",
  其他: 'Other',
};

export const payment = z.object({
  paymentId: z.string(),
  samBillNum: z.string(),
  payDate: z.string(),
  amount: decimal,
  payMethod: z.string(),
  /** Bank reference or draft number. */
  reference: z.string(),
  note: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof payment>;
// Staff review: each step, send back, void, payment

const reviewBody = billRef.extend({ note });
const reasonBody = billRef.extend({ reason });

export const auditSamBill = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/auditSamBill',
  module: billModule,
  changes: true,
  summary: 'Staff clerk 审核: 已提交 -> 已审核 (a charge still under dispute blocks it)',
  body: reviewBody,
  data: savedBill,
});

export const rejectSamBill = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/rejectSamBill',
  module: billModule,
  changes: true,
  summary: 'Staff 驳回 with a reason: 已提交 or 已审核 -> 已驳回; the documents return to 未结算',
  body: reasonBody,
  data: savedBill,
});

export const confirmSamBillInvoice = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/confirmSamBillInvoice',
  module: billModule,
  changes: true,
  summary: "Invoice desk 发票确认: 已审核 -> 发票确认, when the invoices per tax rate match the bill's within the tenant tolerance",
  body: reviewBody,
  data: savedBill,
});

export const returnSamBill = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/returnSamBill',
  module: billModule,
  changes: true,
  summary: 'Staff send a bill back one step with a reason: 发票确认 -> 已审核, 已审批 (nothing paid) -> 发票确认',
  body: reasonBody,
  data: savedBill,
});

export const approveSamBill = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/approveSamBill',
  module: billModule,
  changes: true,
  summary: 'Finance 审批: 发票确认 -> 已审批',
  body: reviewBody,
  data: savedBill,
});

export const voidSamBill = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/voidSamBill',
  module: billModule,
  changes: true,
  summary: 'Void (作废) with a reason: staff before approval, the supplier only a 草稿; the documents return to 未结算',
  body: reasonBody,
  data: savedBill,
});

export const paymentForm = z.object({
  amount: money,
  payDate: isoDate,
  payMethod: z.enum(payMethods).default('银行转账'),
  reference: z.string().trim().max(64).default(''),
  note,
});

export const recordSamBillPayment = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/recordSamBillPayment',
  module: billModule,
  changes: true,
  stepUp: true,
  summary: 'Cashier records a payment of an 已审批 bill: never more than is owed; the last one makes it 已支付 and its documents 已结算',
  body: billRef.extend({ payment: paymentForm }),
  data: savedBill.extend({ paidAmount: decimal, unpaidAmount: decimal }),
});
