// The dashboard: figures for the business day of the retailer (UTC+8).
import { type DeliveryOverview, type Overview, addDays, dashboard } from '@portal/contract';
import type { AppContext } from '../../platform/context';
import { scopeOf } from '../../platform/scope';
import type { SessionContext } from '../../platform/session-context';
import { businessDay } from '../../platform/clock';
import { waitingAndUnpaid } from '../settlement/bills/read';
import * as repo from './repo';

function shiftMonths(day: string, months: number): { start: string; sameDay: string; end: string } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  const sameDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last.getUTCDate())));
  return { start: iso(first), sameDay: iso(sameDay), end: iso(last) };
}

export async function overview(ctx: AppContext, session: SessionContext, suppCode?: string): Promise<Overview> {
  const scope = scopeOf(session, suppCode);
  const today = businessDay(ctx.now());
  const thisMonth = shiftMonths(today, 0);
  const lastMonth = shiftMonths(today, -1);
  const since90 = new Date(Date.parse(today) - 90 * 86_400_000).toISOString().slice(0, 10);
  const [openOrders, thisMonthAmount, lastMonthToDate, lastMonthAmount, settlement, monthlyReceiving, ordersByStatus] = await Promise.all([
    repo.openOrders(ctx.readDb, scope),
    repo.receivingBetween(ctx.readDb, scope, thisMonth.start, today),
    repo.receivingBetween(ctx.readDb, scope, lastMonth.start, lastMonth.sameDay),
    repo.receivingBetween(ctx.readDb, scope, lastMonth.start, lastMonth.end),
    waitingAndUnpaid({ ...ctx, db: ctx.readDb }, scope),
    repo.monthlyReceiving(ctx.readDb, scope, shiftMonths(today, -11).start, today),
    repo.ordersByStatus(ctx.readDb, scope, since90),
  ]);
  return {
    today,
    openOrders,
    receiving: { thisMonth: thisMonthAmount, lastMonthToDate, lastMonth: lastMonthAmount },
    settlement,
    monthlyReceiving,
    ordersByStatus,
  };
}

/** Delivery notes on their way and the dock bookings of today and tomorrow (the retailer's days). */
export async function deliveries(ctx: AppContext, session: SessionContext, suppCode?: string): Promise<DeliveryOverview> {
  const scope = scopeOf(session, suppCode);
  const today = businessDay(ctx.now());
  const [notes, coming] = await Promise.all([
    repo.notesOnTheirWay(ctx.readDb, scope),
    repo.comingDeliveries(ctx.readDb, scope, today, addDays(today, 1), dashboard.comingDeliveriesShown),
  ]);
  return { today, notes, deliveries: coming.counts, coming: coming.list };
}
