// Supplier performance (供应商绩效, issue 29 part D): on-time, in-full, OTIF, confirmation and rejection per supplier
// and month. docs/performance.md defines each figure; the server's migration 0040 computes them.
import { z } from 'zod';
import { defineCall } from './call';
import { ModuleCode } from './modules';
import { decimal, pageOf, pageParams } from './paging';

/** A month, YYYY-MM. */
export const isoMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM');

/** A percentage with two decimals ("93.75"), or null when nothing counts yet. */
const rate = decimal.nullable();

/** The counts and sums behind the figures, and the figures (percentages). */
export const figures = z.object({
  /** Order lines counted (due in the period and decided: in full, or due before today). */
  lines: z.number().int(),
  fullLines: z.number().int(),
  onTimeLines: z.number().int(),
  otifLines: z.number().int(),
  committedQty: decimal,
  /** Received quantity up to the committed one (the fill rate's numerator). */
  filledQty: decimal,
  acceptedQty: decimal,
  rejectedQty: decimal,
  /** Orders issued in the period whose answer is in, or whose deadline has passed. */
  orders: z.number().int(),
  answeredOrders: z.number().int(),
  inTimeOrders: z.number().int(),
  declinedOrders: z.number().int(),
  /** 到货满足率: lines received in full / lines. */
  inFullRate: rate,
  /** Quantity fill rate: received (up to committed) / committed. */
  fillRate: rate,
  /** 准时交付率: lines whose every receipt came by the due date / lines. */
  onTimeRate: rate,
  /** OTIF: lines received in full by the due date / lines. */
  otifRate: rate,
  /** 确认及时率: orders answered by the deadline / orders. */
  confirmRate: rate,
  /** 拒收率: rejected / (accepted + rejected). */
  rejectionRate: rate,
  /** Average hours from issue to answer. */
  avgConfirmHours: rate,
});
export type PerformanceFigures = z.infer<typeof figures>;

export const monthFigures = figures.extend({ month: isoMonth });
export const deptFigures = figures.extend({ deptCode: z.string(), deptName: z.string() });

export const supplierPerformance = z.object({
  /** The business day the figures are for (UTC+8): open lines due on or after it count nowhere yet. */
  today: z.string(),
  suppCode: z.string(),
  suppName: z.string(),
  month: isoMonth,
  /** The twelve months ending with `month`, oldest first. */
  months: z.array(monthFigures),
  /** The twelve months together. */
  year: figures,
  /** Median hours from issue to answer over the twelve months (null: no answer). */
  medianConfirmHours: rate,
  /** The month's figures per store or DC. */
  byDept: z.array(deptFigures),
});
export type SupplierPerformance = z.infer<typeof supplierPerformance>;

export const getSupplierPerformance = defineCall({
  area: 'performance',
  method: 'GET',
  path: '/supplierPerformance/overview',
  module: ModuleCode.supplierPerformance,
  summary: "A supplier's own figures for twelve months with the month's table per store or DC (staff: of one supplier)",
  query: z.object({
    month: isoMonth.optional(),
    /** Staff only: the supplier to show. A supplier account may only name itself. */
    suppCode: z.string().trim().max(32).optional(),
    categoryCode: z.string().trim().max(32).optional(),
    deptCode: z.string().trim().max(32).optional(),
  }),
  data: supplierPerformance,
});

/** Figures a ranking sorts by. */
export const rankingSortFields = [
  'otifRate',
  'inFullRate',
  'fillRate',
  'onTimeRate',
  'confirmRate',
  'rejectionRate',
  'avgConfirmHours',
  'lines',
  'orders',
  'suppCode',
] as const;
export type RankingSortField = (typeof rankingSortFields)[number];

export const rankingQuery = z
  .object({
    ...pageParams,
    startMonth: isoMonth,
    endMonth: isoMonth,
    categoryCode: z.string().trim().max(32).optional(),
    deptCode: z.string().trim().max(32).optional(),
    sort: z.object({ field: z.enum(rankingSortFields), order: z.enum(['asc', 'desc']) }).default({ field: 'otifRate', order: 'desc' }),
  })
  .refine((q) => q.startMonth <= q.endMonth, { message: '起始月份不能晚于结束月份', path: ['endMonth'] });

export const rankingRow = figures.extend({ rank: z.number().int(), suppCode: z.string(), suppName: z.string() });
export type RankingRow = z.infer<typeof rankingRow>;

export const getPerformanceRanking = defineCall({
  area: 'performance',
  method: 'POST',
  path: '/performanceRanking/getPage',
  module: ModuleCode.performanceRanking,
  summary: 'Staff: every supplier of the tenant ranked by OTIF (or another figure) over a month range, paged',
  body: rankingQuery,
  data: pageOf(rankingRow).extend({ today: z.string() }),
});
