// A query page under load alone: BENCH_KEEP_DATABASE's database (grown by bench:reports), served here, 100001's
// first page of each demo query page, BENCH_REQUESTS (400) at 20 concurrent from a process of its own, BENCH_ROUNDS (3)
// rounds; p50/p99 of each. Run with `node --cpu-prof` (via tsx) to see where the serving process spends its time.
import { load } from '../lib/fork-load';
import { loginToken, postgresDatabase, prepare, serve } from '../lib/portal';
import { median } from '../lib/stats';

const requests = Number(process.env.BENCH_REQUESTS ?? 400);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const iso = (d: Date) => d.toISOString().slice(0, 10);
const today = new Date();
const period = [iso(new Date(today.getTime() - 365 * 86_400_000)), iso(today)];
const bench = await postgresDatabase();
if (!bench?.prepared) throw new Error('set BENCH_KEEP_DATABASE to a database bench:reports has grown');
await prepare(bench.database, true, true); // migrations only
const { app, url } = await serve(bench.database);
try {
  const token = await loginToken(url, '100001');
  const calls: [string, object][] = [
    ['RECV_BY_STORE_MONTH', { queryCode: 'RECV_BY_STORE_MONTH', params: { period }, limit: 50 }],
    ['SLOW_MOVERS', { queryCode: 'SLOW_MOVERS', params: { days: '60' }, limit: 50 }],
    ['getPurOrderPage', { limit: 20 }],
  ];
  const only = process.env.BENCH_CALLS ? new RegExp(process.env.BENCH_CALLS) : undefined;
  for (const [name, body] of calls.filter(([n]) => !only || only.test(n))) {
    const path = name === 'getPurOrderPage' ? '/api/purOrderBill/getPurOrderPage' : '/api/dynamicQuery/run';
    const go = () =>
      load({
        url: `${url}${path}`,
        connections: 20,
        amount: requests,
        method: 'POST',
        timeoutSeconds: 300,
        headers: { token },
        body: JSON.stringify(body),
      });
    await go();
    const results = [];
    for (let i = 0; i < rounds; i++) results.push(await go());
    if (results.some((r) => r.errors)) throw new Error(`${name}: errors`);
    console.log(
      `${name} p50-ms: ${median(results.map((r) => r.p50))} p99-ms: ${median(results.map((r) => r.p99))} rounds: ${results.map((r) => r.p50).join(',')}`,
    );
  }
} finally {
  await app.close();
  await bench.database.close();
}
