import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { importSummary } from './import-summary';

const result = (rows: number, errorRows: number, saved: number) => ({
  rows: Array.from({ length: rows }, (_, i) => ({
    row: i + 2,
    typeName: '营业执照',
    ctfNumber: '',
    ctfName: '',
    issuer: '',
    validFrom: '',
    validTo: '',
    nextReviewDate: '',
    barcode: '',
    goodsName: '',
    approvalNumber: '',
    errors: i < errorRows ? [{ field: 'ctfNumber', message: 'x' }] : [],
  })),
  validCount: rows - errorRows,
  errorCount: errorRows,
  saved,
});

describe('the import summary', () => {
  it('counts one row and one certificate in the English singular, more in the plural', () => {
    const t = i18n.getFixedT('en');
    expect(importSummary(t, result(1, 1, 0))).toEqual({
      message: '1 row: 0 valid, 1 with errors',
      description: 'The sheet has errors and nothing was imported. Correct it and upload again, or import the valid rows only.',
    });
    expect(importSummary(t, result(1, 0, 1))).toEqual({
      message: '1 row: 1 valid, 0 with errors',
      description: '1 certificate imported; add its images and submit it on the certificates page',
    });
    expect(importSummary(t, result(3, 1, 2))).toEqual({
      message: '3 rows: 2 valid, 1 with errors',
      description: '2 certificates imported; add their images and submit them on the certificates page',
    });
    expect(importSummary(t, result(0, 0, 0))).toEqual({ message: '0 rows: 0 valid, 0 with errors' });
  });

  it('keeps the Chinese exactly as it was, for one row as for many', () => {
    const t = i18n.getFixedT('zh-CN');
    expect(importSummary(t, result(1, 1, 0))).toEqual({
      message: '共 1 行：通过 0 行，错误 1 行',
      description: '表格有错误，未导入任何数据。可修改后重新上传，或只导入通过校验的行。',
    });
    expect(importSummary(t, result(1, 0, 1))).toEqual({
      message: '共 1 行：通过 1 行，错误 0 行',
      description: '已导入 1 条证照，请在资质证照页补充证照图片并提交审核',
    });
    expect(importSummary(t, result(2, 1, 1)).message).toBe('共 2 行：通过 1 行，错误 1 行');
  });
});
