// A PgBouncer of a test's own (Debian's /usr/sbin/pgbouncer, 1.18 on bookworm) in transaction pooling mode, on a
// free loopback port, in front of a database of the tests' PostgreSQL. A missing binary fails the test with how to
// get it: CI installs it (scripts/ensure-pgbouncer.mjs), a test never skips silently.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { clusterUser } from '../db/cluster-user';

export const pgbouncerPath = process.env.PGBOUNCER_PATH ?? '/usr/sbin/pgbouncer';

export interface Bouncer {
  /** The connection string of `database` through the bouncer. */
  url: string;
  /** Its log so far (for a failing test's message). */
  log(): string;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (taken and given back: the bouncer binds it a moment later). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** PgBouncer's ini value: quoted when it holds a space or a quote. */
const iniValue = (v: string) => (/[\s'"]/.test(v) ? `'${v.replaceAll("'", "''")}'` : v);

/**
 * Starts PgBouncer in front of `target` (a postgres:// URL, over TCP or a Unix socket given as ?host=/dir):
 * pool_mode = transaction, `poolSize` server connections, trust authentication on loopback.
 */
export async function startPgbouncer(
  target: string,
  options: { poolSize?: number; ignoreStartupParameters?: string } = {},
): Promise<Bouncer> {
  if (!fs.existsSync(pgbouncerPath))
    throw new Error(
      `PgBouncer is not installed (${pgbouncerPath} is missing): the server tests run one in front of PostgreSQL. ` +
        "Install Debian's package (`sudo apt-get install pgbouncer`; `node scripts/ensure-pgbouncer.mjs` does it as root) " +
        'or set PGBOUNCER_PATH to its executable.',
    );
  const url = new URL(target);
  const host = url.searchParams.get('host') ?? url.hostname;
  const database = decodeURIComponent(url.pathname.slice(1));
  const user = decodeURIComponent(url.username) || 'postgres';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pgbouncer-'));
  const port = await freePort();
  const runAs = clusterUser(); // PgBouncer refuses to run as root: as root it runs as `postgres`
  const server = [
    `host=${iniValue(host)}`,
    `port=${url.port || '5432'}`,
    `dbname=${iniValue(database)}`,
    `user=${iniValue(user)}`,
    ...(url.password ? [`password=${iniValue(decodeURIComponent(url.password))}`] : []),
  ].join(' ');
  fs.writeFileSync(path.join(dir, 'users.txt'), `"${user}" ""\n`);
  fs.writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `${database} = ${server}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${options.poolSize ?? 2}`,
      'max_client_conn = 200',
      `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
      ...(options.ignoreStartupParameters ? [`ignore_startup_parameters = ${options.ignoreStartupParameters}`] : []),
      '',
    ].join('\n'),
  );
  if (runAs.uid !== undefined)
    for (const f of ['', 'users.txt', 'pgbouncer.ini']) fs.chownSync(path.join(dir, f), runAs.uid, runAs.gid ?? 0);
  let output = '';
  const child: ChildProcess = spawn(pgbouncerPath, [path.join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(runAs.uid !== undefined ? { uid: runAs.uid, gid: runAs.gid } : {}),
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const bouncerUrl = `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM'); // immediate shutdown (SIGINT would wait for the clients)
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // Up once a client gets an answer through it.
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`pgbouncer exited (${child.exitCode}):\n${output}`);
    }
    const probe = new pg.Client({ connectionString: bouncerUrl, connectionTimeoutMillis: 1000 });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      await probe.query('SELECT 1');
      await probe.end();
      break;
    } catch (err) {
      await probe.end().catch(() => undefined);
      if (Date.now() - started > 15_000) {
        await stop();
        throw new Error(`pgbouncer did not answer within 15 s: ${(err as Error).message}\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { url: bouncerUrl, log: () => output, stop };
}
