// Test documents of settlement with amounts known in advance: receiving notes at two rates and two units,
// a return, two charges, a prepayment, a receiving note not yet due, and one of another supplier.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { businessDay } from '../../platform/clock';

const dayMs = 86_400_000;
export const dayBefore = (now: Date, days: number) => businessDay(new Date(now.getTime() - days * dayMs));

interface Line {
  bill: string;
  line: number;
  supp: string;
  dept: string;
  date: string;
  amount: string;
  excl: string;
  tax: string;
  rate: string;
}

export function fixtureDates(now: Date) {
  const docDate = dayBefore(now, 100);
  return {
    docDate,
    periodStart: dayBefore(now, 110),
    periodEnd: dayBefore(now, 90),
    recent: dayBefore(now, 5),
    advanceStart: dayBefore(now, 10),
    today: businessDay(now),
  };
}

/** Inserts the documents; answers them with their signed amounts per rate, as a bill should count them. */
export async function insertFixtures(db: Kysely<DB>, now: Date) {
  const d = fixtureDates(now);
  const receiving: Line[] = [
    {
      bill: 'YST-0001',
      line: 1,
      supp: '100001',
      dept: 'S0101',
      date: d.docDate,
      amount: '1003.00',
      excl: '887.61',
      tax: '115.39',
      rate: '13',
    },
    {
      bill: 'YST-0001',
      line: 2,
      supp: '100001',
      dept: 'S0101',
      date: d.docDate,
      amount: '200.00',
      excl: '183.49',
      tax: '16.51',
      rate: '9',
    },
    {
      bill: 'YST-0002',
      line: 1,
      supp: '100001',
      dept: 'S0101',
      date: d.docDate,
      amount: '5650.00',
      excl: '5000.00',
      tax: '650.00',
      rate: '13',
    },
    {
      bill: 'YST-0004',
      line: 1,
      supp: '100001',
      dept: 'S0102',
      date: d.docDate,
      amount: '452.00',
      excl: '400.00',
      tax: '52.00',
      rate: '13',
    },
    {
      bill: 'YST-0005',
      line: 1,
      supp: '100001',
      dept: 'S0102',
      date: d.docDate,
      amount: '113.00',
      excl: '100.00',
      tax: '13.00',
      rate: '13',
    },
    {
      bill: 'YST-0003',
      line: 1,
      supp: '100001',
      dept: 'S0201',
      date: d.docDate,
      amount: '113.00',
      excl: '100.00',
      tax: '13.00',
      rate: '13',
    },
    {
      bill: 'YST-0009',
      line: 1,
      supp: '100001',
      dept: 'S0101',
      date: d.recent,
      amount: '226.00',
      excl: '200.00',
      tax: '26.00',
      rate: '13',
    },
    {
      bill: 'YST-0101',
      line: 1,
      supp: '100002',
      dept: 'S0101',
      date: d.docDate,
      amount: '339.00',
      excl: '300.00',
      tax: '39.00',
      rate: '13',
    },
  ];
  await db
    .insertInto('acceptance')
    .values(
      receiving.map((l) => ({
        tenant_id: 'demo',
        bill_number: l.bill,
        line_no: l.line,
        supp_code: l.supp,
        dept_code: l.dept,
        acc_date: l.date,
        goods_code: '600101',
        category_code: '1001',
        brand_code: 'B001',
        accepted_qty: '10',
        free_qty: '0',
        price: '1',
        amount: l.amount,
        amount_excl: l.excl,
        tax: l.tax,
        tax_rate: l.rate,
      })),
    )
    .execute();
  await db
    .insertInto('return_note')
    .values({
      tenant_id: 'demo',
      bill_number: 'THT-0001',
      line_no: 1,
      supp_code: '100001',
      dept_code: 'S0101',
      return_date: d.docDate,
      goods_code: '600101',
      asked_qty: '6',
      returned_qty: '6',
      price: '8.5',
      amount: '51.00',
      amount_excl: '45.13',
      tax: '5.87',
      tax_rate: '13',
      reason: '临期退货',
    })
    .execute();
  const charge = (code: string, name: string, amount: string, supp = '100001') => ({
    tenant_id: 'demo',
    charge_code: code,
    supp_code: supp,
    dept_code: 'S0101',
    charge_type: name,
    charge_name: name,
    period: d.docDate.slice(0, 7),
    direction: 'deduct' as const,
    amount,
    tax_rate: '6',
    clause: '合同第 6.1 条',
    calculation: `按合同 ${amount}`,
    charge_date: d.docDate,
    created_by: 'admin',
  });
  await db
    .insertInto('sam_charge')
    .values([
      charge('FYT-0001', 'DM海报费', '2000.00'),
      charge('FYT-0002', '缺货扣款', '312.00'),
      charge('FYT-0003', 'DM海报费', '300.00'),
      charge('FYT-0101', 'DM海报费', '100.00', '100002'),
    ])
    .execute();
  await db
    .insertInto('sam_prepay')
    .values({ tenant_id: 'demo', prepay_number: 'YFT-0001', supp_code: '100001', node_code: 'U01', pay_date: d.docDate, amount: '500.00' })
    .execute();
  return { dates: d, receiving };
}

/** The documents of the main test bill (unit U01 of 100001). */
export const mainSources = [
  { sourceType: 'receiving', sourceId: 'YST-0001' },
  { sourceType: 'receiving', sourceId: 'YST-0002' },
  { sourceType: 'return', sourceId: 'THT-0001' },
  { sourceType: 'charge', sourceId: 'FYT-0001' },
  { sourceType: 'charge', sourceId: 'FYT-0002' },
  { sourceType: 'prepay', sourceId: 'YFT-0001' },
] as const;
