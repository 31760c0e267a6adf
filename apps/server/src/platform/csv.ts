// CSV downloads in one format whoever writes the rows: PostgreSQL's COPY (FORMAT csv) or, for the lists
// written in keyset batches, this code writing exactly what COPY would.
import { Readable } from 'node:stream';
import { type RawBuilder, sql } from 'kysely';

/** A field as COPY writes it: NULL empty, an empty string as "", quoted when it holds , " CR LF or is \. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (text === '') return '""';
  return /[",\r\n]/.test(text) || text === '\\.' ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRecord(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvField).join(',')}\n`;
}

/**
 * SQL: a text a spreadsheet would run as a formula (leading = + - @ tab or CR, and not a plain number
 * such as -5) gets a leading apostrophe, so that opening the file never runs it.
 */
export function spreadsheetSafe(value: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`CASE WHEN left(${value}, 1) NOT IN ('=', '+', '-', '@', E'\\t', E'\\r') THEN ${value}
    WHEN ${value} ~ '^-?[0-9]+(\\.[0-9]+)?$' THEN ${value} ELSE '''' || ${value} END`;
}

/** spreadsheetSafe for a text built outside SQL (the same rule), for the rows an export writes from code. */
export function spreadsheetSafeText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) && !/^-?[0-9]+(\.[0-9]+)?$/.test(text) ? `'${text}` : text;
}

/** Row batches written as COPY would write them, fields in the given order. */
export async function* csvRows<R extends object>(batches: AsyncIterable<R[]>, fields: readonly (keyof R)[]): AsyncGenerator<string> {
  for await (const batch of batches) {
    yield batch.map((row) => csvRecord(fields.map((f) => row[f] as string | number | null))).join('');
  }
}

/**
 * A CSV file: a byte-order mark (so Excel reads UTF-8), the header line, then the body as it comes.
 * Nothing is written before the body's first answer, so a query that fails at once sends no byte.
 */
export function csvFile(titles: readonly string[], body: AsyncIterable<string | Buffer>): Readable {
  async function* file() {
    const chunks = body[Symbol.asyncIterator]();
    try {
      const first = await chunks.next();
      yield `\uFEFF${csvRecord(titles)}`;
      for (let next = first; !next.done; next = await chunks.next()) yield next.value;
    } finally {
      await chunks.return?.();
    }
  }
  return Readable.from(file(), { objectMode: false });
}
