// Issue 13 item 12: ten exports whose clients never read must not starve interactive calls (COPY holds a
// connection as long as its client reads); the app listens on a real port so that the server's writes block on
// clients that do not read.
import net from 'node:net';
import { Messages, ResultCode } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { growAcceptance } from '../db/seed/business';
import { tenant } from '../db/seed/catalog';
import { createTestApp, type TestApp, tokenFor } from '../test/helpers';

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
/** Every line growAcceptance writes (the last two years), within the three years an export may span. */
const range = { startDate: day(800), endDate: day(-1) };

/** An export opened on a raw socket: its status, and the socket paused after the head (nothing more is read). */
interface OpenedExport {
  status: number;
  /** The JSON envelope of a refused export (read to the end); undefined for 200. */
  envelope?: { code: string; success: boolean; message: string };
  socket: net.Socket;
  /** Resolves when the connection has closed, by either side. */
  closed: Promise<void>;
}

function openExport(port: number, token: string): Promise<OpenedExport> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(range);
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(
        'POST /api/acceptance/exportCsv HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n' +
          `token: ${token}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
      ),
    );
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    let received = Buffer.alloc(0);
    let status = 0;
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const headEnd = received.indexOf('\r\n\r\n');
      if (status === 0 && headEnd >= 0) {
        status = Number(received.subarray(0, headEnd).toString('latin1').split(' ')[1]);
        if (status === 200) {
          socket.off('data', onData);
          socket.pause(); // a client that stops reading
          resolve({ status, socket, closed });
        }
      }
    };
    socket.on('data', onData);
    socket.on('error', (err) => (status === 200 ? undefined : reject(err)));
    socket.on('end', () => {
      if (status === 200) return;
      const body = received.subarray(received.indexOf('\r\n\r\n') + 4).toString('utf8');
      resolve({ status, envelope: JSON.parse(body) as OpenedExport['envelope'], socket, closed });
    });
  });
}

describe('exports of clients that stop reading', () => {
  let t: TestApp;
  let port: number;
  const tokens: Record<string, string> = {};
  const writeTimeoutMs = 5000;

  beforeAll(async () => {
    t = await createTestApp({ business: true, env: { EXPORT_WRITE_TIMEOUT_MS: String(writeTimeoutMs) } });
    // Enough lines that one supplier's CSV (a fifth of them) is far larger than the socket buffers, also once
    // PostgreSQL has sorted it in the grid's order (the sorted rows then come at once, no longer as the scan goes).
    await growAcceptance(t.database.db, tenant.id, 400_000);
    for (const user of ['100001', '100002', '100003']) tokens[user] = await tokenFor(t.app, user);
    tokens.admin = await tokenFor(t.app, 'admin', { staff: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  }, 300_000);
  afterAll(() => t?.close());

  /** Opens one export per user in turn and closes them all again; answers their statuses. */
  async function statusesOf(users: string[]): Promise<number[]> {
    const opened: OpenedExport[] = [];
    for (const user of users) opened.push(await openExport(port, tokens[user]!));
    for (const o of opened) o.socket.destroy();
    return opened.map((o) => o.status);
  }

  it('bounds them with 429, keeps health and other calls answering, and frees the slots when the clients go', async () => {
    const users = ['100001', '100001', '100001', '100002', '100002', '100002', '100003', '100003', 'admin', 'admin'];
    const opened: OpenedExport[] = [];
    for (const user of users) opened.push(await openExport(port, tokens[user]!));

    // (a) Two per account and three per tenant (the defaults) run; the rest answer 429 in the envelope.
    expect(opened.map((o) => o.status)).toEqual([200, 200, 429, 200, 429, 429, 429, 429, 429, 429]);
    for (const refused of opened.filter((o) => o.status === 429)) {
      expect(refused.envelope).toEqual(
        expect.objectContaining({ code: ResultCode.throttled, success: false, message: Messages.tooManyExports['zh-CN'] }),
      );
    }
    const held = opened.filter((o) => o.status === 200);

    // (b) While they are held, health and an ordinary call answer (they waited > 15 s before the fix).
    const base = `http://127.0.0.1:${port}/api`;
    const health = await fetch(`${base}/health`, { signal: AbortSignal.timeout(3000) });
    expect(health.status).toBe(200);
    const page = await fetch(`${base}/purOrderBill/getPurOrderPage`, {
      method: 'POST',
      headers: { token: tokens['100001']!, 'content-type': 'application/json' },
      body: JSON.stringify({ page: 1, limit: 20 }),
      signal: AbortSignal.timeout(3000),
    });
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ code: '1', success: true });
    // The exports are still running: their clients have not read, nothing has ended them, the tenant is full.
    expect(await statusesOf(['100003'])).toEqual([429]);

    // (c) Clients that go away free their slots...
    held[0]!.socket.destroy();
    held[1]!.socket.destroy();
    await expect.poll(() => statusesOf(['100001', '100001'])).toEqual([200, 200]);
    // ...and one that stays but stops reading is cut off after the write timeout, freeing its slot too.
    await expect
      .poll(() => statusesOf(['100002', '100002', 'admin']), { timeout: 4 * writeTimeoutMs, interval: 500 })
      .toEqual([200, 200, 200]);
    // What that client had received ends without the chunked body's last chunk: it sees a cut file.
    const cut = held[2]!;
    const rest: Buffer[] = [];
    cut.socket.on('data', (chunk: Buffer) => rest.push(chunk));
    cut.socket.resume();
    await cut.closed;
    expect(Buffer.concat(rest).subarray(-5).toString('latin1')).not.toBe('0\r\n\r\n');
  }, 60_000);

  it('cuts the answer, without its last chunk, when the database connection of a running COPY is lost', async () => {
    // One export at a time (expect.poll may call again while an attempt still waits for its first bytes, which
    // come after the whole sort): slots of the previous test may still be going back, so a 429 is tried again.
    let opened: OpenedExport | undefined;
    for (let attempt = 0; ; attempt++) {
      opened = await openExport(port, tokens['100001']!);
      if (opened.status === 200) break;
      opened.socket.destroy();
      if (attempt >= 40) throw new Error(`the export answered ${opened.status}`);
      await new Promise((done) => setTimeout(done, 250));
    }
    const copies = () =>
      sql<{
        pid: number;
      }>`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'COPY (%' AND state = 'active' AND leader_pid IS NULL`
        .execute(t.database.db)
        .then((r) => r.rows);
    await expect.poll(async () => (await copies()).length, { timeout: 10_000 }).toBe(1);
    await sql`SELECT pg_terminate_backend(${(await copies())[0]!.pid})`.execute(t.database.db);
    const received: Buffer[] = [];
    opened!.socket.on('data', (chunk: Buffer) => received.push(chunk));
    opened!.socket.resume();
    await opened!.closed;
    const body = Buffer.concat(received).toString('latin1');
    expect(body.length).toBeGreaterThan(0);
    expect(body.endsWith('0\r\n\r\n')).toBe(false);
    // The lost connection is not reused: the next export runs to its end.
    await expect.poll(() => statusesOf(['100001'])).toEqual([200]);
  });
});
