// Accounting units (ms0094) and the suppliers' read-only base data: staff maintain units; a supplier account
// reads the brands of its goods, the stores it deals with and the units settling them, and changes nothing.
import { baseInfo } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ business: true });
});
afterAll(() => t.close());

const codes = async (query: ReturnType<typeof sql<{ code: string }>>) => (await query.execute(t.database.db)).rows.map((r) => r.code);

/** Stores and DCs a supplier's orders or receipts name, straight from the tables. */
const dealtWith = (suppCode: string) =>
  codes(sql<{ code: string }>`SELECT dept_code AS code FROM pur_order WHERE supp_code = ${suppCode}
    UNION SELECT dept_code FROM acceptance WHERE supp_code = ${suppCode} ORDER BY 1`);

const unit = {
  unitCode: 'U09',
  unitName: '华联优选超市(南京)有限公司',
  taxNumber: '91320100MA1X2Y3Z4P',
  address: '南京市秦淮区中山南路 1 号',
  bankName: '中国银行南京新街口支行',
  bankAccount: '5501 2233 4455',
  isNew: true,
};

describe('accounting unit list', () => {
  it('pages the units with how many stores settle through each, counted here from the stores', async () => {
    const res = await t.callAs('admin', baseInfo.getAccUnitPage, { body: { page: 1, limit: 20 } });
    expect(res.status).toBe(200);
    const counted = await sql<{ code: string; n: number }>`SELECT u.unit_code AS code, count(d.dept_code)::int AS n FROM acc_unit u
      LEFT JOIN dept d ON d.tenant_id = u.tenant_id AND d.acc_unit_code = u.unit_code WHERE u.tenant_id = 'demo' GROUP BY 1 ORDER BY 1`.execute(
      t.database.db,
    );
    expect(res.data.list.map((u) => [u.unitCode, u.deptCount])).toEqual(counted.rows.map((r) => [r.code, r.n]));
    expect(res.data.list[0]).toMatchObject({ unitCode: 'U01', taxNumber: '91310000MA1FL0AB1X', bankName: '中国工商银行上海虹口支行' });
  });

  it('searches by tax number, sorts by the store count and refuses unknown sort fields', async () => {
    const byTax = await t.callAs('admin', baseInfo.getAccUnitPage, { body: { keyword: '91330100' } });
    expect(byTax.data.list.map((u) => u.unitCode)).toEqual(['U02']);
    const sorted = (await t.callAs('admin', baseInfo.getAccUnitPage, { body: { sort: { field: 'deptCount', order: 'desc' } } })).data.list;
    expect(sorted.map((u) => u.deptCount)).toEqual([...sorted.map((u) => u.deptCount)].sort((a, b) => b - a));
    const bad = await t.callAs('admin', baseInfo.getAccUnitPage, { body: { sort: { field: 'constructor', order: 'asc' } } });
    expect(bad.status).toBe(400);
    expect(bad.envelope.message).toContain('constructor');
    const values = await t.callAs('admin', baseInfo.getAccUnitColumnValues, { body: { field: 'unitName' } });
    expect(values.data.values).toContain('华联优选超市(杭州)有限公司');
  });
});

describe('accounting unit edits', () => {
  it('creates a unit once, changes it (never its code), and refuses a taken or unknown code', async () => {
    const created = await t.callAs('admin', baseInfo.saveAccUnit, { body: unit });
    expect(created.status).toBe(200);
    const { isNew: _isNew, ...saved } = unit;
    expect(created.data).toEqual(saved);
    const again = await t.callAs('admin', baseInfo.saveAccUnit, { body: unit });
    expect(again.status).toBe(409);
    expect(again.envelope.message).toBe('核算单位编码 U09 已存在');
    await t.callAs('admin', baseInfo.saveAccUnit, { body: { ...unit, bankAccount: '5501 0000 9999', isNew: false } });
    const row = await t.database.db.selectFrom('acc_unit').selectAll().where('unit_code', '=', 'U09').executeTakeFirstOrThrow();
    expect(row.bank_account).toBe('5501 0000 9999');
    expect((await t.callAs('admin', baseInfo.saveAccUnit, { body: { ...unit, unitCode: 'U98', isNew: false } })).status).toBe(404);
  });

  it('names the field of a bad tax number, bank account, code or a NUL byte, and never answers 500', async () => {
    const cases: [Partial<typeof unit>, RegExp][] = [
      [{ taxNumber: '1234' }, /^body\.taxNumber: 纳税人识别号应为/],
      [{ bankAccount: '62-17' }, /^body\.bankAccount/],
      [{ unitCode: 'U 1' }, /^body\.unitCode/],
      [{ unitName: 'x'.repeat(10_000) }, /^body\.unitName/],
      [{ address: 'a\u0000b' }, /^body\.address/],
    ];
    for (const [change, message] of cases) {
      const res = await t.callAs('admin', baseInfo.saveAccUnit, { body: { ...unit, unitCode: 'U10', ...change } });
      expect(res.status).toBe(400);
      expect(res.envelope.message).toMatch(message);
    }
  });

  it('is read by staff of the admin role only among staff, and changed by staff only', async () => {
    expect((await t.callAs('buyer01', baseInfo.getAccUnitPage, { body: {} })).status).toBe(403);
    const bySupplier = await t.callAs('100001', baseInfo.saveAccUnit, { body: { ...unit, unitCode: 'U11' } });
    expect(bySupplier.status).toBe(403);
  });
});

describe("a supplier's read-only base data", () => {
  it('lists only the stores and DCs the supplier deals with', async () => {
    const res = await t.callAs('100002', baseInfo.getDeptPage, { body: { limit: 100 } });
    expect(res.status).toBe(200);
    expect(res.data.list.map((d) => d.deptCode)).toEqual(await dealtWith('100002'));
    const states = await t.callAs('100002', baseInfo.getDeptColumnValues, { body: { field: 'deptName' } });
    expect(states.data.values).toHaveLength(res.data.total);
  });

  it('lists the brands of its own goods, counting its own goods only', async () => {
    const res = await t.callAs('100001', baseInfo.getBrandPage, { body: { limit: 100 } });
    const own = await sql<{ code: string; n: number }>`SELECT brand_code AS code, count(*)::int AS n FROM goods
      WHERE tenant_id = 'demo' AND supp_code = '100001' GROUP BY 1 ORDER BY 1`.execute(t.database.db);
    expect(res.data.list.map((b) => [b.brandCode, b.goodsCount, b.supplierCount])).toEqual(own.rows.map((r) => [r.code, r.n, 1]));
    const all = await t.callAs('admin', baseInfo.getBrandPage, { body: { limit: 100 } });
    expect(res.data.total).toBeLessThan(all.data.total);
  });

  it('lists the accounting units settling those stores', async () => {
    const depts = await dealtWith('100002');
    const expected = await codes(sql<{ code: string }>`SELECT DISTINCT acc_unit_code AS code FROM dept
      WHERE tenant_id = 'demo' AND dept_code IN (${sql.join(depts.length ? depts : [''])}) ORDER BY 1`);
    const res = await t.callAs('100002', baseInfo.getAccUnitPage, { body: {} });
    expect(res.data.list.map((u) => u.unitCode)).toEqual(expected);
    expect(res.data.list.reduce((n, u) => n + u.deptCount, 0)).toBe(depts.length);
  });

  it('opens the pages to a main account, a child only when granted, and never the business options', async () => {
    expect((await t.callAs('100001', baseInfo.getAccUnitPage, { body: {} })).status).toBe(200);
    expect((await t.callAs('100001-01', baseInfo.getAccUnitPage, { body: {} })).status).toBe(403);
    const option = { busShortName: 'X', busShortDetailName: 'x', permissionType: 'all' as const, permission: [] };
    expect((await t.callAs('100001', baseInfo.saveBusOption, { body: option })).status).toBe(403);
  });
});
