// npm run bench:api — requests per second and latency of getInfo under 50 connections on 127.0.0.1, on PGlite and
// (where one answers) PostgreSQL, beside two ceilings of this machine: a bare Fastify route answering a constant,
// and a minimal Fastify route doing one indexed SELECT on the same pool. The load runs in a child process and the
// servers close only after it has stopped.
import os from 'node:os';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { hashToken } from '@portal/server/src/platform/passwords';
import { type BenchDatabase, embeddedDatabase, loginToken, postgresDatabase, prepare, serve } from '../lib/portal';
import { load as runLoad } from '../lib/fork-load';
import type { LoadFigures } from '../lib/load';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

function load(url: string, headers: Record<string, string> = {}): Promise<LoadFigures> {
  return runLoad({ url, connections, seconds, headers });
}

/** Warm-up run, then the measured one. */
async function measure(url: string, headers: Record<string, string> = {}): Promise<LoadFigures> {
  await load(url, headers);
  return load(url, headers);
}

function print(name: string, f: LoadFigures, ceiling?: LoadFigures) {
  const ratio = ceiling ? ` of-one-query-ceiling: ${(f.rps / ceiling.rps).toFixed(2)}` : '';
  console.log(`${name} req-per-s: ${f.rps} p50-ms: ${f.p50} p99-ms: ${f.p99}${ratio}${f.errors ? ` errors: ${f.errors}` : ''}`);
}

async function constantLine() {
  const app = Fastify({ logger: false });
  app.get('/constant', async () => ({ code: '1', success: true, data: 'ok', message: 'success', msg: 'success' }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  print('baseline constant', await measure(`${address}/constant`));
  await app.close();
}

async function benchEngine(bench: BenchDatabase) {
  try {
    await prepare(bench.database, false);
    const { app, url } = await serve(bench.database);
    const token = await loginToken(url, '100001');
    // The ceiling: Fastify, the same pool, one indexed SELECT (the session by its key), the envelope.
    const ceiling = Fastify({ logger: false });
    const tokenHash = hashToken(token);
    ceiling.get('/one-query', async () => {
      const { rows } = await sql<{ account_id: number }>`SELECT account_id FROM session WHERE token_hash = ${tokenHash}`.execute(
        bench.database.db,
      );
      return { code: '1', success: true, data: rows[0]?.account_id ?? null, message: 'success', msg: 'success' };
    });
    const ceilingUrl = await ceiling.listen({ port: 0, host: '127.0.0.1' });
    const oneQuery = await measure(`${ceilingUrl}/one-query`);
    print(`one-query ${bench.label}`, oneQuery);
    print(`getInfo ${bench.label}`, await measure(`${url}/api/user/getInfo`, { token }), oneQuery);
    await ceiling.close();
    await app.close();
    await bench.database.close();
  } finally {
    await bench.dispose();
  }
}

console.log(`# ${connections} connections, ${seconds} s per run, ${os.cpus().length} cores, load generator in its own process`);
await constantLine();
// BENCH_ENGINES=embedded or postgres runs one of them (default: both).
const engines = (process.env.BENCH_ENGINES ?? 'embedded,postgres').split(',');
if (engines.includes('embedded')) await benchEngine(await embeddedDatabase());
if (engines.includes('postgres')) {
  const postgres = await postgresDatabase();
  if (postgres) await benchEngine(postgres);
  else console.log('getInfo postgres skipped: no PostgreSQL at BENCH_DATABASE_URL or 127.0.0.1:5432');
}
