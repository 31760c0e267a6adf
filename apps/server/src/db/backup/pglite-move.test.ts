// A data folder of an earlier release that holds a PGlite database: the portal refuses to start on it and says how
// to move it, and the move it names (backup --from-pglite, then restore) carries every row and sequence.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PgliteFolderError, migrateToLatest, openDatabase } from '../database';
import type { DB } from '../schema';
import { freshDatabase } from '../../test/helpers';
import { restoreDatabase, writeBackup } from './backup';
import { openPgliteSource, pglitePackage } from './pglite-source';

const serverDir = path.resolve(import.meta.dirname, '../../..');

function pgliteFolder(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pglite-'));
  fs.mkdirSync(path.join(dataDir, 'pgdata'));
  return dataDir;
}

// PGlite is no dependency: this runs where it was installed for a move (npm install --no-save @electric-sql/pglite@0.5.16).
const pglite = await import(/* @vite-ignore */ `${pglitePackage}/node-postgres`).then(
  (adapter: { createPgConfig(db: unknown): pg.PoolConfig }) =>
    import(/* @vite-ignore */ pglitePackage).then((m: { PGlite: { create(dir: string): Promise<{ close(): Promise<void> }> } }) => ({
      ...m,
      ...adapter,
    })),
  () => undefined,
);

describe('a data folder holding a PGlite database', () => {
  it('is refused on start with what it is and how to move it, and the portal exits with 1', async () => {
    const dataDir = pgliteFolder();
    try {
      await expect(openDatabase({ dataDir })).rejects.toThrow(PgliteFolderError);
      const started = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: serverDir,
        env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 240_000,
      });
      expect(started.status).toBe(1);
      expect(started.stderr).toContain(`${dataDir} holds a PGlite database (pgdata/), written by an earlier release`);
      expect(started.stderr).toContain('npm install --no-save @electric-sql/pglite@0.5.16');
      expect(started.stderr).toContain('npm run backup -- --from-pglite backups/from-pglite.backup.gz');
      expect(started.stderr).toContain('npm run restore -- backups/from-pglite.backup.gz');
      expect(started.stderr).not.toMatch(/\n\s+at /); // the message alone, no stack
      // Nothing was made in the folder: no cluster, no lock left.
      expect(fs.readdirSync(dataDir)).toEqual(['pgdata']);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);

  it.skipIf(!pglite)(
    'moves through backup --from-pglite and restore with every row and sequence',
    async () => {
      const dataDir = pgliteFolder();
      const target = await freshDatabase();
      try {
        const folder = path.join(dataDir, 'pgdata');
        const lite = await pglite!.PGlite.create(folder);
        const pool = new pg.Pool(pglite!.createPgConfig(lite));
        const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
        // The migrations' own rows (modules, print templates, query pages) and a tenant: PGlite is slow to seed more.
        await migrateToLatest(db);
        await db.insertInto('tenant').values({ id: 'moved', name: '搬迁租户', company_name: '搬迁租户有限公司' }).execute();
        await db.destroy();
        await lite.close();

        const file = path.join(dataDir, 'from-pglite.backup.gz');
        const source = await openPgliteSource(folder);
        const head = await writeBackup(source, file).finally(() => source.close());
        expect(head.tables.find((t) => t.name === 'tenant')?.rows).toBe(1);
        await restoreDatabase(target.url, file);
        for (const { name, rows } of head.tables) {
          const restored = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(name)}`.execute(target.db);
          expect(restored.rows[0]!.n, name).toBe(rows);
        }
        const sequences = await sql<{
          name: string;
          lastValue: string;
        }>`SELECT sequencename AS name, last_value::text AS "lastValue" FROM pg_sequences WHERE schemaname = 'public' AND last_value IS NOT NULL ORDER BY 1`.execute(
          target.db,
        );
        expect(sequences.rows).toEqual(head.sequences);
      } finally {
        await target.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    600_000,
  );
});
