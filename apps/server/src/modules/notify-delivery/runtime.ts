// A server process's delivery of notifications, from the settings: the address guard, the SMTP pool, kept-alive
// connections, the worker and the daily digest's timer; answers a function that stops them all (main.ts calls it
// on shutdown, after the worker's sends in flight have ended).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
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
