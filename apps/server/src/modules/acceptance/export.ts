// Streamed exports of receiving lines: CSV (UTF-8 with BOM, opens in Excel) and .xlsx (exceljs streaming writer).
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { acceptance, type AccDetail } from '@portal/contract';
import ExcelJS from 'exceljs';
import type { DetailRow } from './repo';

const columns = acceptance.accDetailColumns;
const numericFields = new Set<keyof AccDetail>(['lineNo', 'acceptedQty', 'freeQty', 'price', 'taxRate', 'amountExcl', 'tax', 'amount']);

function csvField(value: string | number): string {
  const text = String(value);
  // Quote what needs it; a leading = + - @ is prefixed so a spreadsheet never runs it as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvStream(batches: AsyncGenerator<DetailRow[]>): Readable {
  async function* lines() {
    yield `\uFEFF${columns.map((c) => csvField(c.title)).join(',')}\r\n`;
    for await (const batch of batches) {
      yield batch.map((row) => `${columns.map((c) => csvField(row[c.field])).join(',')}\r\n`).join('');
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

export function xlsxStream(batches: AsyncGenerator<DetailRow[]>, sheetName: string): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.title, key: c.field, width: Math.max(10, c.title.length * 2 + 2) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  (async () => {
    for await (const batch of batches) {
      for (const row of batch) {
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
