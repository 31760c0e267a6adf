// npm run bench:api — requests per second and latency of getInfo under 50 connections on 127.0.0.1,
// on PGlite and (where one answers) PostgreSQL, beside a bare Fastify route: the ceiling of this machine.
import os from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { type BenchDatabase, loginToken, pgliteDatabase, postgresDatabase, prepare, serve } from '../lib/portal';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

function print(name: string, f: Figures) {
  console.log(`${name} req-per-s: ${f.rps} p50-ms: ${f.p50} p99-ms: ${f.p99}${f.errors ? ` errors: ${f.errors}` : ''}`);
}

async function benchGetInfo(bench: BenchDatabase) {
  try {
    await prepare(bench.database, false);
    const { app, url } = await serve(bench.database);
    const token = await loginToken(url, '100001');
    await load(`${url}/api/user/getInfo`, { token }); // warm-up; the second run is measured
    print(`getInfo ${bench.label}`, await load(`${url}/api/user/getInfo`, { token }));
    await app.close();
    await bench.database.close();
  } finally {
    await bench.dispose();
  }
}

async function baseline() {
  const app = Fastify({ logger: false });
  app.get('/constant', async () => ({ code: '1', success: true, data: 'ok', message: 'success', msg: 'success' }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  await load(`${address}/constant`);
  print('baseline constant', await load(`${address}/constant`));
  await app.close();
}

console.log(`# ${connections} connections, ${seconds} s per run, ${os.cpus().length} cores`);
await baseline();
await benchGetInfo(await pgliteDatabase());
const postgres = await postgresDatabase();
if (postgres) await benchGetInfo(postgres);
else console.log('getInfo postgres skipped: no PostgreSQL at BENCH_DATABASE_URL or 127.0.0.1:5432');
