// SQL of a bill's payments: recording one and the paid sum it adds to the bill.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../db/schema';

export async function insertPayment(
  db: Kysely<DB>,
  tenantId: string,
  billNumber: string,
  payment: { payDate: string; amount: string; payMethod: string; reference: string; note: string },
  createdBy: string,
): Promise<void> {
  await db
    .insertInto('sam_payment')
    .values({
      tenant_id: tenantId,
      bill_number: billNumber,
      pay_date: payment.payDate,
      amount: payment.amount,
      pay_method: payment.payMethod,
      reference: payment.reference,
      note: payment.note,
      created_by: createdBy,
    })
    .execute();
}

/** Adds a payment's amount to the bill's paid sum (CHECK sam_bill_paid keeps it within the payable). */
export async function addPaid(db: Kysely<DB>, tenantId: string, billNumber: string, amount: string): Promise<void> {
  await db
    .updateTable('sam_bill')
    .set({ paid_amount: sql`paid_amount + ${amount}::numeric` })
    .where('tenant_id', '=', tenantId)
    .where('bill_number', '=', billNumber)
    .execute();
}

/**
 * The payments recorded for integration documents, by the document key their history row keeps
 * (`detail.paymentKey`, review/service.ts recordPayment): the bill and the amount.
 */
export async function paymentsOfDocuments(
  db: Kysely<DB>,
  tenantId: string,
  keys: string[],
): Promise<Map<string, { billNumber: string; amount: string }>> {
  if (keys.length === 0) return new Map();
  const rows = await sql<{ key: string; bill_number: string; amount: string }>`SELECT detail->>'paymentKey' AS key,
      record_id AS bill_number, detail->>'amount' AS amount
    FROM record_history
    WHERE tenant_id = ${tenantId} AND record_type = 'sam-bill' AND detail ? 'paymentKey'
      AND detail->>'paymentKey' = ANY(${keys}::text[])`.execute(db);
  return new Map(rows.rows.map((r) => [r.key, { billNumber: r.bill_number, amount: r.amount }]));
}
