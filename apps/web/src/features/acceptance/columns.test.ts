import { type AccDetail, acceptance } from '@portal/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { detailColumns, detailRow, gridHeight, groupColumns, groupRow } from './columns';

const t = ((key: string) => key) as unknown as TFunction;

describe('the summary grid', () => {
  it('shows code and name of a store, one column for a day', () => {
    expect(groupColumns(t, 'dept').map((c) => c.field)).toEqual([
      'groupKey',
      'groupName',
      'billCount',
      'lineCount',
      'qty',
      'amountExcl',
      'tax',
      'amount',
    ]);
    expect(groupColumns(t, 'day').map((c) => c.field)).not.toContain('groupName');
  });

  it('offers neither sort nor filter: the server orders the groups', () => {
    expect(groupColumns(t, 'brand').every((c) => c.sortable === false && c.filterable === false)).toBe(true);
  });

  it("shows the server's figures exactly, with separators", () => {
    const row = groupRow({
      groupKey: 'S0101',
      groupName: '上海虹口店',
      billCount: 2,
      lineCount: 9,
      qty: '1288.000',
      amountExcl: '12345678901234.565',
      tax: '983.45',
      amount: '8548.4',
    });
    expect(row).toMatchObject({ qty: '1,288', amountExcl: '12,345,678,901,234.57', tax: '983.45', amount: '8,548.40' });
  });
});

describe('the lines grid', () => {
  it("has the export's columns in its order, sortable where the server sorts, each with the column filter", () => {
    const columns = detailColumns(t);
    expect(columns.map((c) => c.title)).toEqual(acceptance.accDetailColumns.map((c) => `acceptance.fields.${c.field}`));
    expect(columns.filter((c) => c.sortable).map((c) => c.field)).toEqual(['billNumber', 'accDate', 'deptCode', 'goodsCode', 'amount']);
    // Bill numbers sort newest first only (the server refuses the other way); the others both ways.
    expect(columns.filter((c) => c.sortOrders).map((c) => [c.field, c.sortOrders])).toEqual([['billNumber', ['desc']]]);
    expect(columns.every((c) => c.filterable !== false)).toBe(true);
    expect(columns.find((c) => c.field === 'amount')?.type).toBe('money');
  });

  it("heads the columns with the export's Chinese titles, or in English", () => {
    expect(detailColumns(i18n.getFixedT('zh-CN')).map((c) => c.title)).toEqual(acceptance.accDetailColumns.map((c) => c.title));
    const english = detailColumns(i18n.getFixedT('en')).map((c) => c.title);
    expect(english).toContain('Amount incl. tax');
    expect(english.filter((title) => /[\u4e00-\u9fff]/.test(title))).toEqual([]);
  });

  it("keeps a price's decimals but shows at least cents", () => {
    const line = {
      price: '12.500000',
      amount: '1003.1',
      amountExcl: '887.70',
      tax: '115.40',
      acceptedQty: '80.000',
      freeQty: '0',
      taxRate: '13.00',
    } as AccDetail;
    expect(detailRow(line)).toMatchObject({ price: '12.50', amount: '1,003.10', acceptedQty: '80', freeQty: '0', taxRate: '13' });
    expect(detailRow({ ...line, price: '3.456700' })).toMatchObject({ price: '3.4567' });
  });

  it("is as tall as its rows, never below RevoGrid's minimum", () => {
    expect(gridHeight(0)).toBe(300);
    expect(gridHeight(20)).toBe(64 + 20 * 32);
  });
});
