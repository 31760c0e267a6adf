// A list's export as a download: CSV (UTF-8 with BOM, opens in Excel) or .xlsx, from row batches, or for
// CSV from PostgreSQL's COPY, which writes the same bytes. One shape for every list that exports.
import { type Language, type Titled, labelOf, titleIn } from '@portal/contract';
import { csvFile, csvRows } from './csv';
import { businessDay } from './clock';
import type { Download } from './route';
import { type XlsxColumn, xlsxFile } from './xlsx';

export const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const csvType = 'text/csv; charset=utf-8';

/** A file name of a list and the business day (China time): `结算单_20260315`. */
export const datedName = (title: string, now: Date) => `${title}_${businessDay(now).replaceAll('-', '')}`;

/** A sheet name Excel accepts: at most 31 characters, none of \ / ? * [ ] :. */
export const sheetNameOf = (title: string) => title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31);

/** A field's fixed values (stored text or code) with their labels in each language; a language without a map keeps the value. */
export type FieldLabels = Readonly<Partial<Record<Language, Readonly<Partial<Record<string, string>>>>>>;

/**
 * Row batches with fixed values of the product (states, types) in the export's language: each named field's
 * value becomes its label from the contract in that language (a value without one stays as it is). A state
 * stored as its Chinese word needs only its English labels; a kind stored as a code needs both.
 */
export async function* labelledRows<R extends object>(
  batches: AsyncIterable<R[]>,
  language: Language,
  labels: { readonly [F in keyof R]?: FieldLabels },
): AsyncGenerator<R[]> {
  const fields = Object.entries(labels).flatMap(([field, byLanguage]) => {
    const inLanguage = (byLanguage as FieldLabels)[language];
    return inLanguage ? [[field as keyof R, inLanguage] as const] : [];
  });
  for await (const batch of batches) {
    if (fields.length === 0) {
      yield batch;
      continue;
    }
    yield batch.map((row) => {
      const out = { ...row };
      for (const [field, label] of fields) {
        const value = row[field];
        if (typeof value === 'string') out[field] = labelOf(value, label) as R[keyof R];
      }
      return out;
    });
  }
}

/** A list's columns (field, Chinese and English titles) as an export writes them: titled in the language, numbers marked. */
export const exportColumnsIn = <C extends Titled & { field: string }>(
  columns: readonly C[],
  language: Language,
  numeric: (column: C) => boolean,
): { field: C['field']; title: string; numeric: boolean }[] =>
  columns.map((c) => ({ field: c.field, title: titleIn(language, c), numeric: numeric(c) }));

export interface ListExport<R extends object> {
  format: 'csv' | 'xlsx';
  /** The file's name without its extension; also the sheet's name. */
  name: string;
  /** The sheet's name where it is not the file's (default: the file's, made acceptable). */
  sheet?: string;
  columns: readonly XlsxColumn<R>[];
  /** The rows in batches, or (CSV only) the file's body as COPY wrote it. */
  rows: { batches: AsyncIterable<R[]> } | { copy: AsyncIterable<Buffer> };
}

export function listExport<R extends object>({ format, name, sheet, columns, rows }: ListExport<R>): Download {
  if (format === 'xlsx') {
    if (!('batches' in rows)) throw new Error('an .xlsx export needs row batches');
    return { fileName: `${name}.xlsx`, contentType: xlsxType, body: xlsxFile(rows.batches, sheetNameOf(sheet ?? name), columns) };
  }
  const body =
    'copy' in rows
      ? rows.copy
      : csvRows(
          rows.batches,
          columns.map((c) => c.field),
        );
  return {
    fileName: `${name}.csv`,
    contentType: csvType,
    body: csvFile(
      columns.map((c) => c.title),
      body,
    ),
  };
}
