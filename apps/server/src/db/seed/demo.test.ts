// The demo data: deterministic, consistent sums, two years of receiving for every demo supplier.
import { settlement, supplierApply } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers';
import { type Database, migrateToLatest } from '../database';
import { growAcceptance } from './business';
import { seedDemo } from './demo';

const today = new Date('2026-11-23T08:00:00Z');
let first: Database;
let second: Database;

beforeAll(async () => {
  [first, second] = await Promise.all([freshDatabase(), freshDatabase()]);
  for (const database of [first, second]) {
    await migrateToLatest(database.db);
    await seedDemo(database.db, today);
  }
  // Two demo seeds one after the other, through the areas' services: minutes on a loaded 2-core machine.
}, 600_000);
afterAll(async () => {
  await first.close();
  await second.close();
});

const fingerprint = (database: Database) =>
  sql<{ rows: number; amount: string; digest: string }>`
    SELECT count(*)::int AS rows, sum(amount)::text AS amount,
           md5(string_agg(bill_number || ':' || line_no || ':' || goods_code || ':' || amount, ',' ORDER BY bill_number, line_no)) AS digest
    FROM acceptance`
    .execute(database.db)
    .then((r) => r.rows[0]!);

describe('demo seed', () => {
  it('is the same data on every run for the same day', async () => {
    expect(await fingerprint(first)).toEqual(await fingerprint(second));
  });

  it('has receiving lines for every demo supplier across the last two years', async () => {
    const { rows } = await sql<{ supp_code: string; first: string; last: string; n: number }>`
      SELECT supp_code, min(acc_date)::text AS first, max(acc_date)::text AS last, count(*)::int AS n
      FROM acceptance GROUP BY supp_code ORDER BY supp_code`.execute(first.db);
    expect(rows.map((r) => r.supp_code)).toEqual(['100001', '100002', '100003', '100004', '100005']);
    for (const row of rows) {
      expect(row.first < '2025-01-15').toBe(true);
      expect(row.last > '2026-11-01').toBe(true);
      expect(row.n).toBeGreaterThan(100);
    }
  });

  it('keeps amount = excl. tax + tax on every line and order totals equal to their lines', async () => {
    const bad = await sql<{ n: number }>`SELECT count(*)::int AS n FROM acceptance WHERE amount <> amount_excl + tax`.execute(first.db);
    expect(bad.rows[0]!.n).toBe(0);
    const mismatched = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pur_order o
      JOIN (SELECT bill_number, sum(amount) AS amount FROM pur_order_line GROUP BY bill_number) l USING (bill_number)
      WHERE o.total_amount <> l.amount`.execute(first.db);
    expect(mismatched.rows[0]!.n).toBe(0);
  });

  it('computes settlement payables from their parts', async () => {
    const { rows } = await sql<{ n: number; bad: number }>`
      SELECT count(*)::int AS n,
             count(*) FILTER (WHERE payable_amount <> goods_amount + return_amount + charge_amount + prepay_amount)::int AS bad
      FROM sam_bill`.execute(first.db);
    expect(rows[0]!.n).toBeGreaterThan(30);
    expect(rows[0]!.bad).toBe(0);
  });

  it('seeds settlement bills in every state for 100001 and 100002, consistent with the documents', async () => {
    const states = await sql<{ supp_code: string; states: string[] }>`
      SELECT supp_code, array_agg(DISTINCT status ORDER BY status) AS states FROM sam_bill
      WHERE supp_code IN ('100001', '100002') GROUP BY supp_code ORDER BY supp_code`.execute(first.db);
    for (const row of states.rows) expect([...row.states].sort()).toEqual([...settlement.billStatuses].sort());
    const checks = await sql<{ check: string; n: number }>`
      SELECT 'payable is not the sum of the lines' AS check, count(*)::int AS n FROM sam_bill b
        WHERE b.payable_amount <> (SELECT coalesce(sum(l.amount), 0) FROM sam_bill_line l WHERE l.tenant_id = b.tenant_id AND l.bill_number = b.bill_number)
      UNION ALL SELECT 'rate rows do not add up', count(*)::int FROM sam_bill b
        WHERE b.payable_amount <> (SELECT coalesce(sum(t.payable_amount), 0) FROM sam_bill_total t WHERE t.tenant_id = b.tenant_id AND t.bill_number = b.bill_number)
      UNION ALL SELECT 'paid is not the sum of the payments', count(*)::int FROM sam_bill b
        WHERE b.paid_amount <> (SELECT coalesce(sum(p.amount), 0) FROM sam_payment p WHERE p.tenant_id = b.tenant_id AND p.bill_number = b.bill_number)
      UNION ALL SELECT 'a document in two live bills', count(*)::int FROM
        (SELECT source_type, source_id FROM sam_bill_line WHERE live GROUP BY 1, 2 HAVING count(*) > 1) x
      UNION ALL SELECT 'a receiving note in a live bill but not settling', count(*)::int FROM sam_bill_line l
        JOIN sam_bill b ON b.tenant_id = l.tenant_id AND b.bill_number = l.bill_number
        JOIN acceptance a ON a.tenant_id = l.tenant_id AND a.bill_number = l.source_id
        WHERE l.live AND l.source_type = 'receiving' AND a.settle_status <> CASE WHEN b.status = '已支付' THEN '已结算' ELSE '结算中' END
      UNION ALL SELECT 'a receiving note settling in no live bill', count(*)::int FROM acceptance a
        WHERE a.settle_status <> '未结算' AND NOT EXISTS (SELECT 1 FROM sam_bill_line l
          WHERE l.tenant_id = a.tenant_id AND l.source_type = 'receiving' AND l.source_id = a.bill_number AND l.live)
      UNION ALL SELECT 'history does not end in the state', count(*)::int FROM sam_bill b
        WHERE b.status <> (SELECT h.to_status FROM record_history h WHERE h.record_type = 'sam-bill' AND h.record_id = b.bill_number
          ORDER BY h.at DESC, h.id DESC LIMIT 1)`.execute(first.db);
    expect(checks.rows.filter((r) => r.n > 0)).toEqual([]);
    const flavour = await sql<{ partial: number; disputed: number; returns: number }>`
      SELECT (SELECT count(*)::int FROM sam_bill WHERE supp_code IN ('100001', '100002') AND paid_amount > 0 AND paid_amount < payable_amount) AS partial,
        (SELECT count(*)::int FROM sam_charge WHERE dispute_status = '异议中') AS disputed,
        (SELECT count(*)::int FROM return_note) AS returns`.execute(first.db);
    expect(flavour.rows[0]!.partial).toBeGreaterThanOrEqual(2);
    expect(flavour.rows[0]!.disputed).toBeGreaterThanOrEqual(2);
    expect(flavour.rows[0]!.returns).toBeGreaterThan(20);
  });

  it("tells one story: a supplier's licence carries its credit code, an answered dispute its charge's own month", async () => {
    const { rows: codes } = await sql<{ supp_code: string; credit_code: string; licence: string | null }>`
      SELECT s.supp_code, s.credit_code, (SELECT c.ctf_number FROM certificate c WHERE c.tenant_id = s.tenant_id
        AND c.supp_code = s.supp_code AND c.type_code = 'YYZZ' AND c.is_current LIMIT 1) AS licence
      FROM supplier s WHERE s.supp_code IN ('100001', '100002') ORDER BY s.supp_code`.execute(first.db);
    expect(codes).toHaveLength(2);
    for (const row of codes) {
      expect(row.licence).toBe(row.credit_code);
      expect(supplierApply.creditCheckChar(row.credit_code.slice(0, 17))).toBe(row.credit_code[17]);
    }
    const { rows: answered } = await sql<{ period: string; answer_note: string; files: number }>`
      SELECT c.period, c.answer_note, (SELECT count(*)::int FROM sam_attachment a WHERE a.tenant_id = c.tenant_id
        AND a.owner_type = 'charge' AND a.owner_id = c.charge_code) AS files
      FROM sam_charge c WHERE c.answer_note <> ''`.execute(first.db);
    expect(answered.length).toBeGreaterThan(0);
    for (const charge of answered) {
      for (const month of charge.answer_note.matchAll(/(\d{1,2}) 月/g)) expect(Number(month[1])).toBe(Number(charge.period.slice(5)));
      if (charge.files === 0) expect(charge.answer_note).not.toMatch(/附|附件|排期表/);
    }
  });

  it('grows the receiving lines to a requested count', async () => {
    const before = (await fingerprint(second)).rows;
    const count = await growAcceptance(second.db, 'demo', before + 2500, today);
    expect(count).toBe(before + 2500);
    expect((await fingerprint(second)).rows).toBe(before + 2500);
  });

  it('seeds another tenant beside the demo: its own accounts, suppliers and settings, the one menu shared', async () => {
    const perTenant = () =>
      sql<{ tenant_id: string; suppliers: number; accounts: number; params: number }>`
        SELECT t.id AS tenant_id, (SELECT count(*)::int FROM supplier s WHERE s.tenant_id = t.id) AS suppliers,
          (SELECT count(*)::int FROM account a WHERE a.tenant_id = t.id) AS accounts,
          (SELECT count(*)::int FROM system_param p WHERE p.tenant_id = t.id) AS params
        FROM tenant t ORDER BY t.id`
        .execute(first.db)
        .then((r) => r.rows);
    const modules = () => sql<{ n: number }>`SELECT count(*)::int AS n FROM module`.execute(first.db).then((r) => r.rows[0]!.n);
    const menu = await modules();
    const [demo] = await perTenant();
    await seedDemo(first.db, today, { business: false, tenant: { id: 't02', name: '租户2', companyName: '租户2零售有限公司' } });
    expect(await perTenant()).toEqual([demo, { ...demo, tenant_id: 't02' }]);
    expect(await modules()).toBe(menu);
    const admin = await sql<{ n: number }>`SELECT count(*)::int AS n FROM account WHERE employee_code = 'admin'`.execute(first.db);
    expect(admin.rows[0]!.n).toBe(2);
  });
});
