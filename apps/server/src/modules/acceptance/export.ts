// Streamed exports of receiving lines: CSV (UTF-8 with BOM, opens in Excel) and .xlsx (exceljs streaming writer).
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { acceptance, type AccDetail } from '@portal/contract';
import ExcelJS from 'exceljs';
import { csvFile, csvRows } from '../../platform/csv';

const columns = acceptance.accDetailColumns;
const numericFields = new Set<keyof AccDetail>(acceptance.accDetailNumberFields);

/**
 * The CSV file: the rows come as CSV from the database's COPY where there is one, or as batches of
 * rows written here the same way.
 */
export function csvStream(rows: { copy: AsyncIterable<Buffer> } | { batches: AsyncIterable<AccDetail[]> }): Readable {
  const body =
    'copy' in rows
      ? rows.copy
      : csvRows(
          rows.batches,
          columns.map((c) => c.field),
        );
  return csvFile(
    columns.map((c) => c.title),
    body,
  );
}

/** The .xlsx file; nothing is written before the first batch has come, so a query that fails at once sends no byte. */
export function xlsxStream(batches: AsyncIterable<AccDetail[]>, sheetName: string): Readable {
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
        // Excel keeps numbers as doubles; values with at most 6 decimals below 1e9 show exactly.
        sheet.addRow(columns.map((c) => (numericFields.has(c.field) ? Number(row[c.field]) : row[c.field]))).commit();
      }
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
