// Making a bill: the documents that can be settled, their totals, a bill number, save, modify, submit, delete.
import { z } from 'zod';
import { defineCall } from '../call';
import { decimal, isoDate, pageOf, pageParams, sortParam } from '../paging';
import { billLine, rateTotal } from './bills';
import { billNum, code, savedBill, suppCode } from './fields';
import { billButtons, billKind, billModule, settleStatus, sourceType } from './states';

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
