// The grids of purchase orders: the list, an order's lines and its lines split into packing units. Numbers
// show as exact text; the list's texts are those the server filters on (quantities without trailing zeros).
import { type PurOrderSummary, percentOf, purchaseOrder, subtractDecimal, toUnits } from '@portal/contract';
import type { TFunction } from 'i18next';
import { type GridColumn, type GridRow, fitTitles, sortableOnly } from '../../components/data-grid';
import { formatDecimal, formatPrice, formatRate } from '../../lib/format';
import type { OrderLine, SplitLine } from './api';
import { statusClass } from './order-status';

const plainQty = (value: string) => formatDecimal(value, { max: 3, group: false });
const plainMoney = (value: string) => formatDecimal(value, { min: 2, max: 2, group: false });

const sortFields = new Set<string>(purchaseOrder.purOrderSortFields);
/** Whether the server sorts the order list by `field` (an index serves it): the grid's column menu and the call agree. */
export const isOrderSortField = (field: string) => sortFields.has(field);

export function orderColumns(t: TFunction): GridColumn[] {
  const title = (field: string) => t(`purchaseOrder.columns.${field}`);
  // The wire's Chinese words of a state, delivery mode or order type, in the user's language (unknown ones as sent).
  const wordsOf = (group: string) => (value: string) => t(`purchaseOrder.${group}.${value}`, { defaultValue: value });
  const marks = (value: string) =>
    value
      .split(',')
      .filter(Boolean)
      .map((m) => t(`purchaseOrder.marks.${m}`))
      .join(' · ');
  const columns: GridColumn[] = [
    { field: 'billNumber', title: title('billNumber'), width: 150, fixed: 'left' },
    { field: 'deptName', title: title('deptName'), width: 150 },
    {
      field: 'status',
      title: title('status'),
      width: 96,
      display: wordsOf('statuses'),
      cellClass: (row) => statusClass(String(row.status)),
    },
    { field: 'orderDate', title: title('orderDate'), type: 'date', width: 110 },
    { field: 'deliveryDate', title: title('deliveryDate'), type: 'date', width: 110 },
    { field: 'deadline', title: title('deadline'), type: 'date', width: 110 },
    { field: 'deliveryMode', title: title('deliveryMode'), width: 90, display: wordsOf('deliveryModes') },
    { field: 'orderType', title: title('orderType'), width: 80, display: wordsOf('orderTypes') },
    { field: 'categoryName', title: title('categoryName'), width: 100 },
    { field: 'lineCount', title: title('lineCount'), type: 'number', width: 80 },
    { field: 'totalQty', title: title('totalQty'), type: 'number', width: 100 },
    {
      field: 'receivedQty',
      title: title('receivedQty'),
      type: 'number',
      width: 100,
      cellClass: (row) => (row.short ? 'po-short' : undefined),
    },
    { field: 'totalAmount', title: title('totalAmount'), type: 'money', width: 120 },
    // Last: the columns the grid had before keep their places (and stay on a laptop's screen).
    {
      field: 'marks',
      title: title('marks'),
      width: 110,
      display: marks,
      sortable: false,
      filterable: false,
      cellClass: (row) => (row.marks ? 'po-mark' : undefined),
    },
  ];
  // The server sorts by the fields its indexes serve (purOrderSortFields); every column filters.
  return fitTitles(sortableOnly(purchaseOrder.purOrderSortFields, columns));
}

/** A received order with less than it asked for (ordered, then received, then short). */
const isShort = (ordered: string, received: string) => toUnits(received, 3) > 0n && toUnits(received, 3) < toUnits(ordered, 3);

/** An order's marks (overdue, changed, confirmed late) as codes the marks column shows in the user's language. */
export const marksOf = (o: Pick<PurOrderSummary, 'overdue' | 'changed' | 'late'>) =>
  [o.overdue && 'overdue', o.changed && 'changed', o.late && 'late'].filter(Boolean).join(',');

export function orderRow(o: PurOrderSummary): GridRow {
  return {
    billNumber: o.billNumber,
    marks: marksOf(o),
    deptName: o.deptName,
    status: o.status,
    orderDate: o.orderDate,
    deliveryDate: o.deliveryDate,
    deadline: o.deadline,
    deliveryMode: o.deliveryMode,
    orderType: o.orderType,
    categoryName: o.categoryName,
    lineCount: o.lineCount,
    totalQty: plainQty(o.totalQty),
    receivedQty: plainQty(o.receivedQty),
    totalAmount: plainMoney(o.totalAmount),
    short: isShort(o.totalQty, o.receivedQty) ? 1 : 0,
  };
}

export function lineColumns(t: TFunction, options: { confirmation?: boolean } = {}): GridColumn[] {
  const title = (field: string) => t(`purchaseOrder.detail.lineColumns.${field}`);
  const short = (row: GridRow) => (row.short ? 'po-short' : undefined);
  const changed = (row: GridRow) => (row.change ? 'po-changed' : undefined);
  const confirmation: GridColumn[] = options.confirmation
    ? [
        { field: 'change', title: title('change'), width: 200, cellClass: changed },
        { field: 'confirmedQty', title: title('confirmedQty'), type: 'number', width: 90 },
        { field: 'promisedDate', title: title('promisedDate'), type: 'date', width: 110 },
        { field: 'confirmNote', title: title('confirmNote'), width: 160 },
      ]
    : [];
  return fitTitles([
    { field: 'lineNo', title: title('lineNo'), type: 'number', width: 60, fixed: 'left' },
    { field: 'goodsCode', title: title('goodsCode'), width: 90 },
    { field: 'barcode', title: title('barcode'), width: 140 },
    { field: 'goodsName', title: title('goodsName'), width: 170 },
    { field: 'spec', title: title('spec'), width: 80 },
    { field: 'unit', title: title('unit'), width: 60 },
    { field: 'caseQty', title: title('caseQty'), type: 'number', width: 70 },
    { field: 'orderQty', title: title('orderQty'), type: 'number', width: 90, cellClass: changed },
    ...confirmation,
    { field: 'caseCount', title: title('caseCount'), type: 'number', width: 70 },
    { field: 'receivedQty', title: title('receivedQty'), type: 'number', width: 90, cellClass: short },
    { field: 'shortQty', title: title('shortQty'), type: 'number', width: 90, cellClass: short },
    { field: 'fillRate', title: title('fillRate'), type: 'number', width: 80, cellClass: short },
    { field: 'freeQty', title: title('freeQty'), type: 'number', width: 80 },
    { field: 'price', title: title('price'), type: 'money', width: 90 },
    { field: 'taxRate', title: title('taxRate'), width: 64 },
    { field: 'amount', title: title('amount'), type: 'money', width: 110 },
  ]);
}

/** What a line still lacks once anything was received (ordered minus received), else nothing. */
export function shortOf(line: OrderLine, received: boolean): string | null {
  if (!received) return null;
  const short = subtractDecimal(line.orderQty, line.receivedQty);
  return toUnits(short, 3) > 0n ? short : null;
}

/** What the retailer's new version changed on a line (before → now), in the user's language; '' when nothing. */
export function changeTextOf(t: TFunction, deliveryDate: string) {
  return (line: OrderLine): string => {
    if (!line.changed) return '';
    if (line.isNew) return t('purchaseOrder.detail.newLine');
    const parts: string[] = [];
    if (line.prevQty !== null && toUnits(line.prevQty, 3) !== toUnits(line.orderQty, 3))
      parts.push(t('purchaseOrder.detail.qtyChange', { from: plainQty(line.prevQty), to: plainQty(line.orderQty) }));
    if (line.prevPrice !== null && toUnits(line.prevPrice, 6) !== toUnits(line.price, 6))
      parts.push(t('purchaseOrder.detail.priceChange', { from: formatPrice(line.prevPrice), to: formatPrice(line.price) }));
    if (line.prevDeliveryDate !== null && line.prevDeliveryDate !== deliveryDate)
      parts.push(t('purchaseOrder.detail.dateChange', { from: line.prevDeliveryDate, to: deliveryDate }));
    return parts.join('; ');
  };
}

/** A line as the grid shows it; `received`: the order has had deliveries, so shortfalls count. */
export function lineRow(line: OrderLine, received: boolean, changeText: (line: OrderLine) => string = () => ''): GridRow {
  const short = shortOf(line, received);
  const rate = percentOf(line.receivedQty, line.orderQty);
  return {
    lineNo: line.lineNo,
    goodsCode: line.goodsCode,
    barcode: line.barcode,
    goodsName: line.goodsName,
    spec: line.spec,
    unit: line.unit,
    caseQty: line.caseQty,
    orderQty: plainQty(line.orderQty),
    caseCount: plainQty(line.caseCount),
    receivedQty: plainQty(line.receivedQty),
    shortQty: short ? plainQty(short) : '',
    fillRate: rate === null ? '' : `${rate}%`,
    freeQty: plainQty(line.freeQty),
    price: formatPrice(line.price),
    taxRate: formatRate(line.taxRate),
    amount: plainMoney(line.amount),
    short: short ? 1 : 0,
    change: changeText(line),
    confirmedQty: line.confirmedQty === null ? '' : plainQty(line.confirmedQty),
    promisedDate: line.promisedDate ?? '',
    confirmNote: line.confirmNote,
  };
}

export function splitColumns(t: TFunction): GridColumn[] {
  const title = (field: string) => t(`purchaseOrder.detail.splitColumns.${field}`);
  return fitTitles([
    { field: 'lineNo', title: title('lineNo'), type: 'number', width: 60 },
    { field: 'goodsCode', title: title('goodsCode'), width: 100 },
    { field: 'goodsName', title: title('goodsName'), width: 200 },
    { field: 'packUnit', title: title('packUnit'), width: 90 },
    { field: 'packQty', title: title('packQty'), type: 'number', width: 90 },
    { field: 'unitsPerPack', title: title('unitsPerPack'), type: 'number', width: 110 },
    { field: 'qty', title: title('qty'), type: 'number', width: 100 },
  ]);
}

export const splitRow = (line: SplitLine): GridRow => ({ ...line, packQty: plainQty(line.packQty), qty: plainQty(line.qty) });
