// A streamed .xlsx file (exceljs's streaming writer) from row batches: memory stays flat. Nothing is
// written before the first batch has come, so a query that fails at once sends no byte. And the rows of an
// uploaded .xlsx as texts, for the imports.
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';

export interface XlsxColumn<R> {
  field: keyof R & string;
  title: string;
  /** Written as a number (exact decimal strings of at most 6 decimals below 1e9 show exactly). */
  numeric?: boolean;
}

export function xlsxFile<R extends object>(batches: AsyncIterable<R[]>, sheetName: string, columns: readonly XlsxColumn<R>[]): Readable {
  const out = new PassThrough();
  (async () => {
    const rows = batches[Symbol.asyncIterator]();
    const first = await rows.next();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((c) => ({ header: c.title, key: c.field, width: Math.max(10, c.title.length * 2 + 2) }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for (let next = first; !next.done; next = await rows.next()) {
      for (const row of next.value) {
        const record = row as Record<string, unknown>;
        sheet.addRow(columns.map((c) => (c.numeric ? Number(record[c.field]) : record[c.field]))).commit();
      }
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}

/** A cell as text: a date as YYYY-MM-DD, a formula by its result, rich text joined, a hyperlink by its text, a number as written. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

/** A row of a sheet: its number (the first row is 1) and its cells' texts, 0-based by column. */
export interface SheetRow {
  row: number;
  cells: string[];
}

/**
 * The non-empty rows of a workbook's first sheet (the first tab, as Excel shows them), or null when the bytes
 * are not a readable .xlsx. Read whole with exceljs's loader, not its streaming reader: that one ends its walk
 * through the zip early now and then (about 1 in 60 small files written by exceljs itself), so the shared
 * strings and the workbook part are never read and it fails or, worse, reads the cells without their strings.
 * The uploads are capped (5 to 10 MB), so the whole file in memory is bounded.
 */
export async function firstSheetRows(bytes: Buffer): Promise<SheetRow[] | null> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types its argument as an ArrayBuffer; a Node Buffer is what it reads.
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return null;
  }
  const sheet = workbook.worksheets[0];
  const rows: SheetRow[] = [];
  sheet?.eachRow((row, number) => {
    // exceljs's values are 1-based (index 0 empty).
    const values = (Array.isArray(row.values) ? row.values.slice(1) : []) as ExcelJS.CellValue[];
    rows.push({ row: number, cells: Array.from(values, cellText) });
  });
  return rows;
}
