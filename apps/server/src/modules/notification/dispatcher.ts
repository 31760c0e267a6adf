// The dispatcher (docs/notifications.md): reads the outbox after its cursor and turns each event into messages
// (the bell, the message centre) and deliveries (e-mail, robots, webhooks: the channels' workers send them), then
// moves the cursor, all in one transaction. One dispatcher works at a time across processes (the cursor row is
// locked with SKIP LOCKED: the others find it taken and wait for their next poll); a process killed mid-batch
// rolls its transaction back and the next dispatcher does the batch again, so nothing is lost or written twice.
import { type integration, notification } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { repeat } from '../../platform/repeat';
import { audienceOf } from './audience';
import * as repo from './dispatcher-repo';

export interface DispatchRun {
  /** false: another dispatcher held the cursor. */
  ran: boolean;
  events: number;
  messages: number;
}

/** The account behind an event's actor ('account:12'), which hears nothing of its own doing. */
const actorAccount = (actor: string): number | null => {
  const match = /^account:(\d+)$/.exec(actor);
  return match ? Number(match[1]) : null;
};

const isTopic = (topic: string): topic is integration.EventTopic => Object.hasOwn(notification.topicInfo, topic);

/** Dispatches at most `limit` events in one transaction. */
export async function dispatchOnce(db: Kysely<DB>, limit = 200): Promise<DispatchRun> {
  if (!(await repo.anythingReady(db))) return { ran: true, events: 0, messages: 0 };
  return db.transaction().execute(async (trx) => {
    const cursor = await repo.lockCursor(trx);
    if (!cursor) return { ran: false, events: 0, messages: 0 };
    const events = await repo.eventsAfter(trx, cursor, limit);
    let messages = 0;
    for (const event of events) {
      if (!isTopic(event.topic)) continue;
      const audience = audienceOf(event.topic, event.payload);
      const defaults = {
        portal: notification.defaultMode(event.topic, 'portal') as 'off' | 'instant',
        mail: notification.defaultMode(event.topic, 'email') as 'off' | 'instant',
      };
      const people = await repo.recipients(trx, event, audience, defaults, actorAccount(event.actor));
      const portal = people.filter((p) => p.portal !== 'off').map((p) => p.id);
      await repo.insertMessages(trx, event, portal);
      messages += portal.length;
      await repo.insertMailDeliveries(
        trx,
        event,
        people.filter((p) => p.mail !== 'off' && p.email.trim() !== '').map((p) => ({ accountId: p.id, digest: p.mail === 'digest' })),
      );
      await repo.insertEndpointDeliveries(trx, event, audience);
    }
    const last = events.at(-1);
    if (last) await repo.moveCursor(trx, { txid: last.txid, id: last.id });
    return { ran: true, events: events.length, messages };
  });
}

/** Dispatches until nothing is ready (or another dispatcher holds the cursor). */
export async function dispatchAll(db: Kysely<DB>, limit = 200): Promise<DispatchRun> {
  const total: DispatchRun = { ran: true, events: 0, messages: 0 };
  for (;;) {
    const run = await dispatchOnce(db, limit);
    total.events += run.events;
    total.messages += run.messages;
    if (!run.ran) return { ...total, ran: total.events > 0 };
    if (run.events < limit) return total;
  }
}

/**
 * The server's dispatch loop: every `pollMs` it drains what is ready. Every process may run it; the cursor's lock
 * lets one work at a time. A failed run (the database away) is logged and tried again after a growing wait (at most
 * ten seconds). Answers a function that stops it (and waits for a batch in progress).
 */
export function startDispatcher(
  db: Kysely<DB>,
  options: { pollMs: number; batch: number },
  log: { error(o: object, m: string): void },
): () => Promise<void> {
  return repeat(() => dispatchAll(db, options.batch), {
    firstAfterMs: options.pollMs,
    everyMs: options.pollMs,
    onError: (err, failures) => log.error({ err, failures }, 'notification dispatcher failed'),
  });
}
