// A database that stops answering or goes away: health says 503 within its timeout, calls answer 503
// '服务暂不可用' instead of hanging or 500, and everything recovers by itself when the database returns.
import { Messages } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { databaseOptionsOf, loadConfig } from '../config';
import { seedDemo } from './seed/demo';
import { type Cluster, clusterSkipReason, startCluster } from '../test/pg-cluster';
import { tokenFor } from '../test/helpers';
import { migrateToLatest, openDatabase } from './database';

describe.skipIf(clusterSkipReason)(`database outage${clusterSkipReason ? ` (skipped: ${clusterSkipReason})` : ''}`, () => {
  let cluster: Cluster;
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    cluster = await startCluster();
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      DATABASE_URL: cluster.url,
      DB_CONNECT_TIMEOUT_MS: '1000',
      DB_STATEMENT_TIMEOUT_MS: '1500',
      // With the session cache (off by default), whose kept sessions must stop answering too.
      SESSION_CACHE: '10000',
    });
    const database = await openDatabase(databaseOptionsOf(config));
    await migrateToLatest(database.db);
    await seedDemo(database.db, new Date(), { business: false });
    app = await buildApp(config, { database, closeDatabase: true });
    token = await tokenFor(app, '100001');
  }, 120_000);
  afterAll(async () => {
    cluster?.thaw();
    await app?.close();
    cluster?.destroy();
  });

  const health = () => app.inject({ method: 'GET', url: '/api/health' });
  // A call that reads data: the session alone may be answered by the session cache (kept for a few seconds,
  // and only while its listening connection answers) when the database has just stopped answering.
  const call = () =>
    app.inject({
      method: 'POST',
      url: '/api/acceptance/getAccCountSumByCondition',
      headers: { token },
      payload: { startDate: '2025-01-01', endDate: '2025-12-31' },
    });

  async function expectAvailable() {
    expect((await health()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
  }

  async function expectUnavailable() {
    const h = await health();
    expect(h.statusCode).toBe(503);
    expect(h.json()).toMatchObject({ code: '503', success: false, data: null });
    const c = await call();
    expect(c.statusCode).toBe(503);
    expect(c.json()).toMatchObject({
      code: '503',
      success: false,
      data: null,
      message: Messages.serviceUnavailable,
      msg: Messages.serviceUnavailable,
    });
  }

  it('answers 503 while the database is frozen, and recovers when it answers again', { timeout: 60_000 }, async () => {
    await expectAvailable();
    cluster.freeze();
    try {
      await expectUnavailable();
      // The session cache's listening connection stops answering its heartbeat: within 2.5 s nothing is
      // answered from the cache any more, so even a call that reads only the session answers 503.
      const started = Date.now();
      while (app.sessionCache?.live && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 100));
      expect(app.sessionCache?.live).toBe(false);
      const info = await app.inject({ method: 'GET', url: '/api/user/getInfo', headers: { token } });
      expect(info.statusCode).toBe(503);
    } finally {
      cluster.thaw();
    }
    await expectAvailable();
  });

  it('answers 503 while the database is stopped, and recovers when it is started again', { timeout: 60_000 }, async () => {
    await expectAvailable();
    cluster.stop();
    try {
      await expectUnavailable();
    } finally {
      cluster.start();
    }
    await expectAvailable();
  });
});
