// The outbox (docs/integration.md "The outbox"): `recordEvent` writes one event in the transaction of the
// change that someone outside must hear about, so the event exists exactly when the change does (a refused
// or rolled-back change leaves none). Readers: the integration pull feed (modules/integration/events) and,
// later, webhooks, messages and e-mail (issue 30). Topics and their payloads are the contract's
// (integration/events.ts); a payload holds keys, states and exact decimal strings, never secrets.
import type { integration } from '@portal/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { SessionContext } from './session-context';
import { insertEvent } from './sql/events';

/** Who did it: a portal account, an integration client, or the system itself (a job, the demo feed). */
export type EventActor = `account:${number}` | `client:${string}` | `system:${string}` | `public:${string}`;

/** The signed-in account behind a call. */
export const accountActor = (session: Pick<SessionContext, 'accountId'>): EventActor => `account:${session.accountId}`;

export interface NewEvent<T extends integration.EventTopic> {
  tenantId: string;
  /** The supplier it concerns; null when there is none yet (a supplier application). */
  suppCode: string | null;
  topic: T;
  /** The key of the document it is about (bill number, charge code, application number). */
  subject: string;
  payload: integration.EventPayloads[T];
  actor: EventActor;
}

/** Writes one event in `trx` (the change's own transaction); answers its row id. */
export function recordEvent<T extends integration.EventTopic>(trx: Transaction<DB>, event: NewEvent<T>): Promise<string> {
  return insertEvent(trx, {
    tenantId: event.tenantId,
    suppCode: event.suppCode,
    topic: event.topic,
    subject: event.subject,
    payload: { ...event.payload },
    actor: event.actor,
  });
}
