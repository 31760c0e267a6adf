// A settlement bill's payment reported by the finance system keeps the document's key in its history step
// (detail.paymentKey, settlement/review recordPayment): indexed, for the look-up of a payments batch, and unique
// per tenant, so that one payment document can never pay twice, even from two batches at once.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE UNIQUE INDEX record_history_payment_key ON record_history (tenant_id, (detail->>'paymentKey'))
    WHERE record_type = 'sam-bill' AND detail ? 'paymentKey'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX record_history_payment_key`.execute(db);
}
