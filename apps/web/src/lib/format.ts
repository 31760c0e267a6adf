// Date and time formats of spec section 9: year-month-day hour:minute:second, and relative times.
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
 * An exact decimal string as people read it: thousands separators and, when `decimals` is given, that many
 * decimals rounded half away from zero; otherwise its own decimals without trailing zeros. The digits never
 * pass through a float, so "12345678901234.565" shows every cent. Anything not a decimal is shown as given.
 */
export function formatDecimal(value: string | null | undefined, decimals?: number): string {
  if (value === null || value === undefined) return '';
  const m = /^\s*(-)?(\d+)(?:\.(\d*))?\s*$/.exec(value);
  if (!m) return value;
  const [, minus = '', whole = '0', frac = ''] = m;
  let intPart: string;
  let fracPart: string;
  if (decimals === undefined) {
    intPart = whole;
    fracPart = frac.replace(/0+$/, '');
  } else {
    let scaled = BigInt(whole + frac.slice(0, decimals).padEnd(decimals, '0'));
    if ((frac[decimals] ?? '0') >= '5') scaled += 1n;
    const digits = scaled.toString().padStart(decimals + 1, '0');
    intPart = digits.slice(0, digits.length - decimals);
    fracPart = digits.slice(digits.length - decimals);
  }
  intPart = intPart.replace(/^0+(?=\d)/, '');
  const zero = /^0$/.test(intPart) && /^0*$/.test(fracPart);
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${minus && !zero ? '-' : ''}${grouped}${fracPart ? `.${fracPart}` : ''}`;
}

/** Money: two decimals, exact. */
export const formatMoney = (value: string | null | undefined) => formatDecimal(value, 2);

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
