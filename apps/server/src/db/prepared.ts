// Statements that nearly every request runs (the session lookup) as named prepared statements on PostgreSQL:
// parsed and planned once per connection instead of once per request. Planning the session lookup took
// about 0.3 ms of the database's time, more than running it, and more than the whole bill list page.
// Only for statements of a fixed shape: each marked SQL text stays prepared on every connection.
import type { Compilable, Kysely, QueryResult } from 'kysely';
import type pg from 'pg';

const statementNames = new Map<string, string>();

/** Runs a query as a named prepared statement where the pool knows them (PostgreSQL), else as usual. */
export async function executePrepared<R, D>(db: Kysely<D>, query: Compilable<R>): Promise<QueryResult<R>> {
  const compiled = query.compile();
  if (!statementNames.has(compiled.sql)) statementNames.set(compiled.sql, `portal_prepared_${statementNames.size + 1}`);
  return db.executeQuery(compiled);
}

/** Makes a pool's client send the texts executePrepared marked as named statements (pg prepares each once). */
export function sendPreparedByName(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    const name = typeof text === 'string' && Array.isArray(values) && args.length === 2 ? statementNames.get(text) : undefined;
    return name ? query({ name, text, values }) : query(...args);
  };
}
