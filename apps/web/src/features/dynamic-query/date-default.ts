// A query parameter's default date as the form shows it.
import dayjs, { type Dayjs } from 'dayjs';
import { businessToday } from '../../lib/business-day';

/**
 * A default's date: `today`, `-Nd` or a date. `today` is the retailer's business day, as the server takes it
 * for a parameter left out: the form shows the range the query runs with wherever the browser is.
 */
export function dateDefault(text: string): Dayjs | null {
  const t = text.trim();
  if (!t) return null;
  if (t === 'today') return businessToday();
  const relative = /^-(\d{1,4})d$/.exec(t);
  if (relative) return businessToday().subtract(Number(relative[1]), 'day');
  const d = dayjs(t);
  return d.isValid() ? d : null;
}
