// Supplier settlement (结算管理): bills from draft to paid, the source documents they settle, charges with
// their disputes, invoices, payments, contracts and accounting units. Spec section 7 "Settlement area"
// names the calls; the payloads are ours (domain.md). Money travels as exact decimal strings.
import { z } from 'zod';
import { defineCall } from './call';
import type { Titled } from './language';
import { storedFile } from './file';
import { history } from './history';
import { ModuleCode } from './modules';
import { columnFilters, columnValues, columnValuesParams, decimal, isoDate, pageOf, pageParams, sortParam } from './paging';

/** Bills (ms0031) and charges (ms0032): the modules that grant the calls below. */
export const billModule = ModuleCode.settlementBill;
export const chargeModule = ModuleCode.charges;

/** Buttons of 结算单 (ms0031) a child account needs for the calls that name them. */
export const billButtons = { save: 'save', apply: 'apply', delete: 'delete', export: 'export' } as const;
/** Buttons of 费用明细 (ms0032). */
export const chargeButtons = { dispute: 'dispute', export: 'export' } as const;

// ---------------------------------------------------------------------------------------------------------
// States and their texts

/** States of a settlement bill (domain.md): the values are the texts people read. */
export const billStatuses = ['草稿', '已提交', '已驳回', '已审核', '发票确认', '已审批', '已支付', '作废'] as const;
export const billStatus = z.enum(billStatuses);
export type BillStatus = z.infer<typeof billStatus>;
export const billStatusText: Record<BillStatus, string> = {
  草稿: '草稿',
  已提交: '已提交',
  已驳回: '已驳回',
  已审核: '已审核',
  发票确认: '发票确认',
  已审批: '已审批',
  已支付: '已支付',
  作废: '作废',
};
/** The states in English (the screens' and the exports' label; the value stays the Chinese word). */
export const billStatusTextEn: Record<BillStatus, string> = {
  草稿: 'Draft',
  已提交: 'Submitted',
  已驳回: 'Rejected',
  已审核: 'Audited',
  发票确认: 'Invoices confirmed',
  已审批: 'Approved',
  已支付: 'Paid',
  作废: 'Void',
};
/** States in which a bill holds its documents (a document is in at most one such bill). */
export const liveBillStatuses: readonly BillStatus[] = ['草稿', '已提交', '已审核', '发票确认', '已审批', '已支付'];
/** States the supplier may still edit (modify the documents, remark) and submit: the server's workflow and the screens read this one list. */
export const editableBillStatuses: readonly BillStatus[] = ['草稿', '已驳回'];
/** States in which files may still be attached to a bill (by the supplier, or staff of a review step). */
export const attachableBillStatuses: readonly BillStatus[] = ['草稿', '已驳回', '已提交', '已审核', '发票确认'];

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

/**
 * What can be done to a bill, by whom (the `actions` a bill's detail lists for its caller):
 * supplier: modify, apply (提交), delete (draft), void (draft), invoice (enter invoices in 已审核);
 * staff: audit (审核), reject (驳回), confirmInvoice (发票确认), returnBack (退回上一步), approve (审批), pay (付款), void (作废).
 */
export const billActions = [
  'modify',
  'apply',
  'delete',
  'void',
  'invoice',
  'audit',
  'reject',
  'confirmInvoice',
  'returnBack',
  'approve',
  'pay',
] as const;
export const billAction = z.enum(billActions);
export type BillAction = z.infer<typeof billAction>;
export const billActionText: Record<BillAction, string> = {
  modify: '修改',
  apply: '提交',
  delete: '删除',
  void: '作废',
  invoice: '录入发票',
  audit: '审核',
  reject: '驳回',
  confirmInvoice: '发票确认',
  returnBack: '退回',
  approve: '审批',
  pay: '付款',
};

/** Settle state of a source document (receiving note, return note, charge, prepayment). */
export const settleStatuses = ['未结算', '结算中', '已结算'] as const;
export const settleStatus = z.enum(settleStatuses);
export type SettleStatus = z.infer<typeof settleStatus>;
export const settleStatusTextEn: Record<SettleStatus, string> = { 未结算: 'Unsettled', 结算中: 'In a bill', 已结算: 'Settled' };

/** Kinds of source document a bill settles, with their sign: receipts +, returns -, deducted charges -, prepayment offset -. */
export const sourceTypes = ['receiving', 'return', 'charge', 'prepay'] as const;
export const sourceType = z.enum(sourceTypes);
export type SourceType = z.infer<typeof sourceType>;
export const sourceTypeText: Record<SourceType, string> = {
  receiving: '验收单',
  return: '退货单',
  charge: '费用单',
  prepay: '预付款冲销',
};
export const sourceTypeTextEn: Record<SourceType, string> = {
  receiving: 'Receiving',
  return: 'Return',
  charge: 'Charge',
  prepay: 'Prepayment offset',
};

/** Normal bills settle due documents; advance bills (预付结算) documents not yet due, for suppliers allowed to. */
export const billKinds = ['normal', 'advance'] as const;
export const billKind = z.enum(billKinds);
export const billKindText: Record<(typeof billKinds)[number], string> = { normal: '普通结算', advance: '预付结算' };
export const billKindTextEn: Record<(typeof billKinds)[number], string> = { normal: 'Normal', advance: 'Advance' };

/** A charge's dispute (异议): none, raised by the supplier, answered by staff. Only '异议中' blocks settling it. */
export const disputeStatuses = ['无', '异议中', '已答复'] as const;
export const disputeStatus = z.enum(disputeStatuses);
export type DisputeStatus = z.infer<typeof disputeStatus>;
export const disputeStatusTextEn: Record<DisputeStatus, string> = { 无: 'None', 异议中: 'Disputed', 已答复: 'Answered' };

/** Whether a charge is deducted from the supplier (-) or owed to it (+, e.g. a price-difference refund). */
export const chargeDirections = ['deduct', 'pay'] as const;
export const chargeDirectionText = { deduct: '扣款', pay: '返还' } as const;
export const chargeDirectionTextEn: Record<(typeof chargeDirections)[number], string> = { deduct: 'Deducted', pay: 'Refunded' };

/** Common charge types (domain.md). */
export const chargeTypes = ['价差', '品质', '缺货扣款', 'DM海报费', '堆头陈列费', '年度目标返利', '次品退供', '其他'] as const;
/** The common charge types in English; a charge keeps its Chinese type, and a type outside the list shows as it is. */
export const chargeTypeTextEn: Record<(typeof chargeTypes)[number], string> = {
  价差: 'Price difference',
  品质: 'Quality',
  缺货扣款: 'Out-of-stock penalty',
  DM海报费: 'DM flyer fee',
  堆头陈列费: 'End-cap display fee',
  年度目标返利: 'Annual target rebate',
  次品退供: 'Defective goods return',
  其他: 'Other',
};

/** Fees barred by the retailer-supplier fair-trade rules (MOFCOM order 2006 No. 17): refused when a charge is raised. */
export const barredChargeNames = ['新品进店费', '节庆费', '店庆费', '新店开业费'] as const;

/** Invoice types; 数电发票 (fully digital e-invoices) carry no invoice code. */
export const invoiceTypes = ['增值税专用发票', '增值税普通发票', '数电发票(专用)', '数电发票(普通)'] as const;
export const invoiceType = z.enum(invoiceTypes);
export const invoiceTypeTextEn: Record<(typeof invoiceTypes)[number], string> = {
  增值税专用发票: 'VAT special invoice',
  增值税普通发票: 'VAT ordinary invoice',
  '数电发票(专用)': 'Digital invoice (special)',
  '数电发票(普通)': 'Digital invoice (ordinary)',
};
export const isDigitalInvoice = (type: (typeof invoiceTypes)[number]): boolean => type.startsWith('数电');

export const payMethods = ['银行转账', '银企直连', '承兑汇票', '其他'] as const;
export const payMethodTextEn: Record<(typeof payMethods)[number], string> = {
  银行转账: 'Bank transfer',
  银企直连: 'Bank-enterprise direct link',
  承兑汇票: "Banker's acceptance",
  其他: 'Other',
};

/** Messages clients may recognise by their exact text. */
export const SettlementMessages = {
  settledOnce: '已结算，无法重复结算',
  staleVersion: '结算单已被修改，请刷新后重试',
  notEnabled: '未启用供应商结算',
  advanceNotAllowed: '该供应商未开通预付结算',
  disputedCharge: '费用有异议未答复，不能结算',
  barredCharge: '该费用属于零供交易公平交易管理办法禁止收取的费用',
  overpaid: '付款金额超过未付金额',
  invoiceMismatch: '发票金额与结算单不符',
  negativePayable: '应付金额不能为负',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Shared field shapes

const code = (max = 32) => z.string().trim().max(max);
const billNum = z
  .string()
  .trim()
  .min(1, 'samBillNum 不能为空')
  .max(40)
  .regex(/^[A-Za-z0-9-]+$/, '结算单号只能包含字母、数字和-');
const note = z.string().trim().max(500).default('');
const reason = z.string().trim().min(1, '请填写原因').max(500);
/** A period month YYYY-MM. */
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM');
/** Positive money with at most 2 decimals. */
const money = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, '金额须为最多两位小数的正数');
const taxRateInput = z
  .string()
  .trim()
  .regex(/^\d{1,2}(\.\d{1,2})?$/, '税率须为 0-99 的数字');

/** Staff narrow to one supplier; ignored for supplier accounts (the session decides). */
const suppCode = { suppCode: code().optional() };

// ---------------------------------------------------------------------------------------------------------
// Settings and partner links

export const isEnableSCM = defineCall({
  area: 'settlement',
  method: 'GET',
  path: '/samData/isEnableSCM',
  module: billModule,
  summary: 'Whether supplier settlement is enabled for the tenant (setting SAM_ENABLE)',
  data: z.boolean(),
});

export const CSFSamUrl = defineCall({
  area: 'settlement',
  method: 'GET',
  path: '/samData/CSFSamUrl',
  module: billModule,
  summary: "A signed link to the partner's settlement service for the supplier (expires after 5 minutes)",
  query: z.object(suppCode),
  data: z.string(),
});

export const CSFVoiceUrl = defineCall({
  area: 'settlement',
  method: 'GET',
  path: '/samData/CSFVoiceUrl',
  module: billModule,
  summary: "A signed link to the partner's e-invoice service for the supplier, carrying requestBody (e.g. a bill number)",
  query: z.object({ ...suppCode, requestBody: z.string().trim().max(2000).default('') }),
  data: z.string(),
});

export const isAdvanceSAM = defineCall({
  area: 'settlement',
  method: 'GET',
  path: '/samData/isAdvanceSAM',
  module: billModule,
  summary: 'Whether the supplier may make advance bills (预付结算)',
  query: z.object(suppCode),
  data: z.boolean(),
});

// ---------------------------------------------------------------------------------------------------------
// Bills: list, detail

/** A bill as lists show it. Amounts are signed sums of its lines; payable = goods + returns + charges + prepayment. */
export const billSummary = z.object({
  samBillNum: z.string(),
  billKind: billKind,
  suppCode: z.string(),
  suppName: z.string(),
  /** 结算主体: the retailer's accounting unit that pays. */
  nodeCode: z.string(),
  nodeName: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  /** Payment due date: period end + the supplier's payment term. */
  dueDate: z.string(),
  status: billStatus,
  goodsAmount: decimal,
  returnAmount: decimal,
  chargeAmount: decimal,
  prepayAmount: decimal,
  payableAmount: decimal,
  paidAmount: decimal,
  unpaidAmount: decimal,
  invoiceAmount: decimal,
  lineCount: z.number().int(),
  remark: z.string(),
  /** Optimistic lock: samBillModify must send the version it read. */
  version: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BillSummary = z.infer<typeof billSummary>;

/** Columns of the bill list and its export, in order, with their headings in Chinese and in English. */
export const billColumns: (Titled & { field: keyof BillSummary })[] = [
  { field: 'samBillNum', title: '结算单号', titleEn: 'Bill number' },
  { field: 'billKind', title: '类型', titleEn: 'Kind' },
  { field: 'suppCode', title: '供应商编码', titleEn: 'Supplier code' },
  { field: 'suppName', title: '供应商', titleEn: 'Supplier' },
  { field: 'nodeName', title: '结算主体', titleEn: 'Accounting unit' },
  { field: 'periodStart', title: '结算期起', titleEn: 'Period from' },
  { field: 'periodEnd', title: '结算期止', titleEn: 'Period to' },
  { field: 'dueDate', title: '付款到期日', titleEn: 'Due date' },
  { field: 'status', title: '状态', titleEn: 'Status' },
  { field: 'goodsAmount', title: '货款', titleEn: 'Goods' },
  { field: 'returnAmount', title: '退货', titleEn: 'Returns' },
  { field: 'chargeAmount', title: '费用', titleEn: 'Charges' },
  { field: 'prepayAmount', title: '预付款冲销', titleEn: 'Prepayment' },
  { field: 'payableAmount', title: '应付金额', titleEn: 'Payable' },
  { field: 'paidAmount', title: '已付金额', titleEn: 'Paid' },
  { field: 'unpaidAmount', title: '未付金额', titleEn: 'Unpaid' },
  { field: 'invoiceAmount', title: '发票金额', titleEn: 'Invoiced' },
  { field: 'lineCount', title: '单据数', titleEn: 'Documents' },
  { field: 'createdAt', title: '制单时间', titleEn: 'Created' },
];

/** Fields the bill list sorts and filters by on the server. */
export const billSortFields = [
  'samBillNum',
  'nodeName',
  'periodStart',
  'periodEnd',
  'dueDate',
  'status',
  'goodsAmount',
  'payableAmount',
  'paidAmount',
  'unpaidAmount',
  'createdAt',
  'suppCode',
] as const;

export const billListQuery = z.object({
  ...pageParams,
  /** Bills whose period overlaps [periodStart, periodEnd]. */
  periodStart: isoDate.optional(),
  periodEnd: isoDate.optional(),
  nodeCode: code().optional(),
  /** One state, or several (a staff review queue: e.g. ['已提交']). */
  status: billStatus.optional(),
  statuses: z.array(billStatus).max(8).optional(),
  /** Part of a bill number. */
  samBillNum: z.string().trim().max(40).optional(),
  billKind: billKind.optional(),
  ...suppCode,
  sort: sortParam.optional(),
  filters: columnFilters.optional(),
});
export type BillListQuery = z.infer<typeof billListQuery>;

export const querySamBillQueryList = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/querySamBillQueryList',
  module: billModule,
  summary: "Settlement bills of the caller's supplier (staff: of the tenant or one supplier), paged, with the grid's sort and filters",
  body: billListQuery,
  data: pageOf(billSummary),
});

export const getSamBillColumnValues = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/getSamBillColumnValues',
  module: billModule,
  summary: "Distinct texts of one column of the bill list under the search and the other filters (the grid's value checklist)",
  body: billListQuery.omit({ page: true, limit: true, sort: true }).extend(columnValuesParams),
  data: columnValues,
});

export const exportSamBillList = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/exportSamBillList',
  module: billModule,
  button: billButtons.export,
  summary: "Every bill of the search and the grid's filters, in the grid's sort, as CSV (UTF-8 with BOM) or .xlsx, streamed",
  body: billListQuery.omit({ page: true, limit: true }).extend({ format: z.enum(['csv', 'xlsx']).default('csv') }),
  data: z.string(),
});

export const getSamAdvanceBillList = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/getSamAdvanceBillList',
  module: billModule,
  summary: 'Advance bills (预付结算) of the supplier, paged, with the same search, sort and filters as the bill list',
  body: billListQuery.omit({ billKind: true }),
  data: pageOf(billSummary),
});

/** A bill's line: one source document, its signed amount (incl. tax), excl. tax and tax. */
export const billLine = z.object({
  sourceType: sourceType,
  /** The document's number (验收单号, 退货单号, 费用单号, 预付款单号). */
  sourceId: z.string(),
  deptCode: z.string(),
  deptName: z.string(),
  docDate: z.string(),
  dueDate: z.string(),
  /** Tax rates of the document, e.g. '13' or '9,13'; '' for a prepayment. */
  taxRates: z.string(),
  amount: decimal,
  amountExcl: decimal,
  tax: decimal,
  /** Extra text: a charge's name, a return's reason. */
  note: z.string(),
});
export type BillLine = z.infer<typeof billLine>;

/** Totals of one tax rate (null: not taxed, the prepayment offset) — rows, not one column per rate. */
export const rateTotal = z.object({
  taxRate: decimal.nullable(),
  goodsAmount: decimal,
  returnAmount: decimal,
  chargeAmount: decimal,
  prepayAmount: decimal,
  payableAmount: decimal,
  payableExcl: decimal,
  payableTax: decimal,
  /** Invoices entered at this rate (they cover goods and returns; charges are invoiced by the retailer). */
  invoiceAmount: decimal,
});
export type RateTotal = z.infer<typeof rateTotal>;

export const charge = z.object({
  chargeCode: z.string(),
  suppCode: z.string(),
  suppName: z.string(),
  deptCode: z.string(),
  deptName: z.string(),
  chargeType: z.string(),
  chargeName: z.string(),
  /** The month the charge is for, YYYY-MM. */
  period: z.string(),
  direction: z.enum(chargeDirections),
  /** The amount as raised, positive. */
  amount: decimal,
  /** As it counts in a bill: deducted negative, owed positive. */
  signedAmount: decimal,
  taxRate: decimal,
  /** The contract clause it rests on and how it was calculated. */
  clause: z.string(),
  calculation: z.string(),
  chargeDate: z.string(),
  settleStatus: settleStatus,
  /** The live bill holding it, '' when none. */
  samBillNum: z.string(),
  disputeStatus: disputeStatus,
  disputeNote: z.string(),
  disputeBy: z.string(),
  disputeAt: z.string(),
  answerNote: z.string(),
  answerBy: z.string(),
  answerAt: z.string(),
  attachments: z.array(storedFile),
});
export type Charge = z.infer<typeof charge>;

export const invoice = z.object({
  invoiceId: z.string(),
  invoiceType: invoiceType,
  /** '' for 数电发票. */
  invoiceCode: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  taxRate: decimal,
  amountExcl: decimal,
  tax: decimal,
  amount: decimal,
  /** Whether the invoice desk confirmed it (when the bill reached 发票确认). */
  confirmed: z.boolean(),
  createdBy: z.string(),
  createdAt: z.string(),
  attachments: z.array(storedFile),
});
export type Invoice = z.infer<typeof invoice>;

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

export const billDetail = z.object({
  header: billSummary.extend({
    /** The retailer company, for the printed bill. */
    companyName: z.string(),
    nodeTaxNumber: z.string(),
    payTermDays: z.number().int(),
    businessMode: z.string(),
  }),
  totals: z.array(rateTotal),
  lines: z.array(billLine),
  charges: z.array(charge),
  invoices: z.array(invoice),
  payments: z.array(payment),
  attachments: z.array(storedFile),
  history,
  /** What the caller may do to the bill now. */
  actions: z.array(billAction),
});
export type BillDetail = z.infer<typeof billDetail>;

const billRef = z.object({ samBillNum: billNum, ...suppCode });

export const getSamBillDetail = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/getSamBillDetail',
  module: billModule,
  summary:
    'One bill for the editor: header, totals per tax rate, lines, charges, invoices, payments, attachments, history and the actions open to the caller',
  body: billRef,
  data: billDetail,
});

export const getSamBillQueryDetail = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/getSamBillQueryDetail',
  module: billModule,
  summary: 'One bill as the query (read-only) view and the print show it; same shape as getSamBillDetail',
  body: billRef,
  data: billDetail,
});

export const isExistBill = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/isExistBill',
  module: billModule,
  summary:
    'Whether a bill exists: by number, or a live bill of the supplier for the node overlapping the period (warns before a duplicate)',
  body: z.object({
    samBillNum: z.string().trim().max(40).optional(),
    nodeCode: code().optional(),
    periodStart: isoDate.optional(),
    periodEnd: isoDate.optional(),
    ...suppCode,
  }),
  data: z.object({ exists: z.boolean(), samBillNums: z.array(z.string()) }),
});

export const getSamBillPayList = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/getSamBillPayList',
  module: billModule,
  summary: 'Payments of a bill, oldest first, with what is paid and still owed',
  body: billRef,
  data: z.object({ payableAmount: decimal, paidAmount: decimal, unpaidAmount: decimal, list: z.array(payment) }),
});

// ---------------------------------------------------------------------------------------------------------
// Reconciliation: what the supplier delivered vs what the bill pays

export const checkDetail = z.object({
  sourceType: sourceType,
  sourceId: z.string(),
  deptCode: z.string(),
  deptName: z.string(),
  docDate: z.string(),
  /** The purchase order a receiving note fulfils ('' otherwise). */
  poBillNumber: z.string(),
  orderedQty: decimal,
  deliveredQty: decimal,
  /** What the document itself says (signed). */
  documentAmount: decimal,
  /** What the bill pays for it (signed). */
  billedAmount: decimal,
  difference: decimal,
});
export type CheckDetail = z.infer<typeof checkDetail>;

export const getSamBillCheckDetails = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/getSamBillCheckDetails',
  module: billModule,
  summary:
    'Reconciliation lines of a bill, paged: per document, ordered and delivered quantities, the document amount and what the bill pays',
  body: billRef.extend(pageParams),
  data: pageOf(checkDetail),
});

export const getAllSamBillCheckDetails = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/getAllSamBillCheckDetails',
  module: billModule,
  summary: 'Every reconciliation line of a bill (for print)',
  body: billRef,
  data: z.array(checkDetail),
});

// ---------------------------------------------------------------------------------------------------------
// Making a bill: cost documents, totals, save, modify, apply, delete

export const costDocument = billLine.extend({
  settleStatus: settleStatus,
  /** A live bill already holding it ('' when none; such documents are listed only for that bill's editor). */
  samBillNum: z.string(),
  /** A charge under dispute (异议中) is listed but cannot be settled. */
  disputed: z.boolean(),
});
export type CostDocument = z.infer<typeof costDocument>;

export const costQuery = z.object({
  ...pageParams,
  nodeCode: code().min(1, '请选择结算主体'),
  periodStart: isoDate,
  periodEnd: isoDate,
  billKind: billKind.default('normal'),
  sourceTypes: z.array(sourceType).max(4).optional(),
  /** Include the documents of this bill (editing it). */
  samBillNum: z.string().trim().max(40).optional(),
  /** Part of a document number. */
  sourceId: z.string().trim().max(40).optional(),
  ...suppCode,
  sort: sortParam.optional(),
});

export const getSamCostData = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/getSamCostData',
  module: billModule,
  summary:
    'Documents that can be settled: receiving and return notes, charges and prepayments of the supplier and node in the period, 未结算 and in no other live bill (normal bills: due ones; advance bills: not yet due), paged, with their total',
  body: costQuery,
  data: pageOf(costDocument).extend({ totalAmount: decimal }),
});

export const sourceRef = z.object({ sourceType: sourceType, sourceId: z.string().trim().min(1).max(40) });
export type SourceRef = z.infer<typeof sourceRef>;
const sources = z
  .array(sourceRef)
  .min(1, '请选择要结算的单据')
  .max(5000, '一张结算单最多 5000 张单据')
  .refine((list) => new Set(list.map((s) => `${s.sourceType}:${s.sourceId}`)).size === list.length, '单据重复');

export const calcSamBillTotals = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/calcSamBillTotals',
  module: billModule,
  summary: "The totals per tax rate and the payable of a choice of documents, as the bill would have them (the editor's live totals)",
  body: z.object({ nodeCode: code().min(1), sources, ...suppCode }),
  data: z.object({ totals: z.array(rateTotal), payableAmount: decimal }),
});

export const newBillNumber = defineCall({
  area: 'settlement',
  method: 'GET',
  path: '/samData/newBillNumber',
  module: billModule,
  changes: true,
  summary: 'Reserves the next bill number of the month (JSyyyyMM-nnnn), unique under concurrency',
  data: z.string(),
});

export const billForm = z.object({
  /** A number from newBillNumber; absent: the server takes the next one. */
  samBillNum: billNum.optional(),
  billKind: billKind.default('normal'),
  nodeCode: code().min(1, '请选择结算主体'),
  periodStart: isoDate,
  periodEnd: isoDate,
  sources,
  remark: z.string().trim().max(500).default(''),
});
export type BillForm = z.infer<typeof billForm>;

const savedBill = z.object({ samBillNum: z.string(), status: billStatus, version: z.number().int(), payableAmount: decimal });

export const samBillSave = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/samBillSave',
  module: billModule,
  button: billButtons.save,
  changes: true,
  summary: "Create a 草稿 bill from chosen documents; each moves 未结算 -> 结算中 (409 '已结算，无法重复结算' if another bill took one)",
  body: billForm,
  data: savedBill,
});

export const samBillModify = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/samBillModify',
  module: billModule,
  button: billButtons.save,
  changes: true,
  summary: 'Replace the documents and remark of a 草稿 or 已驳回 bill; a stale version answers 409 and changes nothing',
  body: z.object({
    samBillNum: billNum,
    version: z.number().int().min(0),
    sources,
    remark: z.string().trim().max(500).default(''),
  }),
  data: savedBill,
});

export const applySamBill = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/applySamBill',
  module: billModule,
  button: billButtons.apply,
  changes: true,
  summary: 'Submit a bill (草稿 or 已驳回 -> 已提交); submitting an already submitted bill again changes nothing',
  body: z.object({ samBillNum: billNum, version: z.number().int().min(0).optional() }),
  data: savedBill,
});

export const delSamBill = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/delSamBill',
  module: billModule,
  button: billButtons.delete,
  changes: true,
  summary: 'Delete a 草稿 bill; its documents return to 未结算',
  query: z.object({ samBillNum: billNum }),
  data: z.null(),
});

export const attachSamBillFiles = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/attachSamBillFiles',
  module: billModule,
  button: billButtons.save,
  changes: true,
  summary: 'Attach files uploaded through /file/uploadFile to a bill (or detach: the list replaces the old one)',
  body: z.object({ samBillNum: billNum, fileIds: z.array(z.uuid('fileId 不是有效的文件编号')).max(20) }),
  data: z.array(storedFile),
});

// ---------------------------------------------------------------------------------------------------------
// Invoices (supplier enters in 已审核, staff confirm)

export const invoiceForm = z.object({
  invoiceType: invoiceType,
  /** 10 or 12 digits; '' for 数电发票. */
  invoiceCode: z
    .string()
    .trim()
    .regex(/^(\d{10}|\d{12})?$/, '发票代码为 10 或 12 位数字')
    .default(''),
  /** 8 digits, or 20 for 数电发票. */
  invoiceNumber: z
    .string()
    .trim()
    .regex(/^(\d{8}|\d{20})$/, '发票号码为 8 位数字（数电发票 20 位）'),
  invoiceDate: isoDate,
  taxRate: taxRateInput,
  amountExcl: money,
  tax: money,
  amount: money,
  /** Files uploaded through /file/uploadFile (the invoice's scan or PDF). */
  fileIds: z.array(z.uuid('fileId 不是有效的文件编号')).max(10).default([]),
});
export type InvoiceForm = z.infer<typeof invoiceForm>;

export const saveSamBillInvoice = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/saveSamBillInvoice',
  module: billModule,
  button: billButtons.save,
  changes: true,
  summary: 'Enter an invoice of a bill in 已审核: (code, number) unique per supplier, amount = excl. + tax',
  body: z.object({ samBillNum: billNum, invoice: invoiceForm }),
  data: invoice,
});

export const delSamBillInvoice = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/delSamBillInvoice',
  module: billModule,
  button: billButtons.save,
  changes: true,
  summary: 'Remove an invoice of a bill in 已审核',
  body: z.object({ samBillNum: billNum, invoiceId: z.string().trim().min(1).max(40) }),
  data: z.null(),
});

// ---------------------------------------------------------------------------------------------------------
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
  summary: 'Cashier records a payment of an 已审批 bill: never more than is owed; the last one makes it 已支付 and its documents 已结算',
  body: billRef.extend({ payment: paymentForm }),
  data: savedBill.extend({ paidAmount: decimal, unpaidAmount: decimal }),
});

// ---------------------------------------------------------------------------------------------------------
// Charges (费用明细, ms0032)

export const getSamBillCharges = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/getSamBillCharges',
  module: billModule,
  summary: 'The charges block of a bill: each charge with its clause, calculation, dispute and attachments',
  body: billRef,
  data: z.array(charge),
});

export const getChargesDetailByBillNum = defineCall({
  area: 'settlement',
  method: 'GET',
  path: '/samData/getChargesDetailByBillNum',
  module: chargeModule,
  summary: 'One charge by its number (费用单号): clause, calculation, dispute and its answer, attachments',
  query: z.object({ billNumber: z.string().trim().min(1, 'billNumber 不能为空').max(40), ...suppCode }),
  data: charge,
});

export const getAllChargesDetailByBillNum = defineCall({
  area: 'settlement',
  method: 'GET',
  path: '/samData/getAllChargesDetailByBillNum',
  module: billModule,
  summary: 'Every charge of a bill with its detail (for print)',
  query: billRef,
  data: z.array(charge),
});

export const chargeListQuery = z.object({
  ...pageParams,
  /** Charges whose period month is within [periodStart, periodEnd] (YYYY-MM). */
  periodStart: month.optional(),
  periodEnd: month.optional(),
  chargeName: z.string().trim().max(40).optional(),
  disputeStatus: disputeStatus.optional(),
  settleStatus: settleStatus.optional(),
  ...suppCode,
  sort: sortParam.optional(),
  filters: columnFilters.optional(),
});

export const getChargeList = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/getChargeList',
  module: chargeModule,
  summary: "Charges of the caller's supplier (staff: of the tenant or one supplier), paged, with the grid's sort and filters",
  body: chargeListQuery,
  data: pageOf(charge),
});

export const getChargeColumnValues = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/getChargeColumnValues',
  module: chargeModule,
  summary: "Distinct texts of one column of the charge list under the search and the other filters (the grid's value checklist)",
  body: chargeListQuery.omit({ page: true, limit: true, sort: true }).extend(columnValuesParams),
  data: columnValues,
});

/** Columns of the charge list's export, in order (wire fields of the charge and their titles in Chinese and in English). */
export const chargeExportColumns = [
  { field: 'chargeCode', title: '费用单号', titleEn: 'Charge number' },
  { field: 'suppCode', title: '供应商编码', titleEn: 'Supplier code' },
  { field: 'suppName', title: '供应商', titleEn: 'Supplier' },
  { field: 'deptName', title: '门店', titleEn: 'Store' },
  { field: 'chargeType', title: '费用类型', titleEn: 'Charge type' },
  { field: 'chargeName', title: '费用名称', titleEn: 'Charge name' },
  { field: 'period', title: '费用月份', titleEn: 'Month' },
  { field: 'direction', title: '方向', titleEn: 'Direction' },
  { field: 'signedAmount', title: '金额', titleEn: 'Amount' },
  { field: 'taxRate', title: '税率', titleEn: 'Tax rate' },
  { field: 'chargeDate', title: '费用日期', titleEn: 'Date' },
  { field: 'settleStatus', title: '结算状态', titleEn: 'Settle status' },
  { field: 'disputeStatus', title: '异议', titleEn: 'Dispute' },
  { field: 'samBillNum', title: '结算单号', titleEn: 'Bill number' },
  { field: 'clause', title: '合同条款', titleEn: 'Contract clause' },
  { field: 'calculation', title: '计算方式', titleEn: 'Calculation' },
] as const;

export const exportChargeList = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/exportChargeList',
  module: chargeModule,
  button: chargeButtons.export,
  summary: "Every charge of the search and the grid's filters, in the grid's sort, as CSV (UTF-8 with BOM) or .xlsx, streamed",
  body: chargeListQuery.omit({ page: true, limit: true }).extend({ format: z.enum(['csv', 'xlsx']).default('csv') }),
  data: z.string(),
});

export const chargeForm = z.object({
  suppCode: code().min(1, '请选择供应商'),
  deptCode: code().min(1, '请选择门店'),
  chargeType: z.string().trim().min(1).max(20),
  chargeName: z.string().trim().min(1, '请输入费用名称').max(40),
  period: month,
  direction: z.enum(chargeDirections).default('deduct'),
  amount: money,
  taxRate: taxRateInput.default('6'),
  clause: z.string().trim().min(1, '请填写合同条款').max(200),
  calculation: z.string().trim().min(1, '请填写计算方式').max(500),
  chargeDate: isoDate,
  fileIds: z.array(z.uuid('fileId 不是有效的文件编号')).max(10).default([]),
});

export const saveCharge = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/saveCharge',
  module: chargeModule,
  changes: true,
  summary:
    'Staff raise a charge against a supplier; fees barred by the fair-trade rules (新品进店费, 节庆费, 店庆费, 新店开业费) are refused',
  body: chargeForm,
  data: charge,
});

export const disputeCharge = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/disputeCharge',
  module: chargeModule,
  button: chargeButtons.dispute,
  changes: true,
  summary: 'The supplier disputes (异议) a charge not yet settled, with a note; it cannot be settled until staff answer',
  body: z.object({ chargeCode: z.string().trim().min(1).max(40), note: reason }),
  data: charge,
});

export const answerChargeDispute = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/samData/answerChargeDispute',
  module: chargeModule,
  changes: true,
  summary: 'Staff answer a disputed charge, optionally with a corrected amount; it can be settled again',
  body: z.object({
    chargeCode: z.string().trim().min(1).max(40),
    ...suppCode,
    answer: reason,
    /** A corrected amount (positive); absent: unchanged. */
    amount: money.optional(),
  }),
  data: charge,
});

// ---------------------------------------------------------------------------------------------------------
// Attachments, contracts, accounting units

export const attachment = storedFile.extend({
  /** What the file belongs to, and that record's number or id. */
  attachedTo: z.enum(['bill', 'charge', 'invoice']),
  ref: z.string(),
});

export const getAttachmentLisBySAMChgInv = defineCall({
  area: 'settlement',
  method: 'GET',
  path: '/samData/getAttachmentLisBySAMChgInv',
  module: billModule,
  summary:
    "Attachments of a bill (billNumber a 结算单号, with its charges'; invoiceInside=1 adds its invoices'), or of one charge (billNumber a 费用单号); buildDate and nodeCode narrow",
  query: z.object({
    billNumber: z.string().trim().min(1, 'billNumber 不能为空').max(40),
    buildDate: isoDate.optional(),
    nodeCode: code().optional(),
    invoiceInside: z.enum(['0', '1']).default('0'),
    ...suppCode,
  }),
  data: z.array(attachment),
});

/** Business modes (经营方式) and settlement cycles of a contract, and its states, with their English labels. */
export const businessModeTextEn: Readonly<Record<string, string>> = {
  经销: 'Distribution',
  代销: 'Consignment',
  联营: 'Concession',
  租赁: 'Lease',
};
export const settleCycleTextEn: Readonly<Record<string, string>> = { 月结: 'Monthly', 周结: 'Weekly' };
export const contractStatuses = ['生效', '已到期', '未生效'] as const;
export const contractStatusTextEn: Record<(typeof contractStatuses)[number], string> = {
  生效: 'In force',
  已到期: 'Expired',
  未生效: 'Not yet in force',
};

export const contractTerm = z.object({
  clauseNo: z.string(),
  /** charge: a fee the retailer deducts; rebate: a rebate on a target. */
  kind: z.enum(['charge', 'rebate', 'payment', 'other']),
  name: z.string(),
  /** How it is computed, in words (e.g. '季度含税进货额的 2%，达成目标 1,200,000.00 时'). */
  basis: z.string(),
  /** A rate in percent, or '' when a fixed amount. */
  rate: z.string(),
  amount: z.string(),
});

export const supplierContract = z.object({
  contractNo: z.string(),
  suppCode: z.string(),
  suppName: z.string(),
  /** 甲方: the retailer's accounting unit. */
  nodeCode: z.string(),
  nodeName: z.string(),
  businessMode: z.string(),
  settleCycle: z.string(),
  payTermDays: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  signedDate: z.string(),
  status: z.enum(contractStatuses),
  terms: z.array(contractTerm),
});
export type SupplierContract = z.infer<typeof supplierContract>;

export const getContractBySupp = defineCall({
  area: 'settlement',
  method: 'GET',
  path: '/samData/getContractBySupp',
  module: billModule,
  summary: "The supplier's contract: 经营方式, settlement cycle, payment term, agreed charges and rebates",
  query: z.object(suppCode),
  data: supplierContract,
});

export const preViewContractPDF = defineCall({
  area: 'settlement',
  method: 'GET',
  path: '/samData/preViewContractPDF',
  module: billModule,
  summary: "The supplier's contract as a PDF (Chinese text in an embedded font), streamed",
  query: z.object(suppCode),
  data: z.string(),
});

export const accountingUnit = z.object({
  unitCode: z.string(),
  unitName: z.string(),
  taxNumber: z.string(),
  address: z.string(),
  bankName: z.string(),
  bankAccount: z.string(),
});
export type AccountingUnit = z.infer<typeof accountingUnit>;

export const accountingUnitPage = defineCall({
  area: 'settlement',
  method: 'POST',
  path: '/accountingUnit/page',
  signedIn: "reference data of the tenant (the retailer's legal entities that settle), read by the settlement pages' filters",
  summary: 'Accounting units (结算主体), paged, optionally matching a keyword in code or name',
  body: z.object({ ...pageParams, keyword: z.string().trim().max(64).optional() }).nullish(),
  data: pageOf(accountingUnit),
});
