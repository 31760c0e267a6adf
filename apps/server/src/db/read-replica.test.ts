// DATABASE_READ_URL: reports, exports, query pages' runs and dashboards read on the read-only connection; what a user
// changes and reads back stays on the primary. The "replica" here is a copy of the primary's database that refuses
// every write (default_transaction_read_only, as a hot standby does) and differs in one supplier name, so each call
// shows where it read.
import { acceptance, dashboard, employee, performance } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { databaseOptionsOf, loadConfig } from '../config';
import { type CallAs, callerOf, seededDatabase, tokenFor } from '../test/helpers';
import { type Database, openDatabase } from './database';

describe('reads on a read-only connection (DATABASE_READ_URL)', () => {
  let primary: Database;
  let replica: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let callAs: CallAs;
  const replicaName = '上海禾丰食品有限公司（只读副本）';

  beforeAll(async () => {
    primary = await seededDatabase({ business: true });
    replica = await seededDatabase({ business: true });
    await sql`UPDATE supplier SET supp_name = ${replicaName} WHERE tenant_id = 'demo' AND supp_code = '100001'`.execute(replica.db);
    const name = new URL(replica.url).pathname.slice(1);
    await sql.raw(`ALTER DATABASE ${name} SET default_transaction_read_only = on`).execute(replica.db);
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      NOTIFY_DISPATCH: 'false',
      NOTIFY_WORKER: 'false',
      DATABASE_URL: primary.url,
      DATABASE_READ_URL: replica.url,
    });
    app = await buildApp(config, { database: await openDatabase(databaseOptionsOf(config)), closeDatabase: true });
    await app.ready();
    callAs = callerOf(app, config.apiPrefix);
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    if (replica)
      await sql.raw(`ALTER DATABASE ${new URL(replica.url).pathname.slice(1)} RESET default_transaction_read_only`).execute(primary.db);
    await replica?.close();
    await primary?.close();
  });

  it('refuses DATABASE_READ_URL without DATABASE_URL (the embedded cluster has no replica)', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://127.0.0.1/x' })).toThrow(/DATABASE_READ_URL needs DATABASE_URL/);
  });

  it('answers reports, exports, performance and the dashboard from the replica, writing nothing there', async () => {
    const overview = await callAs('100001', performance.getSupplierPerformance, { query: {} });
    expect(overview.status, JSON.stringify(overview.envelope)).toBe(200);
    expect(overview.data.suppName).toBe(replicaName);
    expect((await callAs('100001', dashboard.getOverview)).status).toBe(200);
    const range = { startDate: '2024-01-01', endDate: '2026-12-31' };
    const details = await callAs('100001', acceptance.getAccDetailInfo, { body: { ...range, page: 1, limit: 5 } });
    expect(details.status).toBe(200);
    expect(details.data.total).toBeGreaterThan(0);
    const token = await tokenFor(app, '100001');
    for (const path of [acceptance.exportCsv.path, acceptance.exportExcel.path]) {
      const res = await app.inject({ method: 'POST', url: `/api${path}`, headers: { token }, payload: range });
      expect(res.statusCode, `${path}: ${res.body.slice(0, 200)}`).toBe(200);
    }
  });

  it('keeps what a user changes and reads back on the primary', async () => {
    const created = await callAs('100001', employee.insertSupChild, {
      body: { empCode: '100001-77', name: '赵六', mobile: '13911112222' },
    });
    expect(created.status, JSON.stringify(created.envelope)).toBe(200);
    const detail = await callAs('100001', employee.getEmployeeDetail, { query: { employeeCode: '100001-77' } });
    expect(detail.status).toBe(200);
    expect(detail.data.name).toBe('赵六');
    // The replica never saw it: a read there would have answered 404.
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM account WHERE employee_code = '100001-77'`.execute(replica.db);
    expect(rows[0]?.n).toBe(0);
  });
});
