import type { AccGroup } from '@portal/contract';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conditionOf, initialFilters, trendDimension, trendPoints } from './condition';

const today = dayjs('2026-11-23');
const group = (groupKey: string, amount: string): AccGroup => ({
  groupKey,
  groupName: groupKey,
  billCount: 1,
  lineCount: 1,
  qty: '1',
  amountExcl: amount,
  tax: '0',
  amount,
});

describe('the search condition', () => {
  afterEach(() => vi.useRealTimers());

  it('defaults to this month up to today', () => {
    expect(conditionOf(initialFilters(today))).toEqual({ startDate: '2026-11-01', endDate: '2026-11-23' });
  });

  it('takes this month from the retailer’s business day, not the browser’s clock', () => {
    // 17:00 UTC on 30 November is already 1 December in Shanghai: the default range is that one day.
    vi.useFakeTimers({ now: Date.parse('2026-11-30T17:00:00Z') });
    expect(conditionOf(initialFilters())).toEqual({ startDate: '2026-12-01', endDate: '2026-12-01' });
    expect(conditionOf({ ...initialFilters(), range: null })).toEqual({ startDate: '2026-12-01', endDate: '2026-12-01' });
  });

  it('sends only the filters that are set, trimmed', () => {
    const values = {
      ...initialFilters(today),
      deptCodes: ['S001'],
      brandCodes: [],
      goods: '  牛奶 ',
      billNumber: ' ',
      categoryCode: '0101',
    };
    expect(conditionOf(values)).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-23',
      deptCodes: ['S001'],
      goods: '牛奶',
      categoryCode: '0101',
    });
  });

  it('falls back to this month when the range was cleared', () => {
    expect(conditionOf({ ...initialFilters(today), range: null }, today)).toMatchObject({ startDate: '2026-11-01', endDate: '2026-11-23' });
  });
});

describe('the trend', () => {
  it('shows days up to two months, months beyond', () => {
    expect(trendDimension({ startDate: '2026-10-01', endDate: '2026-11-23' })).toBe('day');
    expect(trendDimension({ startDate: '2026-01-01', endDate: '2026-11-23' })).toBe('month');
  });

  it('has a point for every day of the range, zero where nothing came in', () => {
    const points = trendPoints({ startDate: '2026-11-01', endDate: '2026-11-04' }, 'day', [
      group('2026-11-02', '10.50'),
      group('2026-11-04', '3.00'),
    ]);
    expect(points.labels).toEqual(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04']);
    expect(points.amounts).toEqual(['0', '10.50', '0', '3.00']);
    expect(points.values).toEqual([0, 10.5, 0, 3]);
  });

  it('counts months from the month of the start date', () => {
    const points = trendPoints({ startDate: '2025-11-15', endDate: '2026-02-03' }, 'month', [group('2026-01', '7.00')]);
    expect(points.labels).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(points.values).toEqual([0, 0, 7, 0]);
  });
});
