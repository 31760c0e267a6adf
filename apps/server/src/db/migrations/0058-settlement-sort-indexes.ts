// 0058: the bill and charge lists' sorts (issue #34, billSortFields and chargeSortFields) read from indexes, for one
// supplier and for staff: the first page of 200,000 bills or a million charges without sorting them (staff's default
// page of bills took 450 ms by itself and of charges 1 s, a sort of every one of the tenant). For one supplier the
// period and the charge date have 0012's indexes, the bill number and the charge code the primary keys, the supplier
// code 0012's (tenant, supplier, ...). Each index ends in the number: the lists' ties follow their sorts (ascending
// numbers ascending, descending descending: tiesFollowSort), so both directions read an index, neither sorts.
import { type Kysely, sql } from 'kysely';

/** The charge list's signed amount (charges/repo.ts): what the supplier pays negative. */
const signedAmount = `(CASE direction WHEN 'deduct' THEN -amount ELSE amount END)`;

/** Table, name and columns of each index. */
export const settlementSortIndexes = [
  ['sam_bill', 'sam_bill_tenant_period', 'tenant_id, period_start, bill_number'],
  ['sam_bill', 'sam_bill_supp_due', 'tenant_id, supp_code, due_date, bill_number'],
  ['sam_bill', 'sam_bill_tenant_due', 'tenant_id, due_date, bill_number'],
  ['sam_bill', 'sam_bill_supp_payable', 'tenant_id, supp_code, payable_amount, bill_number'],
  ['sam_bill', 'sam_bill_tenant_payable', 'tenant_id, payable_amount, bill_number'],
  ['sam_charge', 'sam_charge_tenant_date', 'tenant_id, charge_date, charge_code'],
  ['sam_charge', 'sam_charge_supp_signed', `tenant_id, supp_code, ${signedAmount}, charge_code`],
  ['sam_charge', 'sam_charge_tenant_signed', `tenant_id, ${signedAmount}, charge_code`],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, name, columns] of settlementSortIndexes)
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(name)} ON ${sql.table(table)} (${sql.raw(columns)})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [, name] of settlementSortIndexes) await sql`DROP INDEX IF EXISTS ${sql.id(name)}`.execute(db);
}
