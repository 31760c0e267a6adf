import { describe, expect, it } from 'vitest';
import { formatTime, relativeTime } from './format';
import { isExternal, isValidUrl } from './validate';

describe('validators', () => {
  it('recognises external links', () => {
    for (const link of ['http://a.cn', 'https://a.cn/x', 'mailto:a@b.cn', 'tel:10086']) expect(isExternal(link)).toBe(true);
    for (const link of ['/dashboard', 'javascript:alert(1)', 'ftp://x']) expect(isExternal(link)).toBe(false);
  });

  it('accepts only http and https URLs', () => {
    expect(isValidUrl('https://tms.example.com/portal?a=1')).toBe(true);
    expect(isValidUrl('javascript:alert(1)')).toBe(false);
    expect(isValidUrl('not a url')).toBe(false);
  });
});

describe('time formats', () => {
  const now = new Date(2026, 10, 23, 12, 0, 0);
  it.each([
    [10, 'just now'],
    [5 * 60, '5 minutes ago'],
    [3 * 3600, '3 hours ago'],
    [30 * 3600, '1 day ago'],
  ])('%i seconds ago reads %s', (seconds, text) => {
    expect(relativeTime(new Date(now.getTime() - seconds * 1000), now)).toBe(text);
  });

  it('formats year-month-day hour:minute:second', () => {
    // The retailer's clock (UTC+8), whatever the zone the tests run in.
    expect(formatTime(new Date(Date.UTC(2026, 0, 4, 23, 8, 9)))).toBe('2026-01-05 07:08:09');
    expect(relativeTime(new Date(Date.UTC(2026, 10, 20, 4, 0, 0)), now)).toBe('2026-11-20 12:00:00');
  });
});
