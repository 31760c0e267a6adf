// Charges (费用明细, ms0032): raised by staff with their clause and calculation, never a fee the fair-trade
// rules bar; disputed by the supplier (异议) and answered by staff; listed, exported and shown in a bill.
import { z } from 'zod';
import { defineCall } from '../call';
import { storedFile } from '../file';
import { columnFilters, columnValues, columnValuesParams, decimal, isoDate, keysetParams, pageOf, pageParams, sortParam } from '../paging';
import { billRef, code, money, month, reason, suppCode, taxRateInput } from './fields';
import { billModule, chargeButtons, chargeModule, settleStatus } from './states';

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

/**
 * The charge list's sorts (issue #34): each read from an index in its order, for one supplier and for staff (migration
 * 0058): staff's first page of a million charges sorted by the supplier's name took 12-16 s. The other columns filter.
 */
export const chargeSortFields = ['chargeDate', 'chargeCode', 'signedAmount'] as const satisfies readonly (keyof Charge)[];

export const chargeListQuery = z.object({
  ...pageParams,
  ...keysetParams,
  /** Charges whose period month is within [periodStart, periodEnd] (YYYY-MM). */
  periodStart: month.optional(),
  periodEnd: month.optional(),
  chargeName: z.string().trim().max(40).optional(),
  disputeStatus: disputeStatus.optional(),
  settleStatus: settleStatus.optional(),
  ...suppCode,
  sort: sortParam.extend({ field: z.enum(chargeSortFields, { message: '不能按此列排序' }) }).optional(),
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
