// The delivery worker on its thread, as main.ts starts it: it reaches the database at the address it is given,
// sends what is queued, tells the process's logger, and stops cleanly with the outcome written.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { seededDatabase } from '../../test/helpers';
import { deliveryRow, newEndpoint, newEvent, queueDelivery } from '../../test/notify-fixtures';
import { type HttpSink, httpSink } from '../../test/notify-sinks';
import { startNotifyThread } from './runtime';

let database: Database;
let sink: HttpSink;
beforeAll(async () => {
  database = await seededDatabase();
  sink = await httpSink();
});
afterAll(async () => {
  await sink.close();
  await database.close();
});

it('sends a queued webhook from its own thread and stops with the outcome written', async () => {
  const eventId = await newEvent(database.db, { subject: 'JS202506-0009' });
  const endpointId = await newEndpoint(database.db, {
    kind: 'webhook',
    url: `${sink.url}/hooks/thread`,
    secret: 'whsec_thread_0123456789',
  });
  const id = await queueDelivery(database.db, { eventId, channel: 'webhook', endpointId, key: 'thread-1' });
  const lines: { level: string; m: string }[] = [];
  const log = {
    info: (_o: object, m: string) => lines.push({ level: 'info', m }),
    error: (_o: object, m: string) => lines.push({ level: 'error', m }),
  };
  // The thread reads the settings as the process does: the sink is on loopback.
  process.env.NOTIFY_ALLOW_PRIVATE_URLS = '127.0.0.1';
  const stop = startNotifyThread(database.url, log);
  try {
    await expect.poll(() => sink.received.length, { timeout: 30_000 }).toBe(1);
    expect(sink.received[0]!.url).toBe('/hooks/thread');
  } finally {
    await stop();
    delete process.env.NOTIFY_ALLOW_PRIVATE_URLS;
  }
  expect((await deliveryRow(database.db, id)).state).toBe('sent');
  expect(lines.filter((l) => l.level === 'error')).toEqual([]);
}, 60_000);
