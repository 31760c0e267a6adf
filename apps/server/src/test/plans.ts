// What the migration tests ask of an index: the names of a table's indexes, and the plan of a query on empty tables
// with sequential and bitmap scans turned off (with no rows every scan costs alike: the plan then shows which index
// can serve the query, and whether it needs a sort step).
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../db/schema';

/** The names of `table`'s indexes, sorted. */
export async function indexNames(db: Kysely<DB>, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = ${table} ORDER BY 1`.execute(db);
  return rows.map((r) => r.name);
}

/** EXPLAIN of `query` with sequential and bitmap scans off, its lines joined. */
export function indexPlan(db: Kysely<DB>, query: RawBuilder<unknown>): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${query}`.execute(trx);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}
