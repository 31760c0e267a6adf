// The database: Kysely over a pg.Pool, on PostgreSQL: the embedded cluster in DATA_DIR (the default) or the
// server at DATABASE_URL. A data folder that still holds a PGlite database (earlier releases) is refused with
// how to move it.
import { type CompiledQuery, Kysely, Migrator, PostgresDialect, type PostgresPool, sql } from 'kysely';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { auditedConnect } from './audit-context';
import { copyCsv, exportWorkMem } from './copy';
import { sendPreparedByName } from './prepared';
import { EmbeddedPostgresError, startEmbeddedCluster } from './embedded-postgres';
import { lockDataDir } from './lock';
import { migrationProvider } from './migrations/index';
import { DatabaseUnresponsiveError, Responsiveness } from './responsiveness';
import type { DB } from './schema';

// DATE stays 'YYYY-MM-DD' (no time-zone shift); int8 (counts, sums of integers) becomes a number
// where it is safe; numeric stays a string so money is exact.
pg.types.setTypeParser(pg.types.builtins.DATE, (v: string) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => {
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : v;
});

/** Where connections come from: a pool whose connect fails at once while the database does not answer. */
export interface ConnectionSource {
  connect(): Promise<pg.PoolClient>;
  /**
   * Its connections keep named prepared statements from one transaction to the next (not behind a transaction
   * pooler, which hands a server connection to another client in between).
   */
  namedStatements?: boolean;
}

export interface Database {
  db: Kysely<DB>;
  /**
   * Where reports, exports, query pages and dashboards read: the read-only connection (a replica) at
   * DATABASE_READ_URL, else `db` itself. Never for what a user reads back after a change (it may lag).
   */
  readDb: Kysely<DB>;
  /** The connection string (the embedded cluster's is over its Unix socket). */
  url: string;
  /** Run by the portal itself (the cluster in DATA_DIR) rather than reached at DATABASE_URL. */
  embedded: boolean;
  /** The rows of a query as CSV written by the database itself (COPY TO STDOUT). */
  copyCsv: (query: CompiledQuery) => AsyncGenerator<Buffer>;
  /** Connections of each pool, for the metrics. */
  poolStats: () => PoolStats[];
  /** Connections of the dynamic-query runner, apart from the interactive pool. */
  reportPool: ConnectionSource;
  /** Whether the database answers (false: calls are refused at once with 503 until a probe answers again). */
  responsiveness: Responsiveness;
  close(): Promise<void>;
}

export interface PoolStats {
  pool: 'interactive' | 'export' | 'read';
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

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** A read-only connection (a replica) for reports, exports, query pages and dashboards; needs databaseUrl. */
  databaseReadUrl?: string | undefined;
  /**
   * The connection strings lead to a transaction-pooling PgBouncer: no named prepared statements, no start-up
   * parameters beyond what it accepts (statement_timeout), the audit actor set per transaction.
   */
  transactionPooling?: boolean | undefined;
  /** Without databaseUrl: the folder of the embedded cluster (DATA_DIR/postgres). */
  dataDir?: string;
  /** The embedded cluster's shared_buffers (EMBEDDED_PG_SHARED_BUFFERS); unset: defaultSharedBuffers. */
  embeddedSharedBuffers?: string | undefined;
  /** Told what the embedded cluster does on its own (a cluster created, a stray server stopped). */
  notice?: (message: string) => void;
  poolSize?: number;
  /** Connections of exports (COPY), apart from the interactive pool so they never starve it. */
  exportPoolSize?: number;
  /** Longest wait to open a connection or to get one from the pool. */
  connectTimeoutMs?: number;
  /** Longest run of an interactive statement (the database cancels it; the client gives up a second later). */
  statementTimeoutMs?: number;
  /** Connections of the dynamic-query runner, and the longest run of one of its statements. */
  reportPoolSize?: number;
  reportTimeoutMs?: number;
}

/** Settings of the PostgreSQL pools: bounded connect and acquire waits, dead peers noticed by TCP keep-alive. */
function poolConfig(options: DatabaseOptions & { databaseUrl: string }): pg.PoolConfig {
  return { connectionString: options.databaseUrl, connectionTimeoutMillis: options.connectTimeoutMs ?? 5000, keepAlive: true };
}

/** Thrown on start when DATA_DIR holds a PGlite database (earlier releases), with how to move it. */
export class PgliteFolderError extends EmbeddedPostgresError {}

/** The message for a DATA_DIR that holds an earlier release's PGlite database and no PostgreSQL cluster. */
export function pgliteFolderMessage(dataDir: string): string {
  return [
    `${dataDir} holds a PGlite database (pgdata/), written by an earlier release of the portal. This release runs on`,
    'PostgreSQL only (the embedded cluster in DATA_DIR/postgres, or DATABASE_URL) and does not read PGlite.',
    'To move its data to PostgreSQL (pgdata/ itself is not changed), from the portal folder:',
    '  1. npm install --no-save @electric-sql/pglite@0.5.16',
    `  2. DATA_DIR=${dataDir} npm run backup -- --from-pglite backups/from-pglite.backup.gz`,
    `  3. mv ${path.join(dataDir, 'pgdata')} ${path.join(dataDir, 'pgdata.moved')}`,
    `  4. DATA_DIR=${dataDir} npm run restore -- backups/from-pglite.backup.gz`,
    '  5. start the portal again.',
  ].join('\n');
}

/**
 * Responsiveness's probe: SELECT 1 on a connection of its own, opened at once and kept between probes (a busy
 * server may be slow to start a new backend), dropped when a probe fails.
 */
function prober(url: string, connectTimeoutMs: number): { probe: (timeoutMs: number) => Promise<boolean>; close: () => Promise<void> } {
  let client: Promise<pg.Client> | undefined;
  const connect = (timeoutMs: number) => {
    const fresh = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
    fresh.on('error', () => undefined); // a lost probe connection fails its next probe and is replaced
    const connected = fresh.connect().then(() => fresh);
    connected.catch(() => undefined);
    return connected;
  };
  const drop = async () => {
    const old = client;
    client = undefined;
    await old?.then((c) => c.end()).catch(() => undefined);
  };
  client = connect(connectTimeoutMs);
  const probe = async (timeoutMs: number) => {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    client ??= connect(timeoutMs);
    const answered = client
      .then((c) => c.query('SELECT 1'))
      .then(
        () => true,
        () => false,
      );
    try {
      const ok = await Promise.race([answered, timedOut]);
      if (!ok) void drop();
      return ok;
    } finally {
      clearTimeout(timer);
    }
  };
  return { probe, close: drop };
}

/** Makes every promise of a client's queries wait under `watch`: failed at once when the database stops answering. */
function watchQueries(client: pg.PoolClient, watch: Responsiveness): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    if (!watch.responsive) return Promise.reject(new DatabaseUnresponsiveError());
    const result = query(...args);
    if (!(result instanceof Promise)) return result;
    // The connection of a failed query is ended (pg closes its socket): the pool drops it on release.
    return watch.watch(() => result, { onFail: () => void client.end().catch(() => undefined) });
  };
}

/** A pool's connect under `watch`: refused at once while the database does not answer; a connection acquired too late goes back. */
function watchedConnect(pool: pg.Pool, watch: Responsiveness): () => Promise<pg.PoolClient> {
  return () => watch.watch(() => pool.connect(), { onLate: (client) => client.release() });
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres({ ...options, databaseUrl: options.databaseUrl });
  if (!options.dataDir) throw new Error('openDatabase: a databaseUrl or a dataDir');
  const dataDir = options.dataDir;
  if (fs.existsSync(path.join(dataDir, 'pgdata')) && !fs.existsSync(path.join(dataDir, 'postgres')))
    throw new PgliteFolderError(pgliteFolderMessage(dataDir));
  const notice = options.notice ?? ((message: string) => console.warn(message));
  const unlock = lockDataDir(dataDir);
  try {
    const cluster = await startEmbeddedCluster(dataDir, notice, [], options.embeddedSharedBuffers);
    try {
      // The embedded cluster has no replica: everything reads on it.
      const database = await openPostgres({ ...options, databaseUrl: cluster.url, databaseReadUrl: undefined });
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

// An idle connection the server closed (restart, failover) is dropped from the pool; the next query opens a new one
// (through HAProxy: on the new primary). A connection lost while in use fails its query; its 'error' event is logged
// as well. Without these listeners the 'error' events would end the process.
const lost = (err: Error) => console.error(`database connection lost: ${err.message}`);

/** Pools answer connection errors by dropping the connection, never by ending the process. */
function listened(pool: pg.Pool): pg.Pool {
  pool.on('error', lost);
  pool.on('connect', (client) => {
    client.on('error', lost);
  });
  return pool;
}

/** The interactive pool's settings: a statement timeout (a start-up parameter a transaction pooler refuses: then none). */
function interactiveConfig(options: DatabaseOptions & { databaseUrl: string }, max: number): pg.PoolConfig {
  const statementTimeoutMs = options.statementTimeoutMs ?? 30_000;
  return {
    ...poolConfig(options),
    max,
    ...(options.transactionPooling ? {} : { statement_timeout: statementTimeoutMs }),
    // A database that stops answering cancels nothing: the client stops waiting on its own (and Responsiveness sooner).
    query_timeout: statementTimeoutMs + 1000,
  };
}

/** Whether one server answers: its probe and the Responsiveness watching it. */
function watcherOf(url: string, name: string, options: DatabaseOptions): { responsiveness: Responsiveness; close: () => Promise<void> } {
  const probe = prober(url, options.connectTimeoutMs ?? 5000);
  const responsiveness = new Responsiveness({
    probe: probe.probe,
    onChange: (responsive) =>
      console.error(responsive ? `${name} answers again` : `${name} does not answer: calls are refused (503) until it does`),
  });
  return {
    responsiveness,
    close: async () => {
      responsiveness.close();
      await probe.close();
    },
  };
}

/** The pools reading on one server: exports (COPY) and the dynamic-query runner. */
function readingPools(options: DatabaseOptions & { databaseUrl: string }, watch: Responsiveness) {
  // A COPY lasts as long as its client reads, so exports have no statement timeout but a pool of their own. An
  // export reads a whole window in the grid's order: with room to sort (work_mem) PostgreSQL reads the table in
  // order of storage and sorts, instead of one random heap read per line along an index (issue #34: at a million
  // lines several times slower, worst on a cold cache). At most exportPoolSize of them sort at once. Behind a
  // transaction pooler (which refuses start-up options) the COPY's own transaction sets it (copy.ts).
  const exportPool = listened(
    new pg.Pool({
      ...poolConfig(options),
      max: options.exportPoolSize ?? 4,
      ...(options.transactionPooling ? {} : { options: `-c work_mem=${exportWorkMem}` }),
    }),
  );
  // Report runs set their own statement timeout per transaction; the client gives up a second after it.
  const reportPool = listened(
    new pg.Pool({
      ...poolConfig(options),
      max: options.reportPoolSize ?? 3,
      query_timeout: (options.reportTimeoutMs ?? 10_000) + 1000,
    }),
  );
  reportPool.on('connect', (client) => watchQueries(client, watch));
  const exports: ConnectionSource = { connect: watchedConnect(exportPool, watch) };
  // Behind a transaction pooler a role's statement_timeout may hold: a COPY then lifts it for its own transaction.
  const copyOptions = { ownTransaction: options.transactionPooling === true };
  return {
    exportPool,
    reportPool,
    copy: (query: CompiledQuery) => copyCsv(exports, query, copyOptions),
    report: { connect: watchedConnect(reportPool, watch), namedStatements: options.transactionPooling !== true },
  };
}

async function openPostgres(options: DatabaseOptions & { databaseUrl: string }): Promise<Database> {
  const pooling = options.transactionPooling === true;
  const pool = listened(new pg.Pool(interactiveConfig(options, options.poolSize ?? 10)));
  const primary = watcherOf(options.databaseUrl, 'database', options);
  const responsiveness = primary.responsiveness;
  // Named statements live on a server connection, which a transaction pooler hands to another client next time.
  if (!pooling) pool.on('connect', sendPreparedByName);
  pool.on('connect', (client) => watchQueries(client, responsiveness));
  // Writes of a call, a job or a client carry who acts to the audit trail's triggers (audit-context.ts, migration 0048).
  const interactive: PostgresPool = {
    connect: auditedConnect(watchedConnect(pool, responsiveness), { transactionLocal: pooling }),
    end: () => pool.end(),
  };
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: interactive }) });

  // Reports, exports, query pages and dashboards: on the read-only server when there is one, watched on their own
  // (a replica that stops answering refuses those calls, not the others).
  const readUrl = options.databaseReadUrl;
  const replica = readUrl ? watcherOf(readUrl, 'read-only database', options) : undefined;
  const readWatch = replica?.responsiveness ?? responsiveness;
  const readOptions = { ...options, databaseUrl: readUrl ?? options.databaseUrl };
  const reading = readingPools(readOptions, readWatch);
  let readPool: pg.Pool | undefined;
  let readDb = db;
  if (readUrl) {
    readPool = listened(new pg.Pool(interactiveConfig(readOptions, options.poolSize ?? 10)));
    readPool.on('connect', (client) => watchQueries(client, readWatch));
    const reads: PostgresPool = { connect: watchedConnect(readPool, readWatch), end: () => readPool!.end() };
    readDb = new Kysely<DB>({ dialect: new PostgresDialect({ pool: reads }) });
  }
  return {
    db,
    readDb,
    url: options.databaseUrl,
    embedded: false,
    copyCsv: reading.copy,
    poolStats: () => [
      statsOf('interactive', pool),
      statsOf('export', reading.exportPool),
      ...(readPool ? [statsOf('read', readPool)] : []),
    ],
    reportPool: reading.report,
    responsiveness,
    close: async () => {
      await primary.close();
      await replica?.close();
      await db.destroy();
      if (readDb !== db) await readDb.destroy();
      await reading.exportPool.end();
      await reading.reportPool.end();
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
