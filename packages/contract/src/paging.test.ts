// Dates of the calendar only: an impossible day is refused by the contract, not by the database.
import { expect, it } from 'vitest';
import { isoDate } from './paging';

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
