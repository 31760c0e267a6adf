// Display formats: dates and times of spec section 9 (year-month-day hour:minute:second, relative
// times), and the exact decimal strings of money, quantities, prices and rates.
import { fromUnits, isDecimal, toUnits } from './decimal';

const pad = (n: number) => String(n).padStart(2, '0');

export function formatTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
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

/**
 * A decimal string as people read it: thousands grouped (unless `group` is false: grids whose filters run
 * on the server compare the plain text), rounded half-up to `max` places (default: the places it has),
 * trailing zeros dropped down to `min` places. Text that is not a number is shown as it came.
 */
export function formatDecimal(
  value: string | null | undefined,
  { min = 0, max, group = true }: { min?: number; max?: number; group?: boolean } = {},
): string {
  if (value === null || value === undefined || value === '') return '';
  if (!isDecimal(value)) return value;
  // Without `max`, every place the value carries is kept.
  const places = max ?? Math.max(min, value.split('.')[1]?.trim().length ?? 0);
  const [whole = '', frac = ''] = fromUnits(toUnits(value, places), places).split('.');
  let kept = frac;
  while (kept.length > min && kept.endsWith('0')) kept = kept.slice(0, -1);
  return `${group ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : whole}${kept ? `.${kept}` : ''}`;
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
