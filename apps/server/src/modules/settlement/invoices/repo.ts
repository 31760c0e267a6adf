// SQL of a bill's invoices: the list, entering and removing one, and the invoice sums the bill keeps.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../db/schema';

export function invoicesOf(db: Kysely<DB>, tenantId: string, billNumber: string) {
  return db
    .selectFrom('sam_invoice')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('bill_number', '=', billNumber)
    .orderBy('id')
    .execute();
}

/** A new invoice of a bill; answers its id. */
export async function insertInvoice(
  db: Kysely<DB>,
  owner: { tenantId: string; suppCode: string },
  billNumber: string,
  form: {
    invoiceType: string;
    invoiceCode: string;
    invoiceNumber: string;
    invoiceDate: string;
    taxRate: string;
    amountExcl: string;
    tax: string;
    amount: string;
  },
  createdBy: string,
): Promise<string> {
  const row = await db
    .insertInto('sam_invoice')
    .values({
      tenant_id: owner.tenantId,
      supp_code: owner.suppCode,
      bill_number: billNumber,
      invoice_type: form.invoiceType,
      invoice_code: form.invoiceCode,
      invoice_number: form.invoiceNumber,
      invoice_date: form.invoiceDate,
      tax_rate: form.taxRate,
      amount_excl: form.amountExcl,
      tax: form.tax,
      amount: form.amount,
      created_by: createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** Removes an invoice of a bill; answers whether there was one. */
export async function deleteInvoice(db: Kysely<DB>, tenantId: string, billNumber: string, invoiceId: string): Promise<boolean> {
  const removed = await db
    .deleteFrom('sam_invoice')
    .where('tenant_id', '=', tenantId)
    .where('bill_number', '=', billNumber)
    .where('id', '=', invoiceId)
    .executeTakeFirst();
  return removed.numDeletedRows !== 0n;
}

/** Marks the invoices of a bill confirmed by the invoice desk (or no longer, when sent back). */
export async function setConfirmed(db: Kysely<DB>, tenantId: string, billNumber: string, confirmed: boolean): Promise<void> {
  await db.updateTable('sam_invoice').set({ confirmed }).where('tenant_id', '=', tenantId).where('bill_number', '=', billNumber).execute();
}

/** The amount due (goods and returns) and invoiced per tax rate of a bill. */
export async function dueAndInvoiced(db: Kysely<DB>, tenantId: string, billNumber: string) {
  const { rows } = await sql<{ rate: string; due: string; invoiced: string }>`
    SELECT trim_scale(rate)::text AS rate, sum(due)::text AS due, sum(invoiced)::text AS invoiced FROM (
      SELECT t.tax_rate AS rate, t.goods_amount + t.return_amount AS due, 0 AS invoiced
        FROM sam_bill_total t WHERE t.tenant_id = ${tenantId} AND t.bill_number = ${billNumber} AND t.tax_rate IS NOT NULL
      UNION ALL
      SELECT i.tax_rate, 0, i.amount FROM sam_invoice i WHERE i.tenant_id = ${tenantId} AND i.bill_number = ${billNumber}
    ) AS x GROUP BY rate ORDER BY rate`.execute(db);
  return rows;
}

/** Keeps the invoice sums of the bill and of each rate row equal to its invoices. */
export async function refreshInvoiceSums(db: Kysely<DB>, tenantId: string, billNumber: string): Promise<void> {
  await sql`UPDATE sam_bill_total t SET invoice_amount = coalesce((SELECT sum(i.amount) FROM sam_invoice i
      WHERE i.tenant_id = t.tenant_id AND i.bill_number = t.bill_number AND i.tax_rate = t.tax_rate), 0)
    WHERE t.tenant_id = ${tenantId} AND t.bill_number = ${billNumber}`.execute(db);
  await sql`UPDATE sam_bill b SET invoice_amount = coalesce((SELECT sum(i.amount) FROM sam_invoice i
      WHERE i.tenant_id = b.tenant_id AND i.bill_number = b.bill_number), 0)
    WHERE b.tenant_id = ${tenantId} AND b.bill_number = ${billNumber}`.execute(db);
}
