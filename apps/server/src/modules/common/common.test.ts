// The legacy common calls: legacy envelope, tree roots, exact stock division, supplier scoping, bad input.
import { type CallDef, common } from '@portal/contract';
import type { z } from 'zod';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedStore } from '../../db/seed/lookups';
import { createTestApp, type TestApp, tokenFor } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ business: true });
});
afterAll(() => t.close());

const codesOf = (rows: { deptCode: string }[]) => rows.map((r) => r.deptCode).sort();

/** Stores and DCs named by a supplier's orders or receipts, straight from the tables. */
async function suppliedDepts(suppCode: string): Promise<string[]> {
  const { rows } = await sql<{ dept_code: string }>`SELECT dept_code FROM pur_order WHERE supp_code = ${suppCode}
    UNION SELECT dept_code FROM acceptance WHERE supp_code = ${suppCode} ORDER BY 1`.execute(t.database.db);
  return rows.map((r) => r.dept_code);
}

describe('legacy envelope and enums', () => {
  it('answers {success, content: {result}, msg} at the spec path under the API prefix', async () => {
    const res = await t.callAs('100001', common.listEnum, { query: { enumName: 'orderStatus' } });
    expect(res.status).toBe(200);
    expect(res.envelope.success).toBe(true);
    expect(typeof res.envelope.msg).toBe('string');
    expect(res.data.map((e) => e.code)).toContain('已下达');
    expect((await t.app.inject({ method: 'GET', url: '/api/api/enum/list.do?enumName=deliveryMode' })).statusCode).toBe(401);
  });

  it('refuses an unknown enum, inherited property names included, with success false and a message naming it', async () => {
    for (const enumName of ['noSuchEnum', 'constructor', '__proto__', 'toString']) {
      const res = await t.callAs('100001', common.listEnum, { query: { enumName } });
      expect(res.status).toBe(400);
      expect(res.envelope.success).toBe(false);
      expect(res.envelope.msg).toContain('enumName');
    }
  });

  let token: string | undefined;
  const enumAs = async (enumName: string, language?: string, url = `/api/api/enum/list.do?enumName=${enumName}`) => {
    token ??= await tokenFor(t.app, '100001');
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { token, ...(language ? { 'accept-language': language } : {}) },
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('answers old clients, which name no language, exactly the Chinese entries they always read; Chinese callers too', async () => {
    const chinese = {
      success: true,
      content: {
        result: [
          { code: '直送', name: '直送' },
          { code: '配送', name: '配送' },
          { code: '越库', name: '越库' },
        ],
      },
      msg: 'success',
    };
    expect(await enumAs('deliveryMode')).toEqual(chinese);
    expect(await enumAs('deliveryMode', 'zh-CN,zh;q=0.9,en;q=0.8')).toEqual(chinese);
    expect((await enumAs('employeeStatus')).content.result).toEqual([
      { code: '0', name: '停用' },
      { code: '1', name: '启用' },
    ]);
    expect(await enumAs('', undefined, '/api/distributionType/allDistributions')).toEqual(chinese);
  });

  it('gives an English caller the same codes with English names, for every enum', async () => {
    expect(await enumAs('deliveryMode', 'en-US,en;q=0.9')).toEqual({
      success: true,
      content: {
        result: [
          { code: '直送', name: 'Direct' },
          { code: '配送', name: 'Via DC' },
          { code: '越库', name: 'Cross-dock' },
        ],
      },
      msg: 'success',
    });
    expect((await enumAs('', 'en', '/api/distributionType/allDistributions')).content.result.map((e: { name: string }) => e.name)).toEqual([
      'Direct',
      'Via DC',
      'Cross-dock',
    ]);
    for (const enumName of Object.keys(common.enums)) {
      const [zh, en] = [(await enumAs(enumName)).content.result, (await enumAs(enumName, 'en')).content.result];
      expect(en.map((e: { code: string }) => e.code)).toEqual(zh.map((e: { code: string }) => e.code));
      expect(en.filter((e: { name: string }) => /[\u4e00-\u9fff]/.test(e.name))).toEqual([]);
    }
  });

  it('lists the delivery modes', async () => {
    expect((await t.callAs('admin', common.allDistributions)).data.map((d) => d.code)).toEqual(['直送', '配送', '越库']);
  });
});

describe('stores', () => {
  it('gives a supplier the stores and DCs it deals with, and staff every one', async () => {
    const mine = await t.callAs('100001', common.getDeptList, { body: {} });
    expect(codesOf(mine.data)).toEqual(await suppliedDepts('100001'));
    const all = await t.callAs('admin', common.getDeptList, { body: null });
    expect(all.data).toHaveLength(8);
  });

  it('leaves closed stores out of the online list and DCs out of the store picker', async () => {
    const online = await t.callAs('admin', common.getOnLineDeptList, { body: {} });
    expect(codesOf(online.data)).not.toContain(closedStore);
    expect(online.data).toHaveLength(7);
    const pick = await t.callAs('admin', common.getPickStoreList, { body: { keyword: '店' } });
    expect(pick.data.length).toBeGreaterThan(0);
    expect(pick.data.every((d) => d.deptType === 'store' && d.online)).toBe(true);
  });

  it("answers a staff member's own store, or every store when the account has none", async () => {
    expect((await t.callAs('admin', common.queryMyStore)).data.every((d) => d.deptType === 'store')).toBe(true);
    expect((await t.callAs('admin', common.queryMyStore)).data).toHaveLength(6);
    await t.database.db.updateTable('account').set({ dept_code: 'S0201' }).where('employee_code', '=', 'buyer01').execute();
    expect(codesOf((await t.callAs('buyer01', common.queryMyStore)).data)).toEqual(['S0201']);
  });
});

describe('stock', () => {
  it('divides the stored 1/10000 units exactly', async () => {
    await t.database.db
      .updateTable('stock')
      .set({ qty_units: '123456789' })
      .where('goods_code', '=', '600101')
      .where('dept_code', '=', 'S0101')
      .execute();
    const res = await t.callAs('100001', common.getBatchStocksList, { body: { goodsCode: '600101', deptCode: 'S0101' } });
    expect(res.data).toEqual([expect.objectContaining({ goodsCode: '600101', deptCode: 'S0101', stockQty: '12345.6789' })]);
  });

  it('takes comma-joined codes and matches the table row for row', async () => {
    const res = await t.callAs('admin', common.getBatchStocksList, { body: { goodsCode: '600101, 600102,600101' } });
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM stock WHERE goods_code IN ('600101', '600102')`.execute(
      t.database.db,
    );
    expect(res.data).toHaveLength(rows[0]!.n);
  });

  it("shows a supplier nothing of another supplier's goods", async () => {
    const res = await t.callAs('100002', common.getBatchStocksList, { body: { goodsCode: '600101' } });
    expect(res.status).toBe(200);
    expect(res.data).toEqual([]);
  });

  it('asks for goods codes', async () => {
    const res = await t.callAs('100001', common.getBatchStocksList, { body: { goodsCode: ' , ' } });
    expect(res.status).toBe(400);
    expect(res.envelope.msg).toContain('goodsCode');
  });
});

describe('suppliers, goods and parameters', () => {
  it('pages suppliers: a supplier sees itself, staff every supplier, 9999 at most a page', async () => {
    const own = await t.callAs('100001', common.getSupplierInfo, { body: { page: 1, pageSize: 9999 } });
    expect(own.data).toEqual({ total: 1, list: [expect.objectContaining({ suppCode: '100001' })] });
    const all = await t.callAs('admin', common.getSupplierInfo, { body: { page: 2, pageSize: 2 } });
    // The five demo suppliers and 100006, admitted by a demo cooperation application.
    expect(all.data.total).toBe(6);
    expect(all.data.list.map((s) => s.suppCode)).toEqual(['100003', '100004']);
    expect((await t.callAs('admin', common.getSupplierInfo, { body: { pageSize: 10000 } })).status).toBe(400);
  });

  it("finds a supplier's goods by barcode and never another supplier's", async () => {
    const byBarcode = await t.callAs('100001', common.getGoodInfo, { body: { keyword: '6923456789012' } });
    expect(byBarcode.data.list.map((g) => g.goodsCode)).toEqual(['600101']);
    const mine = await t.callAs('100001', common.getGoodInfo, { body: { pageSize: 1000 } });
    expect(mine.data.total).toBeGreaterThan(0);
    expect(mine.data.list.every((g) => g.suppCode === '100001')).toBe(true);
    expect((await t.callAs('100002', common.getGoodInfo, { body: { keyword: '6923456789012' } })).data.total).toBe(0);
  });

  it("matches a top-level category's sub-classes", async () => {
    const res = await t.callAs('admin', common.getGoodInfo, { body: { categoryCode: '10', pageSize: 1000 } });
    expect(res.data.total).toBeGreaterThan(0);
    expect(res.data.list.every((g) => g.categoryCode.startsWith('10'))).toBe(true);
  });

  it('reads system parameters by comma-joined codes', async () => {
    const res = await t.callAs('100001', common.queryListByParamCode, { body: { paramCode: 'SAM_ENABLE,INVOICE_TOLERANCE,NOPE' } });
    expect(res.data.map((p) => p.parameterCode)).toEqual(['INVOICE_TOLERANCE', 'SAM_ENABLE']);
    expect((await t.callAs('100001', common.getOcxDownloadUrl)).data).toBe('');
  });
});

describe('trees', () => {
  it('hangs categories, brands and suppliers under their named roots', async () => {
    const [catalog] = (await t.callAs('100001', common.getCatalogClassInfo)).data;
    expect(catalog).toMatchObject({ id: '', label: '所有类别' });
    expect(catalog!.children).toHaveLength(6);
    expect(catalog!.children[0]!.children.length).toBeGreaterThan(0);
    const [brands] = (await t.callAs('100001', common.getBrandInfo)).data;
    expect(brands).toMatchObject({ id: '', label: '所有品牌' });
    expect(brands!.children).toHaveLength(12);
    const [suppliers] = (await t.callAs('admin', common.getSupplierCateInfo)).data;
    expect(suppliers!.label).toBe('所有供应商');
    const leaves = new Set(suppliers!.children.flatMap((c) => c.children.map((s) => s.id)));
    expect(leaves.size).toBe(6);
    const [own] = (await t.callAs('100001', common.getSupplierCateInfo)).data;
    expect(new Set(own!.children.flatMap((c) => c.children.map((s) => s.id)))).toEqual(new Set(['100001']));
  });
});

describe('supplier tree', () => {
  const ids = (node: common.TreeNode): string[] => [node.id, ...node.children.flatMap(ids)];
  const goodsItem = (goods_code: string, category_code: string) => ({
    tenant_id: 'demo',
    goods_code,
    barcode: `69000000${goods_code}`,
    goods_name: `测试商品${goods_code}`,
    spec: '1',
    unit: '件',
    case_qty: 1,
    category_code,
    brand_code: 'B001',
    supp_code: '100001',
    tax_rate: '13',
    price: '1',
    retail_price: '1',
  });

  it('lists a supplier selling in several categories (and an unknown one) once, under the category of most of its goods', async () => {
    // 100001 sells biscuits and snacks (10); here also a dairy item (12) and one of a category the catalog lacks.
    const extra = [goodsItem('699901', '1201'), goodsItem('699902', '9999')];
    await t.database.db.insertInto('goods').values(extra).execute();
    try {
      for (const user of ['admin', '100001']) {
        const [root] = (await t.callAs(user, common.getSupplierCateInfo)).data;
        const all = ids(root!);
        expect(new Set(all).size, all.join(' ')).toBe(all.length);
        const groupsOf100001 = root!.children.filter((c) => c.children.some((s) => s.id === '100001'));
        expect(groupsOf100001.map((c) => c.id)).toEqual(['category:10']);
      }
      const [root] = (await t.callAs('admin', common.getSupplierCateInfo)).data;
      expect(root!.children.find((c) => c.id === 'category:12')!.children.map((s) => s.id)).toContain('100002');
    } finally {
      await t.database.db.deleteFrom('goods').where('tenant_id', '=', 'demo').where('goods_code', 'in', ['699901', '699902']).execute();
    }
  });
});

describe('permissions, print templates and locations', () => {
  it('lists what the caller holds: a child account no more than its main account', async () => {
    const main = (await t.callAs('100001', common.getUserPermission)).data;
    const child = (await t.callAs('100001-01', common.getUserPermission)).data;
    const mainCodes = new Set(main.modules.map((m) => m.moduleCode));
    expect(child.modules.length).toBeLessThan(main.modules.length);
    expect(child.modules.every((m) => mainCodes.has(m.moduleCode))).toBe(true);
  });

  it("answers a print type's templates, the default first, and refuses unknown types", async () => {
    const res = await t.callAs('100001', common.getPrintTemplateAll, { query: { printTypeCode: 'purOrder' } });
    expect(res.data.length).toBeGreaterThanOrEqual(2);
    expect(res.data[0]!.isDefault).toBe(true);
    expect(res.data.every((p) => p.printTypeCode === 'purOrder' && p.layout.columns.length > 0)).toBe(true);
    const bad = await t.callAs('admin', common.getPrintTemplateAll, { query: { printTypeCode: 'constructor' as 'purOrder' } });
    expect(bad.status).toBe(400);
    expect(bad.envelope.msg).toContain('printTypeCode');
  });

  it('lists receiving or return locations of the stores the caller may see', async () => {
    const staff = await t.callAs('admin', common.queryLocationArchivesBatch, { body: { billDirection: 'in', deptCode: 'S0101,D0001' } });
    expect(staff.data).toHaveLength(4);
    expect(staff.data.every((l) => l.billDirection === 'in')).toBe(true);
    const supplied = await suppliedDepts('100002');
    const other = ['S0101', 'S0102', 'S0201', 'S0301', 'S0401', 'S0501', 'D0001', 'D0002'].find((c) => !supplied.includes(c));
    if (other)
      expect(
        (await t.callAs('100002', common.queryLocationArchivesBatch, { body: { billDirection: 'out', deptCode: other } })).data,
      ).toEqual([]);
    expect((await t.callAs('admin', common.queryLocationArchivesBatch, { body: { billDirection: 'sideways' as 'in' } })).status).toBe(400);
  });
});

describe('business options on the legacy path', () => {
  it('saves for staff holding the business-option module and refuses everyone else', async () => {
    const option = {
      busShortName: 'LEGACY_TEST',
      busShortDetailName: '旧接口保存',
      permissionType: 'dept' as const,
      permission: ['S0101'],
    };
    const saved = await t.callAs('admin', common.saveBusOption, { body: option });
    expect(saved.status).toBe(200);
    expect(saved.envelope.success).toBe(true);
    expect(saved.data).toEqual(option);
    expect((await t.callAs('buyer01', common.saveBusOption, { body: option })).status).toBe(403);
    expect((await t.callAs('100001', common.saveBusOption, { body: option })).status).toBe(403);
    const bad = await t.callAs('admin', common.saveBusOption, { body: { ...option, permission: ['NOPE'] } });
    expect(bad.status).toBe(400);
    expect(bad.envelope.success).toBe(false);
  });
});

describe('bad input on every legacy call with a parameter', () => {
  const nul = 'a\u0000b';
  const huge = '6'.repeat(30_000);
  const cases: [string, CallDef<z.ZodType | undefined, z.ZodType | undefined, z.ZodType>, { query?: object; body?: object }, string][] = [
    ['NUL in enumName', common.listEnum, { query: { enumName: nul } }, 'enumName'],
    ['huge enumName', common.listEnum, { query: { enumName: huge } }, 'enumName'],
    ['NUL in a store keyword', common.getDeptList, { body: { keyword: nul } }, 'keyword'],
    ['huge online-store keyword', common.getOnLineDeptList, { body: { keyword: huge } }, 'keyword'],
    ['keyword not text', common.getPickStoreList, { body: { keyword: { constructor: 1 } } }, 'keyword'],
    ['NUL in a goods code', common.getBatchStocksList, { body: { goodsCode: nul } }, 'goodsCode'],
    ['huge goods code list', common.getBatchStocksList, { body: { goodsCode: huge } }, 'goodsCode'],
    [
      'too many goods codes',
      common.getBatchStocksList,
      { body: { goodsCode: Array.from({ length: 501 }, (_, i) => i).join(',') } },
      'goodsCode',
    ],
    ['page not a number', common.getSupplierInfo, { body: { page: 'constructor' } }, 'page'],
    ['page zero', common.getSupplierInfo, { body: { page: 0 } }, 'page'],
    ['NUL in a parameter code', common.queryListByParamCode, { body: { paramCode: nul } }, 'paramCode'],
    ['no parameter code', common.queryListByParamCode, { body: {} }, 'paramCode'],
    ['NUL in a goods keyword', common.getGoodInfo, { body: { keyword: nul } }, 'keyword'],
    ['goods page size beyond 1000', common.getGoodInfo, { body: { pageSize: 1001 } }, 'pageSize'],
    ['a bill direction named constructor', common.queryLocationArchivesBatch, { body: { billDirection: 'constructor' } }, 'billDirection'],
    ['NUL in a menu code', common.getAuthBtnList, { body: { menuCode: nul } }, 'menuCode'],
  ];
  it.each(cases)('%s: success false with a message naming the field, never a 500', async (_name, call, input, field) => {
    const res = await t.callAs('100001', call, input as never);
    expect(res.status).toBe(400);
    expect(res.envelope.success).toBe(false);
    expect(res.envelope.msg).toContain(field);
  });
});
