// The review grid's columns: a certificate type reads in English for an English user (its Chinese name where the
// tenant gave no English one) and in Chinese otherwise; the states read in the user's language.
import type { CertificateType } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { reviewColumns } from './review-columns';

const type = (typeName: string, typeNameEn: string): CertificateType => ({
  typeCode: typeName,
  typeName,
  typeNameEn,
  scope: 'supplier',
  mandatory: true,
  annualReview: false,
  enabled: true,
  sortNo: 1,
});
const types = [type('食品经营许可证', 'Food business licence'), type('自定义证照', '')];

const shown = (language: 'zh-CN' | 'en', field: string, value: string) => {
  const column = reviewColumns(i18n.getFixedT(language), language, types).find((c) => c.field === field)!;
  return column.display ? column.display(value) : value;
};

describe('certificate review columns', () => {
  it('names a type in the user language, keeping the Chinese value the filters compare', () => {
    expect(shown('en', 'typeName', '食品经营许可证')).toBe('Food business licence');
    expect(shown('en', 'typeName', '自定义证照')).toBe('自定义证照');
    expect(shown('zh-CN', 'typeName', '食品经营许可证')).toBe('食品经营许可证');
  });

  it('titles the columns and shows the states in the user language', () => {
    expect(reviewColumns(i18n.getFixedT('en'), 'en', types).find((c) => c.field === 'typeName')!.title).toBe('Type');
    expect(shown('en', 'status', '已提交')).toBe('Submitted');
    expect(shown('en', 'expiryState', '到期预警')).toBe('Expiring');
    expect(shown('zh-CN', 'status', '已提交')).toBe('已提交');
  });
});
