// The portal behind a transaction-pooling PgBouncer (Debian's 1.18: no prepared statements in transaction mode, only a
// few start-up parameters), a real one started by the test: with DB_TRANSACTION_POOLING the portal sends no named
// statements, no statement_timeout at start-up and no session setting, and the audit trail still names who acted.
// DATABASE_READ_URL points at the bouncer too (its reports, exports and dashboard run there).
import { acceptance, auth, dashboard, performance } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../app';
import { databaseOptionsOf, loadConfig } from '../config';
import { type Bouncer, startPgbouncer } from '../test/pgbouncer';
import { type CallAs, callerOf, seededDatabase, tokenFor } from '../test/helpers';
import { jobActor, withAuditActor } from './audit-context';
import { type Database, openDatabase } from './database';

describe('behind a transaction-pooling PgBouncer', () => {
  let direct: Database;
  let bouncer: Bouncer;
  let single: Bouncer;
  let bounced: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let callAs: CallAs;

  beforeAll(async () => {
    direct = await seededDatabase({ business: true });
    // Server connections for a CSV export (held for its COPY), the dynamic-query runner and the interactive calls.
    bouncer = await startPgbouncer(direct.url, { poolSize: 4 });
    // One server connection: whatever one client leaves on it, the next one finds.
    single = await startPgbouncer(direct.url, { poolSize: 1 });
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      NOTIFY_DISPATCH: 'false',
      NOTIFY_WORKER: 'false',
      DATABASE_URL: bouncer.url,
      DATABASE_READ_URL: bouncer.url,
      DB_TRANSACTION_POOLING: 'true',
      DB_POOL_SIZE: '6',
    });
    bounced = await openDatabase(databaseOptionsOf(config));
    app = await buildApp(config, { database: bounced, closeDatabase: true });
    await app.ready();
    callAs = callerOf(app, config.apiPrefix);
  }, 300_000);

  afterAll(async () => {
    // The bouncers stop whatever happened before (a failed close must not leave them running).
    try {
      await app?.close();
    } finally {
      await bouncer?.stop();
      await single?.stop();
      await direct?.close();
    }
  });

  it('is refused by PgBouncer without the setting (statement_timeout at start-up)', async () => {
    const plain = await openDatabase({ databaseUrl: bouncer.url, poolSize: 1 });
    try {
      await expect(sql`SELECT 1`.execute(plain.db)).rejects.toThrow(/unsupported startup parameter: statement_timeout/);
    } finally {
      await plain.close();
    }
  });

  it('serves sign-in, session lookups, dashboard, reports and a CSV export through it', async () => {
    // Concurrent session lookups share the one server connection: a named statement of one would be unknown to the next.
    const infos = await Promise.all(Array.from({ length: 20 }, (_, i) => callAs(i % 2 ? '100001' : '100002', auth.getInfo)));
    expect(infos.map((r) => r.status)).toEqual(infos.map(() => 200));
    expect((await callAs('100001', dashboard.getOverview)).status).toBe(200);
    const range = { startDate: '2024-01-01', endDate: '2026-12-31' };
    const details = await callAs('100001', acceptance.getAccDetailInfo, { body: { ...range, page: 1, limit: 20 } });
    expect(details.status).toBe(200);
    expect(details.data.total).toBeGreaterThan(0);
    expect(
      (
        await callAs('admin', performance.getPerformanceRanking, {
          body: { startMonth: '2025-01', endMonth: '2025-12', page: 1, limit: 10 },
        })
      ).status,
    ).toBe(200);
    const csv = await app.inject({
      method: 'POST',
      url: `/api${acceptance.exportCsv.path}`,
      headers: { token: await tokenFor(app, '100001') },
      payload: range,
    });
    expect(csv.statusCode, csv.body.slice(0, 300)).toBe(200);
    expect(csv.body.split('\n').length).toBeGreaterThan(details.data.total);
  });

  it("names who acted on each write and leaves no actor behind on the server connection for another client's write", async () => {
    const own = await openDatabase({ databaseUrl: single.url, transactionPooling: true, poolSize: 4 });
    onTestFinished(() => own.close());
    const db = own.db;
    const rename = (code: string, name: string) =>
      sql`UPDATE supplier SET supp_name = ${name} WHERE tenant_id = 'demo' AND supp_code = ${code}`.execute(db);
    const actorOf = async (code: string, name: string) => {
      const { rows } = await sql<{ actor_name: string; actor_kind: string }>`
        SELECT actor_name, actor_kind FROM audit_entry WHERE tenant_id = 'demo' AND object_type = 'supplier'
          AND after->>'supp_name' = ${name} ORDER BY id DESC LIMIT 1`.execute(direct.db);
      expect(rows, `audit entry of ${code} → ${name}`).toHaveLength(1);
      return rows[0]!.actor_name;
    };
    // A job holds its connection (a transaction's worth of work) while another client, outside any actor, writes.
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    const job = withAuditActor(jobActor('demo', 'pgbouncer test job'), () =>
      db.connection().execute(async (c) => {
        await sql`UPDATE supplier SET supp_name = 'job renamed' WHERE tenant_id = 'demo' AND supp_code = '100005'`.execute(c);
        await held;
      }),
    );
    await new Promise((r) => setTimeout(r, 200));
    await rename('100006', 'plain rename');
    letGo();
    await job;
    expect(await actorOf('100005', 'job renamed')).toBe('pgbouncer test job');
    expect(await actorOf('100006', 'plain rename')).toBe('');
    // Writes of several actors at once, each in a transaction and alone.
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        withAuditActor(jobActor('demo', `actor ${i}`), () =>
          i % 2
            ? rename('100003', `concurrent ${i}`)
            : db
                .transaction()
                .execute((trx) =>
                  sql`UPDATE supplier SET supp_name = ${`concurrent ${i}`} WHERE tenant_id = 'demo' AND supp_code = '100004'`.execute(trx),
                ),
        ),
      ),
    );
    for (let i = 0; i < 12; i++) expect(await actorOf(i % 2 ? '100003' : '100004', `concurrent ${i}`)).toBe(`actor ${i}`);
    // Nothing of an actor stays on the server connection.
    const { rows } = await sql<{ ctx: string | null }>`SELECT current_setting('portal.audit_ctx', true) AS ctx`.execute(db);
    expect(rows[0]?.ctx ?? '').toBe('');
  });
});
