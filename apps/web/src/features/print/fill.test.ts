import type { PrintRecord, common } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { cellText, fieldText, fillText, footerFields, templateText } from './fill';

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

  it("prints the product's words in the reader's language, and other texts as they are", () => {
    const bill: PrintRecord = {
      printTypeCode: 'samBill',
      billNumber: 'JS202609-0002',
      fields: { status: '已审核', billKind: '普通结算', suppName: '禾丰食品', businessMode: '经销' },
      lines: [{ docType: '退货单', deptName: '上海虹口店' }],
    };
    expect(fieldText(bill, 'status', 'en')).toBe('Audited');
    expect(fieldText(bill, 'billKind', 'en')).toBe('Normal');
    expect(fieldText(bill, 'businessMode', 'en')).toBe('Distribution');
    expect(fieldText(bill, 'suppName', 'en')).toBe('禾丰食品');
    expect(cellText(bill, bill.lines[0]!, 'docType', 'en')).toBe('Return');
    expect(cellText(bill, bill.lines[0]!, 'deptName', 'en')).toBe('上海虹口店');
    expect(fieldText(bill, 'status')).toBe('已审核');
    expect(cellText(bill, bill.lines[0]!, 'docType')).toBe('退货单');
    expect(fillText('{{status}}', bill, 'en')).toBe('Audited');
    expect(fieldText({ ...bill, fields: { status: '某个新状态' } }, 'status', 'en')).toBe('某个新状态');
  });

  it("prints a default template's name and note in English, with the fields filled in, and a tenant's own text as it is", () => {
    const bill: PrintRecord = { printTypeCode: 'samBill', billNumber: 'JS1', fields: { companyName: '华联优选' }, lines: [] };
    expect(templateText('结算单（A4 横向）', 'en')).toBe('Settlement bill (A4 landscape)');
    expect(templateText('结算单（A4 横向）', 'zh-CN')).toBe('结算单（A4 横向）');
    expect(templateText('我们自己的模板', 'en')).toBe('我们自己的模板');
    expect(fillText('供应商（盖章）：____________　　财务审核：____________　　{{companyName}}', bill, 'en')).toBe(
      'Supplier (seal): ____________    Finance review: ____________    华联优选',
    );
  });
});

describe('footerFields', () => {
  const template = (footer: { field: string; label: string }[]): common.PrintTemplate => ({
    templateCode: 'SAM-A4',
    templateName: '结算单（A4 横向）',
    printTypeCode: 'samBill',
    isDefault: true,
    paperSize: 'A4',
    orientation: 'landscape',
    margins: [10, 12, 10, 12],
    layout: { title: '供应商结算单', header: [], columns: [], footer, note: '' },
  });
  const bill: PrintRecord = { printTypeCode: 'samBill', billNumber: 'JS202609-0002', fields: {}, lines: [] };

  it("prints every line of a settlement bill's totals, returns and prepayment offset included, whatever the template lists", () => {
    const footer = footerFields(
      template([
        { field: 'goodsAmount', label: '货款' },
        { field: 'chargeAmount', label: '费用' },
        { field: 'payableAmount', label: '应付金额' },
        { field: 'remark', label: '备注' },
      ]),
      bill,
    );
    expect(footer).toEqual([
      { field: 'goodsAmount', label: '货款' },
      { field: 'returnAmount' },
      { field: 'chargeAmount', label: '费用' },
      { field: 'prepayAmount' },
      { field: 'payableAmount', label: '应付金额' },
      { field: 'remark', label: '备注' },
    ]);
  });

  it("keeps a template's footer as it is for a record without totals of its own", () => {
    const footer = [{ field: 'totalAmount', label: '合计金额' }];
    expect(footerFields({ ...template(footer), printTypeCode: 'purOrder' }, record)).toEqual(footer);
  });
});
