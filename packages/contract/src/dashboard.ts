// The overview a user opens first (module ms0014): orders to act on, receiving against last month,
// settlement bills waiting, and the trend.
import { z } from 'zod';
import { defineCall } from './call';
import { decimal } from './paging';
import { ModuleCode } from './modules';

export const overview = z.object({
  /** The business day the figures are for (UTC+8), YYYY-MM-DD. */
  today: z.string(),
  openOrders: z.object({
    count: z.number().int(),
    amount: decimal,
    /** Waiting for the supplier's confirmation (已下达, 已阅读), and of those past their deadline. */
    toConfirm: z.number().int(),
    overdue: z.number().int(),
  }),
  receiving: z.object({
    /** This month up to today. */
    thisMonth: decimal,
    /** Last month up to the same day of the month, for a fair comparison. */
    lastMonthToDate: decimal,
    lastMonth: decimal,
  }),
  settlement: z.object({ waitingCount: z.number().int(), waitingAmount: decimal, unpaidAmount: decimal }),
  /** Receiving amount of each of the last 12 months, oldest first. */
  monthlyReceiving: z.array(z.object({ month: z.string(), amount: decimal })),
  /** Orders per status in the last 90 days. */
  ordersByStatus: z.array(z.object({ status: z.string(), count: z.number().int() })),
});
export type Overview = z.infer<typeof overview>;

export const getOverview = defineCall({
  area: 'dashboard',
  method: 'GET',
  path: '/dashboard/overview',
  module: ModuleCode.dashboard,
  summary: "Dashboard figures of the caller's supplier (staff: of the tenant or of one supplier)",
  query: z.object({ suppCode: z.string().trim().max(32).optional() }),
  data: overview,
});
