// npm run bench:notify-deliveries — BENCH_DELIVERIES (default 100,000) webhook deliveries queued at once, drained
// by the portal's own delivery worker (NOTIFY_CONCURRENCY sends in flight, default 32) to a local receiver, on the
// default engine (the embedded PostgreSQL in a temp folder, seeded with the demo). The portal, the receiver and
// the load generator each run in a process of their own. Printed: the drain's rate (deliveries a second, from the
// worker's start to the last one sent), every delivery received exactly once, and the p50/p99 of an interactive
// call (GET /api/user/getInfo, BENCH_CONNECTIONS connections) before the drain and during it. Figures, no asserts.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { startClosedLoop } from '../lib/fork-closed-loop';
import { embeddedDatabase, loginToken, prepare } from '../lib/portal';
import { percentile, round } from '../lib/stats';

const total = Number(process.env.BENCH_DELIVERIES ?? 100_000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const roundRequests = Number(process.env.BENCH_ROUND_REQUESTS ?? 1_000);

/** A child process that sends its first message when ready and answers asks by id. */
async function child<T extends object>(script: string, args: string[], env: Record<string, string> = {}) {
  const process_: ChildProcess = fork(fileURLToPath(new URL(script, import.meta.url)), args, {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
  });
  const first = await new Promise<T>((resolve, reject) => {
    process_.once('message', (m) => resolve(m as T));
    process_.once('error', reject);
    process_.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  let next = 0;
  const waiting = new Map<number, (m: Record<string, unknown>) => void>();
  process_.on('message', (m: { id?: number }) => {
    if (m.id !== undefined) waiting.get(m.id)?.(m as Record<string, unknown>);
  });
  const ask = (what: string) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const id = next++;
      waiting.set(id, (m) => (waiting.delete(id), resolve(m)));
      process_.send({ id, ask: what });
    });
  return { first, ask };
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

const bench = await embeddedDatabase();
const closers: (() => Promise<unknown>)[] = [];
try {
  const db = bench.database.db;
  let t0 = performance.now();
  await prepare(bench.database, false);
  console.log(`# embedded PostgreSQL seeded with the demo in ${round((performance.now() - t0) / 1000, 1)} s`);

  const sink = await child<{ url: string }>('./sink.ts', []);
  closers.push(() => sink.ask('close'));
  const server = await child<{ address: string; concurrency: number }>('./notify-server.ts', [bench.url]);
  closers.push(() => server.ask('close'));
  const loop = await startClosedLoop();
  closers.push(async () => loop.close());

  // The queue: one event, one webhook to the receiver, `total` deliveries of it (as a busy hour's dispatcher leaves them).
  t0 = performance.now();
  const endpoint = await db
    .insertInto('notify_endpoint')
    .values({
      tenant_id: 'demo',
      kind: 'webhook',
      name: 'bench receiver',
      url: `${sink.first.url}/hook`,
      secret: 'bench-secret',
      created_by: 'bench',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const event = await sql<{ id: number }>`INSERT INTO event (tenant_id, supp_code, topic, subject, payload, actor)
    VALUES ('demo', '100001', 'settlement.bill.submitted', 'JS202506-0008', '{"billNumber":"JS202506-0008"}', 'system:bench') RETURNING id`.execute(
    db,
  );
  await sql`INSERT INTO delivery (tenant_id, event_id, channel, endpoint_id, idempotency_key)
    SELECT 'demo', ${event.rows[0]!.id}, 'webhook', ${endpoint.id}, 'bench-' || g FROM generate_series(1, ${total}) g`.execute(db);
  await sql`ANALYZE delivery`.execute(db);
  console.log(`# ${total.toLocaleString('en')} deliveries queued in ${round((performance.now() - t0) / 1000, 1)} s`);

  // The interactive call: a supplier's getInfo, `connections` at a time.
  const token = await loginToken(server.first.address, '100001');
  const job = {
    url: `${server.first.address}/api/user/getInfo?token=${encodeURIComponent(token)}`,
    connections,
    requests: roundRequests,
    method: 'GET' as const,
    headers: { token },
  };
  await loop.run({ ...job, requests: 500 }); // warm-up
  const before = [];
  for (let i = 0; i < 5; i++) before.push(await loop.run(job));

  // The drain: the worker starts; rounds of the interactive call run until the last delivery is sent.
  const sent = async () =>
    Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM delivery WHERE state = 'sent'`.execute(db)).rows[0]!.n);
  const started = performance.now();
  await server.ask('start');
  const during = [];
  let done = 0;
  let finished = 0;
  const watcher = (async () => {
    while (done < total) {
      await new Promise((r) => setTimeout(r, 200));
      done = await sent();
      if (performance.now() - started > 30 * 60_000) throw new Error(`only ${done} sent after 30 minutes`);
    }
    finished = performance.now();
  })();
  while (!finished) {
    during.push(await loop.run(job));
    await Promise.race([watcher, new Promise((r) => setTimeout(r, 0))]);
  }
  await watcher;
  const seconds = (finished - started) / 1000;

  const counts = await sink.ask('count');
  const states = await sql<{
    state: string;
    n: number;
  }>`SELECT state, count(*)::int AS n FROM delivery GROUP BY state ORDER BY state`.execute(db);
  const attempts = Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM delivery_attempt`.execute(db)).rows[0]!.n);

  const p99Before = median(before.map((f) => f.p99));
  const p99During = median(during.map((f) => f.p99));
  console.log(`\n## bench:notify-deliveries (embedded PostgreSQL, worker concurrency ${server.first.concurrency})`);
  console.log(`deliveries            ${total.toLocaleString('en')}`);
  console.log(`drained in            ${round(seconds, 1)} s`);
  console.log(`rate                  ${Math.round(total / seconds).toLocaleString('en')} deliveries/s`);
  console.log(`receiver got          ${String(counts.received)} requests, ${String(counts.distinct)} distinct keys`);
  console.log(`queue after           ${states.rows.map((r) => `${r.state} ${r.n}`).join(', ')}; ${attempts} tries logged`);
  console.log(
    `getInfo before        p50 ${round(median(before.map((f) => f.p50)), 2)} ms, p99 ${round(p99Before, 2)} ms (median of ${before.length} rounds of ${roundRequests}, ${connections} connections)`,
  );
  console.log(
    `getInfo during drain  p50 ${round(median(during.map((f) => f.p50)), 2)} ms, p99 ${round(p99During, 2)} ms (median of ${during.length} rounds; worst round p99 ${round(Math.max(...during.map((f) => f.p99)), 2)} ms)`,
  );
  console.log(`p99 slowed by         ${round(((p99During - p99Before) / p99Before) * 100, 1)} %`);
} finally {
  for (const close of closers.reverse()) await close().catch(() => undefined);
  await bench.database.close();
  await bench.dispose();
}
