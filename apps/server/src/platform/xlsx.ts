// A streamed .xlsx file (exceljs's streaming writer) from row batches: memory stays flat. Nothing is
// written before the first batch has come, so a query that fails at once sends no byte.
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
