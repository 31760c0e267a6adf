// Base data lookups, business options, bill numbers and system parameters.
import { baseInfo, system } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const supplier = '100001';
const staff = 'admin';

describe('lookups', () => {
  it('lists brands, with a keyword on code or name', async () => {
    expect((await t.callAs(supplier, baseInfo.getAllBrandInfo, { body: undefined })).data).toHaveLength(12);
    expect((await t.callAs(supplier, baseInfo.getAllBrandInfo, { body: { keyword: '禾丰' } })).data).toEqual([
      { brandCode: 'B001', brandName: '禾丰' },
    ]);
    expect((await t.callAs(supplier, baseInfo.getAllBrandInfo, { body: { keyword: '%' } })).data).toEqual([]);
  });

  it('lists stores and DCs', async () => {
    const depts = (await t.callAs(supplier, baseInfo.getAllDeptInfo, { body: undefined })).data;
    expect(depts).toContainEqual({ deptCode: 'S0101', deptName: '上海虹口店', deptType: 'store', city: '上海' });
    expect(depts.filter((d: { deptType: string }) => d.deptType === 'dc')).toHaveLength(2);
  });

  it('lists categories flat, or the children of one parent', async () => {
    expect((await t.callAs(supplier, baseInfo.getCategoryInfo, { body: undefined })).data).toHaveLength(23);
    const children = (await t.callAs(supplier, baseInfo.getCategoryInfo, { body: { parentCategoryCode: '10' } })).data;
    expect(children.map((c: { categoryCode: string }) => c.categoryCode)).toEqual(['1001', '1002', '1003']);
    expect((await t.callAs(supplier, baseInfo.getCategoryInfo, { body: { parentCategoryCode: '' } })).data).toHaveLength(6);
  });

  it('nests the category tree by parent code with code_name labels', async () => {
    const tree = (await t.callAs(supplier, baseInfo.getCategoryTreeInfo)).data;
    expect(tree).toHaveLength(6);
    expect(tree[0]).toMatchObject({ categoryCode: '10', label: '10_休闲食品', parentCategoryCode: '' });
    expect(tree[0]!.children!.map((c: { label: string }) => c.label)).toEqual(['1001_饼干糕点', '1002_膨化食品', '1003_坚果炒货']);
  });

  it('lists accounting units', async () => {
    expect((await t.callAs(supplier, baseInfo.getAccUnitCodeInfo)).data[0]).toMatchObject({ unitCode: 'U01' });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/baseInfo/getAllBrandInfo' })).statusCode).toBe(401);
  });
});

describe('business options', () => {
  it('lets staff save an option and everyone read it', async () => {
    const option = {
      busShortName: 'CTF_CHECK',
      busShortDetailName: '证照检查品类',
      permissionType: 'category' as const,
      permission: ['10', '12', '10'],
    };
    const saved = await t.callAs(staff, baseInfo.saveBusOption, { body: option });
    expect(saved.data.permission).toEqual(['10', '12']);
    const read = (await t.callAs(supplier, baseInfo.queryBusOption, { body: { busShortName: 'CTF_CHECK' } })).data;
    expect(read).toEqual([{ ...option, permission: ['10', '12'] }]);
  });

  it('refuses unknown codes and a supplier account', async () => {
    const bad = await t.callAs(staff, baseInfo.saveBusOption, {
      body: { busShortName: 'X', busShortDetailName: 'x', permissionType: 'dept', permission: ['S9999'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.envelope.message).toContain('S9999');
    const forbidden = await t.callAs(supplier, baseInfo.saveBusOption, {
      body: { busShortName: 'X', busShortDetailName: 'x', permissionType: 'all', permission: [] },
    });
    expect(forbidden.status).toBe(403);
  });
});

describe('bill numbers', () => {
  it('hands out unique, consecutive numbers under concurrent calls', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => t.callAs(supplier, baseInfo.getBillNumber, { query: { code: 'JS' } })),
    );
    const numbers = answers.map((a) => a.data);
    expect(new Set(numbers).size).toBe(30);
    for (const n of numbers) expect(n).toMatch(/^JS\d{8}\d{6}$/);
    const sequences = numbers.map((n) => Number(n.slice(-6))).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 30 }, (_, i) => sequences[0]! + i));
  });

  it('pads to the requested digits and rejects a bad code', async () => {
    expect((await t.callAs(supplier, baseInfo.getBillNumber, { query: { code: 'YS', digits: 4 } })).data).toMatch(/^YS\d{8}\d{4}$/);
    const bad = await t.callAs(supplier, baseInfo.getBillNumber, { query: { code: 'js1' } });
    expect(bad.status).toBe(400);
    expect(bad.envelope.message).toMatch(/^querystring\.code: /);
  });
});

describe('system parameters', () => {
  it('answers whether the middle platform is used, and a parameter by code', async () => {
    expect((await t.callAs(supplier, system.useMiddlePlatform)).data).toBe(true);
    expect((await t.callAs(supplier, system.querySystemParam, { query: { parameterCode: 'INVOICE_TOLERANCE' } })).data).toMatchObject({
      parameterValue: '1.00',
    });
    expect((await t.callAs(supplier, system.querySystemParam, { query: { parameterCode: 'NOPE' } })).status).toBe(404);
  });
});
