import { describe, expect, it } from 'vitest';
import { ApiFailure } from './client';
import { fieldError } from './field-error';

describe('fieldError', () => {
  it('finds the field a server message names', () => {
    expect(fieldError(new ApiFailure(409, '409', 'body.mobile: 手机号码已被使用'))).toEqual({
      field: 'mobile',
      message: '手机号码已被使用',
    });
    expect(fieldError(new ApiFailure(400, '400', 'query.employeeCode: employeeCode 不能为空'))).toEqual({
      field: 'employeeCode',
      message: 'employeeCode 不能为空',
    });
  });

  it('answers null for messages about no field and for other errors', () => {
    expect(fieldError(new ApiFailure(403, '403', '只有供应商主账号可以管理子账号'))).toBeNull();
    expect(fieldError(new Error('body.mobile: x'))).toBeNull();
  });
});
