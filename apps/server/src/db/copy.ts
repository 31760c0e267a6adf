// PostgreSQL's own CSV writer: COPY (query) TO STDOUT, streamed as the server sends it.
import type { CompiledQuery } from 'kysely';
import type { PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/**
 * The query's text with its parameters written in as literals: COPY takes no bind parameters.
 * Strings go through the driver's escapeLiteral (libpq's rules); anything but strings, finite
 * numbers, booleans, dates and null is refused rather than guessed at.
 */
export function inlineParameters(query: CompiledQuery, escapeLiteral: (text: string) => string): string {
  return query.sql.replace(/\$(\d+)/g, (_match, n: string) => {
    const index = Number(n) - 1;
    if (index >= query.parameters.length) throw new Error(`COPY query: no parameter $${n}`);
    const value = query.parameters[index];
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'string') return escapeLiteral(value);
    // In brackets: `-1.5::text` would read as -(1.5::text).
    if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'bigint') return `(${String(value)})`;
    if (typeof value === 'boolean') return String(value);
    if (value instanceof Date) return escapeLiteral(value.toISOString());
    throw new Error(`COPY query: parameter $${n} of type ${typeof value} cannot be inlined`);
  });
}

const chunkBytes = 64 * 1024;

/**
 * The rows of a query as CSV (no header, LF line ends, RFC 4180 quoting), in chunks of about 64 KiB
 * as PostgreSQL sends them. The connection is held until the last chunk; a consumer that stops early (the
 * download was cancelled) ends the connection, which stops the query on the server.
 */
/** Room for an export's sort: its pool's start-up option (database.ts), or its own transaction's setting. */
export const exportWorkMem = '64MB';

export async function* copyCsv(
  pool: { connect(): Promise<PoolClient> },
  query: CompiledQuery,
  options: { ownTransaction?: boolean } = {},
): AsyncGenerator<Buffer> {
  const client = await pool.connect();
  let finished = false;
  try {
    // Behind a transaction pooler: a transaction of its own that lifts a statement_timeout set on the role and
    // gives the sort the room the export pool's start-up option gives it elsewhere (database.ts).
    if (options.ownTransaction)
      await client.query(`BEGIN READ ONLY; SET LOCAL statement_timeout = 0; SET LOCAL work_mem = '${exportWorkMem}'`);
    const text = `COPY (${inlineParameters(query, (s) => client.escapeLiteral(s))}) TO STDOUT WITH (FORMAT csv)`;
    // PostgreSQL sends a message per row: joined into larger chunks, the answer is not one HTTP chunk per row.
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    for await (const chunk of client.query(copyTo(text))) {
      pending.push(chunk as Buffer);
      pendingBytes += (chunk as Buffer).length;
      if (pendingBytes < chunkBytes) continue;
      yield Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
    }
    if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
    if (options.ownTransaction) await client.query('COMMIT');
    finished = true;
  } finally {
    client.release(!finished);
  }
}
