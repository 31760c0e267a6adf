// npm run bench:notify-deliveries — BENCH_DELIVERIES (default 100,000) webhook deliveries queued at once, drained
// by the portal's own delivery worker (NOTIFY_CONCURRENCY sends in flight, default 32) to a local receiver, on the
// default engine (the embedded PostgreSQL in a temp folder, seeded with the demo). The portal and the receiver run
// in processes of their own. Interactive traffic runs throughout at a steady BENCH_RPS (50) calls a second of
// GET /api/user/getInfo (an open loop: a call starts on time whether or not the last has answered). Printed: the
// drain's rate (deliveries a second, from the worker's start to the last one sent), every delivery received exactly
// once, and the interactive calls' p50/p99 for BENCH_BEFORE_SECONDS (15) before the drain and during it. Figures,
// no asserts.
import { type ChildProcess, fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { embeddedDatabase, loginToken, prepare } from '../lib/portal';
import { percentile, round } from '../lib/stats';

const total = Number(process.env.BENCH_DELIVERIES ?? 100_000);
const rps = Number(process.env.BENCH_RPS ?? 50);
const beforeSeconds = Number(process.env.BENCH_BEFORE_SECONDS ?? 15);

/** Calls `url` `rps` times a second until stopped; answers each call's milliseconds, and the failures. */
function steadyCalls(url: string, headers: Record<string, string>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const times: number[] = [];
  let errors = 0;
  const one = () => {
    const t0 = performance.now();
    const request = http.get(url, { headers, agent }, (response) => {
      if (response.statusCode !== 200) errors++;
      response.resume();
      response.on('end', () => times.push(performance.now() - t0));
    });
    request.on('error', () => errors++);
  };
  const timer = setInterval(one, 1000 / rps);
  return {
    /** The calls so far, and a fresh start. */
    take: () => {
      const taken = { times: times.splice(0).sort((a, b) => a - b), errors };
      errors = 0;
      return taken;
    },
    stop: () => (clearInterval(timer), agent.destroy()),
  };
}

/** A child process that sends its first message when ready and answers asks by id. */
async function child<T extends object>(script: string, args: string[], env: Record<string, string> = {}, profile = false) {
  const process_: ChildProcess = fork(fileURLToPath(new URL(script, import.meta.url)), args, {
    // BENCH_CPU_PROF=<folder>: the portal writes a CPU profile there (node --cpu-prof) when it stops.
    execArgv: [
      '--import',
      'tsx',
      ...(profile && process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
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

const bench = await embeddedDatabase();
const closers: (() => Promise<unknown>)[] = [];
try {
  const db = bench.database.db;
  let t0 = performance.now();
  await prepare(bench.database, false);
  console.log(`# embedded PostgreSQL seeded with the demo in ${round((performance.now() - t0) / 1000, 1)} s`);

  const sink = await child<{ url: string }>('./sink.ts', []);
  closers.push(() => sink.ask('close'));
  const server = await child<{ address: string; concurrency: number }>('./notify-server.ts', [bench.url], {}, true);
  closers.push(() => server.ask('close'));

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

  // The interactive calls: a supplier's getInfo, steadily; the first seconds warm up and are not counted.
  const token = await loginToken(server.first.address, '100001');
  const calls = steadyCalls(`${server.first.address}/api/user/getInfo?token=${encodeURIComponent(token)}`, { token });
  closers.push(async () => calls.stop());
  await new Promise((r) => setTimeout(r, 3000));
  calls.take();
  await new Promise((r) => setTimeout(r, beforeSeconds * 1000));
  const before = calls.take();

  // The drain: the worker starts; the calls go on until the last delivery is sent.
  const sent = async () =>
    Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM delivery WHERE state = 'sent'`.execute(db)).rows[0]!.n);
  const cpuBefore = Number((await server.ask('cpu')).cpuMs);
  const started = performance.now();
  await server.ask('start');
  while ((await sent()) < total) {
    await new Promise((r) => setTimeout(r, 200));
    if (performance.now() - started > 30 * 60_000) throw new Error('not drained after 30 minutes');
  }
  const seconds = (performance.now() - started) / 1000;
  const during = calls.take();
  calls.stop();
  const cpuMs = Number((await server.ask('cpu')).cpuMs) - cpuBefore;

  const counts = await sink.ask('count');
  const states = await sql<{
    state: string;
    n: number;
  }>`SELECT state, count(*)::int AS n FROM delivery GROUP BY state ORDER BY state`.execute(db);
  const attempts = Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM delivery_attempt`.execute(db)).rows[0]!.n);

  const p = (taken: { times: number[] }, q: number) => round(percentile(taken.times, q), 2);
  const p99Before = percentile(before.times, 99);
  const p99During = percentile(during.times, 99);
  console.log(`\n## bench:notify-deliveries (embedded PostgreSQL, worker concurrency ${server.first.concurrency})`);
  console.log(`deliveries            ${total.toLocaleString('en')}`);
  console.log(`drained in            ${round(seconds, 1)} s`);
  console.log(`rate                  ${Math.round(total / seconds).toLocaleString('en')} deliveries/s`);
  console.log(
    `portal CPU            ${round((cpuMs / total) * 1000, 0)} µs a delivery (getInfo's included), ${round(cpuMs / 10 / seconds, 0)} % of a core`,
  );
  console.log(`receiver got          ${String(counts.received)} requests, ${String(counts.distinct)} distinct keys`);
  console.log(`queue after           ${states.rows.map((r) => `${r.state} ${r.n}`).join(', ')}; ${attempts} tries logged`);
  console.log(
    `getInfo before        p50 ${p(before, 50)} ms, p99 ${p(before, 99)} ms (${before.times.length} calls at ${rps}/s, ${before.errors} failed)`,
  );
  console.log(
    `getInfo during drain  p50 ${p(during, 50)} ms, p99 ${p(during, 99)} ms (${during.times.length} calls at ${rps}/s, ${during.errors} failed)`,
  );
  console.log(`p99 slowed by         ${round(((p99During - p99Before) / p99Before) * 100, 1)} %`);
} finally {
  for (const close of closers.reverse()) await close().catch(() => undefined);
  await bench.database.close();
  await bench.dispose();
}
