// The delivery worker's thread (runtime.ts, startNotifyThread): the worker and the digest timer of notify-delivery
// on an event loop, a heap and connections of their own, so that the sends, their JSON and their garbage never
// hold up the calls of the process. It reaches the process's database at the address the process gives it (the
// embedded cluster's socket included); its log lines go to the process's logger.
import { parentPort, workerData } from 'node:worker_threads';
import { databaseOptionsOf, loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { renderEvent } from '../notification/render';
import { type ThreadMessage, startNotifyDelivery } from './runtime';
import type { WorkerLog } from './worker';

const port = parentPort;
if (!port) throw new Error('notify-delivery/thread.ts runs as a worker thread of the portal (runtime.ts)');
const post = (message: ThreadMessage) => port.postMessage(message);

/** An error as plain data (a log line crosses to the process by structured clone). */
const plain = (o: object): object =>
  Object.fromEntries(
    Object.entries(o).map(([k, v]) => [
      k,
      v instanceof Error ? { type: v.name, message: v.message, stack: v.stack, code: (v as { code?: unknown }).code } : v,
    ]),
  );
const log: WorkerLog = {
  info: (o, m) => post({ kind: 'log', level: 'info', o: plain(o), m }),
  error: (o, m) => post({ kind: 'log', level: 'error', o: plain(o), m }),
};

const config = loadConfig();
const { databaseUrl } = workerData as { databaseUrl: string };
// Claims, outcome writes and the digest: a few connections are plenty.
const database = await openDatabase({ ...databaseOptionsOf(config), databaseUrl, databaseReadUrl: undefined, poolSize: 4 });
const stop = await startNotifyDelivery(database.db, config, renderEvent, log);
port.on('message', (message: unknown) => {
  if (message !== 'stop') return;
  void stop()
    .then(() => database.close())
    .then(() => post({ kind: 'stopped' }));
});
post({ kind: 'ready' });
