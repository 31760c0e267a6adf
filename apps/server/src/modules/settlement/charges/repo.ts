// SQL of charges: the list with its grid columns, charges by code, a charge locked for its workflow, and
// the writes of raising, disputing and answering one.
import { type CallBody, settlement } from '@portal/contract';
import { type Kysely, type RawBuilder, type SelectQueryBuilder, type Updateable, sql } from 'kysely';
import { containing } from '../../../db/like';
import type { DB, SamChargeTable } from '../../../db/schema';
import { type ListColumn, listCountCap, serverList, sortableOnly } from '../../../platform/list/server-list';
import { type DataScope, inScope } from '../../../platform/scope';

// Fields of a charge the list shows, sorts and filters by, written once for the page, the checklist and the export.
const suppName = sql<string>`(SELECT s.supp_name FROM supplier s WHERE s.tenant_id = c.tenant_id AND s.supp_code = c.supp_code)`;
const deptName = sql<string>`coalesce((SELECT d.dept_name FROM dept d WHERE d.tenant_id = c.tenant_id AND d.dept_code = c.dept_code), '')`;
const signedAmount = sql<string>`(CASE c.direction WHEN 'deduct' THEN -c.amount ELSE c.amount END)`;
const taxRate = sql<string>`trim_scale(c.tax_rate)::text`;
const billNumber = sql<string>`coalesce((SELECT l.bill_number FROM sam_bill_line l WHERE l.tenant_id = c.tenant_id
  AND l.source_type = 'charge' AND l.source_id = c.charge_code AND l.live), '')`;

const chargeSelect = <O>(q: SelectQueryBuilder<DB & { c: SamChargeTable }, 'c', O>) =>
  q.select([
    'c.tenant_id',
    'c.charge_code',
    'c.supp_code',
    sql<string>`${suppName}`.as('supp_name'),
    'c.dept_code',
    sql<string>`${deptName}`.as('dept_name'),
    'c.charge_type',
    'c.charge_name',
    'c.period',
    'c.direction',
    'c.amount',
    sql<string>`${signedAmount}::text`.as('signed_amount'),
    sql<string>`${taxRate}`.as('tax_rate'),
    'c.clause',
    'c.calculation',
    'c.charge_date',
    'c.settle_status',
    sql<string>`${billNumber}`.as('sam_bill_num'),
    'c.dispute_status',
    'c.dispute_note',
    'c.dispute_by',
    'c.dispute_at',
    'c.answer_note',
    'c.answer_by',
    'c.answer_at',
  ]);
export type ChargeRow = Awaited<ReturnType<ReturnType<typeof chargeSelect>['execute']>>[number];

const column = (value: RawBuilder<unknown>, numeric = false): ListColumn => ({
  value,
  text: sql`${value}::text`,
  sortable: true,
  filterable: true,
  ...(numeric ? { numeric } : {}),
});

export interface ChargeFilter {
  periodStart?: string | undefined;
  periodEnd?: string | undefined;
  chargeName?: string | undefined;
  disputeStatus?: string | undefined;
  settleStatus?: string | undefined;
}

export const chargeList = serverList({
  from: (db) => db.selectFrom('sam_charge as c'),
  alias: 'c',
  where: (q, f: ChargeFilter) => {
    if (f.periodStart) q = q.where('c.period', '>=', f.periodStart);
    if (f.periodEnd) q = q.where('c.period', '<=', f.periodEnd);
    if (f.chargeName) q = q.where('c.charge_name', 'ilike', containing(f.chargeName));
    if (f.disputeStatus) q = q.where('c.dispute_status', '=', f.disputeStatus as '无');
    if (f.settleStatus) q = q.where('c.settle_status', '=', f.settleStatus as '未结算');
    return q;
  },
  // Every column of the grid (web: chargeColumns), with the text its cells show where that differs.
  columns: sortableOnly(settlement.chargeSortFields, {
    chargeCode: column(sql`c.charge_code`),
    suppCode: column(sql`c.supp_code`),
    suppName: column(suppName),
    deptCode: column(sql`c.dept_code`),
    deptName: column(deptName),
    chargeType: column(sql`c.charge_type`),
    chargeName: column(sql`c.charge_name`),
    period: column(sql`c.period`),
    amount: column(sql`c.amount`, true),
    signedAmount: column(signedAmount, true),
    taxRate: { ...column(sql`c.tax_rate`, true), text: sql`${taxRate} || '%'` },
    chargeDate: column(sql`c.charge_date`),
    settleStatus: column(sql`c.settle_status`),
    disputeStatus: column(sql`c.dispute_status`),
    samBillNum: column(billNumber),
  }),
  defaultSort: { field: 'chargeDate', order: 'desc' },
  // Ties by charge code in the sort's direction (the last day's last charge first): each sort's index (0012, 0058)
  // ends in charge_code and is read forward ascending, backward descending, never sorted.
  then: [{ value: sql`c.charge_code`, order: 'asc' }],
  tiesFollowSort: ['chargeDate', 'signedAmount'],
  // Grows with the business: the page's count stops at the cap (the grid shows "10,000+").
  count: { cap: listCountCap },
  select: (matching) => chargeSelect(matching),
});

/** Charges of the scope by code, by date. */
export function byCode(db: Kysely<DB>, scope: DataScope, codes: readonly string[]) {
  return chargeSelect(db.selectFrom('sam_charge as c'))
    .where(inScope(scope, 'c'))
    .where('c.charge_code', 'in', [...codes])
    .orderBy('c.charge_date')
    .orderBy('c.charge_code')
    .execute();
}

export async function supplierExists(db: Kysely<DB>, tenantId: string, suppCode: string): Promise<boolean> {
  const supplier = await db
    .selectFrom('supplier')
    .select('supp_code')
    .where('tenant_id', '=', tenantId)
    .where('supp_code', '=', suppCode)
    .executeTakeFirst();
  return Boolean(supplier);
}

export async function deptExists(db: Kysely<DB>, tenantId: string, deptCode: string): Promise<boolean> {
  const dept = await db
    .selectFrom('dept')
    .select('dept_code')
    .where('tenant_id', '=', tenantId)
    .where('dept_code', '=', deptCode)
    .executeTakeFirst();
  return Boolean(dept);
}

export async function insertCharge(
  db: Kysely<DB>,
  tenantId: string,
  chargeCode: string,
  form: CallBody<typeof settlement.saveCharge>,
  createdBy: string,
): Promise<void> {
  await db
    .insertInto('sam_charge')
    .values({
      tenant_id: tenantId,
      charge_code: chargeCode,
      supp_code: form.suppCode,
      dept_code: form.deptCode,
      charge_type: form.chargeType,
      charge_name: form.chargeName,
      period: form.period,
      direction: form.direction,
      amount: form.amount,
      tax_rate: form.taxRate,
      clause: form.clause,
      calculation: form.calculation,
      charge_date: form.chargeDate,
      created_by: createdBy,
    })
    .execute();
}

export function lockCharge(db: Kysely<DB>, scope: DataScope, chargeCode: string) {
  return db
    .selectFrom('sam_charge as c')
    .select(['c.tenant_id', 'c.charge_code', 'c.supp_code', 'c.amount', 'c.direction', 'c.dispute_status as status', 'c.settle_status'])
    .select(billNumber.as('sam_bill_num'))
    .where(inScope(scope, 'c'))
    .where('c.charge_code', '=', chargeCode)
    .forUpdate('c')
    .executeTakeFirst();
}

export async function update(db: Kysely<DB>, tenantId: string, chargeCode: string, set: Updateable<SamChargeTable>): Promise<void> {
  await db.updateTable('sam_charge').set(set).where('tenant_id', '=', tenantId).where('charge_code', '=', chargeCode).execute();
}
