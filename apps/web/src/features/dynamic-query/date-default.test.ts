import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateDefault } from './date-default';

const format = (text: string) => dateDefault(text)?.format('YYYY-MM-DD') ?? null;

describe('a query parameter’s default date', () => {
  afterEach(() => vi.useRealTimers());

  it('takes today as the retailer’s business day (UTC+8), as the server does, whatever the browser’s clock zone', () => {
    // 17:00 UTC on the 24th is already the 25th in Shanghai.
    vi.useFakeTimers({ now: Date.parse('2026-11-24T17:00:00Z') });
    expect(format('today')).toBe('2026-11-25');
    expect(format('-365d')).toBe('2025-11-25');
    vi.setSystemTime(Date.parse('2026-11-24T15:59:00Z'));
    expect(format('today')).toBe('2026-11-24');
  });

  it('keeps a written date, and has none for an empty or unreadable text', () => {
    expect(format('2026-03-01')).toBe('2026-03-01');
    expect(format('')).toBeNull();
    expect(format('soon')).toBeNull();
  });
});
