// npm run seed [-- --rows N]: migrates, seeds the demo tenant when empty (its business documents through the
// integration service, as npm start does), and grows receiving lines to N (bulk rows for the benchmarks).
import { parseArgs } from 'node:util';
import { databaseOptionsOf, loadConfig } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { growAcceptance } from './db/seed/business';
import { tenant } from './db/seed/catalog';
import { seedDemoIfEmpty } from './db/seed/demo';
import { seedActions } from './seed-actions';
import { seedIngest } from './seed-ingest';

const { values } = parseArgs({ options: { rows: { type: 'string' } } });
const rows = values.rows === undefined ? 0 : Number(values.rows);
if (!Number.isSafeInteger(rows) || rows < 0) {
  console.error(`--rows must be a whole number, got ${values.rows}`);
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(databaseOptionsOf(config));
try {
  await migrateToLatest(database.db);
  const seeded = await seedDemoIfEmpty(database.db, new Date(), seedIngest, seedActions);
  console.log(seeded ? 'demo data seeded' : 'demo data already present');
  if (rows > 0) {
    const started = Date.now();
    const count = await growAcceptance(database.db, tenant.id, rows);
    console.log(`acceptance rows: ${count} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
} finally {
  await database.close();
}
