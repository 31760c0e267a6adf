// Streamed exports of receiving lines: CSV (UTF-8 with BOM, opens in Excel) and .xlsx (platform/xlsx.ts).
import type { Readable } from 'node:stream';
import { acceptance, type AccDetail } from '@portal/contract';
import { csvFile, csvRows } from '../../platform/csv';
import { xlsxFile } from '../../platform/xlsx';

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

/** The .xlsx file, numbers as numbers. */
export function xlsxStream(batches: AsyncIterable<AccDetail[]>, sheetName: string): Readable {
  return xlsxFile(
    batches,
    sheetName,
    columns.map((c) => ({ field: c.field, title: c.title, numeric: numericFields.has(c.field) })),
  );
}
