// The overview a user opens first (module ms0014): orders to act on, receiving against last month,
// settlement bills waiting, and the trend.
import { z } from 'zod';
import { defineCall } from './call';
import { decimal } from './paging';
import { booking } from './dock';
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

/** A live booking (待确认 or 已确认) of a dock slot, as the dashboard lists the coming deliveries. */
export const comingDelivery = booking
  .pick({
    noteNumber: true,
    suppCode: true,
    suppName: true,
    deptCode: true,
    deptName: true,
    slotDate: true,
    startTime: true,
    endTime: true,
    packages: true,
    status: true,
  })
  .extend({ bookingId: z.number().int() });
export type ComingDelivery = z.infer<typeof comingDelivery>;

/** Most coming deliveries the card lists (the figures count them all). */
export const comingDeliveriesShown = 8;

export const deliveryOverview = z.object({
  /** The business day (UTC+8), YYYY-MM-DD; tomorrow is the day after. */
  today: z.string(),
  /** Delivery notes on their way: made but not booked (已创建), booked and not yet received (已预约). */
  notes: z.object({ toBook: z.number().int(), booked: z.number().int() }),
  /** Live bookings of today's and tomorrow's slots, and those still waiting for the dock's confirmation. */
  deliveries: z.object({ today: z.number().int(), tomorrow: z.number().int(), waiting: z.number().int() }),
  /** Today's and tomorrow's live bookings, earliest first (at most comingDeliveriesShown). */
  coming: z.array(comingDelivery),
});
export type DeliveryOverview = z.infer<typeof deliveryOverview>;

export const getDeliveryOverview = defineCall({
  area: 'dashboard',
  method: 'GET',
  path: '/dashboard/deliveries',
  module: ModuleCode.dashboard,
  summary:
    "Delivery notes on their way and the dock bookings of today and tomorrow, of the caller's supplier (staff: of the tenant or of one supplier)",
  query: z.object({ suppCode: z.string().trim().max(32).optional() }),
  data: deliveryOverview,
});
