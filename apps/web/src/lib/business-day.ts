// The retailer's business day (the Asia/Shanghai calendar day, as the server counts it) for the screens'
// default dates, preset ranges and disabled days, so a browser in another zone starts on the server's day.
import { businessDay } from '@portal/contract';
import dayjs, { type Dayjs } from 'dayjs';

/** Today as the server takes it: that date at the browser's midnight, as the date pickers hold days. */
export const businessToday = (): Dayjs => dayjs(businessDay(new Date()));

/** A day before today's business day: one a form may not pick for a date that must not lie in the past. */
export const isBeforeBusinessToday = (day: Dayjs): boolean => day.isBefore(businessToday(), 'day');

/** The whole calendar month before today's. */
export function lastMonth(today: Dayjs = businessToday()): [Dayjs, Dayjs] {
  const month = today.subtract(1, 'month');
  return [month.startOf('month'), month.endOf('month').startOf('day')];
}

/** The last `days` days, today included. */
export const lastDays = (days: number, today: Dayjs = businessToday()): [Dayjs, Dayjs] => [today.subtract(days - 1, 'day'), today];
