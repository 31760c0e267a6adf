// Numbers of a document series (bill, application and charge numbers): one counter per tenant, prefix and day.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/** One atomic increment per call: concurrent callers never get the same value. */
export async function nextSequence(db: Kysely<DB>, tenantId: string, prefix: string, day: string): Promise<number> {
  const row = await db
    .insertInto('bill_sequence')
    .values({ tenant_id: tenantId, prefix, day, last_value: 1 })
    .onConflict((oc) => oc.columns(['tenant_id', 'prefix', 'day']).doUpdateSet({ last_value: sql`bill_sequence.last_value + 1` }))
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return row.last_value;
}
