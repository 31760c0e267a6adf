// Backup and restore of the portal's database, the same on the embedded and on an external PostgreSQL:
// a gzip file holding a JSON head (format, migrations applied, sequence values, tables), then each table
// as PostgreSQL writes it with COPY ... TO STDOUT (text format) ended by a `\.` line. Taken in one
// REPEATABLE READ READ ONLY transaction, so it is a consistent snapshot while the portal keeps running.
// pg_dump is not used: the embedded binaries ship without it. Restore builds the schema with our own
// migrations up to the backup's level, loads the rows, sets the sequences and migrates to the latest.
import fs from 'node:fs';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { PassThrough, type Writable } from 'node:stream';
import zlib from 'node:zlib';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { migrateToLatest } from '../database';
import { migrationProvider } from '../migrations/index';
import type { DB } from '../schema';

const format = 'supplier-portal-backup';
const migrationTables = ['kysely_migration', 'kysely_migration_lock'];

export interface BackupHead {
  format: typeof format;
  version: 1;
  createdAt: string;
  migrations: string[];
  sequences: { name: string; lastValue: string }[];
  tables: { name: string; rows: number }[];
}

export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** What a backup reads: queries in one consistent snapshot, and each table as COPY ... TO STDOUT (text format) writes it. */
export interface BackupSource {
  rows<R>(text: string): Promise<R[]>;
  copyOut(table: string): AsyncIterable<Buffer>;
}

async function tablesOf(rowsOf: BackupSource['rows']): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY c.relname`,
  );
  return rows.map((r) => r.name).filter((name) => !migrationTables.includes(name));
}

/** Writes a backup of the database at `url` to `file`; answers its head. */
export async function backupDatabase(url: string, file: string): Promise<BackupHead> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const head = await writeBackup(
      {
        rows: async <R>(text: string) => (await client.query(text)).rows as R[],
        copyOut: (table) => client.query(copyTo(`COPY ${ident(table)} TO STDOUT`)).pipe(new PassThrough()),
      },
      file,
    );
    await client.query('COMMIT');
    return head;
  } finally {
    await client.end();
  }
}

/** Writes a backup of what `source` reads to `file` (whole or not at all); answers its head. */
export async function writeBackup(source: BackupSource, file: string): Promise<BackupHead> {
  const temp = `${file}.partial`;
  try {
    const migrations = (await source.rows<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name')).map((r) => r.name);
    const sequences = (
      await source.rows<{ name: string; last_value: string }>(
        `SELECT sequencename AS name, last_value::text FROM pg_sequences WHERE schemaname = 'public' AND last_value IS NOT NULL ORDER BY 1`,
      )
    ).map((r) => ({ name: r.name, lastValue: r.last_value }));
    const tables: BackupHead['tables'] = [];
    for (const name of await tablesOf((text) => source.rows(text))) {
      const rows = await source.rows<{ n: string }>(`SELECT count(*)::text AS n FROM ${ident(name)}`);
      tables.push({ name, rows: Number(rows[0]?.n ?? 0) });
    }
    const head: BackupHead = { format, version: 1, createdAt: new Date().toISOString(), migrations, sequences, tables };

    const gzip = zlib.createGzip();
    const written = pipeline(gzip, fs.createWriteStream(temp));
    await writeTo(gzip, `${JSON.stringify(head)}\n`);
    for (const { name } of tables) {
      await writeTo(gzip, `${JSON.stringify({ table: name })}\n`);
      for await (const chunk of source.copyOut(name)) await writeTo(gzip, chunk);
      await writeTo(gzip, '\\.\n');
    }
    gzip.end();
    await written;
    fs.renameSync(temp, file); // a backup cut short never looks complete
    return head;
  } catch (err) {
    fs.rmSync(temp, { force: true });
    throw err;
  }
}

function writeTo(stream: Writable, data: string | Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    if (stream.write(data)) return resolve();
    const drained = () => {
      stream.off('error', failed);
      resolve();
    };
    const failed = (err: Error) => {
      stream.off('drain', drained);
      reject(err);
    };
    stream.once('drain', drained);
    stream.once('error', failed);
  });
}

export class RestoreRefusedError extends Error {}

/**
 * Restores `file` into the database at `url`, which must hold no portal tables unless `replace` (then its
 * public schema is dropped first). The rows load in one transaction: a failed load leaves the schema without rows
 * (run it again with replace). Loading skips triggers and foreign-key checks, so it needs a superuser.
 */
export async function restoreDatabase(url: string, file: string, options: { replace?: boolean } = {}): Promise<BackupHead> {
  const lines = readline.createInterface({ input: fs.createReadStream(file).pipe(zlib.createGunzip()), crlfDelay: Infinity });
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next();
  const head = (first.done ? {} : JSON.parse(first.value)) as BackupHead;
  if (head.format !== format || head.version !== 1) throw new RestoreRefusedError(`${file} is not a backup of the portal`);
  const known = Object.keys(await migrationProvider.getMigrations());
  const unknown = head.migrations.filter((m) => !known.includes(m));
  if (unknown.length)
    throw new RestoreRefusedError(`the backup was made by a newer portal (migrations ${unknown.join(', ')}): restore it with that version`);

  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  try {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const present = await tablesOf(async <R>(text: string) => (await client.query(text)).rows as R[]);
      if (present.length && !options.replace)
        throw new RestoreRefusedError(
          `the target database already holds ${present.length} tables: restore into an empty one, or pass --replace`,
        );
      if (options.replace) {
        // Every schema of the portal goes (public, and report and report_estimate of the query pages' views): the
        // migrations make them again.
        const { rows } = await client.query<{ name: string }>(
          `SELECT nspname AS name FROM pg_namespace WHERE nspname IN ('public', 'report', 'report_estimate')`,
        );
        for (const { name } of rows) await client.query(`DROP SCHEMA ${ident(name)} CASCADE`);
        await client.query('CREATE SCHEMA public');
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    } finally {
      client.release();
    }
    // The schema of the backup's level (migrations are transactional DDL on PostgreSQL).
    const last = head.migrations.at(-1);
    if (last) {
      const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(last);
      if (error) throw error instanceof Error ? error : new Error(String(error));
    }
    const client2 = await pool.connect();
    try {
      await client2.query('BEGIN');
      // Rows the migrations wrote (defaults) are replaced by the backup's; no trigger or foreign-key check fires
      // while loading rows that were consistent when taken, nor the audit trail's guard on emptying it first (the
      // backup's own trail, with its seals, takes its place).
      await client2.query('SET LOCAL session_replication_role = replica');
      const tables = head.tables.map((t) => ident(t.name));
      if (tables.length) await client2.query(`TRUNCATE ${tables.join(', ')}`);
      for (;;) {
        const next = await iterator.next();
        if (next.done) break;
        if (next.value === '') continue;
        const { table } = JSON.parse(next.value) as { table: string };
        const copy = client2.query(copyFrom(`COPY ${ident(table)} FROM STDIN`));
        const done = new Promise<void>((resolve, reject) => {
          copy.on('finish', resolve);
          copy.on('error', reject);
        });
        for (;;) {
          const line = await iterator.next();
          if (line.done) throw new RestoreRefusedError(`${file} ends inside table ${table}`);
          if (line.value === '\\.') break;
          await writeTo(copy, `${line.value}\n`);
        }
        copy.end();
        await done;
      }
      for (const { name, lastValue } of head.sequences)
        await client2.query('SELECT setval($1::regclass, $2::bigint)', [ident(name), lastValue]);
      await client2.query('COMMIT');
    } catch (err) {
      await client2.query('ROLLBACK');
      throw err;
    } finally {
      client2.release();
    }
    await migrateToLatest(db);
    return head;
  } finally {
    lines.close();
    await db.destroy();
    // Kysely ends the pool only once it has run a query through it.
    if (!pool.ended) await pool.end();
  }
}
