// WORKERS=N (or npm run start:cluster): N server processes on one port (node:cluster).
// The primary serves nothing: it opens the database (for the embedded default: takes the folder's lock and
// runs the cluster), migrates and seeds once, then forks the workers with DATABASE_URL pointing at it.
// A worker that dies is replaced; on SIGTERM/SIGINT the workers drain and exit, then the database stops.
import cluster, { type Worker } from 'node:cluster';
import { type Config, databaseOptionsOf } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { seedDemoIfEmpty } from './db/seed/demo';
import { seedActions } from './seed-actions';
import { seedIngest } from './seed-ingest';

export async function runPrimary(config: Config, workers: number): Promise<void> {
  const database = await openDatabase(databaseOptionsOf(config));
  await migrateToLatest(database.db);
  if (config.seedDemo) await seedDemoIfEmpty(database.db, new Date(), seedIngest, seedActions);
  const env = { DATABASE_URL: database.url, SEED_DEMO: 'false', PORTAL_WORKER: '1' };

  let stopping = false;
  let exitCode = 0;
  const listening = new WeakSet<Worker>();
  const fork = (): Worker => {
    const worker = cluster.fork(env);
    worker.once('listening', () => listening.add(worker));
    return worker;
  };
  cluster.on('exit', (worker, code, signal) => {
    if (code) exitCode = Math.max(exitCode, code);
    if (!stopping && !listening.has(worker)) {
      // It never got to serve (a port in use, a bad setting): starting it again would fail the same way.
      console.error(`worker ${worker.process.pid} ended before it listened (${signal ?? code}): stopping`);
      exitCode = Math.max(exitCode, 1);
      stop('SIGTERM');
      return;
    }
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) void finish();
      return;
    }
    console.error(`worker ${worker.process.pid} ended (${signal ?? code}): starting another`);
    fork();
  });
  const finish = async () => {
    await database.close();
    process.exit(exitCode);
  };
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.error(`${signal}: stopping ${workers} workers`);
    const running = Object.values(cluster.workers ?? {});
    if (running.length === 0) void finish();
    for (const worker of running) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < workers; i++) fork();
  console.error(
    `portal primary ${process.pid}: ${workers} workers on port ${config.port} (database: ${database.embedded ? `embedded in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}
