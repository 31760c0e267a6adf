// The grids of settlement: bills, a bill's lines and the documents to pick, reconciliation lines and charges.
// Money shows as the server's exact strings with two places, ungrouped where the server filters on the text.
import type { BillLine, BillSummary, Charge, CostDocument } from '@portal/contract';
import { settlement } from '@portal/contract';
import type { TFunction } from 'i18next';
import { type GridColumn, type GridRow, fitTitles, sortableOnly } from '../../components/data-grid';
import { formatDecimal, formatQty, formatTime } from '../../lib/format';
import { statusClass } from './bill-status';

type CheckDetail = settlement.CheckDetail;

export const plainMoney = (value: string) => formatDecimal(value, { min: 2, max: 2, group: false });
/** About how wide a text is drawn in the grid's font (CJK characters full width, Latin about half). */
const textWidth = (text: string) => [...text].reduce((w, c) => w + (/[\u2e80-\u9fff\uff00-\uffef]/.test(c) ? 14 : 7.5), 0);
/** A column of fixed words wide enough for its longest word in the reader's language, and at least `min`. */
const wordsWidth = (labels: readonly string[], min: number) => Math.max(min, Math.ceil(Math.max(...labels.map(textWidth))) + 32);

const negative = (field: string) => (row: GridRow) => (String(row[field] ?? '').startsWith('-') ? 'sam-negative' : undefined);

export function billColumns(t: TFunction, staff: boolean): GridColumn[] {
  const title = (field: string) => t(`settlement.columns.${field}`);
  const money = (field: string, width = 110): GridColumn => ({
    field,
    title: title(field),
    type: 'money',
    width,
    cellClass: negative(field),
  });
  return fitTitles(
    sortableOnly(settlement.billSortFields, [
      { field: 'samBillNum', title: title('samBillNum'), width: 150, fixed: 'left' },
      ...(staff
        ? [
            { field: 'suppCode', title: title('suppCode'), width: 90 },
            { field: 'suppName', title: title('suppName'), width: 180 },
          ]
        : []),
      {
        field: 'status',
        title: title('status'),
        width: wordsWidth(
          settlement.billStatuses.map((s) => t(`settlement.states.${s}`)),
          90,
        ),
        display: (value) => t(`settlement.states.${value}`, { defaultValue: value }),
        cellClass: (row) => statusClass(String(row.status)),
      },
      { field: 'nodeName', title: title('nodeName'), width: 200 },
      { field: 'periodStart', title: title('periodStart'), type: 'date', width: 105 },
      { field: 'periodEnd', title: title('periodEnd'), type: 'date', width: 105 },
      { field: 'dueDate', title: title('dueDate'), type: 'date', width: 105 },
      money('goodsAmount', 120),
      { ...money('returnAmount'), sortable: false, filterable: false },
      { ...money('chargeAmount'), sortable: false, filterable: false },
      { ...money('prepayAmount'), sortable: false, filterable: false },
      money('payableAmount', 120),
      money('paidAmount'),
      money('unpaidAmount'),
      { field: 'lineCount', title: title('lineCount'), type: 'number', width: 80, sortable: false, filterable: false },
      { field: 'createdAt', title: title('createdAt'), width: 150 },
    ]),
  );
}

export function billRow(b: BillSummary): GridRow {
  return {
    samBillNum: b.samBillNum,
    suppCode: b.suppCode,
    suppName: b.suppName,
    status: b.status,
    nodeName: b.nodeName,
    periodStart: b.periodStart,
    periodEnd: b.periodEnd,
    dueDate: b.dueDate,
    goodsAmount: plainMoney(b.goodsAmount),
    returnAmount: plainMoney(b.returnAmount),
    chargeAmount: plainMoney(b.chargeAmount),
    prepayAmount: plainMoney(b.prepayAmount),
    payableAmount: plainMoney(b.payableAmount),
    paidAmount: plainMoney(b.paidAmount),
    unpaidAmount: plainMoney(b.unpaidAmount),
    lineCount: b.lineCount,
    createdAt: formatTime(b.createdAt),
  };
}

/** A bill's lines, or (with `picking`) the documents to pick from, with a column saying which are picked. */
export function lineColumns(t: TFunction, picking = false): GridColumn[] {
  const title = (field: string) => t(`settlement.lineColumns.${field}`);
  return fitTitles([
    ...(picking
      ? [
          {
            field: 'picked',
            title: title('picked'),
            width: 60,
            fixed: 'left' as const,
            cellClass: (row: GridRow) => (row.picked ? 'sam-picked' : undefined),
          },
        ]
      : []),
    { field: 'sourceType', title: title('sourceType'), width: 90 },
    { field: 'sourceId', title: title('sourceId'), width: 160, cellClass: (row) => (row.disputed ? 'sam-disputed' : undefined) },
    { field: 'deptName', title: title('deptName'), width: 130 },
    { field: 'docDate', title: title('docDate'), type: 'date', width: 105 },
    { field: 'dueDate', title: title('dueDate'), type: 'date', width: 105 },
    { field: 'taxRates', title: title('taxRates'), width: 70 },
    { field: 'amount', title: title('amount'), type: 'money', width: 120, cellClass: negative('amount') },
    { field: 'amountExcl', title: title('amountExcl'), type: 'money', width: 120, cellClass: negative('amountExcl') },
    { field: 'tax', title: title('tax'), type: 'money', width: 100, cellClass: negative('tax') },
    { field: 'note', title: title('note'), width: 200 },
  ]);
}

/** Tax rates of a document as percentages ('9,13' -> '9%,13%'). */
export const ratesText = (text: string) =>
  text
    ? text
        .split(',')
        .map((r) => `${formatDecimal(r, { max: 2 })}%`)
        .join(',')
    : '';

export function lineRow(t: TFunction, line: BillLine | CostDocument, picked?: boolean, disputedText?: string): GridRow {
  const disputed = 'disputed' in line && line.disputed;
  return {
    ...(picked === undefined ? {} : { picked: picked ? '✓' : '' }),
    sourceType: t(`settlement.sourceTypes.${line.sourceType}`),
    sourceId: line.sourceId,
    deptName: line.deptName,
    docDate: line.docDate,
    dueDate: line.dueDate,
    taxRates: ratesText(line.taxRates),
    amount: plainMoney(line.amount),
    amountExcl: plainMoney(line.amountExcl),
    tax: plainMoney(line.tax),
    note: disputed && disputedText ? `【${disputedText}】${line.note}` : line.note,
    disputed: disputed ? 1 : 0,
  };
}

export function checkColumns(t: TFunction): GridColumn[] {
  const title = (field: string) => t(`settlement.checkColumns.${field}`);
  return fitTitles([
    { field: 'sourceType', title: title('sourceType'), width: 90 },
    { field: 'sourceId', title: title('sourceId'), width: 160 },
    { field: 'deptName', title: title('deptName'), width: 130 },
    { field: 'docDate', title: title('docDate'), type: 'date', width: 105 },
    { field: 'poBillNumber', title: title('poBillNumber'), width: 160 },
    { field: 'orderedQty', title: title('orderedQty'), type: 'number', width: 90 },
    { field: 'deliveredQty', title: title('deliveredQty'), type: 'number', width: 90 },
    { field: 'documentAmount', title: title('documentAmount'), type: 'money', width: 120, cellClass: negative('documentAmount') },
    { field: 'billedAmount', title: title('billedAmount'), type: 'money', width: 120, cellClass: negative('billedAmount') },
    {
      field: 'difference',
      title: title('difference'),
      type: 'money',
      width: 100,
      cellClass: (row) => (/^-?0*(\.0*)?$/.test(String(row.difference)) ? undefined : 'sam-disputed'),
    },
  ]);
}

export function checkRow(t: TFunction, c: CheckDetail): GridRow {
  return {
    sourceType: t(`settlement.sourceTypes.${c.sourceType}`),
    sourceId: c.sourceId,
    deptName: c.deptName,
    docDate: c.docDate,
    poBillNumber: c.poBillNumber,
    orderedQty: formatQty(c.orderedQty),
    deliveredQty: formatQty(c.deliveredQty),
    documentAmount: plainMoney(c.documentAmount),
    billedAmount: plainMoney(c.billedAmount),
    difference: plainMoney(c.difference),
  };
}

export function chargeColumns(t: TFunction, staff: boolean): GridColumn[] {
  const title = (field: string) => t(`settlement.charges.columns.${field}`);
  return fitTitles(
    sortableOnly(settlement.chargeSortFields, [
      { field: 'chargeCode', title: title('chargeCode'), width: 150, fixed: 'left' },
      ...(staff ? [{ field: 'suppName', title: title('suppName'), width: 180 }] : []),
      { field: 'deptName', title: title('deptName'), width: 130 },
      {
        field: 'chargeType',
        title: title('chargeType'),
        width: wordsWidth(
          settlement.chargeTypes.map((s) => t(`settlement.charges.chargeTypes.${s}`)),
          100,
        ),
        display: (value) => t(`settlement.charges.chargeTypes.${value}`, { defaultValue: value }),
      },
      { field: 'chargeName', title: title('chargeName'), width: 170 },
      { field: 'period', title: title('period'), width: 90 },
      { field: 'direction', title: title('direction'), width: 70, filterable: false },
      { field: 'signedAmount', title: title('signedAmount'), type: 'money', width: 120, cellClass: negative('signedAmount') },
      { field: 'taxRate', title: title('taxRate'), width: 70 },
      { field: 'chargeDate', title: title('chargeDate'), type: 'date', width: 105 },
      {
        field: 'settleStatus',
        title: title('settleStatus'),
        width: 90,
        display: (value) => t(`settlement.charges.settleStates.${value}`, { defaultValue: value }),
      },
      {
        field: 'disputeStatus',
        title: title('disputeStatus'),
        width: 90,
        display: (value) => t(`settlement.charges.disputeStates.${value}`, { defaultValue: value }),
        cellClass: (row) => (row.disputeStatus === '异议中' ? 'sam-disputed' : undefined),
      },
      { field: 'samBillNum', title: title('samBillNum'), width: 150 },
    ]),
  );
}

export function chargeRow(t: TFunction, c: Charge): GridRow {
  return {
    chargeCode: c.chargeCode,
    suppName: c.suppName,
    deptName: c.deptName,
    chargeType: c.chargeType,
    chargeName: c.chargeName,
    period: c.period,
    direction: t(`settlement.charges.directions.${c.direction}`),
    signedAmount: plainMoney(c.signedAmount),
    taxRate: `${formatDecimal(c.taxRate, { max: 2 })}%`,
    chargeDate: c.chargeDate,
    settleStatus: c.settleStatus,
    disputeStatus: c.disputeStatus,
    samBillNum: c.samBillNum,
  };
}
