import { type BillSummary, type CheckDetail, type CostDocument, type RateTotal, settlement } from '@portal/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { statusClass } from './bill-status';
import i18n from '../../i18n';
import { billColumns, billRow, chargeColumns, checkRow, lineRow } from './columns';
import { sumOf } from './totals-table';

/** Answers the key itself, so rows show which text they asked for. */
const t = ((key: string) => key) as unknown as TFunction;

const bill: BillSummary = {
  samBillNum: 'JS202506-0008',
  billKind: 'normal',
  suppCode: 'V100238',
  suppName: '上海禾丰食品有限公司',
  nodeCode: 'U01',
  nodeName: '华联优选超市(上海)有限公司',
  periodStart: '2025-05-01',
  periodEnd: '2025-05-31',
  dueDate: '2025-07-15',
  status: '已审核',
  goodsAmount: '128450.60',
  returnAmount: '-1236.40',
  chargeAmount: '-7881.01',
  prepayAmount: '-20000.00',
  payableAmount: '99333.19',
  paidAmount: '0.00',
  unpaidAmount: '99333.19',
  invoiceAmount: '0.00',
  lineCount: 42,
  remark: '',
  version: 3,
  createdBy: '100001',
  createdAt: '2025-06-03 09:12:45', // the retailer's wall clock, as the server writes it
  updatedAt: '2025-06-03T09:12:45.123Z',
};

describe('settlement grids', () => {
  it('shows a bill with its money exactly as the server sent it, ungrouped for the server-side filters', () => {
    expect(billRow(bill)).toMatchObject({
      goodsAmount: '128450.60',
      returnAmount: '-1236.40',
      prepayAmount: '-20000.00',
      payableAmount: '99333.19',
      createdAt: '2025-06-03 09:12:45',
    });
  });

  it('marks a picked document and a disputed charge', () => {
    const doc: CostDocument = {
      sourceType: 'charge',
      sourceId: 'FY20250601-0003',
      deptCode: 'S0101',
      deptName: '上海虹口店',
      docDate: '2025-06-01',
      dueDate: '2025-07-15',
      taxRates: '6',
      amount: '-2000.00',
      amountExcl: '-1886.79',
      tax: '-113.21',
      note: 'DM海报费 6月档',
      settleStatus: '未结算',
      samBillNum: '',
      disputed: true,
    };
    expect(lineRow(t, doc, true, '异议中')).toMatchObject({
      picked: '✓',
      sourceType: 'settlement.sourceTypes.charge',
      taxRates: '6%',
      amount: '-2000.00',
      note: '【异议中】DM海报费 6月档',
      disputed: 1,
    });
    expect(lineRow(t, { ...doc, disputed: false }, false)).toMatchObject({ picked: '', note: 'DM海报费 6月档', disputed: 0 });
  });

  it('colours states, striking out void bills', () => {
    expect(statusClass('已支付')).toBe('sam-tone-green');
    expect(statusClass('作废')).toBe('sam-tone-default sam-void');
    expect(statusClass('unknown')).toBe('sam-tone-default');
  });

  it('leaves the quantities of a charge blank on 对账明细 (no goods), a receiving note showing its own', () => {
    const check = (c: Partial<CheckDetail>): CheckDetail => ({
      sourceType: 'charge',
      sourceId: 'FY20260801-0002',
      deptCode: 'S0101',
      deptName: '上海虹口店',
      docDate: '2026-08-01',
      poBillNumber: '',
      orderedQty: null,
      deliveredQty: null,
      documentAmount: '-2000.00',
      billedAmount: '-2000.00',
      difference: '0.00',
      ...c,
    });
    expect(checkRow(t, check({}))).toMatchObject({ orderedQty: '', deliveredQty: '' });
    expect(checkRow(t, check({ sourceType: 'receiving', orderedQty: '120', deliveredQty: '118.5' }))).toMatchObject({
      orderedQty: '120',
      deliveredQty: '118.5',
    });
  });

  it('adds the totals of every tax rate in exact cents', () => {
    const row = (taxRate: string | null, payableAmount: string) =>
      ({
        taxRate,
        payableAmount,
        goodsAmount: '0',
        returnAmount: '0',
        chargeAmount: '0',
        prepayAmount: '0',
        payableExcl: '0',
        payableTax: '0',
        invoiceAmount: '0',
      }) as RateTotal;
    expect(sumOf([row('13', '0.10'), row('9', '0.20'), row(null, '-0.30')], 'payableAmount')).toBe('0.00');
    expect(sumOf([row('13', '118566.20'), row('6', '-7881.01'), row(null, '-20000.00')], 'payableAmount')).toBe('90685.19');
  });
});

describe('fixed words of the charge grid in the reader language', () => {
  it('shows charge types and states in English for English, as stored for Chinese, and an unknown type as it is', () => {
    const cell = (language: string, field: string, value: string) =>
      chargeColumns(i18n.getFixedT(language), true).find((c) => c.field === field)!.display!(value);
    expect(cell('en', 'chargeType', '价差')).toBe('Price difference');
    expect(cell('en', 'chargeType', 'DM海报费')).toBe('DM flyer fee');
    expect(cell('en', 'chargeType', '自定义费用')).toBe('自定义费用');
    expect(cell('en', 'settleStatus', '结算中')).toBe('In a bill');
    expect(cell('zh-CN', 'chargeType', '价差')).toBe('价差');
    expect(cell('zh-CN', 'disputeStatus', '异议中')).toBe('异议中');
  });
});

describe('the sorts the grids offer', () => {
  it('lets only the columns the server sorts by an index sort; every other column filters', () => {
    const sortable = (columns: { field: string; sortable?: boolean }[]) => columns.filter((c) => c.sortable !== false).map((c) => c.field);
    expect(sortable(billColumns(t, true)).sort()).toEqual([...settlement.billSortFields].sort());
    expect(sortable(chargeColumns(t, true)).sort()).toEqual([...settlement.chargeSortFields].sort());
    expect(billColumns(t, true).find((c) => c.field === 'suppName')?.filterable).not.toBe(false);
  });
});
