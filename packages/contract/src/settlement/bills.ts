// Bills: the list with its grid, export and advance bills, one bill's detail, its payments and its
// reconciliation against what the supplier delivered.
import { z } from 'zod';
import { defineCall } from '../call';
import { storedFile } from '../file';
import { history } from '../history';
import type { Titled } from '../language';
import { columnFilters, columnValues, columnValuesParams, decimal, isoDate, keysetParams, pageOf, pageParams, sortParam } from '../paging';
import { charge } from './charges';
import { billRef, code, suppCode } from './fields';
import { invoice } from './invoices';
import { payment } from './review';
import { billAction, billButtons, billKind, billModule, billStatus, sourceType } from './states';

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
  /** Payable less paid while the bill holds its documents; 0 once rejected (they went back) or void. */
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

/**
 * The bill list's sorts (issue #34): each read from an index in its order, for one supplier and for staff (migration
 * 0058), so the first page of 200,000 bills comes without sorting them. The other columns filter but do not sort
 * (staff's sort by the supplier's name read every bill of the tenant and its supplier: over a second at 200,000).
 */
export const billSortFields = [
  'periodStart',
  'samBillNum',
  'suppCode',
  'dueDate',
  'payableAmount',
] as const satisfies readonly (keyof BillSummary)[];

export const billListQuery = z.object({
  ...pageParams,
  ...keysetParams,
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
  sort: sortParam.extend({ field: z.enum(billSortFields, { message: '不能按此列排序' }) }).optional(),
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

/** A line as a bill's detail shows it. */
export const billDetailLine = billLine.extend({
  /**
   * The live bill holding the document now when this bill no longer does ('' otherwise): a rejected bill's
   * document that another bill settled since, which this one must drop before it is submitted again.
   */
  heldBy: z.string(),
});

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
export const billDetail = z.object({
  header: billSummary.extend({
    /** The paying company (付款单位): the 结算主体's own legal entity, whose taxpayer number follows. */
    companyName: z.string(),
    nodeTaxNumber: z.string(),
    payTermDays: z.number().int(),
    businessMode: z.string(),
  }),
  totals: z.array(rateTotal),
  lines: z.array(billDetailLine),
  charges: z.array(charge),
  invoices: z.array(invoice),
  payments: z.array(payment),
  attachments: z.array(storedFile),
  history,
  /** What the caller may do to the bill now. */
  actions: z.array(billAction),
});
export type BillDetail = z.infer<typeof billDetail>;
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
  /** Ordered and delivered (returns: asked and returned) quantities; null for a document without goods (charge, prepayment). */
  orderedQty: decimal.nullable(),
  deliveredQty: decimal.nullable(),
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
