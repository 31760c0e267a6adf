// The outbox's one write: an `event` row in the caller's transaction (migration 0033). Its `txid` default,
// pg_current_xact_id(), is the writing transaction's id, by which the feed knows when the row is safe to list.
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';

export interface EventRow {
  tenantId: string;
  suppCode: string | null;
  topic: string;
  subject: string;
  payload: Record<string, unknown>;
  actor: string;
}

/** Inserts the event; answers its id (as text: a bigserial). */
export async function insertEvent(trx: Transaction<DB>, row: EventRow): Promise<string> {
  const inserted = await trx
    .insertInto('event')
    .values({
      tenant_id: row.tenantId,
      supp_code: row.suppCode,
      topic: row.topic,
      subject: row.subject,
      payload: JSON.stringify(row.payload),
      actor: row.actor,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(inserted.id);
}
