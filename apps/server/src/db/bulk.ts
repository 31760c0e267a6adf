// Bulk inserts through unnest of typed arrays: one statement per batch.
import { type Kysely, sql } from 'kysely';
import type { DB } from './schema';

export type PgArrayType = 'text' | 'integer' | 'bigint' | 'numeric' | 'date' | 'boolean' | 'timestamptz';

export async function bulkInsert<T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  columns: Partial<Record<keyof DB[T] & string, PgArrayType>>,
  rows: readonly Record<string, string | number | boolean | null>[],
  batchSize = 5000,
): Promise<void> {
  const names = Object.keys(columns) as (keyof DB[T] & string)[];
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const arrays = names.map((name) => sql`${batch.map((row) => row[name] ?? null)}::${sql.raw(columns[name]!)}[]`);
    await sql`INSERT INTO ${sql.table(table)} (${sql.join(names.map((n) => sql.ref(n)))})
      SELECT * FROM unnest(${sql.join(arrays)})`.execute(db);
  }
}
