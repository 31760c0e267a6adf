// Bulk inserts through unnest of typed arrays: one statement per batch; and a bulk load's transaction, audited once.
import { type Kysely, type Transaction, sql } from 'kysely';
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

/**
 * Runs `work` as one bulk load (migration 0048): a transaction of its own in which the audit triggers stand back,
 * and one audit entry of the system for the whole of it, `detail` naming the job. For the tools that grow data for
 * benchmarks; the demo seed and integration batches audit their own way.
 */
export async function bulkLoad<T>(
  db: Kysely<DB>,
  tenantId: string,
  detail: Record<string, unknown>,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL portal.audit_bulk = 'on'`.execute(trx);
    const result = await work(trx);
    await trx
      .insertInto('audit_entry')
      .values({ tenant_id: tenantId, kind: 'change', action: 'seed', actor_kind: 'system', detail: JSON.stringify(detail) })
      .execute();
    return result;
  });
}
