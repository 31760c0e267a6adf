// npm run bench:mixed — 50 connections of mixed traffic (getInfo, the menu, a purchase-order page, a receiving
// detail page, the dashboard) against the portal started as `npm start` would (its own process), on the
// embedded PostgreSQL and beside it on the external PostgreSQL; the load comes from a third process.
// BENCH_ENGINES: comma-separated of embedded, postgres (default both).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type RunningServer, startServer } from '@portal/e2e/support/server';
import { buildServer } from '@portal/server/scripts/build.mjs';
import { adminUrl, loginToken } from '../lib/portal';
import { type Figures, mixedRequests, runLoad } from './traffic';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const engines = (process.env.BENCH_ENGINES ?? 'embedded,postgres').split(',').map((e) => e.trim());

function load(url: string, token: string, runSeconds: number): Promise<Figures> {
  return runLoad({ url, connections, seconds: runSeconds, requests: mixedRequests(token) });
}

/** A new database on the external PostgreSQL, or undefined when none answers. */
async function externalDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `portal_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

async function run(label: string, env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  let server: RunningServer | undefined;
  try {
    server = await startServer({ dataDir, env: { LOGIN_SLOWDOWN_MS: '0', ...env } });
    const token = await loginToken(server.url, '100001');
    await load(server.url, token, Math.min(5, seconds)); // warm-up
    const f = await load(server.url, token, seconds);
    console.log(`mixed ${label} req-per-s: ${f.rps} p50-ms: ${f.p50} p99-ms: ${f.p99} errors: ${f.errors} requests: ${f.requests}`);
  } finally {
    // Only now, with the load process gone, is the server stopped.
    if (server) await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await buildServer(); // the server runs compiled, as npm start runs it
console.log(`# mixed traffic, ${connections} connections, ${seconds} s per run, ${os.cpus().length} cores, load from its own process`);
for (const engine of engines) {
  if (engine === 'embedded') await run('embedded-postgres', {});
  else if (engine === 'postgres') {
    const external = await externalDatabase();
    if (!external) {
      console.log('mixed postgres skipped: no PostgreSQL at BENCH_DATABASE_URL or 127.0.0.1:5432');
      continue;
    }
    try {
      await run('postgres', { DATABASE_URL: external.url });
    } finally {
      await external.drop();
    }
  } else console.log(`unknown engine ${engine} in BENCH_ENGINES`);
}
