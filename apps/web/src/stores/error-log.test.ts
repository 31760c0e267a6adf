// Which unhandled rejections the page handles itself: failed calls and failed form validations, never program errors.
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../api/client';
import { shownToUser } from './error-log';

describe('shownToUser', () => {
  it('takes a failed call and a failed form validation as shown to the user', () => {
    expect(shownToUser(new ApiFailure(409, '409', '已结算，无法重复结算'))).toBe(true);
    expect(shownToUser({ values: {}, errorFields: [{ name: ['note'], errors: ['请输入'] }], outOfDate: false })).toBe(true);
  });

  it('leaves program errors and other values to the error log and the browser', () => {
    expect(shownToUser(new TypeError('x is undefined'))).toBe(false);
    expect(shownToUser({ message: 'no fields' })).toBe(false);
    expect(shownToUser(undefined)).toBe(false);
  });
});
