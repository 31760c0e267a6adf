// Receiving (acceptance) statistics: grouped counts, totals, detail lines and streamed exports.
import { z } from 'zod';
import { defineCall } from './call';
import type { Titled } from './language';
import {
  type SortOrder,
  columnFilters,
  columnValues,
  columnValuesParams,
  decimal,
  isoDate,
  keysetParams,
  pageOf,
  pageParams,
  sortParam,
} from './paging';
import { ModuleCode } from './modules';

export const groupDimensions = ['dept', 'goods', 'category', 'brand', 'day', 'month'] as const;

export const accCondition = z.object({
  startDate: isoDate,
  endDate: isoDate,
  deptCodes: z.array(z.string().max(32)).max(500).optional(),
  /** A category and everything below it. */
  categoryCode: z.string().trim().max(32).optional(),
  brandCodes: z.array(z.string().max(32)).max(500).optional(),
  /** Goods code, barcode or part of the name. */
  goods: z.string().trim().max(64).optional(),
  /** Receiving bill number or purchase-order number, or part of one. */
  billNumber: z.string().trim().max(40).optional(),
  /** Staff only: narrow to one supplier; ignored for supplier accounts. */
  suppCode: z.string().trim().max(32).optional(),
});
export type AccCondition = z.infer<typeof accCondition>;

export const accTotals = z.object({
  billCount: z.number().int(),
  lineCount: z.number().int(),
  qty: decimal,
  amountExcl: decimal,
  tax: decimal,
  amount: decimal,
});

export const accGroup = accTotals.extend({ groupKey: z.string(), groupName: z.string() });
export type AccGroup = z.infer<typeof accGroup>;

export const getAccCountByCondition = defineCall({
  area: 'acceptance',
  method: 'POST',
  path: '/acceptance/getAccCountByCondition',
  module: ModuleCode.acceptance,
  summary: 'Receiving grouped by store, goods, category, brand, day or month',
  body: accCondition.extend({ groupBy: z.enum(groupDimensions), ...pageParams }),
  data: pageOf(accGroup),
});

export const getAccCountSumByCondition = defineCall({
  area: 'acceptance',
  method: 'POST',
  path: '/acceptance/getAccCountSumByCondition',
  module: ModuleCode.acceptance,
  summary: 'Receiving totals: quantity, amount excluding tax, tax, amount including tax',
  body: accCondition,
  data: accTotals,
});

export const accDetail = z.object({
  billNumber: z.string(),
  lineNo: z.number().int(),
  accDate: z.string(),
  suppCode: z.string(),
  deptCode: z.string(),
  deptName: z.string(),
  poBillNumber: z.string(),
  goodsCode: z.string(),
  barcode: z.string(),
  goodsName: z.string(),
  spec: z.string(),
  unit: z.string(),
  categoryCode: z.string(),
  categoryName: z.string(),
  brandCode: z.string(),
  brandName: z.string(),
  acceptedQty: decimal,
  freeQty: decimal,
  price: decimal,
  taxRate: decimal,
  amountExcl: decimal,
  tax: decimal,
  amount: decimal,
  settleStatus: z.string(),
});
export type AccDetail = z.infer<typeof accDetail>;

/** Columns of the detail grid and of the exports, in order, with their Chinese and English headings. */
export const accDetailColumns: (Titled & { field: keyof AccDetail })[] = [
  { field: 'billNumber', title: '验收单号', titleEn: 'Receiving no.' },
  { field: 'lineNo', title: '行号', titleEn: 'Line' },
  { field: 'accDate', title: '验收日期', titleEn: 'Receiving date' },
  { field: 'suppCode', title: '供应商编码', titleEn: 'Supplier code' },
  { field: 'deptCode', title: '门店编码', titleEn: 'Store code' },
  { field: 'deptName', title: '门店', titleEn: 'Store' },
  { field: 'poBillNumber', title: '订单号', titleEn: 'Order no.' },
  { field: 'goodsCode', title: '商品编码', titleEn: 'Goods code' },
  { field: 'barcode', title: '条码', titleEn: 'Barcode' },
  { field: 'goodsName', title: '商品名称', titleEn: 'Goods name' },
  { field: 'spec', title: '规格', titleEn: 'Spec' },
  { field: 'unit', title: '单位', titleEn: 'Unit' },
  { field: 'categoryCode', title: '品类编码', titleEn: 'Category code' },
  { field: 'categoryName', title: '品类', titleEn: 'Category' },
  { field: 'brandCode', title: '品牌编码', titleEn: 'Brand code' },
  { field: 'brandName', title: '品牌', titleEn: 'Brand' },
  { field: 'acceptedQty', title: '验收数量', titleEn: 'Received qty' },
  { field: 'freeQty', title: '赠品数量', titleEn: 'Free qty' },
  { field: 'price', title: '含税进价', titleEn: 'Price incl. tax' },
  { field: 'taxRate', title: '税率(%)', titleEn: 'Tax rate (%)' },
  { field: 'amountExcl', title: '不含税金额', titleEn: 'Amount excl. tax' },
  { field: 'tax', title: '税额', titleEn: 'Tax' },
  { field: 'amount', title: '含税金额', titleEn: 'Amount incl. tax' },
  { field: 'settleStatus', title: '结算状态', titleEn: 'Settlement' },
];

/** Fields of a receiving line that are numbers (exact decimal strings, or integers); the rest are texts and a date. */
export const accDetailNumberFields = [
  'lineNo',
  'acceptedQty',
  'freeQty',
  'price',
  'taxRate',
  'amountExcl',
  'tax',
  'amount',
] as const satisfies readonly (keyof AccDetail)[];

/**
 * Fields the server sorts receiving lines by; the other columns only pin. Each has an index that reads a page of
 * any supplier's year in milliseconds (the date's own, and migration 0052's): an index per column would cost every
 * receiving line written (issue 28's ingest), so the columns a user rarely orders by (category, brand, quantity,
 * price, amount excluding tax, tax) are not offered.
 */
export const accDetailSortFields = [
  'accDate',
  'billNumber',
  'deptCode',
  'goodsCode',
  'amount',
] as const satisfies readonly (keyof AccDetail)[];
export type AccDetailSortField = (typeof accDetailSortFields)[number];

/**
 * Sorts offered in one direction only (the others: both). Bill numbers grow with time in every scheme an ERP keeps,
 * and a window of dates usually ends near today: descending, a page starts among the window's newest bills at once;
 * ascending, it would start among the oldest bills of every scheme and walk years of lines outside the window (600 ms
 * at ten million lines, issue #34), whichever index it reads.
 */
export const accDetailSortOrders: { readonly [F in AccDetailSortField]?: readonly SortOrder[] } = { billNumber: ['desc'] };

/** The detail grid's sort, which its exports follow too. */
const accDetailSort = sortParam.extend({ field: z.enum(accDetailSortFields, { message: '不能按此列排序' }) }).optional();

/** The detail grid's state that its page, its checklists and its exports share: the sort and the column filters (every column). */
const accDetailGrid = accCondition.extend({ sort: accDetailSort, filters: columnFilters.optional() });

export const getAccDetailInfo = defineCall({
  area: 'acceptance',
  method: 'POST',
  path: '/acceptance/getAccDetailInfo',
  module: ModuleCode.acceptance,
  summary:
    "Receiving lines, paged (deep pages by keyset: `after`), with the grid's sort and column filters; the count is exact from the rollup or capped (`totalCapped`)",
  body: accDetailGrid.extend({ ...pageParams, ...keysetParams }),
  data: pageOf(accDetail),
});

export const getAccDetailColumnValues = defineCall({
  area: 'acceptance',
  method: 'POST',
  path: '/acceptance/getAccDetailColumnValues',
  module: ModuleCode.acceptance,
  summary: "Distinct texts of one column of the receiving lines under the condition and the other filters (the grid's value checklist)",
  body: accDetailGrid.omit({ sort: true }).extend(columnValuesParams),
  data: columnValues,
});

/** Exports answer a file, not the envelope (errors still answer the envelope). */
export const exportCsv = defineCall({
  area: 'acceptance',
  method: 'POST',
  path: '/acceptance/exportCsv',
  module: ModuleCode.acceptance,
  button: 'export',
  summary: "All receiving lines of the condition as CSV (UTF-8 with BOM), streamed, in the detail grid's sort and filters",
  body: accDetailGrid,
  data: z.string(),
});
export const exportExcel = defineCall({
  area: 'acceptance',
  method: 'POST',
  path: '/acceptance/exportExcel',
  module: ModuleCode.acceptance,
  button: 'export',
  summary: "All receiving lines of the condition as .xlsx, streamed, in the detail grid's sort and filters",
  body: accDetailGrid,
  data: z.string(),
});
