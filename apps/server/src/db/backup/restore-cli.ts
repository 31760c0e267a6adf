// npm run restore -- FILE [--replace]: restores a backup into the portal's database with the portal stopped (docs/operations.md, Backups).
import { parseArgs } from 'node:util';
import { DataDirLockedError } from '../lock';
import { RestoreRefusedError, restoreDatabase } from './backup';
import { openTarget } from './target';

const { values, positionals } = parseArgs({ options: { replace: { type: 'boolean', default: false } }, allowPositionals: true });
const file = positionals[0];
if (!file) {
  console.error('usage: npm run restore -- FILE [--replace]');
  process.exit(2);
}
try {
  const target = await openTarget(false);
  try {
    const head = await restoreDatabase(target.url, file, { replace: values.replace });
    console.log(`restored ${file} (taken ${head.createdAt}, ${head.tables.length} tables)`);
  } finally {
    await target.close();
  }
} catch (err) {
  if (err instanceof RestoreRefusedError || err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
