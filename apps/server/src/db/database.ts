// The database: Kysely over a pg.Pool, on PostgreSQL (DATABASE_URL) or on PGlite in a folder.
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { type CompiledQuery, Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { copyCsv } from './copy';
import { lockDataDir } from './lock';
import { migrationProvider } from './migrations/index';
import type { DB } from './schema';

// DATE stays 'YYYY-MM-DD' (no time-zone shift); int8 (counts, sums of integers) becomes a number
// where it is safe; numeric stays a string so money is exact.
pg.types.setTypeParser(pg.types.builtins.DATE, (v: string) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => {
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : v;
});

export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /** The rows of a query as CSV written by the database itself (COPY TO STDOUT); PostgreSQL only. */
  copyCsv?: (query: CompiledQuery) => AsyncGenerator<Buffer>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** A folder for PGlite, or 'memory://' for a throw-away in-memory database. */
  dataDir?: string;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection the server closed (restart, failover) is dropped from the pool; the next
    // query opens a new one. Without a listener the 'error' event would end the process.
    pool.on('error', (err) => console.error(`database connection lost: ${err.message}`));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', copyCsv: (query) => copyCsv(pool, query), close: () => db.destroy() };
  }
  const dataDir = options.dataDir ?? 'memory://';
  const inMemory = dataDir.startsWith('memory://');
  const unlock = inMemory ? () => {} : lockDataDir(dataDir);
  try {
    const pglite = await PGlite.create(inMemory ? dataDir : `${dataDir}/pgdata`);
    const pool = new pg.Pool(createPgConfig(pglite));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      engine: 'pglite',
      close: async () => {
        await db.destroy();
        await pglite.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

export async function migrateToLatest(db: Kysely<DB>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}

export async function ping(db: Kysely<DB>): Promise<boolean> {
  try {
    await sql`SELECT 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
