// npm run bench:settlement — getSamCostData and querySamBillQueryList on a million receiving lines
// (BENCH_ROWS) on PostgreSQL, each three ways: its SQL run directly in this process (raw); the same function
// behind a bare Fastify route in this process (floor: what any HTTP server adds on this machine: the socket,
// HTTP, JSON, and the hops between processes, with no session, hook or validation); and the portal's call.
// At 1 connection (a call's own latency) and at 20 (calls queueing for the same cores). The HTTP load comes
// from one closed-loop generator in a child process that stays up for the whole run (closed-loop.ts): its
// start and the connections' set-up are in no round, and it times each request to the microsecond. Every
// round runs raw, floor and portal one after the other; the medians of the rounds are printed with the
// ratios portal/raw (the aim: 1.3), floor/raw and portal/floor (the portal's own share), and the CPU
// each request cost this process (server side) and the load generator.
import Fastify from 'fastify';
import { growAcceptance } from '@portal/server/src/db/seed/business';
import { businessDay } from '@portal/server/src/platform/clock';
import * as repo from '@portal/server/src/modules/settlement/bills/repo';
import { costPageSql, termDaysSql } from '@portal/server/src/modules/settlement/bills/documents-repo';
import { startClosedLoop } from '../lib/fork-closed-loop';
import { loginToken, postgresDatabase, prepare, serve } from '../lib/portal';
import { median, percentile, round, timeConcurrent } from '../lib/stats';

const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const concurrencies = [1, 20];
const requests = Number(process.env.BENCH_REQUESTS ?? 1000);
/** A round at one connection runs a quarter of the requests: one at a time, they take as long. */
const amountAt = (connections: number) => (connections === 1 ? Math.max(50, Math.round(requests / 4)) : requests);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const now = new Date();
const day = (ago: number) => businessDay(new Date(now.getTime() - ago * 86_400_000));
// A month of documents already due (45-day term of 100001).
const period = { periodStart: day(120), periodEnd: day(90) };

const cpuUs = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

interface Figures {
  p50: number;
  /** This process's CPU per request (µs): the server's side, or the raw call's. */
  cpu: number;
  /** The load generator's CPU per request (µs). */
  load?: number;
}

const bench = await postgresDatabase();
if (!bench) {
  console.log('postgres skipped: no PostgreSQL at BENCH_DATABASE_URL or 127.0.0.1:5432');
  process.exit(0);
}
const generator = await startClosedLoop();
try {
  const db = bench.database.db;
  await prepare(bench.database);
  const count = await growAcceptance(db, 'demo', rows);
  console.log(
    `# postgres: ${count} receiving lines, ${rounds} rounds of ${requests} requests per call and way at 20 connections, ${amountAt(1)} at 1`,
  );
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
  // The floor: each call's raw function answered as JSON by a Fastify with nothing added.
  const bare = Fastify();
  for (const call of calls) bare.post(`/floor/${call.name}`, async () => ({ code: 200, data: await call.raw() }));
  const floorUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  const overHttp = async (target: string, body: object, connections: number, amount = amountAt(connections)): Promise<Figures> => {
    const before = cpuUs();
    const f = await generator.run({
      url: target,
      connections,
      requests: amount,
      method: 'POST',
      headers: { token },
      body: JSON.stringify(body),
    });
    if (f.errors) throw new Error(`${target}: ${f.errors} errors or non-2xx answers`);
    return { p50: f.p50, cpu: (cpuUs() - before) / amount, load: f.cpuPerRequestUs };
  };
  const direct = async (raw: () => Promise<unknown>, connections: number, amount = amountAt(connections)): Promise<Figures> => {
    const before = cpuUs();
    const times = await timeConcurrent(raw, amount, connections);
    return { p50: percentile(times, 50), cpu: (cpuUs() - before) / amount };
  };

  for (const call of calls) {
    for (const connections of concurrencies) {
      const ways = {
        raw: (amount?: number) => direct(call.raw, connections, amount),
        floor: (amount?: number) => overHttp(`${floorUrl}/floor/${call.name}`, call.body, connections, amount),
        portal: (amount?: number) => overHttp(`${url}${call.path}`, call.body, connections, amount),
      };
      for (const way of Object.values(ways)) await way(Math.max(20, Math.round(amountAt(connections) / 10)));
      const seen: Record<keyof typeof ways, Figures[]> = { raw: [], floor: [], portal: [] };
      for (let i = 0; i < rounds; i++) for (const [name, way] of Object.entries(ways)) seen[name as keyof typeof ways].push(await way());
      const p50 = (name: keyof typeof ways) => median(seen[name].map((f) => f.p50));
      const cpu = (name: keyof typeof ways) => Math.round(median(seen[name].map((f) => f.cpu)));
      const load = (name: keyof typeof ways) => Math.round(median(seen[name].map((f) => f.load ?? 0)));
      console.log(
        `${call.name} c${connections} p50-ms raw: ${round(p50('raw'), 2)} floor: ${round(p50('floor'), 2)} portal: ${round(p50('portal'), 2)}` +
          ` | portal/raw: ${round(p50('portal') / p50('raw'), 2)} floor/raw: ${round(p50('floor') / p50('raw'), 2)} portal/floor: ${round(p50('portal') / p50('floor'), 2)}` +
          ` | cpu-us/request raw: ${cpu('raw')} floor: ${cpu('floor')}+${load('floor')} portal: ${cpu('portal')}+${load('portal')} (server+load generator)`,
      );
    }
  }
  await bare.close();
  await app.close();
  await bench.database.close();
} finally {
  generator.close();
  await bench.dispose();
}
