// Opens a benchmark database (the embedded PostgreSQL in a temp folder, or a fresh database on a PostgreSQL server), seeds it, and
// serves the portal on it on 127.0.0.1.
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@portal/server/src/app';
import { loadConfig } from '@portal/server/src/config';
import { type Database, migrateToLatest, openDatabase } from '@portal/server/src/db/database';
import { seedDemo } from '@portal/server/src/db/seed/demo';
import { seedActions } from '@portal/server/src/seed-actions';
import { seedIngest } from '@portal/server/src/seed-ingest';

export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  label: 'embedded' | 'postgres';
  database: Database;
  /** Connection string of the benchmark database. */
  url: string;
  /** A kept database that an earlier run seeded: migrate it, do not seed it again. */
  prepared?: boolean;
  dispose(): Promise<void>;
}

export async function embeddedDatabase(): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const database = await openDatabase({ dataDir, notice: () => undefined });
  return { label: 'embedded', database, url: database.url, dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

/**
 * A new database on the PostgreSQL at BENCH_DATABASE_URL, or undefined when none answers. BENCH_KEEP_DATABASE=name
 * uses (and keeps) that database instead, made on the first run: grown data (ten million lines) serves later runs.
 */
export async function postgresDatabase(): Promise<BenchDatabase | undefined> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const kept = process.env.BENCH_KEEP_DATABASE;
  if (kept !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(kept))
    throw new Error(`BENCH_KEEP_DATABASE: ${kept} is not a plain database name`);
  const name = kept ?? `portal_bench_${randomBytes(4).toString('hex')}`;
  const exists = kept !== undefined && (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [kept])).rowCount === 1;
  if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  // The query pages' pool as the served portal's settings have it (it serves on this database object).
  const database = await openDatabase({
    databaseUrl: target.toString(),
    poolSize: 20,
    reportPoolSize: loadConfig().dynamicQuery.concurrency,
  });
  return {
    label: 'postgres',
    database,
    url: target.toString(),
    ...(exists ? { prepared: true } : {}),
    dispose: async () => {
      if (kept) return;
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export async function prepare(database: Database, business = true, seeded = false): Promise<void> {
  await migrateToLatest(database.db);
  if (seeded) return;
  await seedDemo(database.db, new Date(), { business, ingest: seedIngest, actions: seedActions });
}

export async function serve(database: Database, options: { webDist?: string } = {}): Promise<{ app: FastifyInstance; url: string }> {
  // The environment's settings (DYNAMIC_QUERY_CONCURRENCY, ...), quiet logs, no web files unless given, no login delay.
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', WEB_DIST: options.webDist ?? '/nonexistent', LOGIN_SLOWDOWN_MS: '0' });
  const app = await buildApp(config, { database });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

export async function loginToken(url: string, username: string, staff = false, tenant = 'demo'): Promise<string> {
  const key = ((await (await fetch(`${url}/api/user/publicKey`)).json()) as { data: { publicKey: string } }).data.publicKey;
  const password = publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from('Demo1234')).toString(
    'base64',
  );
  const res = await fetch(`${url}/api/user/${staff ? 'merchantsLogin' : 'login'}?tenantid=${tenant}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** A compiled query's SQL with its parameters written in as literals (for EXPLAIN and COPY, which take none). */
export function inlined(compiled: { sql: string; parameters: readonly unknown[] }): string {
  return compiled.sql.replace(/\$(\d+)/g, (_, n: string) => `'${String(compiled.parameters[Number(n) - 1]).replaceAll("'", "''")}'`);
}
