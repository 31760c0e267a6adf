// The embedded cluster's own settings: shared_buffers an eighth of the machine's memory within 128MB-1GB unless
// EMBEDDED_PG_SHARED_BUFFERS names a size (a malformed one refused at start), and WAL compressed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { type Database, openDatabase } from './database';
import { defaultSharedBuffers } from './embedded-postgres';

const mb = 1024 * 1024;
let database: Database | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  await database?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

it('gives the page cache an eighth of the memory, at least 128MB and at most 1GB', () => {
  expect(defaultSharedBuffers(512 * mb)).toBe('128MB');
  expect(defaultSharedBuffers(4096 * mb)).toBe('512MB');
  expect(defaultSharedBuffers(64 * 1024 * mb)).toBe('1024MB');
});

it('takes EMBEDDED_PG_SHARED_BUFFERS as a size and refuses anything else', () => {
  expect(loadConfig({ EMBEDDED_PG_SHARED_BUFFERS: '2GB' }).embeddedSharedBuffers).toBe('2GB');
  expect(loadConfig({}).embeddedSharedBuffers).toBeUndefined();
  for (const bad of ['2 GB', 'lots', '0MB', "1GB'; fsync = off"])
    expect(() => loadConfig({ EMBEDDED_PG_SHARED_BUFFERS: bad })).toThrow(/EMBEDDED_PG_SHARED_BUFFERS/);
});

it('starts the cluster with the size it is given and WAL compression on', async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-embedded-settings-'));
  database = await openDatabase({ dataDir, notice: () => undefined, embeddedSharedBuffers: '160MB' });
  const show = async (name: string) => (await sql<Record<string, string>>`SHOW ${sql.raw(name)}`.execute(database!.db)).rows[0]![name];
  expect(await show('shared_buffers')).toBe('160MB');
  expect(await show('wal_compression')).toBe('pglz');
});
