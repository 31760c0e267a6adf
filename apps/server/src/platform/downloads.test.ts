// Downloads: bounded per account, tenant and in all; a failure before the first byte is an error envelope.
import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tokenFor } from '../test/helpers';
import type { SessionContext } from './session-context';
import { DownloadLimits } from './downloads';

const session = (accountId: number, tenantId = 'demo') => ({ accountId, tenantId }) as SessionContext;

describe('download limits', () => {
  const limits = () => new DownloadLimits({ perAccount: 2, perTenant: 3, total: 4, writeTimeoutMs: 1000 });

  it('refuses a third download of one account with 429 until one ends', () => {
    const l = limits();
    const first = l.acquire(session(1));
    l.acquire(session(1));
    expect(() => l.acquire(session(1))).toThrow(expect.objectContaining({ status: 429, message: '导出任务过多，请稍后再试' }));
    first();
    first(); // releasing twice frees one slot only
    l.acquire(session(1));
    expect(() => l.acquire(session(1))).toThrow(expect.objectContaining({ status: 429 }));
  });

  it('bounds a tenant and all tenants together', () => {
    const l = limits();
    l.acquire(session(1));
    l.acquire(session(2));
    l.acquire(session(3));
    expect(() => l.acquire(session(4))).toThrow(expect.objectContaining({ status: 429 }));
    l.acquire(session(5, 'other'));
    expect(() => l.acquire(session(6, 'third'))).toThrow(expect.objectContaining({ status: 429 }));
  });
});

describe('an export whose query fails', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ business: true });
    token = await tokenFor(t.app, '100001');
  });
  afterAll(() => t.close());

  it.each(['exportCsv', 'exportExcel'])('%s answers the error envelope, not 200 and a cut file, and frees its slot', async (call) => {
    await sql`ALTER TABLE acceptance RENAME TO acceptance_away`.execute(t.database.db);
    try {
      for (let i = 0; i < 3; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/acceptance/${call}`,
          headers: { token },
          payload: { startDate: '2026-01-01', endDate: '2026-06-30' },
        });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toMatchObject({ code: '500', success: false, data: null });
      }
    } finally {
      await sql`ALTER TABLE acceptance_away RENAME TO acceptance`.execute(t.database.db);
    }
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/acceptance/${call}`,
      headers: { token },
      payload: { startDate: '2026-01-01', endDate: '2026-06-30' },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('an export that fails after its first bytes', () => {
  let t: TestApp;
  let token: string;
  let port: number;
  beforeAll(async () => {
    // The database sends one chunk of lines and then the connection to it is lost.
    t = await createTestApp({
      copyCsv: async function* () {
        yield Buffer.from('YB1,1,2026-01-05\n');
        throw new Error('Connection terminated unexpectedly');
      },
    });
    token = await tokenFor(t.app, '100001');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  /** Posts an export on a raw socket and reads everything until the connection closes (as it does after any answer). */
  function exportRaw(): Promise<string> {
    return new Promise((resolve) => {
      const payload = JSON.stringify({ startDate: '2026-01-01', endDate: '2026-06-30' });
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write(
          'POST /api/acceptance/exportCsv HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n' +
            `token: ${token}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
        ),
      );
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', () => undefined); // a reset is one way of being cut off
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
  }

  it('ends the connection without the last chunk, so the client sees a cut file, and frees its slot', async () => {
    // More exports than one account may run at once: each failure gives its slot back.
    for (let i = 0; i < 3; i++) {
      const answer = await exportRaw();
      const headEnd = answer.indexOf('\r\n\r\n');
      const head = answer.slice(0, headEnd);
      const body = answer.slice(headEnd + 4);
      expect(head).toMatch(/^HTTP\/1\.1 200 /);
      expect(head.toLowerCase()).toContain('transfer-encoding: chunked');
      expect(body).toContain('YB1,1,2026-01-05');
      // A complete chunked body ends with the zero-length chunk; a cut one does not.
      expect(body.endsWith('0\r\n\r\n')).toBe(false);
    }
  });
});
