// Columns and rows of the two grids: the summary by dimension and the receiving lines. Money and quantities
// arrive as exact decimal strings and are shown with separators, never through a float.
import { type AccDetail, type AccGroup, acceptance } from '@portal/contract';
import type { TFunction } from 'i18next';
import type { ColumnType, GridColumn, GridRow } from '../../components/data-grid';
import { formatDecimal, formatMoney } from '../../lib/format';
import type { Dimension } from './api';

const moneyFields = new Set<string>(['amountExcl', 'tax', 'amount']);
/** The lines' number fields and the summary's; money among them is told apart first. */
const numberFields = new Set<string>([...acceptance.accDetailNumberFields, 'qty', 'billCount', 'lineCount']);
const typeOf = (field: string): ColumnType =>
  moneyFields.has(field) ? 'money' : numberFields.has(field) ? 'number' : field === 'accDate' ? 'date' : 'text';

/** The grids of this page are as tall as their rows (the shared rule, without a row limit). */
export { gridHeight } from '../../components/data-grid';

/** Wide enough for the heading and its menu button, whatever width the data would need. */
const fitTitle = (c: GridColumn): GridColumn => ({ ...c, width: Math.max(c.width ?? 120, c.title.length * 16 + 56) });

const totalColumns = (t: TFunction): GridColumn[] =>
  (['billCount', 'lineCount', 'qty', 'amountExcl', 'tax', 'amount'] as const).map((field) => ({
    field,
    title: t(`acceptance.${field}`),
    type: typeOf(field),
    width: field === 'billCount' || field === 'lineCount' ? 90 : 130,
  }));

/** The summary grid: key and name of the group (one column for days and months), then the totals. */
export function groupColumns(t: TFunction, by: Dimension): GridColumn[] {
  const byTime = by === 'day' || by === 'month';
  const columns: GridColumn[] = [
    { field: 'groupKey', title: t(`acceptance.keyTitles.${by}`), width: byTime ? 110 : 100, fixed: 'left' },
    ...(byTime ? [] : [{ field: 'groupName', title: t(`acceptance.nameTitles.${by}`), width: 180 }]),
    ...totalColumns(t),
  ];
  // The server orders groups itself (time, or amount descending) and filters nothing per column.
  return columns.map((c) => fitTitle({ ...c, sortable: false, filterable: false }));
}

export function groupRow(g: AccGroup): GridRow {
  return { ...g, qty: formatDecimal(g.qty), amountExcl: formatMoney(g.amountExcl), tax: formatMoney(g.tax), amount: formatMoney(g.amount) };
}

const sortFields = new Set<string>(acceptance.accDetailSortFields);
/** Whether the server sorts the receiving lines by `field` (an index serves it): the column menu and the call agree. */
export const isDetailSortField = (field: string) => sortFields.has(field);
/** Sorts the server offers one way only (bill numbers, newest first). */
const sortOrders = new Map<string, readonly ('asc' | 'desc')[]>(Object.entries(acceptance.accDetailSortOrders));
const widths: Partial<Record<keyof AccDetail, number>> = {
  billNumber: 150,
  lineNo: 60,
  accDate: 110,
  suppCode: 90,
  deptCode: 80,
  deptName: 120,
  poBillNumber: 150,
  goodsCode: 100,
  barcode: 140,
  goodsName: 200,
  spec: 90,
  unit: 60,
  categoryCode: 80,
  categoryName: 100,
  brandCode: 80,
  brandName: 100,
  taxRate: 70,
  settleStatus: 80,
};

/** The lines grid: the export's columns, in its order; headings in the reader's language. */
export function detailColumns(t: TFunction): GridColumn[] {
  return acceptance.accDetailColumns.map(({ field }) =>
    fitTitle({
      field,
      title: t(`acceptance.fields.${field}`),
      type: typeOf(field),
      width: widths[field] ?? 110,
      ...(field === 'billNumber' ? { fixed: 'left' as const } : {}),
      sortable: isDetailSortField(field),
      ...(sortOrders.has(field) ? { sortOrders: sortOrders.get(field) } : {}),
      // The settle state is a fixed word of the product: shown in the reader's language.
      ...(field === 'settleStatus' ? { display: (value: string) => t(`acceptance.settleStates.${value}`, { defaultValue: value }) } : {}),
    }),
  );
}

/** Prices keep their own decimals (up to 6) but show at least cents. */
function priceText(value: string): string {
  const shown = formatDecimal(value);
  return (shown.split('.')[1]?.length ?? 0) >= 2 ? shown : formatMoney(value);
}

export function detailRow(d: AccDetail): GridRow {
  return {
    ...d,
    acceptedQty: formatDecimal(d.acceptedQty),
    freeQty: formatDecimal(d.freeQty),
    price: priceText(d.price),
    taxRate: formatDecimal(d.taxRate),
    amountExcl: formatMoney(d.amountExcl),
    tax: formatMoney(d.tax),
    amount: formatMoney(d.amount),
  };
}
