// The server process: one per data folder, a graceful stop that releases the folder, and the embedded
// PostgreSQL after the portal is killed with -9.
import { baseInfo } from '@portal/contract';
import { runningClusterUrl, runningPostmaster } from '@portal/server/src/db/embedded-postgres';
import pg from 'pg';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, signIn } from '../support/api';
import { sharedServer, templateDataDir } from '../support/shared-server';
import { copyOfDataDir, freePort, type RunningServer, spawnServer, startServer } from '../support/server';

describe('server process', () => {
  it('refuses to start a second server on the same data folder while the first keeps serving', async () => {
    const dataDir = sharedServer().dataDir;
    const port = await freePort();
    const second = spawnServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    const code = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain('is in use by another server process');
    const health = await fetch(`${sharedServer().baseUrl}/api/health`);
    expect(health.status).toBe(200);
  });

  it('stops on SIGTERM with exit code 0 and releases the data folder', async () => {
    // A copy of the run's template folder: making a cluster and seeding it on a new folder, then stopping with exit
    // code 0, is what global-setup does before any test (and fails the run when it does not).
    const server = await startServer({ from: templateDataDir() });
    const lockFile = path.join(server.dataDir, 'portal.lock');
    expect(fs.existsSync(lockFile)).toBe(true);
    expect(await server.stop()).toBe(0);
    expect(fs.existsSync(lockFile)).toBe(false);
    expect(runningPostmaster(path.join(server.dataDir, 'postgres'))).toBeUndefined();
    // The same folder opens again, with the data kept.
    const again = await startServer({ dataDir: server.dataDir });
    const res = await fetch(`${again.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await again.stop()).toBe(0);
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }, 180_000);

  it('runs WORKERS=2 processes on the embedded PostgreSQL, the daily job once across them, and stops them all on SIGTERM', async () => {
    const server = await startServer({ from: templateDataDir(), env: { WORKERS: '2', LOG_LEVEL: 'info' } });
    try {
      // Both workers answer: the port is shared between them.
      const servedBy = new Set<number>();
      for (let i = 0; i < 40 && servedBy.size < 2; i++) {
        // A new connection each time (fetch would keep one open, and a connection belongs to one worker).
        await new Promise((done) => http.get(`${server.url}/api/health`, { agent: false }, (res) => res.resume().on('end', done)));
        await new Promise((r) => setTimeout(r, 50));
        for (const line of server.output().split('\n'))
          if (line.includes('"url":"/api/health"')) servedBy.add((JSON.parse(line) as { pid: number }).pid);
      }
      expect(servedBy.size).toBe(2);
      // Each worker tries the day's certificate job a second after it listens; one of them runs it.
      const client = new pg.Client({ connectionString: runningClusterUrl(server.dataDir) });
      await client.connect();
      try {
        await expect.poll(() => server.output().match(/certificate expiry job ran/g)?.length ?? 0, { timeout: 20_000 }).toBe(1);
        await new Promise((r) => setTimeout(r, 3000)); // the other worker's try has come and gone
        expect(server.output().match(/certificate expiry job (ran|failed)/g)).toEqual(['certificate expiry job ran']);
        const runs = await client.query("SELECT count(*)::int AS n FROM job_run WHERE job = 'certificate-expiry'");
        expect(runs.rows[0]).toEqual({ n: 1 });
      } finally {
        await client.end();
      }
    } finally {
      // A failed check leaves no workers, nor their PostgreSQL, running after the test.
      if (server.process.exitCode === null && server.process.signalCode === null) await server.stop();
    }
    expect(server.process.exitCode).toBe(0);
    expect(runningPostmaster(path.join(server.dataDir, 'postgres'))).toBeUndefined();
    expect(fs.existsSync(path.join(server.dataDir, 'portal.lock'))).toBe(false);
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }, 180_000);
});

describe('embedded PostgreSQL after kill -9 of the portal', () => {
  it('restarts on the folder with every acknowledged write kept, stopping the server the killed portal left running', async () => {
    const server = await startServer({ from: templateDataDir() });
    const admin = apiAs('admin', server.url);
    // Writes keep coming from 8 clients; the portal is killed while they are in flight.
    const acknowledged: string[] = [];
    let next = 0;
    let killed = false;
    const writer = async () => {
      while (!killed) {
        const code = `KILL${String(next++).padStart(5, '0')}`;
        try {
          await admin.call(baseInfo.saveBrand, { body: { brandCode: code, brandName: `断电测试 ${code}`, isNew: true } });
          acknowledged.push(code);
        } catch {
          return; // the portal is gone: this write was never acknowledged
        }
      }
    };
    const writers = Array.from({ length: 8 }, writer);
    await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(100);
    killed = true;
    server.process.kill('SIGKILL');
    await new Promise((done) => server.process.once('exit', done));
    await Promise.all(writers);
    // The database server outlives the portal it belonged to.
    const clusterDir = path.join(server.dataDir, 'postgres');
    const stray = runningPostmaster(clusterDir);
    expect(stray).toBeDefined();

    const again = await startServer({ dataDir: server.dataDir, env: { LOG_LEVEL: 'info' } });
    try {
      expect(again.output()).toContain(`left running by an earlier portal (pid ${stray})`);
      const page = await apiAs('admin', again.url).call(baseInfo.getBrandPage, { body: { keyword: 'KILL', page: 1, limit: 1000 } });
      const kept = new Set(page.list.map((brand) => brand.brandCode));
      expect(acknowledged.filter((code) => !kept.has(code))).toEqual([]);
      expect(runningPostmaster(clusterDir)).not.toBe(stray);
    } finally {
      expect(await again.stop()).toBe(0);
    }
    expect(runningPostmaster(clusterDir)).toBeUndefined();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }, 240_000);
});

/** A CSV export on a raw socket whose client stops reading once the head has come (a slow reader). */
interface SlowExport {
  status: number;
  /** Reads the rest of the answer until the connection closes. */
  readRest(): Promise<string>;
  socket: net.Socket;
}

function openSlowExport(port: number, token: string): Promise<SlowExport> {
  return new Promise((resolve, reject) => {
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const payload = JSON.stringify({ startDate: day(800), endDate: day(-1) });
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(
        'POST /api/acceptance/exportCsv HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n' +
          `token: ${token}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
      ),
    );
    const chunks: Buffer[] = [];
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('error', () => undefined); // a cut connection shows in what was read
    let answered = false;
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // Only the head is looked at: joining every chunk of the body as it comes would cost O(n²).
      if (answered) return;
      const text = Buffer.concat(chunks).toString('latin1');
      if (!text.includes('\r\n\r\n')) return;
      answered = true;
      socket.pause();
      resolve({
        status: Number(text.split(' ')[1]),
        socket,
        readRest: async () => {
          socket.resume();
          await closed;
          return Buffer.concat(chunks).toString('latin1');
        },
      });
    });
    closed.then(
      () => reject(new Error('closed before an answer')),
      () => undefined,
    );
  });
}

describe('server shutdown', () => {
  let dataDir: string;
  beforeAll(async () => {
    // Demo data and enough receiving lines that a staff export is far larger than the socket buffers:
    // a client that does not read holds the export in flight.
    dataDir = copyOfDataDir(templateDataDir());
    const seed = spawnServer({ DATA_DIR: dataDir }, 'seed', ['--rows', '60000']);
    const code = await seed.exited;
    if (code !== 0) throw new Error(`seed failed:\n${seed.output()}`);
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  // A test that failed half-way leaves neither its server nor its slow client behind.
  const started: { server: RunningServer; slow?: SlowExport }[] = [];
  afterEach(async () => {
    for (const { server, slow } of started.splice(0)) {
      slow?.socket.destroy();
      if (server.process.exitCode === null && server.process.signalCode === null) {
        server.process.kill('SIGKILL');
        await new Promise((done) => server.process.once('exit', done));
      }
    }
  });

  /** A server on the seeded folder with a staff export in flight whose client does not read. */
  async function serverWithSlowExport(env: Record<string, string> = {}) {
    // Info logs: the test sees when shutdown has started.
    const server = await startServer({ dataDir, env: { LOG_LEVEL: 'info', ...env } });
    started.push({ server });
    const slow = await openSlowExport(server.port, await signIn(server.url, 'admin'));
    started[started.length - 1]!.slow = slow;
    expect(slow.status).toBe(200);
    return { server, slow };
  }

  const lockFile = () => path.join(dataDir, 'portal.lock');

  it('answers health 503 at once after SIGTERM, lets a slowly read export finish, exits 0 and releases the folder', async () => {
    const { server, slow } = await serverWithSlowExport();
    const exited = server.stop();
    // The first health check once the signal has been handled (a check racing the signal may still pass).
    await expect.poll(() => server.output()).toContain('shutting down');
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ success: false, data: null });
    // The server waits for the export: it has not exited while its client has not read.
    expect(server.process.exitCode).toBeNull();

    const answer = await slow.readRest();
    // The whole file came: the chunked body ends with its zero-length last chunk.
    expect(answer.endsWith('\r\n0\r\n\r\n')).toBe(true);
    expect(answer.split('\n').length).toBeGreaterThan(60_000);
    expect(await exited).toBe(0);
    expect(fs.existsSync(lockFile())).toBe(false);
  });

  it('exits 1 when work outlives SHUTDOWN_GRACE_SECONDS, and still releases the folder', async () => {
    const { server } = await serverWithSlowExport({ SHUTDOWN_GRACE_SECONDS: '1' });
    expect(await server.stop()).toBe(1);
    expect(server.output()).toContain('work still in flight after 1 s');
    expect(fs.existsSync(lockFile())).toBe(false);
  });
});
