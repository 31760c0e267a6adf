import type { PurOrderSummary } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import type { OrderLine } from './api';
import { changeTextOf, lineRow, marksOf, orderColumns, orderRow } from './order-columns';

const line: OrderLine = {
  lineNo: 1,
  goodsCode: '600101',
  barcode: '6923456789012',
  goodsName: '禾丰原味苏打饼干',
  spec: '400g',
  unit: '袋',
  caseQty: 12,
  orderQty: '120.000',
  caseCount: '10.00',
  receivedQty: '118.000',
  freeQty: '0.000',
  price: '8.500000',
  taxRate: '13.00',
  amount: '1020.00',
  confirmedQty: '120.000',
  promisedDate: '2026-06-05',
  confirmNote: '',
  changed: false,
  isNew: false,
  prevQty: null,
  prevPrice: null,
  prevDeliveryDate: null,
};

describe('order grids', () => {
  it("shows a received line's shortfall and fill rate exactly, and marks it", () => {
    expect(lineRow(line, true)).toMatchObject({
      orderQty: '120',
      receivedQty: '118',
      shortQty: '2',
      fillRate: '98.3%',
      price: '8.50',
      taxRate: '13%',
      amount: '1020.00',
      short: 1,
    });
  });

  it('shows no shortfall before anything was received, nor on a full line', () => {
    expect(lineRow({ ...line, receivedQty: '0.000' }, false)).toMatchObject({ shortQty: '', short: 0, fillRate: '0.0%' });
    expect(lineRow({ ...line, receivedQty: '120.000' }, true)).toMatchObject({ shortQty: '', short: 0, fillRate: '100.0%' });
  });

  it('lists numbers as the server compares them in its column filters', () => {
    const order = {
      billNumber: 'PO20250603-0012',
      suppCode: '100001',
      suppName: '上海禾丰食品有限公司',
      deptCode: 'S0101',
      deptName: '上海虹口店',
      categoryCode: '10',
      categoryName: '休闲食品',
      orderDate: '2025-06-03',
      deliveryDate: '2025-06-06',
      validDays: 7,
      deadline: '2025-06-10',
      deliveryMode: '直送',
      orderType: '普通',
      status: '部分到货',
      totalQty: '1200.000',
      totalAmount: '10200.00',
      receivedQty: '1180.000',
      lineCount: 2,
      confirmDueAt: '2026-06-02T09:00:00+08:00',
      confirmedAt: '2026-06-01T15:00:00+08:00',
      late: false,
      overdue: false,
      changed: false,
      readAt: '2026-06-01T10:00:00+08:00',
      declineReason: '',
      declineNote: '',
      reopenedAt: null,
      version: 2,
    } satisfies PurOrderSummary;
    expect(orderRow(order)).toMatchObject({ totalQty: '1200', receivedQty: '1180', totalAmount: '10200.00', short: 1 });
  });
});

describe('order list in English', () => {
  it("shows the wire's states, delivery modes and order types in the user's language, an unknown word as sent", async () => {
    const { default: i18n } = await import('../../i18n');
    await i18n.changeLanguage('en');
    try {
      const display = (field: string) => orderColumns(i18n.t).find((c) => c.field === field)!.display!;
      expect(display('status')('部分到货')).toBe('Partly delivered');
      expect(display('deliveryMode')('直送')).toBe('Direct');
      expect(display('orderType')('急补')).toBe('Urgent');
      expect(display('orderType')('特殊')).toBe('特殊');
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  });
});

describe('confirmation on the grids', () => {
  it("shows a changed line's values before and now, a new line, and nothing for an unchanged one", async () => {
    const { default: i18n } = await import('../../i18n');
    const text = changeTextOf(i18n.t, '2026-06-06');
    expect(text(line)).toBe('');
    const changed = { ...line, changed: true, prevQty: '100.000', prevPrice: '8.000000', prevDeliveryDate: '2026-06-05' };
    expect(text(changed)).toBe('数量 100 → 120; 单价 8.00 → 8.50; 交货日期 2026-06-05 → 2026-06-06');
    expect(text({ ...line, changed: true, isNew: true })).toBe('新增行');
    expect(lineRow(changed, false, text)).toMatchObject({
      confirmedQty: '120',
      promisedDate: '2026-06-05',
      change: expect.stringContaining('100 → 120'),
    });
  });

  it('marks an order overdue, changed or confirmed late', () => {
    expect(marksOf({ overdue: true, changed: true, late: false })).toBe('overdue,changed');
    expect(marksOf({ overdue: false, changed: false, late: true })).toBe('late');
    expect(marksOf({ overdue: false, changed: false, late: false })).toBe('');
  });
});

describe('order list columns', () => {
  it('offer a sort on the fields the server sorts by index, and filters on every column but the marks', async () => {
    const { default: i18n } = await import('../../i18n');
    const columns = orderColumns(i18n.t);
    expect(columns.filter((c) => c.sortable !== false).map((c) => c.field)).toEqual([
      'billNumber',
      'orderDate',
      'deliveryDate',
      'totalAmount',
    ]);
    expect(columns.filter((c) => c.filterable === false).map((c) => c.field)).toEqual(['marks']);
  });
});
