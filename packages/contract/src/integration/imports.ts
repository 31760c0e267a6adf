// 数据导入 (ms0111): staff send the retailer's documents as a spreadsheet (.xlsx or .csv) instead of an ERP call.
// Each entity of the documents service has a template (one sheet: a header row in the language asked and one
// example row; a document with lines takes one row per line, the header fields repeated, grouped by the key).
// A file is checked first (a dry run of the documents service: its checks and code look-ups, nothing written),
// then imported through the same service as the API (source 'import', the staff account as sender).
import { z } from 'zod';
import { defineCall } from '../call';
import { languages } from '../language';
import { rejectReasonTextEn } from '../delivery-note';
import { ModuleCode } from '../modules';
import { batchCounts, type DocumentEntity, documentEntities, documentOutcomes } from './documents';

export const importModule = ModuleCode.integrationImport;

/** Largest file an import takes (413 beyond). */
export const maxImportBytes = 10 * 1024 * 1024;
/** Most data rows (below the header) a file may hold (413 beyond). */
export const maxImportRows = 20_000;
/** Most lines a report carries (its problems first); beyond, the report says it was cut. */
export const maxReportLines = 20_000;

/** How a cell becomes a document field. */
export type ImportCellType = 'text' | 'int' | 'decimal' | 'date' | 'bool';

export interface ImportColumn {
  /** The document field ('supplierCode'), or a line field under the entity's list ('lines.qty'). */
  path: string;
  title: string;
  titleEn: string;
  type: ImportCellType;
  /** The template's example value. */
  example: string;
  /** Other words accepted for a value (English labels of fixed Chinese values), by the value they mean. */
  aliases?: Readonly<Record<string, string>>;
  /** A file may leave the column out (added after files were made from the template without it). */
  optional?: true;
}

export interface ImportEntity {
  entity: DocumentEntity;
  title: string;
  titleEn: string;
  /** The list field whose items take one row each ('lines', 'terms'); none: one row per document. */
  list?: 'lines' | 'terms';
  columns: readonly ImportColumn[];
}

const c = (
  path: string,
  title: string,
  titleEn: string,
  type: ImportCellType,
  example: string,
  aliases?: Record<string, string>,
): ImportColumn => ({ path, title, titleEn, type, example, ...(aliases ? { aliases } : {}) });

/** A column a file may leave out. */
const optional = (column: ImportColumn): ImportColumn => ({ ...column, optional: true });

const version = c('version', '版本', 'Version', 'int', '');
const deliveryModeAliases = { Direct: '直送', 'Via DC': '配送', 'Cross-dock': '越库' };
const orderTypeAliases = { Regular: '普通', Urgent: '急补' };
const orderStateAliases = { 新建: 'new', 变更: 'changed', 取消: 'cancelled', 关闭: 'closed' };
/** A rejection's reason by its English label ('Damaged': 破损). */
const rejectReasonAliases = Object.fromEntries(Object.entries(rejectReasonTextEn).map(([zh, en]) => [en, zh]));

const purchaseOrderColumns = [
  c('key', '订单号', 'Order number', 'text', 'PO202603001'),
  version,
  c('state', '状态', 'State', 'text', 'new', orderStateAliases),
  c('supplierCode', '供应商编码', 'Supplier code', 'text', '100001'),
  c('storeCode', '门店编码', 'Store code', 'text', 'S0101'),
  c('categoryCode', '品类编码', 'Category code', 'text', ''),
  c('orderDate', '订货日期', 'Order date', 'date', '2026-03-01'),
  c('deliveryDate', '送货日期', 'Delivery date', 'date', '2026-03-04'),
  c('validDays', '有效天数', 'Valid days', 'int', '7'),
  c('deliveryMode', '配送方式', 'Delivery mode', 'text', '直送', deliveryModeAliases),
  c('orderType', '订单类型', 'Order type', 'text', '普通', orderTypeAliases),
  c('lines.lineNo', '行号', 'Line number', 'int', '1'),
  c('lines.goodsCode', '商品编码', 'Goods code', 'text', '600101'),
  c('lines.qty', '数量', 'Quantity', 'decimal', '24'),
  c('lines.freeQty', '赠品数量', 'Free quantity', 'decimal', '0'),
  c('lines.price', '单价', 'Unit price', 'decimal', '8.5'),
  c('lines.amount', '金额', 'Amount', 'decimal', '204.00'),
  c('lines.taxRate', '税率', 'Tax rate', 'decimal', ''),
];

const taxSplitColumns = [
  c('lines.amountExcl', '不含税金额', 'Amount excl. tax', 'decimal', ''),
  c('lines.tax', '税额', 'Tax', 'decimal', ''),
];

/** The importable entities, in the order the page lists them. */
export const importEntities: readonly ImportEntity[] = [
  { entity: 'purchase-orders', title: '采购订单', titleEn: 'Purchase orders', list: 'lines', columns: purchaseOrderColumns },
  {
    entity: 'receiving',
    title: '验收单',
    titleEn: 'Receiving bills',
    list: 'lines',
    columns: [
      c('key', '验收单号', 'Receiving number', 'text', 'RC202603001'),
      version,
      c('supplierCode', '供应商编码', 'Supplier code', 'text', '100001'),
      c('storeCode', '门店编码', 'Store code', 'text', 'S0101'),
      c('date', '验收日期', 'Receiving date', 'date', '2026-03-04'),
      c('purchaseOrder', '采购订单号', 'Purchase order', 'text', ''),
      // Receiving a supplier's delivery note: the line numbers are the note's, a rejection names its reason.
      optional(c('deliveryNote', '送货单号', 'Delivery note', 'text', '')),
      c('lines.lineNo', '行号', 'Line number', 'int', '1'),
      c('lines.goodsCode', '商品编码', 'Goods code', 'text', '600101'),
      c('lines.qty', '数量', 'Quantity', 'decimal', '24'),
      c('lines.freeQty', '赠品数量', 'Free quantity', 'decimal', '0'),
      c('lines.rejectedQty', '拒收数量', 'Rejected quantity', 'decimal', '0'),
      optional(c('lines.rejectReason', '拒收原因', 'Reject reason', 'text', '', rejectReasonAliases)),
      c('lines.price', '单价', 'Unit price', 'decimal', '8.5'),
      c('lines.amount', '金额', 'Amount', 'decimal', '204.00'),
      ...taxSplitColumns,
      c('lines.taxRate', '税率', 'Tax rate', 'decimal', ''),
    ],
  },
  {
    entity: 'returns',
    title: '退货单',
    titleEn: 'Return notes',
    list: 'lines',
    columns: [
      c('key', '退货单号', 'Return number', 'text', 'RT202603001'),
      version,
      c('supplierCode', '供应商编码', 'Supplier code', 'text', '100001'),
      c('storeCode', '门店编码', 'Store code', 'text', 'S0101'),
      c('date', '退货日期', 'Return date', 'date', '2026-03-05'),
      c('reason', '退货原因', 'Reason', 'text', '包装破损'),
      c('lines.lineNo', '行号', 'Line number', 'int', '1'),
      c('lines.goodsCode', '商品编码', 'Goods code', 'text', '600101'),
      c('lines.askedQty', '申请数量', 'Asked quantity', 'decimal', '2'),
      c('lines.returnedQty', '实退数量', 'Returned quantity', 'decimal', '2'),
      c('lines.price', '单价', 'Unit price', 'decimal', '8.5'),
      c('lines.amount', '金额', 'Amount', 'decimal', '17.00'),
      ...taxSplitColumns,
      c('lines.taxRate', '税率', 'Tax rate', 'decimal', ''),
      c('lines.batchNo', '批号', 'Batch number', 'text', ''),
    ],
  },
  {
    entity: 'charges',
    title: '费用',
    titleEn: 'Charges',
    columns: [
      c('key', '费用单号', 'Charge number', 'text', 'CH202603001'),
      version,
      c('supplierCode', '供应商编码', 'Supplier code', 'text', '100001'),
      c('storeCode', '门店编码', 'Store code', 'text', 'S0101'),
      c('chargeType', '费用类型', 'Charge type', 'text', '堆头陈列费'),
      c('chargeName', '费用名称', 'Charge name', 'text', '三月端架陈列'),
      c('period', '费用月份', 'Month', 'text', '2026-03'),
      c('direction', '方向', 'Direction', 'text', 'deduct', { 扣款: 'deduct', 返还: 'pay', Deducted: 'deduct', Refunded: 'pay' }),
      c('amount', '金额', 'Amount', 'decimal', '500.00'),
      c('taxRate', '税率', 'Tax rate', 'decimal', '6'),
      c('clause', '合同条款', 'Contract clause', 'text', '第 5.2 条'),
      c('calculation', '计算方式', 'Calculation', 'text', '每个端架每月 500 元'),
      c('date', '费用日期', 'Date', 'date', '2026-03-31'),
    ],
  },
  {
    entity: 'payments',
    title: '付款',
    titleEn: 'Payments',
    columns: [
      c('key', '付款单号', 'Payment number', 'text', 'PP202603001'),
      version,
      c('supplierCode', '供应商编码', 'Supplier code', 'text', '100001'),
      c('accUnitCode', '结算主体编码', 'Accounting unit code', 'text', 'U01'),
      c('date', '付款日期', 'Payment date', 'date', '2026-03-10'),
      c('amount', '金额', 'Amount', 'decimal', '10000.00'),
      c('note', '备注', 'Note', 'text', ''),
    ],
  },
  {
    entity: 'suppliers',
    title: '供应商',
    titleEn: 'Suppliers',
    columns: [
      c('key', '供应商编码', 'Supplier code', 'text', '100901'),
      version,
      c('name', '供应商名称', 'Supplier name', 'text', '上海示例食品有限公司'),
      c('creditCode', '统一社会信用代码', 'Unified social credit code', 'text', ''),
      c('businessMode', '经营方式', 'Business mode', 'text', '经销'),
      c('settleCycle', '结算周期', 'Settlement cycle', 'text', '月结'),
      c('payTermDays', '账期天数', 'Payment term (days)', 'int', '45'),
      c('contactName', '联系人', 'Contact', 'text', ''),
      c('phone', '电话', 'Phone', 'text', ''),
      c('email', '邮箱', 'E-mail', 'text', ''),
    ],
  },
  {
    entity: 'stores',
    title: '门店',
    titleEn: 'Stores',
    columns: [
      c('key', '门店编码', 'Store code', 'text', 'S0601'),
      version,
      c('name', '门店名称', 'Store name', 'text', '上海静安店'),
      c('type', '类型', 'Type', 'text', 'store', { 门店: 'store', 配送中心: 'dc', Store: 'store', 'Distribution centre': 'dc' }),
      c('city', '城市', 'City', 'text', '上海'),
      c('online', '营业中', 'Open', 'bool', '是'),
      c('accUnitCode', '结算主体编码', 'Accounting unit code', 'text', 'U01'),
    ],
  },
  {
    entity: 'acc-units',
    title: '结算主体',
    titleEn: 'Accounting units',
    columns: [
      c('key', '结算主体编码', 'Accounting unit code', 'text', 'U09'),
      version,
      c('name', '名称', 'Name', 'text', '华联优选(杭州)有限公司'),
      c('taxNumber', '税号', 'Tax number', 'text', ''),
      c('address', '地址', 'Address', 'text', ''),
      c('bankName', '开户行', 'Bank', 'text', ''),
      c('bankAccount', '银行账号', 'Bank account', 'text', ''),
    ],
  },
  {
    entity: 'categories',
    title: '品类',
    titleEn: 'Categories',
    columns: [
      c('key', '品类编码', 'Category code', 'text', '1004'),
      version,
      c('name', '品类名称', 'Category name', 'text', '糖果巧克力'),
      c('parentCode', '上级品类编码', 'Parent category code', 'text', '10'),
    ],
  },
  {
    entity: 'brands',
    title: '品牌',
    titleEn: 'Brands',
    columns: [c('key', '品牌编码', 'Brand code', 'text', 'B099'), version, c('name', '品牌名称', 'Brand name', 'text', '示例品牌')],
  },
  {
    entity: 'goods',
    title: '商品',
    titleEn: 'Goods',
    columns: [
      c('key', '商品编码', 'Goods code', 'text', '609901'),
      version,
      c('barcode', '条码', 'Barcode', 'text', '6920000000017'),
      c('name', '商品名称', 'Goods name', 'text', '禾丰芝麻薄脆'),
      c('spec', '规格', 'Specification', 'text', '200g'),
      c('unit', '单位', 'Unit', 'text', '袋'),
      c('caseQty', '箱规', 'Case quantity', 'int', '12'),
      c('categoryCode', '品类编码', 'Category code', 'text', '1001'),
      c('brandCode', '品牌编码', 'Brand code', 'text', 'B001'),
      c('supplierCode', '供应商编码', 'Supplier code', 'text', '100001'),
      c('taxRate', '税率', 'Tax rate', 'decimal', '13'),
      c('price', '进价', 'Purchase price', 'decimal', '7.2'),
      c('retailPrice', '售价', 'Retail price', 'decimal', '10.90'),
    ],
  },
  {
    entity: 'contracts',
    title: '供应商合同',
    titleEn: 'Supplier contracts',
    list: 'terms',
    columns: [
      c('key', '合同号', 'Contract number', 'text', 'HT2026001'),
      version,
      c('supplierCode', '供应商编码', 'Supplier code', 'text', '100001'),
      c('accUnitCode', '结算主体编码', 'Accounting unit code', 'text', 'U01'),
      c('startDate', '开始日期', 'Start date', 'date', '2026-01-01'),
      c('endDate', '结束日期', 'End date', 'date', '2026-12-31'),
      c('signedDate', '签订日期', 'Signed date', 'date', '2025-12-20'),
      c('terms.clauseNo', '条款号', 'Clause number', 'text', '5.2'),
      c('terms.kind', '条款类型', 'Clause kind', 'text', 'charge', { 费用: 'charge', 返利: 'rebate', 付款: 'payment', 其他: 'other' }),
      c('terms.name', '条款名称', 'Clause name', 'text', '端架陈列费'),
      c('terms.basis', '计算依据', 'Basis', 'text', '每个端架每月'),
      c('terms.rate', '比例', 'Rate', 'decimal', ''),
      c('terms.amount', '金额', 'Amount', 'decimal', '500.00'),
    ],
  },
];

export const importEntityOf = (entity: DocumentEntity): ImportEntity | undefined => importEntities.find((e) => e.entity === entity);

/** The entities an import takes (every entity of the documents service has a template). */
export const importEntityCodes = importEntities.map((e) => e.entity) as [DocumentEntity, ...DocumentEntity[]];
const importEntity = z.enum(importEntityCodes);
// Every entity of the documents service is importable: a new entity without a template fails this at load.
if (documentEntities.some((e) => !importEntityCodes.includes(e)))
  throw new Error('an entity of the documents service has no import template');

const localized = z.object({ 'zh-CN': z.string(), en: z.string() });

/** A line's outcome: 'valid' after a check; the documents service's outcome after an import. */
export const reportOutcomes = ['valid', ...documentOutcomes] as const;
export type ReportOutcome = (typeof reportOutcomes)[number];

/** One line of a check report: a document's outcome, or one of its problems, at the sheet row it comes from. */
export const reportLine = z.object({
  /** The row in the sheet (the header is row 1). */
  row: z.number().int(),
  /** The document's key ('' when the row has none). */
  key: z.string(),
  outcome: z.enum(reportOutcomes),
  /** The column at fault in each language; null for the document as a whole or no problem. */
  column: localized.nullable(),
  /** Why; null when the document passed. */
  reason: localized.nullable(),
});
export type ReportLine = z.infer<typeof reportLine>;

export const importReport = z.object({
  entity: importEntity,
  /** Data rows read from the file. */
  rows: z.number().int(),
  /** Documents the rows make. */
  documents: z.number().int(),
  /** Documents that pass (check) or were written or found current (import). */
  valid: z.number().int(),
  refused: z.number().int(),
  /** The documents service's counts of an import; null for a check. */
  counts: batchCounts.nullable(),
  /** The import's row in the integration log; null for a check. */
  batchId: z.string().nullable(),
  /** Problems first, then the documents that passed; at most maxReportLines. */
  lines: z.array(reportLine),
  truncated: z.boolean(),
});
export type ImportReport = z.infer<typeof importReport>;

const entityQuery = z.object({ entity: importEntity });

export const downloadImportTemplate = defineCall({
  area: 'integration',
  method: 'GET',
  path: '/integration/import/template',
  module: importModule,
  summary:
    'The import template of an entity (.xlsx, one sheet: the header in the language asked, or the caller’s, and one example row; one row per line for documents with lines)',
  query: entityQuery.extend({ language: z.enum(languages).optional() }),
  data: z.null(),
});

const uploadRule = { kinds: ['xlsx', 'csv'], maxBytes: maxImportBytes, maxFiles: 1 } as const;

export const checkImport = defineCall({
  area: 'integration',
  method: 'POST',
  path: '/integration/import/check',
  module: importModule,
  // Writes nothing, but it is a multipart upload: refused from another site like the import.
  changes: true,
  summary:
    'Check a filled template (.xlsx or .csv, 10 MB, 20,000 rows) without writing: every row read, every document checked by the documents service (schema, codes, versions, rules) and the report answered',
  upload: uploadRule,
  query: entityQuery,
  data: importReport,
});

export const runImport = defineCall({
  area: 'integration',
  method: 'POST',
  path: '/integration/import/run',
  module: importModule,
  changes: true,
  summary:
    "Import a filled template: the valid documents go through the documents service (source 'import', the caller as sender); the report lists each document's outcome",
  upload: uploadRule,
  query: entityQuery,
  data: importReport,
});

export const exportImportReport = defineCall({
  area: 'integration',
  method: 'POST',
  path: '/integration/import/report',
  module: importModule,
  summary: 'A check or import report as .xlsx in the caller’s language: row, key, outcome, column, reason',
  body: z.object({ entity: importEntity, lines: z.array(reportLine).max(maxReportLines) }),
  data: z.null(),
});

/** A report line's outcome in each language. */
export const reportOutcomeText: Record<ReportOutcome, string> = {
  valid: '通过',
  created: '新增',
  updated: '更新',
  unchanged: '未变',
  stale: '过期版本',
  refused: '拒绝',
};
export const reportOutcomeTextEn: Record<ReportOutcome, string> = {
  valid: 'Valid',
  created: 'Created',
  updated: 'Updated',
  unchanged: 'Unchanged',
  stale: 'Stale version',
  refused: 'Refused',
};
