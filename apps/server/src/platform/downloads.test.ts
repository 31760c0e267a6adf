// Downloads: bounded per account, tenant and in all; a failure before the first byte is an error envelope.
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
