// Starts the portal: settings, database, migrations, demo data on an empty database, listen.
import { buildApp } from './app';
import { databaseOptionsOf, loadConfig } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { DataDirLockedError } from './db/lock';
import { seedDemoIfEmpty } from './db/seed/demo';

async function main() {
  const config = loadConfig();
  let database;
  try {
    database = await openDatabase(databaseOptionsOf(config));
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  await migrateToLatest(database.db);
  if (config.seedDemo) await seedDemoIfEmpty(database.db);
  const app = await buildApp(config, { database, closeDatabase: true });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s, exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`portal ready on http://localhost:${config.port} (database: ${database.engine})`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
