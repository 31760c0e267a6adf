// Base data lookups, business options, bill numbers and system parameters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tokenFor } from '../../test/helpers';

let t: TestApp;
let supplier: string;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  supplier = await tokenFor(t.app, '100001');
  staff = await tokenFor(t.app, 'admin', { staff: true });
});
afterAll(() => t.close());

const post = (url: string, token: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { token }, ...(payload ? { payload } : {}) });
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { token } });

describe('lookups', () => {
  it('lists brands, with a keyword on code or name', async () => {
    expect((await post('/api/baseInfo/getAllBrandInfo', supplier)).json().data).toHaveLength(12);
    expect((await post('/api/baseInfo/getAllBrandInfo', supplier, { keyword: '禾丰' })).json().data).toEqual([
      { brandCode: 'B001', brandName: '禾丰' },
    ]);
    expect((await post('/api/baseInfo/getAllBrandInfo', supplier, { keyword: '%' })).json().data).toEqual([]);
  });

  it('lists stores and DCs', async () => {
    const depts = (await post('/api/baseInfo/getAllDeptInfo', supplier)).json().data;
    expect(depts).toContainEqual({ deptCode: 'S0101', deptName: '上海虹口店', deptType: 'store', city: '上海' });
    expect(depts.filter((d: { deptType: string }) => d.deptType === 'dc')).toHaveLength(2);
  });

  it('lists categories flat, or the children of one parent', async () => {
    expect((await post('/api/baseInfo/getCategoryInfo', supplier)).json().data).toHaveLength(23);
    const children = (await post('/api/baseInfo/getCategoryInfo', supplier, { parentCategoryCode: '10' })).json().data;
    expect(children.map((c: { categoryCode: string }) => c.categoryCode)).toEqual(['1001', '1002', '1003']);
    expect((await post('/api/baseInfo/getCategoryInfo', supplier, { parentCategoryCode: '' })).json().data).toHaveLength(6);
  });

  it('nests the category tree by parent code with code_name labels', async () => {
    const tree = (await post('/api/baseInfo/getCategoryTreeInfo', supplier)).json().data;
    expect(tree).toHaveLength(6);
    expect(tree[0]).toMatchObject({ categoryCode: '10', label: '10_休闲食品', parentCategoryCode: '' });
    expect(tree[0].children.map((c: { label: string }) => c.label)).toEqual(['1001_饼干糕点', '1002_膨化食品', '1003_坚果炒货']);
  });

  it('lists accounting units', async () => {
    expect((await post('/api/baseInfo/getAccUnitCodeInfo', supplier)).json().data[0]).toMatchObject({ unitCode: 'U01' });
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
      permissionType: 'category',
      permission: ['10', '12', '10'],
    };
    const saved = await post('/api/baseInfo/saveBusOption', staff, option);
    expect(saved.json().data.permission).toEqual(['10', '12']);
    const read = (await post('/api/baseInfo/queryBusOption', supplier, { busShortName: 'CTF_CHECK' })).json().data;
    expect(read).toEqual([{ ...option, permission: ['10', '12'] }]);
  });

  it('refuses unknown codes and a supplier account', async () => {
    const bad = await post('/api/baseInfo/saveBusOption', staff, {
      busShortName: 'X',
      busShortDetailName: 'x',
      permissionType: 'dept',
      permission: ['S9999'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('S9999');
    const forbidden = await post('/api/baseInfo/saveBusOption', supplier, {
      busShortName: 'X',
      busShortDetailName: 'x',
      permissionType: 'all',
      permission: [],
    });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('bill numbers', () => {
  it('hands out unique, consecutive numbers under concurrent calls', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => get('/api/baseInfo/getBillNumber?code=JS', supplier)));
    const numbers = answers.map((a) => a.json().data as string);
    expect(new Set(numbers).size).toBe(30);
    for (const n of numbers) expect(n).toMatch(/^JS\d{8}\d{6}$/);
    const sequences = numbers.map((n) => Number(n.slice(-6))).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 30 }, (_, i) => sequences[0]! + i));
  });

  it('pads to the requested digits and rejects a bad code', async () => {
    expect((await get('/api/baseInfo/getBillNumber?code=YS&digits=4', supplier)).json().data).toMatch(/^YS\d{8}\d{4}$/);
    const bad = await get('/api/baseInfo/getBillNumber?code=js1', supplier);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^querystring\.code: /);
  });
});

describe('system parameters', () => {
  it('answers whether the middle platform is used, and a parameter by code', async () => {
    expect((await get('/api/system/useMiddlePlatform', supplier)).json().data).toBe(true);
    expect((await get('/api/system/querySystemParam?parameterCode=INVOICE_TOLERANCE', supplier)).json().data).toMatchObject({
      parameterValue: '1.00',
    });
    expect((await get('/api/system/querySystemParam?parameterCode=NOPE', supplier)).statusCode).toBe(404);
  });
});
