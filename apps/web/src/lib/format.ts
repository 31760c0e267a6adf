// Display formats: dates and times of spec section 9 (year-month-day hour:minute:second, relative
// times), and the exact decimal strings of money, quantities, prices and rates.
import { businessTime, formatDecimal } from '@portal/contract';

export { formatDecimal };

/** A time the server already wrote as the retailer's wall clock (to the second, or to the minute): no zone, nothing to convert. */
const wallClock = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)(\.\d+)?$/;

/**
 * The one format of a time on every screen and printout: the retailer's wall clock (Asia/Shanghai, as the
 * business day), YYYY-MM-DD HH:mm:ss, whatever the browser's zone. An instant (a Date, or ISO text with 'Z' or
 * an offset) is converted; a text without a zone is already the retailer's time (one to the minute stays so).
 */
export function formatTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string') {
    const local = wallClock.exec(value.trim());
    if (local) return `${local[1]} ${local[2]}`;
  }
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  return businessTime(d);
}

/** Under 30 s 'just now', under an hour minutes, under a day hours, under two days '1 day ago', else the date. */
export function relativeTime(value: Date, now: Date = new Date()): string {
  const seconds = (now.getTime() - value.getTime()) / 1000;
  if (seconds < 30) return 'just now';
  if (seconds < 3600) return `${Math.ceil(seconds / 60)} minutes ago`;
  if (seconds < 86_400) return `${Math.ceil(seconds / 3600)} hours ago`;
  if (seconds < 172_800) return '1 day ago';
  return formatTime(value);
}

/** Money: two places ("1,003.00"). */
export const formatMoney = (value: string | null | undefined) => formatDecimal(value, { min: 2, max: 2 });
/** Quantities: as many places as they carry, up to three ("120", "2.5"). */
export const formatQty = (value: string | null | undefined) => formatDecimal(value, { max: 3 });
/** Unit prices: two to six places ("8.50", "3.125"). */
export const formatPrice = (value: string | null | undefined) => formatDecimal(value, { min: 2, max: 6 });
/** Tax rates held as percent numbers ("13.00" -> "13%"). */
export const formatRate = (value: string | null | undefined) => (value ? `${formatDecimal(value, { max: 2 })}%` : '');

/** A byte count for progress texts: 512 B, 1.5 KB, 12.3 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
