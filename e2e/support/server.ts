// Starts the real portal server (main.ts) as a child process on a free port with its own data folder.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { runningPostmaster } from '@portal/server/src/db/embedded-postgres';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  /** SIGTERM and wait; resolves with the exit code. */
  stop(): Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs a command of the compiled server (apps/server/dist: main unless told, seed, backup, restore) as a child
 * process: the tests run what `npm start` runs. `buildServer()` (global setup) compiles it first.
 */
export function spawnServer(
  env: Record<string, string>,
  command = 'main',
  args: string[] = [],
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(repoRoot, 'apps/server/dist', `${command}.js`), ...args], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * A new data folder holding a copy of `template` (a folder whose portal stopped cleanly): its cluster and seeded
 * demo data, in seconds instead of the initdb and seeding of a new folder. `cp -a` keeps the owner and modes the
 * cluster needs (it runs as another user when the tests run as root).
 */
export function copyOfDataDir(template: string): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const copied = spawnSync('cp', ['-a', `${template}/.`, dataDir], { encoding: 'utf8' });
  if (copied.status !== 0) throw new Error(`could not copy ${template} to ${dataDir}: ${copied.stderr}`);
  return dataDir;
}

/**
 * Starts the server on `dataDir`, or on a copy of the folder `from`, or on a new folder (the server makes its
 * cluster and seeds the demo data).
 */
export async function startServer(options: { dataDir?: string; from?: string; env?: Record<string, string> } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? (options.from ? copyOfDataDir(options.from) : fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-')));
  // Robots and webhooks of the tests go to receivers on this machine (notify-channels.e2e.ts).
  const { child, output, exited } = spawnServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NOTIFY_ALLOW_PRIVATE_URLS: '127.0.0.1',
    ...options.env,
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  for (;;) {
    if (exitCode !== undefined) {
      await stopStrayCluster(dataDir);
      throw new Error(`server exited with ${exitCode}:\n${output()}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      await stopStrayCluster(dataDir);
      throw new Error(`server did not become healthy within 120 s:\n${output()}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    port,
    dataDir,
    process: child,
    output,
    stop: async () => {
      if (exitCode === undefined) child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * Stops (fast shutdown) the embedded PostgreSQL a portal left running in dataDir: after a kill -9 or a start that
 * failed. Answers whether there was one. A portal that stops normally stops its cluster itself (process tests).
 */
export async function stopStrayCluster(dataDir: string): Promise<boolean> {
  const clusterDir = path.join(dataDir, 'postgres');
  const pid = runningPostmaster(clusterDir);
  if (pid === undefined) return false;
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 600 && runningPostmaster(clusterDir) !== undefined; i++) await new Promise((r) => setTimeout(r, 100));
  return true;
}
