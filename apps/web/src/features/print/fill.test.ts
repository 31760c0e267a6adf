import type { PrintRecord } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { cellText, fieldText, fillText } from './fill';

const record: PrintRecord = {
  printTypeCode: 'purOrder',
  billNumber: 'PO20250603-0012',
  fields: {
    billNumber: 'PO20250603-0012',
    deptName: '上海虹口店',
    totalAmount: '1234567.5',
    totalQty: '120.000',
    companyName: '<b>华联</b>',
  },
  lines: [{ price: '8.500000', taxRate: '13.00', amount: '1020.00', goodsName: '禾丰原味苏打饼干' }],
};

describe('fill', () => {
  it('formats fields and cells by their kind, exactly', () => {
    expect(fieldText(record, 'totalAmount')).toBe('1,234,567.50');
    expect(fieldText(record, 'totalQty')).toBe('120');
    expect(fieldText(record, 'unknownField')).toBe('');
    const line = record.lines[0]!;
    expect([cellText(record, line, 'price'), cellText(record, line, 'taxRate'), cellText(record, line, 'amount')]).toEqual([
      '8.50',
      '13%',
      '1,020.00',
    ]);
  });

  it('fills placeholders with the formatted fields and leaves markup as text', () => {
    expect(fillText('采购订单 {{billNumber}}（{{ deptName }}）', record)).toBe('采购订单 PO20250603-0012（上海虹口店）');
    expect(fillText('{{companyName}} {{{companyName}}}', record)).toBe('<b>华联</b> <b>华联</b>');
    expect(fillText('合计 {{totalAmount}}', record)).toBe('合计 1,234,567.50');
  });

  it('finds nothing outside the declared fields and never runs the text', () => {
    for (const text of [
      '{{constructor}}',
      '{{__proto__}}',
      '{{toString}}',
      '{{billNumber.constructor}}',
      '{{#constructor}}x{{/constructor}}',
      '{{>partial}}',
    ])
      expect(fillText(text, record), text).toBe('');
    expect(fillText('<script>alert(1)</script>{{notAField}}', record)).toBe('<script>alert(1)</script>');
    expect(fillText('{{#unclosed}}', record)).toBe('{{#unclosed}}');
  });
});
