// npm run bench:settlement — getSamCostData and querySamBillQueryList on a million receiving lines
// (BENCH_ROWS) on PostgreSQL, under 20 concurrent requests, each beside the same SQL run directly. The HTTP
// load comes from a child process (as in bench:api), so that making and reading it takes no time from the
// server's event loop, as the raw side has none either.
import { growAcceptance } from '@portal/server/src/db/seed/business';
import { businessDay } from '@portal/server/src/platform/clock';
import * as repo from '@portal/server/src/modules/settlement/repo';
import { termDaysSql } from '@portal/server/src/modules/settlement/documents';
import { costPageSql } from '@portal/server/src/modules/settlement/service';
import { load } from '../lib/fork-load';
import { loginToken, postgresDatabase, prepare, serve } from '../lib/portal';
import { percentile, round, timeConcurrent } from '../lib/stats';

const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const connections = 20;
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const now = new Date();
const day = (ago: number) => businessDay(new Date(now.getTime() - ago * 86_400_000));
// A month of documents already due (45-day term of 100001).
const period = { periodStart: day(120), periodEnd: day(90) };

const bench = await postgresDatabase();
if (!bench) {
  console.log('postgres skipped: no PostgreSQL at BENCH_DATABASE_URL or 127.0.0.1:5432');
  process.exit(0);
}
try {
  const db = bench.database.db;
  await prepare(bench.database);
  const count = await growAcceptance(db, 'demo', rows);
  console.log(`# postgres: ${count} receiving lines, ${rounds} rounds of ${requests} requests per call, ${connections} concurrent`);
  const { app, url } = await serve(bench.database);
  const token = await loginToken(url, '100001');
  const scope = { tenantId: 'demo', suppCode: '100001' };
  const filter = {
    ...scope,
    nodeCode: 'U01',
    termDays: termDaysSql('demo', '100001'),
    period: { from: period.periodStart, to: period.periodEnd },
    open: {},
  };
  const calls = [
    {
      name: 'getSamCostData',
      path: '/api/samData/getSamCostData',
      body: { nodeCode: 'U01', ...period, limit: 50 },
      raw: () => costPageSql(filter, 'normal', day(0), { column: 'doc_date', order: 'asc' }, 50, 0).execute(db),
    },
    {
      name: 'querySamBillQueryList',
      path: '/api/samData/querySamBillQueryList',
      body: { limit: 20 },
      raw: () => repo.billList.page(db, scope, {}, { page: 1, limit: 20 }),
    },
  ];
  for (const call of calls) {
    await timeConcurrent(call.raw, 20, connections);
    const ratios: number[] = [];
    const p50s: number[] = [];
    const raws: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const raw = await timeConcurrent(call.raw, requests, connections);
      const ours = await load({
        url: `${url}${call.path}`,
        connections,
        amount: requests,
        method: 'POST',
        headers: { token },
        body: JSON.stringify(call.body),
      });
      if (ours.errors) throw new Error(`${call.name}: ${ours.errors} errors or non-2xx answers`);
      const rawP50 = percentile(raw, 50);
      raws.push(rawP50);
      p50s.push(ours.p50);
      ratios.push(ours.p50 / Math.max(rawP50, 0.1));
    }
    const median = (values: number[]) =>
      percentile(
        [...values].sort((a, b) => a - b),
        50,
      );
    console.log(
      `${call.name} postgres p50-ms: ${round(median(p50s))} raw-p50-ms: ${round(median(raws))} ratio: ${round(median(ratios), 2)}`,
    );
  }
  await app.close();
  await bench.database.close();
} finally {
  await bench.dispose();
}
