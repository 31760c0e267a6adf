// The bill and charge lists' sorts (billSortFields, chargeSortFields; issue #34): the first page of each, both ways,
// for staff and for one supplier, reads an index in its order (migration 0058's, the primary keys, 0012's), with no
// sort of the whole list (test/plans: plans on empty tables with the scans off; the lists' own queries).
import { settlement } from '@portal/contract';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { migrationProvider } from '../../db/migrations/index';
import { freshDatabase } from '../../test/helpers';
import { indexPlan } from '../../test/plans';
import { billList } from './bills/repo';
import { chargeList } from './charges/repo';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
  expect((await new Migrator({ db: database.db, provider: migrationProvider }).migrateToLatest()).error).toBeUndefined();
});
afterAll(() => database.close());

const scopes = [
  ['staff', { tenantId: 'demo', suppCode: null }],
  ['100001', { tenantId: 'demo', suppCode: '100001' }],
] as const;

/** The plan of a list's first page of 20 in one sort. */
const planOf = (list: typeof billList | typeof chargeList, scope: (typeof scopes)[number][1], field: string, order: 'asc' | 'desc') =>
  indexPlan(database.db, sql`${(list as typeof billList).exportQuery(database.db, scope, {}, { sort: { field, order } }).limit(20)}`);

/** The index each sort reads, for staff or for one supplier. */
const indexOf: Record<string, RegExp> = {
  periodStart: /sam_bill_(tenant|supp)_period/,
  samBillNum: /sam_bill_pkey/,
  suppCode: /sam_bill_(supp_period|supp_due|supp_payable|pkey)/,
  dueDate: /sam_bill_(tenant|supp)_due/,
  payableAmount: /sam_bill_(tenant|supp)_payable/,
  chargeDate: /sam_charge_(tenant|supp)_date/,
  chargeCode: /sam_charge_pkey/,
  signedAmount: /sam_charge_(tenant|supp)_signed/,
};

it('reads the first page of every sort the bill and charge lists offer from an index, both ways, for staff and a supplier', async () => {
  for (const [list, fields] of [
    [billList, settlement.billSortFields],
    [chargeList, settlement.chargeSortFields],
  ] as const)
    for (const [who, scope] of scopes)
      for (const field of fields)
        for (const order of ['asc', 'desc'] as const) {
          // An index in the sort's order (names below); the supplier code's ties (bill number ascending both ways)
          // are sorted within one supplier (on real data an incremental sort; on empty tables as the planner likes).
          expect(await planOf(list, scope, field, order), `${who} ${field} ${order}`).toMatch(indexOf[field]!);
        }
  // Every sort but the supplier code's: no sort step at all.
  for (const [list, field, order] of [
    [billList, 'periodStart', 'asc'],
    [billList, 'periodStart', 'desc'],
    [billList, 'samBillNum', 'asc'],
    [billList, 'samBillNum', 'desc'],
    [billList, 'dueDate', 'asc'],
    [billList, 'dueDate', 'desc'],
    [billList, 'payableAmount', 'asc'],
    [billList, 'payableAmount', 'desc'],
    [chargeList, 'chargeDate', 'asc'],
    [chargeList, 'chargeDate', 'desc'],
    [chargeList, 'chargeCode', 'asc'],
    [chargeList, 'chargeCode', 'desc'],
    [chargeList, 'signedAmount', 'asc'],
    [chargeList, 'signedAmount', 'desc'],
  ] as const)
    for (const [who, scope] of scopes) expect(await planOf(list, scope, field, order), `${who} ${field} ${order}`).not.toMatch(/\bSort\b/);
});
