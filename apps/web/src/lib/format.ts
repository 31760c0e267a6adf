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
