// Printing through templates (print preview, /preview): the fields a template may name per print type, with
// the kind of each (money, prices and quantities print exactly from decimal strings), and the calls that fetch
// one record to print, each in the caller's scope and under the module that shows the record.
import { z } from 'zod';
import { defineCall } from './call';
import { type PrintType, deliveryModeTextEn, orderTypeTextEn, printTypes } from './common';
import { ModuleCode } from './modules';
import { orderStatusTextEn } from './purchase-order';
import {
  billKindText,
  billKindTextEn,
  billStatusTextEn,
  businessModeTextEn,
  settleStatusTextEn,
  sourceTypeText,
  sourceTypeTextEn,
} from './settlement';

/** `word`: a word of the product (a state, a document or order type), printed in the reader's language. */
export const printFieldKinds = ['text', 'word', 'date', 'money', 'price', 'qty', 'rate'] as const;
export type PrintFieldKind = (typeof printFieldKinds)[number];

/** What a template may name: fields of the record (header and footer) and columns of its lines. */
export interface PrintFieldSet {
  fields: Readonly<Record<string, PrintFieldKind>>;
  lines: Readonly<Record<string, PrintFieldKind>>;
}

const goodsLine = { lineNo: 'text', goodsCode: 'text', barcode: 'text', goodsName: 'text', spec: 'text', unit: 'text' } as const;
const party = { billNumber: 'text', companyName: 'text', suppCode: 'text', suppName: 'text', status: 'word' } as const;

/** The same words by code in Chinese and English, as Chinese word to English. */
const byWord = <K extends string>(zh: Record<K, string>, en: Record<K, string>) =>
  Object.fromEntries((Object.keys(zh) as K[]).map((k) => [zh[k], en[k]]));

/**
 * The English of the texts the default templates are made with (their names and page-foot notes), by the
 * Chinese text: a template of the tenant's own, or a default one changed, prints its own text.
 */
export const printTemplateTextsEn: Readonly<Record<string, string>> = {
  '采购订单（A4 纵向）': 'Purchase order (A4 portrait)',
  '采购订单（针式 241×140）': 'Purchase order (dot matrix 241×140)',
  '采购订单（A5 横向，送货随附）': 'Purchase order (A5 landscape, with the delivery)',
  '验收单（A4 纵向）': 'Receiving note (A4 portrait)',
  '结算单（A4 横向）': 'Settlement bill (A4 landscape)',
  '结算单（针式 241×140）': 'Settlement bill (dot matrix 241×140)',
  '调价单（A4 纵向）': 'Price adjustment (A4 portrait)',
  '商品变更单（A4 纵向）': 'Goods change (A4 portrait)',
  '供应商签字：____________　　收货人签字：____________': 'Supplier signature: ____________    Received by: ____________',
  '收货人签字：__________': 'Received by: __________',
  '{{deptName}} 收货人签字：__________': '{{deptName}} received by: __________',
  '验收人签字：__________　　供应商签字：__________': 'Checked by: __________    Supplier signature: __________',
  '供应商（盖章）：____________　　财务审核：____________　　{{companyName}}':
    'Supplier (seal): ____________    Finance review: ____________    {{companyName}}',
  '供应商（盖章）：____________': 'Supplier (seal): ____________',
  '采购审核：__________　　供应商确认：__________': 'Purchasing review: __________    Supplier confirmation: __________',
  '商品部审批：__________　　供应商确认：__________': 'Merchandising approval: __________    Supplier confirmation: __________',
};

/** The English of every word a print record carries in Chinese (fields of kind `word`); a word not here prints as it is. */
export const printWordsEn: Readonly<Record<string, string>> = {
  ...orderStatusTextEn,
  ...deliveryModeTextEn,
  ...orderTypeTextEn,
  ...settleStatusTextEn,
  ...businessModeTextEn,
  ...billStatusTextEn,
  ...byWord(sourceTypeText, sourceTypeTextEn),
  ...byWord(billKindText, billKindTextEn),
  // Price adjustments and goods changes.
  已生效: 'In effect',
  // The goods data a goods change names.
  商品名称: 'Goods name',
  规格: 'Spec',
  箱规: 'Case size',
  单位: 'Unit',
  条码: 'Barcode',
};

export const printFields: Readonly<Record<PrintType, PrintFieldSet>> = {
  purOrder: {
    fields: {
      ...party,
      deptCode: 'text',
      deptName: 'text',
      categoryName: 'text',
      orderDate: 'date',
      deliveryDate: 'date',
      deadline: 'date',
      validDays: 'qty',
      deliveryMode: 'word',
      orderType: 'word',
      lineCount: 'qty',
      totalQty: 'qty',
      receivedQty: 'qty',
      totalAmount: 'money',
    },
    lines: {
      ...goodsLine,
      caseQty: 'qty',
      orderQty: 'qty',
      caseCount: 'qty',
      freeQty: 'qty',
      receivedQty: 'qty',
      price: 'price',
      taxRate: 'rate',
      amount: 'money',
    },
  },
  receiving: {
    fields: {
      ...party,
      deptCode: 'text',
      deptName: 'text',
      accDate: 'date',
      poBillNumber: 'text',
      lineCount: 'qty',
      totalQty: 'qty',
      totalAmount: 'money',
      totalAmountExcl: 'money',
      totalTax: 'money',
    },
    lines: {
      ...goodsLine,
      acceptedQty: 'qty',
      freeQty: 'qty',
      price: 'price',
      taxRate: 'rate',
      amountExcl: 'money',
      tax: 'money',
      amount: 'money',
    },
  },
  samBill: {
    fields: {
      ...party,
      billKind: 'word',
      nodeCode: 'text',
      nodeName: 'text',
      nodeTaxNumber: 'text',
      businessMode: 'word',
      periodStart: 'date',
      periodEnd: 'date',
      dueDate: 'date',
      lineCount: 'qty',
      goodsAmount: 'money',
      returnAmount: 'money',
      chargeAmount: 'money',
      prepayAmount: 'money',
      payableAmount: 'money',
      paidAmount: 'money',
      unpaidAmount: 'money',
      remark: 'text',
    },
    lines: {
      lineNo: 'text',
      docType: 'word',
      docNumber: 'text',
      docDate: 'date',
      dueDate: 'date',
      deptCode: 'text',
      deptName: 'text',
      taxRate: 'text',
      amountExcl: 'money',
      tax: 'money',
      amount: 'money',
      note: 'text',
    },
  },
  adjustPrice: {
    fields: { ...party, applyDate: 'date', effectiveDate: 'date', reason: 'text', lineCount: 'qty' },
    lines: { ...goodsLine, oldPrice: 'price', newPrice: 'price', priceDiff: 'price', diffRate: 'rate' },
  },
  goodsChange: {
    fields: { ...party, applyDate: 'date', remark: 'text', lineCount: 'qty' },
    lines: { ...goodsLine, changedField: 'word', oldValue: 'text', newValue: 'text' },
  },
};

/**
 * The record's own totals, which every printout of the type shows in its footer whatever the template lists, in
 * this order: a settlement bill's footer adds up (货款 + 退货 + 费用 + 预付款冲销 = 应付金额), each line shown.
 */
export const printTotals: Readonly<Partial<Record<PrintType, readonly string[]>>> = {
  samBill: ['goodsAmount', 'returnAmount', 'chargeAmount', 'prepayAmount', 'payableAmount'],
};

const printTypeCodes = Object.keys(printTypes) as [PrintType, ...PrintType[]];

/** One record as a template fills it: every value a string (decimals exact, dates YYYY-MM-DD). */
export const printRecord = z.object({
  printTypeCode: z.enum(printTypeCodes),
  billNumber: z.string(),
  fields: z.record(z.string(), z.string()),
  lines: z.array(z.record(z.string(), z.string())),
});
export type PrintRecord = z.infer<typeof printRecord>;

const billNumber = z.string().trim().min(1, 'billNumber 不能为空').max(40, 'billNumber 最长 40 个字符');
/** Staff only: the supplier of the record; a supplier account always reads its own. */
const suppCode = z.string().trim().max(32).optional();
const recordQuery = z.object({ billNumber, suppCode });

export const getPurOrderPrint = defineCall({
  area: 'print',
  method: 'GET',
  path: '/print/purOrder',
  module: ModuleCode.purchaseOrder,
  button: 'print',
  summary: 'A purchase order as its print templates fill it (header fields, lines, totals); a supplier reads only its own',
  query: recordQuery,
  data: printRecord,
});

export const getReceivingPrint = defineCall({
  area: 'print',
  method: 'GET',
  path: '/print/receiving',
  module: ModuleCode.acceptance,
  summary: 'A receiving note (验收单) as its print templates fill it; a supplier reads only its own',
  query: recordQuery,
  data: printRecord,
});

export const getSamBillPrint = defineCall({
  area: 'print',
  method: 'GET',
  path: '/print/samBill',
  module: ModuleCode.settlementBill,
  summary: 'A settlement bill as its print templates fill it (one line per source document); a supplier reads only its own',
  query: recordQuery,
  data: printRecord,
});

/** Price adjustments and goods changes concern the supplier's own goods, which every account of it reads (getGoodInfo.do). */
const ownGoodsRecords = "only the caller's own supplier's records (staff: the tenant's), about goods the caller already reads";

export const getAdjustPricePrint = defineCall({
  area: 'print',
  method: 'GET',
  path: '/print/adjustPrice',
  signedIn: ownGoodsRecords,
  summary: 'A price adjustment (调价单) as its print templates fill it: old and new purchase price per goods item',
  query: recordQuery,
  data: printRecord,
});

export const getGoodsChangePrint = defineCall({
  area: 'print',
  method: 'GET',
  path: '/print/goodsChange',
  signedIn: ownGoodsRecords,
  summary: 'A goods change (商品变更单) as its print templates fill it: the changed item, old and new value per goods item',
  query: recordQuery,
  data: printRecord,
});

export const printableListTypes = ['adjustPrice', 'goodsChange'] as const;
export const printableRecord = z.object({
  billNumber: z.string(),
  suppCode: z.string(),
  suppName: z.string(),
  applyDate: z.string(),
  status: z.string(),
  lineCount: z.number().int(),
});
export type PrintableRecord = z.infer<typeof printableRecord>;

export const getPrintableRecords = defineCall({
  area: 'print',
  method: 'GET',
  path: '/print/records',
  signedIn: ownGoodsRecords,
  summary: 'The price adjustments or goods changes the caller may print, newest first (at most 200)',
  query: z.object({
    printTypeCode: z.enum(printableListTypes, { message: `printTypeCode 应为 ${printableListTypes.join(', ')} 之一` }),
    suppCode,
  }),
  data: z.array(printableRecord),
});
