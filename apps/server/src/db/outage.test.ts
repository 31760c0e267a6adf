// A database that stops answering or goes away, on a cluster of the test's own: health and calls answer 503
// '服务暂不可用' within a few seconds with the default settings (issue 26 item 16: a frozen database held each
// call for 30 s), never hang or 500, and everything recovers by itself when the database answers again.
import { Messages, acceptance, auth, dashboard } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { databaseOptionsOf, loadConfig } from '../config';
import { seedDemo } from './seed/demo';
import { type Cluster, startCluster } from '../test/pg-cluster';
import { tokenFor } from '../test/helpers';
import { migrateToLatest, openDatabase } from './database';

/** "A few seconds": the first calls wait for the probe (sent after 1 s, 3 s to answer), later ones are refused at once. */
const fewSecondsMs = 6000;

describe('database outage', () => {
  let cluster: Cluster;
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    cluster = await startCluster();
    // The default timeouts (connect 5 s, statement 30 s): failing fast must not depend on shortening them.
    const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', DATABASE_URL: cluster.url });
    const database = await openDatabase(databaseOptionsOf(config));
    await migrateToLatest(database.db);
    await seedDemo(database.db, new Date(), { business: false });
    app = await buildApp(config, { database, closeDatabase: true });
    token = await tokenFor(app, '100001');
  }, 300_000);
  afterAll(async () => {
    cluster?.thaw();
    await app?.close();
    await cluster?.destroy();
  });

  const health = () => app.inject({ method: 'GET', url: '/api/health' });
  const calls = {
    getInfo: () => app.inject({ method: auth.getInfo.method, url: `/api${auth.getInfo.path}`, headers: { token } }),
    dashboard: () => app.inject({ method: dashboard.getOverview.method, url: `/api${dashboard.getOverview.path}`, headers: { token } }),
    details: () =>
      app.inject({
        method: acceptance.getAccDetailInfo.method,
        url: `/api${acceptance.getAccDetailInfo.path}`,
        headers: { token },
        payload: { startDate: '2025-01-01', endDate: '2025-12-31', page: 1, size: 20 },
      }),
  };

  async function expectAvailable() {
    expect((await health()).statusCode).toBe(200);
    for (const call of Object.values(calls)) expect((await call()).statusCode).toBe(200);
  }

  /** Each call answers 503 in the envelope within a few seconds; answers the slowest's milliseconds. */
  async function expectUnavailable(): Promise<number> {
    let slowest = 0;
    for (const call of [health, ...Object.values(calls)]) {
      const started = Date.now();
      const res = await call();
      slowest = Math.max(slowest, Date.now() - started);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ code: '503', success: false, data: null });
    }
    const c = await calls.details();
    expect(c.json()).toMatchObject({ message: Messages.serviceUnavailable['zh-CN'], msg: Messages.serviceUnavailable['zh-CN'] });
    return slowest;
  }

  async function expectRecovery() {
    const started = Date.now();
    while ((await calls.getInfo()).statusCode !== 200) {
      expect(Date.now() - started, 'recovered within 10 s').toBeLessThan(10_000);
      await new Promise((r) => setTimeout(r, 200));
    }
    await expectAvailable();
  }

  it('answers 503 within a few seconds while the database is frozen, and recovers when it answers again', { timeout: 90_000 }, async () => {
    await expectAvailable();
    cluster.freeze();
    try {
      // Calls in flight when it froze fail too, as soon as it is found unresponsive.
      const started = Date.now();
      const inFlight = await Promise.all([calls.getInfo(), calls.dashboard(), calls.details()]);
      for (const res of inFlight) expect(res.statusCode, res.body).toBe(503);
      expect(Date.now() - started).toBeLessThan(fewSecondsMs);
      // Known unresponsive: every call is refused at once.
      expect(await expectUnavailable()).toBeLessThan(1000);
    } finally {
      cluster.thaw();
    }
    await expectRecovery();
  });

  it('answers 503 while the database is stopped, and recovers when it is started again', { timeout: 90_000 }, async () => {
    await expectAvailable();
    await cluster.stop();
    try {
      expect(await expectUnavailable()).toBeLessThan(fewSecondsMs);
    } finally {
      await cluster.start();
    }
    await expectRecovery();
  });
});
