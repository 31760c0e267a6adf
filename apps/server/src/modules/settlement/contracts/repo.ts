// SQL of settlement's settings and reference data: the supplier's terms, the partner links' setting, the
// supplier's contract and the accounting units.
import { type Kysely, sql } from 'kysely';
import { containing } from '../../../db/like';
import type { DB } from '../../../db/schema';

export function supplierRow(db: Kysely<DB>, tenantId: string, suppCode: string) {
  return db
    .selectFrom('supplier')
    .select(['supp_code', 'supp_name', 'pay_term_days', 'advance_sam', 'business_mode', 'settle_cycle'])
    .where('tenant_id', '=', tenantId)
    .where('supp_code', '=', suppCode)
    .executeTakeFirst();
}

export function partnerSetting(db: Kysely<DB>, tenantId: string) {
  return db.selectFrom('sam_setting').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
}

/** The supplier's contract in force on `today` (else the latest), with its accounting unit's name. */
export function contractRow(db: Kysely<DB>, tenantId: string, suppCode: string, today: string) {
  return db
    .selectFrom('supplier_contract as c')
    .leftJoin('acc_unit as u', (j) => j.onRef('u.tenant_id', '=', 'c.tenant_id').onRef('u.unit_code', '=', 'c.node_code'))
    .select(['c.contract_no', 'c.node_code', 'u.unit_name', 'c.start_date', 'c.end_date', 'c.signed_date', 'c.terms'])
    .where('c.tenant_id', '=', tenantId)
    .where('c.supp_code', '=', suppCode)
    .orderBy(sql`(c.start_date <= ${today} AND c.end_date >= ${today})`, 'desc')
    .orderBy('c.start_date', 'desc')
    .executeTakeFirst();
}

/** Whether the tenant has this accounting unit. */
export async function unitExists(db: Kysely<DB>, tenantId: string, unitCode: string): Promise<boolean> {
  const unit = await db
    .selectFrom('acc_unit')
    .select('unit_code')
    .where('tenant_id', '=', tenantId)
    .where('unit_code', '=', unitCode)
    .executeTakeFirst();
  return Boolean(unit);
}

/** One page of the accounting units, optionally those whose code or name contains a keyword, with their count. */
export async function unitPage(db: Kysely<DB>, tenantId: string, page: number, limit: number, keyword?: string) {
  let q = db.selectFrom('acc_unit').where('tenant_id', '=', tenantId);
  if (keyword) {
    const pattern = containing(keyword);
    q = q.where((eb) => eb.or([eb('unit_code', 'ilike', pattern), eb('unit_name', 'ilike', pattern)]));
  }
  const { n } = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .select(['unit_code', 'unit_name', 'tax_number', 'address', 'bank_name', 'bank_account'])
    .orderBy('unit_code')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { total: n, rows };
}
