// Starts the portal: settings, database, migrations, demo data on an empty database, listen.
import cluster from 'node:cluster';
import os from 'node:os';
import { buildApp } from './app';
import { runPrimary } from './cluster';
import { databaseOptionsOf, loadConfig } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { EmbeddedPostgresError } from './db/embedded-postgres';
import { DataDirLockedError } from './db/lock';
import { seedDemoIfEmpty } from './db/seed/demo';
import { seedActions } from './seed-actions';
import { seedIngest } from './seed-ingest';
import { scheduleExpiryJob } from './modules/certificate/expiry';
import { scheduleRetentionJob } from './modules/integration/log/service';
import { scheduleDemoFeed } from './modules/integration/feed/service';
import { scheduleNotices } from './modules/notification/notices';
import { renderEvent } from './modules/notification/render';
import { startNotifyDelivery } from './modules/notify-delivery/runtime';
import { sealPlainSsoSecrets } from './modules/menu/service';
import { scheduleAuditJobs } from './modules/audit/jobs';
import { jobActor, withAuditActor } from './db/audit-context';
import { applyHeapGrowth } from './platform/heap';

async function main() {
  const config = loadConfig();
  applyHeapGrowth(config.heapGrowingPercent);
  const workers = config.workers ?? (process.argv.includes('--cluster') ? os.availableParallelism() : 1);
  if (workers > 1 && cluster.isPrimary) return runPrimary(config, workers).catch(exitOnKnownError);
  const database = await openDatabase(databaseOptionsOf(config)).catch(exitOnKnownError);
  await migrateToLatest(database.db);
  if (config.seedDemo) await seedDemoIfEmpty(database.db, new Date(), seedIngest, seedActions);
  const app = await buildApp(config, { database, closeDatabase: true });
  const sealedSso = await withAuditActor(jobActor('', 'secret sealing'), () => sealPlainSsoSecrets({ db: database.db, config }));
  if (sealedSso) app.log.info({ sealed: sealedSso }, 'single-sign-on secrets stored in plain are sealed now');

  let stopExpiryJob: () => Promise<void> = async () => undefined;
  let stopRetentionJob: () => Promise<void> = async () => undefined;
  let stopDemoFeed: () => Promise<void> = async () => undefined;
  let stopNotices: () => Promise<void> = async () => undefined;
  let stopNotifyDelivery: () => Promise<void> = async () => undefined;
  let stopAuditJobs: () => Promise<void> = async () => undefined;
  // Readiness says 503 at once; calls and downloads in flight get the grace period to end, while the
  // listener still answers (a load balancer sees the 503 rather than refused connections).
  const shutdown = async (signal: string) => {
    if (app.inFlight.draining) return;
    app.inFlight.draining = true;
    app.log.info({ signal, graceSeconds: config.shutdownGraceSeconds }, 'shutting down: finishing requests in flight');
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'grace over'>((resolve) => {
      timer = setTimeout(() => resolve('grace over'), config.shutdownGraceSeconds * 1000);
    });
    const outcome = await Promise.race([
      Promise.all([
        app.inFlight.idle(),
        stopExpiryJob(),
        stopRetentionJob(),
        stopDemoFeed(),
        stopNotices(),
        stopNotifyDelivery(),
        stopAuditJobs(),
      ]).then(() => 'drained' as const),
      graceOver,
    ]);
    clearTimeout(timer);
    if (outcome === 'grace over') {
      app.log.error(`work still in flight after ${config.shutdownGraceSeconds} s, exiting`);
      process.exit(1); // the data-folder lock is released on exit
    }
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Certificates' daily expiry marks: every process tries, the database lets one run a day (expiry.ts).
  // Its marks are changes of certificates: the audit trail names the job (every run inherits the actor).
  stopExpiryJob = withAuditActor(jobActor('', 'certificate expiry'), () => scheduleExpiryJob(database.db, () => new Date(), app.log));
  // The integration log's daily removal of batches older than each tenant's integrationLogDays (log/service.ts).
  stopRetentionJob = scheduleRetentionJob(database.db, () => new Date(), app.log);
  // The audit trail's chain (every minute) and its archive of entries past each tenant's auditRetentionDays (modules/audit).
  stopAuditJobs = scheduleAuditJobs(database.db, () => new Date(), app.log);
  // Notices no one's action causes: orders past their confirmation deadline, passwords about to expire (notices.ts).
  stopNotices = scheduleNotices(database.db, () => new Date(), config.passwordValidDays, app.log);
  // The demo feed (DEMO_FEED_MINUTES): new orders and their receiving through the integration service.
  if (config.demoFeed.minutes > 0)
    stopDemoFeed = withAuditActor(jobActor(config.demoFeed.tenant, 'demo feed'), () =>
      scheduleDemoFeed(database.db, { tenantId: config.demoFeed.tenant, everyMinutes: config.demoFeed.minutes }, app.log),
    );
  // Notifications' delivery worker and daily digest (NOTIFY_WORKER): every process shares the queue (notify-delivery/).
  if (config.notify.worker) stopNotifyDelivery = await startNotifyDelivery(database.db, config, renderEvent, app.log);
  app.log.info(
    `portal ready on http://localhost:${config.port} (database: ${database.embedded ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

/** A data folder in use or an embedded server that cannot start: the message alone, exit 1. */
function exitOnKnownError(err: unknown): never {
  if (err instanceof DataDirLockedError || err instanceof EmbeddedPostgresError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
