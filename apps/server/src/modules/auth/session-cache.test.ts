// The session cache on PostgreSQL (TEST_DATABASE_URL, else the embedded PostgreSQL in a temporary folder),
// with two servers on one database as two processes would be: a kept session spares the session query, and
// every change that ends a session or takes a grant away is refused on the very next call, to either server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acceptance, auth, employee, Messages, ModuleCode, supplierApply, user } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { type KyselyPlugin, type RootOperationNode, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type Database, migrateToLatest, openDatabase } from '../../db/database';
import { seedDemo } from '../../db/seed/demo';
import { type CallAs, callerOf, demoPassword, encryptPassword, freshDatabase, tokenFor } from '../../test/helpers';
import { hashToken } from '../../platform/passwords';
import type { SessionCache } from './session-cache';

interface Server {
  app: FastifyInstance;
  callAs: CallAs;
  cache: SessionCache;
  /** Session queries this server ran. */
  queries: { count: number };
  close(): Promise<void>;
}

const readsSession = (node: RootOperationNode) => node.kind === 'SelectQueryNode' && JSON.stringify(node.from).includes('"session"');
const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', LOGIN_SLOWDOWN_MS: '0', SESSION_CACHE: '10000' });

let shared: Database;
let dispose: () => Promise<void>;
let a: Server;
let b: Server;

async function serve(database: Database): Promise<Server> {
  const queries = { count: 0 };
  const counter: KyselyPlugin = {
    transformQuery: ({ node }) => {
      if (readsSession(node)) queries.count++;
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  const app = await buildApp(config, { database: { ...database, db: database.db.withPlugin(counter) } });
  await app.ready();
  const cache = app.sessionCache;
  if (!cache) throw new Error('no session cache on PostgreSQL');
  await cache.whenLive();
  return { app, callAs: callerOf(app, config.apiPrefix), cache, queries, close: () => app.close() };
}

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    shared = await freshDatabase();
    dispose = () => shared.close();
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-session-cache-'));
    shared = await openDatabase({ dataDir, embeddedEngine: 'postgres', notice: () => undefined });
    dispose = async () => {
      await shared.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }
  await migrateToLatest(shared.db);
  await seedDemo(shared.db, new Date(), { business: false });
  a = await serve(shared);
  const second = await openDatabase({ databaseUrl: shared.url!, poolSize: 2 });
  const server = await serve(second);
  b = {
    ...server,
    close: async () => {
      await server.close();
      await second.close();
    },
  };
}, 120_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
  await dispose?.();
});

const getInfo = (server: Server, token: string) => server.callAs({ token }, auth.getInfo, { query: {} });

/** Calls on both servers until each keeps the session (a second call answered without a query). */
async function warm(token: string): Promise<void> {
  for (const server of [a, b]) {
    expect((await getInfo(server, token)).status).toBe(200);
    const before = server.queries.count;
    expect((await getInfo(server, token)).status).toBe(200);
    expect(server.queries.count).toBe(before);
  }
}

describe('the session cache', () => {
  it('answers calls of a kept session without the session query, and keys them by access', async () => {
    const token = await tokenFor(a.app, '100001');
    a.queries.count = 0;
    for (let i = 0; i < 5; i++) expect((await getInfo(a, token)).status).toBe(200);
    expect(a.queries.count).toBe(1);
    const totals = { body: { startDate: '2025-01-01', endDate: '2025-12-31' } };
    expect((await a.callAs({ token }, acceptance.getAccCountSumByCondition, totals)).status).toBe(200);
    expect((await a.callAs({ token }, acceptance.getAccCountSumByCondition, totals)).status).toBe(200);
    expect(a.queries.count).toBe(2);
  });

  it('refuses a signed-out session on the next call to either server', async () => {
    const token = await tokenFor(a.app, '100002');
    await warm(token);
    expect((await a.callAs({ token }, auth.logout, {})).status).toBe(200);
    expect((await getInfo(b, token)).status).toBe(401);
    expect((await getInfo(a, token)).status).toBe(401);
  });

  it('refuses the other sessions of an account whose password changed', async () => {
    const kept = await tokenFor(a.app, '100003');
    const changer = await tokenFor(a.app, '100003');
    await warm(kept);
    const changed = await a.callAs({ token: changer }, user.updatePassword, {
      body: {
        employeeCode: '100003',
        oldpassword: await encryptPassword(a.app, demoPassword),
        newpassword: await encryptPassword(a.app, 'Newpass123'),
        password2: await encryptPassword(a.app, 'Newpass123'),
      },
    });
    expect(changed.status).toBe(200);
    expect((await getInfo(b, kept)).status).toBe(401);
    expect((await getInfo(a, kept)).status).toBe(401);
  });

  it('refuses a disabled account on the next call to either server', async () => {
    const child = await tokenFor(a.app, '100001-01');
    await warm(child);
    const off = await a.callAs('100001', employee.changeIsUsed, { query: { employeeCode: '100001-01', isUsed: '0' } });
    expect(off.status).toBe(200);
    expect((await getInfo(b, child)).status).toBe(401);
    expect((await getInfo(a, child)).status).toBe(401);
    await a.callAs('100001', employee.changeIsUsed, { query: { employeeCode: '100001-01', isUsed: '1' } });
  });

  it("refuses a frozen supplier's changes on the next call to either server", async () => {
    const token = await tokenFor(a.app, '100005');
    await warm(token);
    const child = { empCode: '100005-01', name: '周冻', mobile: '13900000551' };
    expect((await b.callAs({ token }, employee.getChildEmployeeCode, { query: {} })).status).toBe(200);
    expect((await a.callAs({ token }, employee.getChildEmployeeCode, { query: {} })).status).toBe(200);
    const frozen = await a.callAs('admin', supplierApply.changeSupplierStatus, {
      body: { suppCode: '100005', status: '冻结', note: '冻结' },
    });
    expect(frozen.status).toBe(200);
    for (const server of [b, a]) {
      const refused = await server.callAs({ token }, employee.insertSupChild, { body: child });
      expect([refused.status, refused.envelope.message]).toEqual([403, Messages.supplierFrozen]);
    }
  });

  it('refuses a module taken from the role on the next call to either server, also when changed outside the portal', async () => {
    const list = (server: Server) => server.callAs('admin', supplierApply.getSupplierHistoryList, { body: {} });
    for (const server of [a, b, a, b]) expect((await list(server)).status).toBe(200);
    const role = await shared.db.selectFrom('account').select('role_code').where('employee_code', '=', 'admin').executeTakeFirstOrThrow();
    // As an administrator's SQL would: a connection of its own, then the portal's change path's wait.
    const outside = new pg.Client({ connectionString: shared.url });
    await outside.connect();
    await outside.query('DELETE FROM role_module WHERE role_code = $1 AND module_code = $2', [role.role_code, ModuleCode.supplierHistory]);
    await outside.end();
    await a.cache.waitForListeners();
    // Every listener answered the marker: the other server has already dropped what it kept.
    expect(b.cache.size()).toBe(0);
    expect((await list(b)).status).toBe(403);
    expect((await list(a)).status).toBe(403);
    await sql`INSERT INTO role_module (tenant_id, role_code, module_code) VALUES ('demo', ${role.role_code}, ${ModuleCode.supplierHistory})`.execute(
      shared.db,
    );
    await a.cache.waitForListeners();
    expect((await list(b)).status).toBe(200);
  });

  it('goes to the database while the listening connection is down, and keeps sessions again once it listens', async () => {
    const token = await tokenFor(a.app, '100001');
    await warm(token);
    const pid = b.cache.listenerPid;
    expect(pid).toBeGreaterThan(0);
    await sql`SELECT pg_terminate_backend(${pid}::integer)`.execute(shared.db);
    for (let i = 0; i < 100 && b.cache.live; i++) await new Promise((r) => setTimeout(r, 10));
    expect(b.cache.live).toBe(false);
    expect(b.cache.size()).toBe(0);
    const before = b.queries.count;
    expect((await getInfo(b, token)).status).toBe(200);
    expect((await getInfo(b, token)).status).toBe(200);
    expect(b.queries.count).toBe(before + 2);
    // A sign-out while it is down is refused there too.
    const other = await tokenFor(a.app, '100002');
    expect((await getInfo(b, other)).status).toBe(200);
    expect((await a.callAs({ token: other }, auth.logout, {})).status).toBe(200);
    expect((await getInfo(b, other)).status).toBe(401);

    await b.cache.whenLive();
    expect(b.cache.listenerPid).not.toBe(pid);
    const again = b.queries.count;
    expect((await getInfo(b, token)).status).toBe(200);
    expect((await getInfo(b, token)).status).toBe(200);
    expect(b.queries.count).toBe(again + 1);
  });

  it('keeps the idle expiry sliding for a kept session (the once-a-minute touch is written from a cache hit too)', async () => {
    let offset = 0;
    const clocked = await buildApp(config, { database: shared, now: () => new Date(Date.now() + offset) });
    try {
      await clocked.ready();
      await clocked.sessionCache!.whenLive();
      const token = await tokenFor(clocked, '100002');
      const call = () => clocked.inject({ method: 'GET', url: '/api/user/getInfo', headers: { token } });
      const lastSeen = async () =>
        (await shared.db.selectFrom('session').select('last_seen_at').where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow())
          .last_seen_at;
      const loggedIn = await lastSeen();
      offset = 58_000;
      expect((await call()).statusCode).toBe(200);
      expect(await lastSeen()).toEqual(loggedIn);
      offset = 61_000;
      const hits = clocked.sessionCache!.stats.hits;
      expect((await call()).statusCode).toBe(200);
      expect(clocked.sessionCache!.stats.hits).toBe(hits + 1);
      expect((await lastSeen()).getTime()).toBeGreaterThan(loggedIn.getTime() + 60_000);
      // 119 minutes after that touch the session lives; 121 minutes after it, it has ended.
      offset = 61_000 + 119 * 60_000;
      expect((await call()).statusCode).toBe(200);
      offset += 121 * 60_000;
      expect((await call()).statusCode).toBe(401);
    } finally {
      await clocked.close();
    }
  });

  it('keeps at most SESSION_CACHE sessions, and none with SESSION_CACHE=0', async () => {
    const small = await buildApp(loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', SESSION_CACHE: '2' }), { database: shared });
    const none = await buildApp(loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', SESSION_CACHE: '0' }), { database: shared });
    try {
      await small.ready();
      await none.ready();
      expect(none.sessionCache).toBeUndefined();
      await small.sessionCache!.whenLive();
      const tokens = await Promise.all(['100001', '100002', '100006'].map((u) => tokenFor(small, u)));
      for (const token of tokens) {
        const res = await small.inject({ method: 'GET', url: '/api/user/getInfo', headers: { token } });
        expect(res.statusCode).toBe(200);
      }
      expect(small.sessionCache!.size()).toBe(2);
    } finally {
      await small.close();
      await none.close();
    }
  });
});
