// A server process's delivery of notifications, from the settings: the address guard, the SMTP pool, kept-alive
// connections, the worker and the daily digest's timer; answers a function that stops them all (main.ts calls it
// on shutdown, after the worker's sends in flight have ended).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { Mailer } from './channels/email';
import { scheduleDigestJob } from './digest';
import { keepAliveAgents } from './http-post';
import type { RenderEvent } from './message';
import { releaseWaitingMail } from './queue-repo';
import { openStored } from '../../platform/secret-box';
import { sealPlainSecrets } from './endpoint-secrets';
import { Sender, waitingForMail } from './sender';
import { UrlPolicy } from './url-guard';
import { DeliveryWorker, type WorkerLog } from './worker';

/** A worker's name in locked_by: host, process and a random part (a restarted process is another worker). */
export const workerName = () => `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

/** The sender of a process (also what the screens' test message uses). */
export function senderOf(
  db: Kysely<DB>,
  config: Config,
  render: RenderEvent,
  mailer: Mailer | null,
  agents?: ReturnType<typeof keepAliveAgents>,
): Sender {
  return new Sender({
    render,
    mailer,
    http: {
      policy: new UrlPolicy(config.notify.allowPrivateUrls),
      timeoutMs: config.notify.sendTimeoutMs,
      ...(agents ? { agents } : {}),
    },
    publicUrl: config.publicUrl,
    now: () => new Date(),
    openSecret: (stored) => openStored({ db, config }, stored),
  });
}

export function mailerOf(config: Config): Mailer | null {
  return config.mail ? new Mailer({ ...config.mail, timeoutMs: config.notify.sendTimeoutMs }) : null;
}

/** Starts this process's worker and digest timer; answers the function that stops them. */
export async function startNotifyDelivery(
  db: Kysely<DB>,
  config: Config,
  render: RenderEvent,
  log: WorkerLog,
): Promise<() => Promise<void>> {
  const mailer = mailerOf(config);
  const agents = keepAliveAgents(config.notify.concurrency);
  const sender = senderOf(db, config, render, mailer, agents);
  const name = workerName();
  const settings = { ...config.notify, idlePollMs: 1000 };
  const worker = new DeliveryWorker(db, sender, settings, name, log);
  const sealed = await sealPlainSecrets({ db, config });
  if (sealed) log.info({ sealed }, 'signing secrets stored in plain are sealed now');
  if (mailer) {
    const released = await releaseWaitingMail(db, waitingForMail);
    if (released) log.info({ released }, 'e-mails that waited for an SMTP server are due again');
  } else log.info({}, 'SMTP_URL is not set: e-mail notifications wait until it is');
  worker.start();
  const stopDigest = scheduleDigestJob(
    {
      db,
      mailer,
      render,
      publicUrl: config.publicUrl,
      worker: name,
      leaseMs: config.notify.leaseMs,
      maxAttempts: config.notify.maxAttempts,
    },
    config.notify.digestHour,
    () => new Date(),
    log,
  );
  return async () => {
    await Promise.all([worker.stop(), stopDigest()]);
    agents.destroy();
    mailer?.close();
  };
}

/** What the delivery thread tells the process: a log line, that it has started, that it has stopped. */
export type ThreadMessage = { kind: 'log'; level: 'info' | 'error'; o: object; m: string } | { kind: 'ready' } | { kind: 'stopped' };

/** The thread's module: beside this one in the sources, dist/notify-thread.js in the build (scripts/build.mjs). */
const fromSources = import.meta.url.endsWith('.ts');
const threadEntry = fromSources ? new URL('./thread.ts', import.meta.url) : new URL('./notify-thread.js', import.meta.url);
/**
 * From the sources (npm run dev, the tests) the thread loads its TypeScript through tsx's API: neither `--import tsx`
 * nor a test runner's loader reaches a worker thread on Node 20.
 */
const newThread = (workerData: object) =>
  fromSources
    ? new Worker(
        `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(threadEntry.href)}, ${JSON.stringify(threadEntry.href)}))`,
        {
          eval: true,
          workerData,
        },
      )
    : new Worker(threadEntry, { workerData });

/**
 * Runs this process's delivery worker and digest timer (startNotifyDelivery) on a thread of its own (thread.ts),
 * which reaches the database at `databaseUrl`: the sends no longer share the event loop and the heap of the calls
 * of the screens. A thread that ends on its own (an error at start, the database away when it began) is started
 * again after a growing wait; meanwhile its leased rows wait out their lease, as after a crash. Answers the
 * function that stops it (the sends in flight end and their outcomes are written first).
 */
export function startNotifyThread(databaseUrl: string, log: WorkerLog): () => Promise<void> {
  let stopping = false;
  let thread: Worker | undefined;
  let failures = 0;
  let restart: NodeJS.Timeout | undefined;
  const start = () => {
    const current = newThread({ databaseUrl });
    thread = current;
    current.on('message', (message: ThreadMessage) => {
      if (message.kind === 'log') log[message.level](message.o, message.m);
      else if (message.kind === 'ready') failures = 0;
    });
    current.on('error', (err) => log.error({ err }, 'notification delivery thread failed'));
    current.on('exit', (code) => {
      if (stopping || thread !== current) return;
      failures++;
      const waitMs = Math.min(60_000, 1000 * 2 ** (failures - 1));
      log.error({ code, restartInMs: waitMs }, 'notification delivery thread ended; starting it again');
      restart = setTimeout(start, waitMs);
      restart.unref();
    });
  };
  start();
  return async () => {
    stopping = true;
    clearTimeout(restart);
    const current = thread;
    if (!current) return;
    const stopped = new Promise<void>((resolve) => {
      current.on('message', (message: ThreadMessage) => message.kind === 'stopped' && resolve());
      current.once('exit', () => resolve());
    });
    current.postMessage('stop');
    await stopped;
    await current.terminate();
  };
}
