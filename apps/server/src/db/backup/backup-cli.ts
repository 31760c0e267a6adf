// npm run backup [-- FILE]: a consistent backup of the portal's database (docs/operations.md, Backups), the portal may keep running.
// npm run backup -- --from-pglite [FILE]: the same file made from DATA_DIR/pgdata, the PGlite database of an earlier
// release, to restore into PostgreSQL (npm run restore).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { type BackupHead, backupDatabase, writeBackup } from './backup';
import { openPgliteSource } from './pglite-source';
import { openTarget } from './target';

const { values, positionals } = parseArgs({ options: { 'from-pglite': { type: 'boolean', default: false } }, allowPositionals: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = path.resolve(positionals[0] ?? `backups/portal-${stamp}.backup.gz`);
fs.mkdirSync(path.dirname(file), { recursive: true });

async function fromPglite(): Promise<BackupHead> {
  const folder = path.join(loadConfig().dataDir, 'pgdata');
  if (!fs.existsSync(folder)) throw new Error(`no PGlite database in ${folder}`);
  const source = await openPgliteSource(folder);
  try {
    return await writeBackup(source, file);
  } finally {
    await source.close();
  }
}

async function fromPostgres(): Promise<BackupHead> {
  const target = await openTarget(true);
  try {
    return await backupDatabase(target.url, file);
  } finally {
    await target.close();
  }
}

const head = await (values['from-pglite'] ? fromPglite() : fromPostgres());
const rows = head.tables.reduce((sum, t) => sum + t.rows, 0);
console.log(`backup written: ${file} (${head.tables.length} tables, ${rows} rows, ${fs.statSync(file).size} bytes)`);
