// Backup and restore: a backup of the embedded PostgreSQL, restored into an empty database (on the same
// cluster, and on the tests' other PostgreSQL server: test/global-setup.ts), holds every row and sequence.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { type Database, migrateToLatest, openDatabase } from '../database';
import { seedDemo } from '../seed/demo';
import { RestoreRefusedError, backupDatabase, restoreDatabase } from './backup';

let dataDir: string;
let database: Database;
let file: string;

/** Every table's row count and a digest of its rows, and every sequence's value. */
async function fingerprint(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'kysely_%' ORDER BY 1",
    );
    const result: Record<string, string> = {};
    for (const { name } of tables.rows) {
      const { rows } = await client.query<{ n: string; digest: string }>(
        `SELECT count(*)::text AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest FROM "${name}" t`,
      );
      result[name] = `${rows[0]!.n} ${rows[0]!.digest}`;
    }
    const sequences = await client.query<{ name: string; v: string | null }>(
      "SELECT sequencename AS name, last_value::text AS v FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1",
    );
    for (const { name, v } of sequences.rows) result[`sequence ${name}`] = String(v);
    return result;
  } finally {
    await client.end();
  }
}

async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'));
  database = await openDatabase({ dataDir, notice: () => undefined });
  await migrateToLatest(database.db);
  await seedDemo(database.db, new Date()); // every area's rows, stored files (bytea) among them
  file = path.join(dataDir, 'portal.backup.gz');
  await backupDatabase(database.url, file);
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('restores a backup of the embedded PostgreSQL into an empty database with every row and sequence', async () => {
  const source = await fingerprint(database.url);
  expect(Object.keys(source).length).toBeGreaterThan(30);
  expect(source.stored_file_chunk).not.toMatch(/^0 /);
  const restored = await createDatabase(database.url, 'restored');
  await restoreDatabase(restored, file);
  expect(await fingerprint(restored)).toEqual(source);
}, 120_000);

it('refuses a database that holds tables, and replaces it when told', async () => {
  const target = await createDatabase(database.url, 'replaced');
  const other = new pg.Client({ connectionString: target });
  await other.connect();
  await other.query('CREATE TABLE stray (id int)');
  await other.end();
  await expect(restoreDatabase(target, file)).rejects.toThrow(RestoreRefusedError);
  await restoreDatabase(target, file, { replace: true });
  expect(await fingerprint(target)).toEqual(await fingerprint(database.url));
  // A database holding the whole portal (its report schemas among it) is replaced as well.
  await restoreDatabase(target, file, { replace: true });
  expect(await fingerprint(target)).toEqual(await fingerprint(database.url));
}, 120_000);

it('restores it on another PostgreSQL server, whose own backup restores back', async () => {
  const external = await createDatabase(inject('testDatabaseUrl'), `portal_restore_${randomBytes(4).toString('hex')}`);
  try {
    await restoreDatabase(external, file);
    const source = await fingerprint(database.url);
    expect(await fingerprint(external)).toEqual(source);
    const second = path.join(dataDir, 'external.backup.gz');
    await backupDatabase(external, second);
    const back = await createDatabase(database.url, 'from_external');
    await restoreDatabase(back, second);
    expect(await fingerprint(back)).toEqual(source);
  } finally {
    const admin = new pg.Client({ connectionString: inject('testDatabaseUrl') });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(external).pathname.slice(1)} WITH (FORCE)`);
    await admin.end();
  }
}, 180_000);
