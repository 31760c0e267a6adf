// Inbound documents of the integration API (docs/integration.md "Documents"): what the retailer's ERP, WMS and
// finance system send to `POST /api/integration/v1/<entity>`, a batch of documents keyed by the sender's own
// numbers, each with the sender's version. The same shapes serve the staff import and the demo seed.
//
// Money and quantities are exact decimal strings, dates real calendar dates, texts bounded and free of NUL.
// The answer lists every document's outcome; a refused document names the field paths and reasons.
import { z } from 'zod';
import { defineCall } from '../call';
import { deliveryModes, orderTypes } from '../common';
import { rejectReasons } from '../delivery-note';
import { toUnits } from '../decimal';
import { isCalendarDate } from '../paging';
import { payMethods } from '../settlement/review';
import { writeScopeOf } from './clients';

/** A batch holds at most this many documents (413 beyond). */
export const maxBatchDocuments = 5_000;
/** A batch holds at most this many lines over all its documents (413 beyond). */
export const maxBatchLines = 50_000;
/**
 * A batch's body holds at most this many bytes (413 beyond): a batch of maxBatchLines lines with every field
 * written out at its widest stays under it (about 330 bytes a line); a larger body is refused before it is parsed.
 */
export const maxBatchBytes = 32 * 1024 * 1024;
/** One document holds at most this many lines. */
export const maxDocumentLines = 5_000;

const noNul = (s: string) => !s.includes('\u0000');

/** A text of at most `max` characters, without NUL. */
export const docText = (max: number) => z.string().max(max, `最多 ${max} 个字符`).refine(noNul, '不能包含空字符');

/** The sender's document number (its key): letters, digits and . _ / - , at most 40 characters. */
export const docKey = z
  .string()
  .min(1, '不能为空')
  .max(40, '最多 40 个字符')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, '只能包含字母、数字和 . _ / -');

/** A code of the portal's master data (supplier, store, goods, …). */
export const docCode = z
  .string()
  .min(1, '不能为空')
  .max(32, '最多 32 个字符')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, '只能包含字母、数字和 . _ -');

/** The sender's version of a document: grows with every change (a row version or epoch milliseconds). */
export const docVersion = z.number().int('必须是整数').min(0, '不能为负').max(Number.MAX_SAFE_INTEGER, '超出安全整数范围');

/** A calendar date YYYY-MM-DD that exists (2026-02-30 does not). */
export const docDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
  .refine((s) => isCalendarDate(s) && s >= '1900-01-01' && s <= '2999-12-31', '日期不存在');

/** A decimal string of at most `whole` integer digits and `places` decimals, not negative. */
const unsignedDecimal = (whole: number, places: number, message: string) =>
  z.string().regex(new RegExp(`^\\d{1,${whole}}(\\.\\d{1,${places}})?$`), message);

/** A quantity: numeric(14,3). */
export const docQty = unsignedDecimal(11, 3, '数量须为最多三位小数的非负数');
/** A unit price: numeric(14,6). */
export const docPrice = unsignedDecimal(8, 6, '单价须为最多六位小数的非负数');
/** Money: numeric(14,2), not negative. */
export const docMoney = unsignedDecimal(12, 2, '金额须为最多两位小数的非负数');
/** A tax rate in percent, 0 to 99.99. */
export const docTaxRate = unsignedDecimal(2, 2, '税率须为 0-99.99 的数字');

const lineNo = z.number().int('必须是整数').min(1, '从 1 开始').max(99_999, '最大 99999');

/** Lines of a document: at least one, each line number once. */
const linesOf = <T extends z.ZodType<{ lineNo: number }>>(line: T) =>
  z
    .array(line)
    .min(1, '至少一行')
    .max(maxDocumentLines, `最多 ${maxDocumentLines} 行`)
    .superRefine((lines, ctx) => {
      const seen = new Set<number>();
      lines.forEach((l, i) => {
        if (seen.has(l.lineNo)) ctx.addIssue({ code: 'custom', path: [i, 'lineNo'], message: `行号 ${l.lineNo} 重复` });
        seen.add(l.lineNo);
      });
    });

/** Amount excl. tax and tax: both or neither (then the service splits the amount by the tax rate). */
const taxSplit = {
  amountExcl: docMoney.optional(),
  tax: docMoney.optional(),
};
const splitIsWhole = (l: { amount: string; amountExcl?: string | undefined; tax?: string | undefined }) =>
  l.amountExcl === undefined || l.tax === undefined
    ? l.amountExcl === l.tax
    : toUnits(l.amountExcl, 2) + toUnits(l.tax, 2) === toUnits(l.amount, 2);
const splitMessage = 'amountExcl 与 tax 须同时给出且相加等于 amount';

// ---------------------------------------------------------------------------------------------------------------
// Documents

/** The ERP's state of a purchase order: new, changed, cancelled or closed (mapped onto the order statuses). */
export const purchaseOrderStates = ['new', 'changed', 'cancelled', 'closed'] as const;

export const purchaseOrderLineDoc = z.object({
  lineNo,
  goodsCode: docCode,
  qty: docQty,
  freeQty: docQty.default('0'),
  price: docPrice,
  amount: docMoney,
  /** Defaults to the goods item's tax rate. */
  taxRate: docTaxRate.optional(),
});

export const purchaseOrderDoc = z.object({
  key: docKey,
  version: docVersion,
  state: z.enum(purchaseOrderStates).default('new'),
  supplierCode: docCode,
  storeCode: docCode,
  /** The order's category; defaults to the first line's goods category. */
  categoryCode: docCode.optional(),
  orderDate: docDate,
  deliveryDate: docDate,
  validDays: z.number().int('必须是整数').min(0).max(366).default(7),
  deliveryMode: z.enum(deliveryModes).default('直送'),
  orderType: z.enum(orderTypes).default('普通'),
  lines: linesOf(purchaseOrderLineDoc),
});
export type PurchaseOrderDoc = z.infer<typeof purchaseOrderDoc>;

export const receivingLineDoc = z
  .object({
    lineNo,
    goodsCode: docCode,
    qty: docQty,
    freeQty: docQty.default('0'),
    rejectedQty: docQty.default('0'),
    price: docPrice,
    amount: docMoney,
    ...taxSplit,
    taxRate: docTaxRate.optional(),
    /** Why rejectedQty was refused (破损, 临期, 质量问题, 超订单, 条码不符); against a delivery note, required with a rejection. */
    rejectReason: z.enum(rejectReasons).optional(),
  })
  .refine(splitIsWhole, { message: splitMessage, path: ['tax'] });

/** A receiving (acceptance) bill: one supplier, store and date. */
export const receivingDoc = z.object({
  key: docKey,
  version: docVersion,
  supplierCode: docCode,
  storeCode: docCode,
  date: docDate,
  /** The purchase order received (its key); its lines' received quantity follows. */
  purchaseOrder: docKey.optional(),
  /**
   * The supplier's delivery note received (送货单号): the bill's line numbers are then the note's, each line's order
   * is the note line's (purchaseOrder is not needed), and the note becomes 已收货; a note is received by one bill.
   */
  deliveryNote: docKey.optional(),
  lines: linesOf(receivingLineDoc),
});
export type ReceivingDoc = z.infer<typeof receivingDoc>;

export const returnLineDoc = z
  .object({
    lineNo,
    goodsCode: docCode,
    askedQty: docQty,
    returnedQty: docQty,
    price: docPrice,
    amount: docMoney,
    ...taxSplit,
    taxRate: docTaxRate.optional(),
    batchNo: docText(40).default(''),
  })
  .refine(splitIsWhole, { message: splitMessage, path: ['tax'] });

/** A return note (退货单): amounts positive, a settlement bill counts them negative. */
export const returnDoc = z.object({
  key: docKey,
  version: docVersion,
  supplierCode: docCode,
  storeCode: docCode,
  date: docDate,
  reason: docText(200).default(''),
  lines: linesOf(returnLineDoc),
});
export type ReturnDoc = z.infer<typeof returnDoc>;

/** Charge names the retailer may not charge (the database refuses them too). */
export const forbiddenChargeNames = ['新品进店费', '节庆费', '店庆费', '新店开业费'] as const;

/** A charge (费用) on a supplier, with its contract clause and calculation. */
export const chargeDoc = z.object({
  key: docKey,
  version: docVersion,
  supplierCode: docCode,
  storeCode: docCode,
  chargeType: docText(40).pipe(z.string().min(1, '不能为空')),
  chargeName: docText(60)
    .pipe(z.string().min(1, '不能为空'))
    .refine((n) => !(forbiddenChargeNames as readonly string[]).includes(n), '不允许收取该费用'),
  period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM'),
  direction: z.enum(['deduct', 'pay']),
  amount: docMoney.refine((a) => /[1-9]/.test(a), '金额须大于 0'),
  taxRate: docTaxRate,
  clause: docText(500).default(''),
  calculation: docText(500).default(''),
  date: docDate,
});
export type ChargeDoc = z.infer<typeof chargeDoc>;

const paymentAmount = docMoney.refine((a) => /[1-9]/.test(a), '金额须大于 0');

/** A prepayment (预付款) to a supplier: a settlement bill may deduct it later. */
export const prepayDoc = z.object({
  key: docKey,
  version: docVersion,
  kind: z.literal('prepay').default('prepay'),
  supplierCode: docCode,
  /** The accounting unit (结算主体) that paid. */
  accUnitCode: docCode,
  date: docDate,
  amount: paymentAmount,
  note: docText(200).default(''),
});
export type PrepayDoc = z.infer<typeof prepayDoc>;

/**
 * A payment of a settlement bill (结算单), as the cashier's: the bill is 已审批, the payment never more than is
 * owed; the last one makes it 已支付 and its documents 已结算. Once applied it is money paid: a later version may
 * not change its bill or amount.
 */
export const billPaymentDoc = z.object({
  key: docKey,
  version: docVersion,
  kind: z.literal('bill'),
  supplierCode: docCode,
  /** The portal's bill number (结算单号, samBillNum). */
  billNumber: docKey,
  date: docDate,
  amount: paymentAmount,
  payMethod: z.enum(payMethods).default('银行转账'),
  /** Bank reference or draft number. */
  reference: docText(64).default(''),
  note: docText(200).default(''),
});
export type BillPaymentDoc = z.infer<typeof billPaymentDoc>;

/** A payment from the finance system: a prepayment (kind 'prepay', the default) or a settlement bill's payment ('bill'). */
export const paymentDoc = z.discriminatedUnion('kind', [prepayDoc, billPaymentDoc]);
export type PaymentDoc = z.infer<typeof paymentDoc>;

const required = (max: number) => docText(max).pipe(z.string().min(1, '不能为空'));

/** Master data: the key is the portal's code of the thing. */
export const brandDoc = z.object({ key: docCode, version: docVersion, name: required(60) });
export type BrandDoc = z.infer<typeof brandDoc>;

/** A category; its parent (if any) is stored already or comes earlier in the same batch. */
export const categoryDoc = z.object({
  key: docCode,
  version: docVersion,
  name: required(60),
  parentCode: docCode.nullable().default(null),
});
export type CategoryDoc = z.infer<typeof categoryDoc>;

/** An accounting unit (结算主体). */
export const accUnitDoc = z.object({
  key: docCode,
  version: docVersion,
  name: required(100),
  taxNumber: docText(30).default(''),
  address: docText(200).default(''),
  bankName: docText(100).default(''),
  bankAccount: docText(40).default(''),
});
export type AccUnitDoc = z.infer<typeof accUnitDoc>;

/** A store or distribution centre. */
export const storeDoc = z.object({
  key: docCode,
  version: docVersion,
  name: required(60),
  type: z.enum(['store', 'dc']).default('store'),
  city: docText(40).default(''),
  online: z.boolean().default(true),
  accUnitCode: docCode.default('U01'),
});
export type StoreDoc = z.infer<typeof storeDoc>;

/** A goods item with its main supplier. */
export const goodsDoc = z.object({
  key: docCode,
  version: docVersion,
  barcode: z.string().regex(/^\d{8,14}$/, '条码须为 8-14 位数字'),
  name: required(100),
  spec: docText(60).default(''),
  unit: required(10),
  caseQty: z.number().int('必须是整数').min(1, '从 1 开始').max(100_000, '最大 100000'),
  categoryCode: docCode,
  brandCode: docCode,
  supplierCode: docCode,
  taxRate: docTaxRate,
  price: docPrice,
  retailPrice: docMoney,
});
export type GoodsDoc = z.infer<typeof goodsDoc>;

/** A supplier. A new one gets its main account (code = supplier code) with no usable password until staff issue one. */
export const supplierDoc = z.object({
  key: docCode,
  version: docVersion,
  name: required(100),
  creditCode: z
    .string()
    .regex(/^[0-9A-HJ-NPQRTUWXY]{18}$/, '统一社会信用代码格式不对')
    .or(z.literal(''))
    .default(''),
  businessMode: docText(20).pipe(z.string().min(1, '不能为空')).default('经销'),
  settleCycle: docText(20).pipe(z.string().min(1, '不能为空')).default('月结'),
  payTermDays: z.number().int('必须是整数').min(0).max(366).default(45),
  contactName: docText(40).default(''),
  phone: docText(30).default(''),
  email: docText(100).default(''),
});
export type SupplierDoc = z.infer<typeof supplierDoc>;

export const contractTermKinds = ['charge', 'rebate', 'payment', 'other'] as const;

/** A supplier contract and its terms (clauses of charges, rebates, payment). */
export const contractDoc = z
  .object({
    key: docKey,
    version: docVersion,
    supplierCode: docCode,
    /** The accounting unit (结算主体) that signed. */
    accUnitCode: docCode,
    startDate: docDate,
    endDate: docDate,
    signedDate: docDate,
    terms: z
      .array(
        z.object({
          clauseNo: required(20),
          kind: z.enum(contractTermKinds),
          name: required(60),
          basis: docText(500).default(''),
          rate: z.union([docTaxRate, z.literal('')]).default(''),
          amount: z.union([docMoney, z.literal('')]).default(''),
        }),
      )
      .max(200, '最多 200 条'),
  })
  .refine((c) => c.startDate <= c.endDate, { message: '结束日期不能早于开始日期', path: ['endDate'] });
export type ContractDoc = z.infer<typeof contractDoc>;

/** The document schema of each entity the service takes so far, by the path segment of its call. */
export const documentSchemas = {
  'purchase-orders': purchaseOrderDoc,
  receiving: receivingDoc,
  returns: returnDoc,
  charges: chargeDoc,
  payments: paymentDoc,
  suppliers: supplierDoc,
  stores: storeDoc,
  'acc-units': accUnitDoc,
  categories: categoryDoc,
  brands: brandDoc,
  goods: goodsDoc,
  contracts: contractDoc,
} as const;

/** Entities of the integration API (docs/integration.md), by path segment. */
export type DocumentEntity = keyof typeof documentSchemas;
export const documentEntities = Object.keys(documentSchemas) as DocumentEntity[];

/** Lines a document counts against the batch's line limit (a document without lines counts one). */
export const linesOfDocument = (doc: unknown): number => {
  if (doc && typeof doc === 'object' && 'lines' in doc && Array.isArray((doc as { lines: unknown }).lines))
    return Math.max(1, (doc as { lines: unknown[] }).lines.length);
  return 1;
};

// ---------------------------------------------------------------------------------------------------------------
// The batch and its answer

/**
 * The batch body: an array of documents, each checked on its own by the service (a refused document does not
 * refuse the batch). The limits are the service's: 413 beyond maxBatchDocuments or maxBatchLines.
 */
export const documentBatch = z.object({ documents: z.array(z.unknown()) });
export type DocumentBatch = z.infer<typeof documentBatch>;

export const documentOutcomes = ['created', 'updated', 'unchanged', 'stale', 'refused'] as const;
export type DocumentOutcome = (typeof documentOutcomes)[number];

export const documentRefusal = z.object({
  /** The field's path in the document, dot-separated ('lines.2.qty'); '' for the document as a whole. */
  path: z.string(),
  reason: z.object({ 'zh-CN': z.string(), en: z.string() }),
});
export type DocumentRefusal = z.infer<typeof documentRefusal>;

export const documentResult = z.object({
  /** The document's key ('' when it had none readable), or its index in the batch as '#3' then. */
  key: z.string(),
  outcome: z.enum(documentOutcomes),
  refusals: z.array(documentRefusal).optional(),
});
export type DocumentResult = z.infer<typeof documentResult>;

export const batchCounts = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  stale: z.number().int(),
  refused: z.number().int(),
});
export type BatchCounts = z.infer<typeof batchCounts>;

export const batchAnswer = z.object({
  batchId: z.string(),
  counts: batchCounts,
  results: z.array(documentResult),
});
export type BatchAnswer = z.infer<typeof batchAnswer>;

// ---------------------------------------------------------------------------------------------------------------
// The calls (one per entity): `POST /api/integration/v1/<entity>`, integration calls of the contract, served behind
// the integration gate (a client's bearer token holding `<entity>:write`; server: modules/integration/gate.ts).

/** A document of each entity as the OpenAPI document shows it in the batch's example. */
const exampleDocument: Record<DocumentEntity, Record<string, unknown>> = {
  'purchase-orders': {
    key: 'PO20260302001',
    version: 3,
    state: 'new',
    supplierCode: '100001',
    storeCode: 'S0101',
    orderDate: '2026-03-02',
    deliveryDate: '2026-03-05',
    lines: [{ lineNo: 1, goodsCode: '6900000000017', qty: '24', price: '3.50', amount: '84.00' }],
  },
  receiving: {
    key: 'YS20260304001',
    version: 1,
    supplierCode: '100001',
    storeCode: 'S0101',
    date: '2026-03-04',
    purchaseOrder: 'PO20260302001',
    lines: [{ lineNo: 1, goodsCode: '6900000000017', qty: '23', rejectedQty: '1', price: '3.50', amount: '80.50' }],
  },
  returns: {
    key: 'TH20260310001',
    version: 1,
    supplierCode: '100001',
    storeCode: 'S0101',
    date: '2026-03-10',
    reason: '破损',
    lines: [{ lineNo: 1, goodsCode: '6900000000017', askedQty: '2', returnedQty: '2', price: '3.50', amount: '7.00' }],
  },
  charges: {
    key: 'FY202603001',
    version: 1,
    supplierCode: '100001',
    storeCode: 'S0101',
    chargeType: '促销费',
    chargeName: '堆头费',
    period: '2026-03',
    direction: 'deduct',
    amount: '500.00',
    taxRate: '6',
    clause: '合同第 5.2 条',
    calculation: '每月每店 500 元',
    date: '2026-03-31',
  },
  payments: {
    key: 'FK202603001',
    version: 1,
    kind: 'bill',
    supplierCode: '100001',
    billNumber: 'JS2026030001',
    date: '2026-03-15',
    amount: '10000.00',
    payMethod: '银行转账',
    reference: 'BOC20260315001',
  },
  suppliers: { key: '100009', version: 1, name: '上海示例食品有限公司', creditCode: '91310000MA1FL0000X', contactName: '王经理' },
  stores: { key: 'S0109', version: 1, name: '徐汇店', type: 'store', city: '上海', accUnitCode: 'U01' },
  'acc-units': { key: 'U02', version: 1, name: '示例商业（上海）有限公司', taxNumber: '91310000MA1FL0001Y' },
  categories: { key: '0101', version: 1, name: '饮料', parentCode: '01' },
  brands: { key: 'B0001', version: 1, name: '示例牌' },
  goods: {
    key: '6900000000017',
    version: 1,
    barcode: '6900000000017',
    name: '示例矿泉水 550ml',
    unit: '瓶',
    caseQty: 24,
    categoryCode: '0101',
    brandCode: 'B0001',
    supplierCode: '100001',
    taxRate: '13',
    price: '1.20',
    retailPrice: '2.00',
  },
  contracts: {
    key: 'HT2026001',
    version: 1,
    supplierCode: '100001',
    accUnitCode: 'U01',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    signedDate: '2025-12-20',
    terms: [{ clauseNo: '5.2', kind: 'charge', name: '堆头费', basis: '每月每店', amount: '500.00' }],
  },
};

const documentCall = <E extends DocumentEntity>(entity: E, summary: string) =>
  defineCall({
    area: 'integration',
    method: 'POST',
    path: `/integration/v1/${entity}`,
    integration: { scope: writeScopeOf(entity) },
    summary:
      `${summary}. Up to ${maxBatchDocuments} documents or ${maxBatchLines} lines (413 beyond); each document is all-or-nothing and ` +
      'its outcome listed (created, updated, unchanged, stale, refused with field paths and reasons); a body that is not a batch is 400.',
    changes: true,
    body: documentBatch.meta({ examples: [{ documents: [exampleDocument[entity]] }] }),
    data: batchAnswer,
  });

export const ingestPurchaseOrders = documentCall(
  'purchase-orders',
  'Purchase orders (header and lines; new, changed, cancelled, closed), a batch',
);
export const ingestReceiving = documentCall('receiving', 'Receiving (acceptance) bills with their lines and rejected quantities, a batch');
export const ingestReturns = documentCall('returns', 'Return notes (退货单) with their lines, a batch');
export const ingestCharges = documentCall('charges', 'Charges (费用) with their clause and calculation, a batch');
export const ingestPayments = documentCall(
  'payments',
  "Payments from the finance system: prepayments (kind 'prepay', the default) and payments of settlement bills (kind 'bill', as the cashier's), a batch",
);
export const ingestSuppliers = documentCall('suppliers', 'Suppliers (a new one gets its main account without a usable password), a batch');
export const ingestStores = documentCall('stores', 'Stores and distribution centres, a batch');
export const ingestAccUnits = documentCall('acc-units', 'Accounting units (结算主体), a batch');
export const ingestCategories = documentCall('categories', 'Goods categories (parent before child), a batch');
export const ingestBrands = documentCall('brands', 'Brands, a batch');
export const ingestGoods = documentCall('goods', 'Goods items (barcode, tax rate, prices, main supplier), a batch');
export const ingestContracts = documentCall('contracts', 'Supplier contracts and their terms, a batch');

export type DocumentCall = typeof ingestPurchaseOrders;

/**
 * Each entity's call, by path segment (the server registers them from this map). Every call is also exported on
 * its own, so the checks over all calls of the contract (access, the NUL and odd-value sweeps) reach it.
 */
export const documentCalls = {
  'purchase-orders': ingestPurchaseOrders,
  receiving: ingestReceiving,
  returns: ingestReturns,
  charges: ingestCharges,
  payments: ingestPayments,
  suppliers: ingestSuppliers,
  stores: ingestStores,
  'acc-units': ingestAccUnits,
  categories: ingestCategories,
  brands: ingestBrands,
  goods: ingestGoods,
  contracts: ingestContracts,
} as const satisfies Record<DocumentEntity, DocumentCall>;

// ---------------------------------------------------------------------------------------------------------------
// Refusal texts

/** The English of the Chinese messages the document schemas carry (fixed and with a number in them). */
const englishOf: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^不能为空$/, () => 'must not be empty'],
  [/^最多 (\d+) 个字符$/, (m) => `at most ${m[1]} characters`],
  [/^只能包含字母、数字和 \. _ \/ -$/, () => 'only letters, digits and . _ / -'],
  [/^只能包含字母、数字和 \. _ -$/, () => 'only letters, digits and . _ -'],
  [/^必须是整数$/, () => 'must be an integer'],
  [/^不能为负$/, () => 'must not be negative'],
  [/^超出安全整数范围$/, () => 'beyond the safe integer range'],
  [/^日期格式应为 YYYY-MM-DD$/, () => 'a date is written YYYY-MM-DD'],
  [/^日期不存在$/, () => 'no such date'],
  [/^月份格式应为 YYYY-MM$/, () => 'a month is written YYYY-MM'],
  [/^数量须为最多三位小数的非负数$/, () => 'a quantity is a non-negative decimal with at most 3 decimals'],
  [/^单价须为最多六位小数的非负数$/, () => 'a price is a non-negative decimal with at most 6 decimals'],
  [/^金额须为最多两位小数的非负数$/, () => 'money is a non-negative decimal with at most 2 decimals'],
  [/^税率须为 0-99\.99 的数字$/, () => 'a tax rate is a number from 0 to 99.99'],
  [/^金额须大于 0$/, () => 'the amount must be above 0'],
  [/^从 1 开始$/, () => 'starts at 1'],
  [/^最大 (\d+)$/, (m) => `at most ${m[1]}`],
  [/^至少一行$/, () => 'at least one line'],
  [/^最多 (\d+) 行$/, (m) => `at most ${m[1]} lines`],
  [/^行号 (\d+) 重复$/, (m) => `line number ${m[1]} appears twice`],
  [/^amountExcl 与 tax 须同时给出且相加等于 amount$/, () => 'give amountExcl and tax together, adding up to amount'],
  [/^不允许收取该费用$/, () => 'this charge may not be made'],
  [/^不能包含空字符$/, () => 'must not contain the NUL character'],
  [/^最多 (\d+) 条$/, (m) => `at most ${m[1]} terms`],
  [/^结束日期不能早于开始日期$/, () => 'the end date cannot be before the start date'],
  [/^条码须为 8-14 位数字$/, () => 'a barcode is 8 to 14 digits'],
  [/^统一社会信用代码格式不对$/, () => 'not a unified social credit code'],
];

/**
 * Both languages of a schema's message: the document schemas' own Chinese texts have their English here; zod's own
 * messages (English) get a Chinese lead.
 */
export function issueText(message: string): { 'zh-CN': string; en: string } {
  for (const [pattern, english] of englishOf) {
    const m = pattern.exec(message);
    if (m) return { 'zh-CN': message, en: english(m) };
  }
  return { 'zh-CN': `值不合法: ${message}`, en: message };
}
