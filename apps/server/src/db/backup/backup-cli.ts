// npm run backup [-- FILE]: a consistent backup of the portal's database (README, Backups), the portal may keep running.
import fs from 'node:fs';
import path from 'node:path';
import { backupDatabase } from './backup';
import { openTarget } from './target';

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = path.resolve(process.argv[2] ?? `backups/portal-${stamp}.backup.gz`);
fs.mkdirSync(path.dirname(file), { recursive: true });
const target = await openTarget(true);
try {
  const head = await backupDatabase(target.url, file);
  const rows = head.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(`backup written: ${file} (${head.tables.length} tables, ${rows} rows, ${fs.statSync(file).size} bytes)`);
} finally {
  await target.close();
}
