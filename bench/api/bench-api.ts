// npm run bench:api — requests per second and latency of getInfo under 50 connections on 127.0.0.1,
// on PGlite and (where one answers) PostgreSQL, beside a bare Fastify route: the ceiling of this machine.
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '@portal/server/src/app';
import { loadConfig } from '@portal/server/src/config';
import { type Database, migrateToLatest, openDatabase } from '@portal/server/src/db/database';
import { seedDemo } from '@portal/server/src/db/seed/demo';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Figures { rps: number; p50: number; p99: number; errors: number }

async function load(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

function print(name: string, f: Figures) {
  console.log(`${name} req-per-s: ${f.rps} p50-ms: ${f.p50} p99-ms: ${f.p99}${f.errors ? ` errors: ${f.errors}` : ''}`);
}

async function benchGetInfo(label: string, database: Database) {
  await migrateToLatest(database.db);
  await seedDemo(database.db, new Date(), { business: false });
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent' }), { database, closeDatabase: true });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const key = ((await (await fetch(`${address}/api/user/publicKey`)).json()) as { data: { publicKey: string } }).data.publicKey;
  const password = publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from('Demo1234')).toString('base64');
  const login = await fetch(`${address}/api/user/login?tenantid=demo`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: '100001', password }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  await load(`${address}/api/user/getInfo`, { token }); // warm-up pass is the first run; measure the second
  print(`getInfo ${label}`, await load(`${address}/api/user/getInfo`, { token }));
  await app.close();
}

async function baseline() {
  const app = Fastify({ logger: false });
  app.get('/constant', async () => ({ code: '1', success: true, data: 'ok', message: 'success', msg: 'success' }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  await load(`${address}/constant`);
  print('baseline constant', await load(`${address}/constant`));
  await app.close();
}

async function postgresUrl(): Promise<string | undefined> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    const name = `portal_bench_${randomBytes(4).toString('hex')}`;
    await client.query(`CREATE DATABASE ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    return target.toString();
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

console.log(`# ${connections} connections, ${seconds} s per run, ${os.cpus().length} cores`);
await baseline();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
try {
  await benchGetInfo('pglite', await openDatabase({ dataDir }));
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const pgUrl = await postgresUrl();
if (pgUrl) {
  await benchGetInfo('postgres', await openDatabase({ databaseUrl: pgUrl, poolSize: 10 }));
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${new URL(pgUrl).pathname.slice(1)} WITH (FORCE)`);
  await admin.end();
} else {
  console.log('getInfo postgres skipped: no PostgreSQL at BENCH_DATABASE_URL or 127.0.0.1:5432');
}
