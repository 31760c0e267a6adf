// Once per run of the server tests: the PostgreSQL server they use (TEST_DATABASE_URL's, or else one embedded
// cluster started here in a temporary folder, fsync off), handed to the test files with a run id; at the end
// this run's template databases are dropped and the cluster stopped.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedCluster } from '../db/embedded-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection string of the tests' PostgreSQL server, as a superuser (databases are made and dropped). */
    testDatabaseUrl: string;
    /** Names this run's template databases, apart from other runs on a shared server. */
    testRunId: string;
  }
}

/** Settings of the throw-away cluster: nothing is kept after the run, so nothing need reach the disk. */
const throwAway = ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off'];

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = randomBytes(4).toString('hex');
  let url = process.env.TEST_DATABASE_URL;
  let stop = async () => undefined as void;
  if (!url) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-pg-'));
    const cluster = await startEmbeddedCluster(dataDir, () => undefined, throwAway);
    url = cluster.url;
    stop = async () => {
      await cluster.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }
  project.provide('testDatabaseUrl', url);
  project.provide('testRunId', runId);
  const serverUrl = url;
  return async () => {
    try {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ name: string }>('SELECT datname AS name FROM pg_database WHERE datname LIKE $1', [
          `portal_tpl_${runId}_%`,
        ]);
        for (const { name } of rows) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    } finally {
      await stop();
    }
  };
}
