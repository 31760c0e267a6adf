import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { businessToday, isBeforeBusinessToday, lastDays, lastMonth } from './business-day';

const format = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');

describe('the screens’ today', () => {
  afterEach(() => vi.useRealTimers());

  // 17:00 UTC on 30 November is already 1 December in Shanghai: this month and last month flip there.
  const shanghaiNextMonth = Date.parse('2026-11-30T17:00:00Z');

  it('is the retailer’s business day (UTC+8), as the server counts it, whatever the browser’s clock zone', () => {
    vi.useFakeTimers({ now: shanghaiNextMonth });
    expect(format(businessToday())).toBe('2026-12-01');
    vi.setSystemTime(Date.parse('2026-11-30T15:59:00Z'));
    expect(format(businessToday())).toBe('2026-11-30');
  });

  it('gives last month and the last 30 days from the business day', () => {
    vi.useFakeTimers({ now: shanghaiNextMonth });
    expect(lastMonth().map(format)).toEqual(['2026-11-01', '2026-11-30']);
    expect(lastDays(30).map(format)).toEqual(['2026-11-02', '2026-12-01']);
  });

  it('takes a day before the business day as past, and the business day itself as not', () => {
    vi.useFakeTimers({ now: shanghaiNextMonth });
    expect(isBeforeBusinessToday(dayjs('2026-11-30'))).toBe(true);
    expect(isBeforeBusinessToday(dayjs('2026-12-01'))).toBe(false);
  });

  it('counts last month back across a year and over a short month', () => {
    expect(lastMonth(dayjs('2027-01-15')).map(format)).toEqual(['2026-12-01', '2026-12-31']);
    expect(lastMonth(dayjs('2026-03-31')).map(format)).toEqual(['2026-02-01', '2026-02-28']);
  });
});
