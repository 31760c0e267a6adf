// Dates of the calendar only: an impossible day is refused by the contract, not by the database.
import { expect, it } from 'vitest';
import { addDays, businessDay, businessTime, isoDate } from './paging';

it('accepts real days, leap days included', () => {
  for (const day of ['2026-01-31', '2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31'])
    expect(isoDate.safeParse(day).success).toBe(true);
});

it('refuses days that do not exist with 日期不存在', () => {
  for (const day of ['2026-02-30', '2026-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00']) {
    const result = isoDate.safeParse(day);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('日期不存在');
  }
});

it("tells the retailer's day and wall-clock time of an instant (UTC+8)", () => {
  const instant = new Date('2026-11-26T16:22:24.900Z');
  expect(businessDay(instant)).toBe('2026-11-27');
  expect(businessTime(instant)).toBe('2026-11-27 00:22:24');
});

it('counts calendar days across months, years and leap days', () => {
  expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  expect(addDays('2026-11-26', 14)).toBe('2026-12-10');
});
