// The database: Kysely over a pg.Pool, on PostgreSQL (DATABASE_URL), on the embedded PostgreSQL cluster
// in DATA_DIR (the default), or on PGlite (in memory for the server tests, or in a folder when chosen).
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { type CompiledQuery, Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { copyCsv } from './copy';
import { sendPreparedByName } from './prepared';
import { SessionChangeCount } from './session-signals';
import { startEmbeddedCluster } from './embedded-postgres';
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
  /** PostgreSQL: the connection string (the embedded cluster's is over its Unix socket). */
  url?: string;
  /** Run by the portal itself (the cluster in DATA_DIR, or PGlite) rather than reached at DATABASE_URL. */
  embedded: boolean;
  /** The rows of a query as CSV written by the database itself (COPY TO STDOUT); PostgreSQL only. */
  copyCsv?: (query: CompiledQuery) => AsyncGenerator<Buffer>;
  /** Connections of each pool, for the metrics. */
  poolStats?: () => PoolStats[];
  /** Connections of the dynamic-query runner (apart from the interactive pool on PostgreSQL; PGlite's one pool). */
  reportPool: pg.Pool;
  /** PostgreSQL: statements of this process's pools that changed what decides a session (migration 0026). */
  sessionChanges?: SessionChangeCount;
  /** PostgreSQL: run by close before the pools end (connections of the database's users: the session cache's listener). */
  beforeClose?: Set<() => Promise<void>>;
  close(): Promise<void>;
}

export interface PoolStats {
  pool: 'interactive' | 'export';
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

const statsOf = (name: PoolStats['pool'], pool: pg.Pool): PoolStats => ({
  pool: name,
  max: pool.options.max,
  total: pool.totalCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
});

/** What runs the database when there is no DATABASE_URL. */
export type EmbeddedEngine = 'postgres' | 'pglite';

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** The embedded database's folder, or 'memory://' for a throw-away in-memory PGlite. */
  dataDir?: string;
  /**
   * Without databaseUrl: a PostgreSQL cluster in dataDir/postgres, or PGlite in dataDir/pgdata. Unset: PostgreSQL,
   * except in a folder holding only a PGlite database, which stays on PGlite.
   */
  embeddedEngine?: EmbeddedEngine | undefined;
  /** Told what the embedded engine does on its own (a cluster created, a stray server stopped). */
  notice?: (message: string) => void;
  poolSize?: number;
  /** PostgreSQL: connections of exports (COPY), apart from the interactive pool so they never starve it. */
  exportPoolSize?: number;
  /** PostgreSQL: longest wait to open a connection or to get one from the pool. */
  connectTimeoutMs?: number;
  /** PostgreSQL: longest run of an interactive statement (the database cancels it; the client gives up a second later). */
  statementTimeoutMs?: number;
  /** PostgreSQL: connections of the dynamic-query runner, and the longest run of one of its statements. */
  reportPoolSize?: number;
  reportTimeoutMs?: number;
}

/** Settings of both PostgreSQL pools: bounded connect and acquire waits, dead peers noticed by TCP keep-alive. */
function poolConfig(options: DatabaseOptions & { databaseUrl: string }): pg.PoolConfig {
  return { connectionString: options.databaseUrl, connectionTimeoutMillis: options.connectTimeoutMs ?? 5000, keepAlive: true };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres({ ...options, databaseUrl: options.databaseUrl });
  const dataDir = options.dataDir ?? 'memory://';
  if (dataDir.startsWith('memory://')) return openPglite(dataDir, () => {});
  const notice = options.notice ?? ((message: string) => console.warn(message));
  const engine = embeddedEngineOf(dataDir, options.embeddedEngine, notice);
  const unlock = lockDataDir(dataDir);
  try {
    if (engine === 'pglite') return await openPglite(`${dataDir}/pgdata`, unlock);
    const cluster = await startEmbeddedCluster(dataDir, notice);
    try {
      const database = await openPostgres({ ...options, databaseUrl: cluster.url });
      return {
        ...database,
        embedded: true,
        close: async () => {
          try {
            await database.close();
            await cluster.stop();
          } finally {
            unlock();
          }
        },
      };
    } catch (err) {
      await cluster.stop();
      throw err;
    }
  } catch (err) {
    unlock();
    throw err;
  }
}

function embeddedEngineOf(dataDir: string, chosen: EmbeddedEngine | undefined, notice: (message: string) => void): EmbeddedEngine {
  if (chosen) return chosen;
  if (fs.existsSync(path.join(dataDir, 'pgdata')) && !fs.existsSync(path.join(dataDir, 'postgres'))) {
    notice(
      `${dataDir} holds a PGlite database (pgdata): the portal stays on PGlite there. To move to the embedded PostgreSQL, ` +
        'start on a new DATA_DIR (EMBEDDED_ENGINE=pglite keeps this message away).',
    );
    return 'pglite';
  }
  return 'postgres';
}

async function openPostgres(options: DatabaseOptions & { databaseUrl: string }): Promise<Database> {
  const statementTimeoutMs = options.statementTimeoutMs ?? 30_000;
  const pool = new pg.Pool({
    ...poolConfig(options),
    max: options.poolSize ?? 10,
    statement_timeout: statementTimeoutMs,
    // A database that stops answering cancels nothing: the client stops waiting on its own.
    query_timeout: statementTimeoutMs + 1000,
  });
  // A COPY lasts as long as its client reads, so exports have no statement timeout but a pool of their own.
  const exportPool = new pg.Pool({ ...poolConfig(options), max: options.exportPoolSize ?? 4 });
  // An idle connection the server closed (restart, failover) is dropped from the pool; the next
  // query opens a new one. A connection lost while in use fails its query; its 'error' event is
  // logged as well. Without these listeners the 'error' events would end the process.
  // Report runs set their own statement timeout per transaction; the client gives up a second after it.
  const reportPool = new pg.Pool({
    ...poolConfig(options),
    max: options.reportPoolSize ?? 3,
    query_timeout: (options.reportTimeoutMs ?? 10_000) + 1000,
  });
  const lost = (err: Error) => console.error(`database connection lost: ${err.message}`);
  const sessionChanges = new SessionChangeCount();
  for (const p of [pool, exportPool, reportPool]) {
    p.on('error', lost);
    p.on('connect', (client) => {
      client.on('error', lost);
      sessionChanges.watch(client);
    });
  }
  pool.on('connect', sendPreparedByName);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const beforeClose = new Set<() => Promise<void>>();
  return {
    db,
    engine: 'postgres',
    url: options.databaseUrl,
    embedded: false,
    copyCsv: (query) => copyCsv(exportPool, query),
    poolStats: () => [statsOf('interactive', pool), statsOf('export', exportPool)],
    reportPool,
    sessionChanges,
    beforeClose,
    close: async () => {
      for (const task of beforeClose) await task();
      await db.destroy();
      await exportPool.end();
      await reportPool.end();
    },
  };
}

async function openPglite(dataDir: string, unlock: () => void): Promise<Database> {
  const pglite = await PGlite.create(dataDir);
  const pool = new pg.Pool(createPgConfig(pglite));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'pglite',
    embedded: true,
    poolStats: () => [statsOf('interactive', pool)],
    reportPool: pool,
    close: async () => {
      try {
        await db.destroy();
        await pglite.close();
      } finally {
        unlock();
      }
    },
  };
}

export async function migrateToLatest(db: Kysely<DB>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}

/** Whether the database answers a trivial query within timeoutMs. */
export async function ping(db: Kysely<DB>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answer = sql`SELECT 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
