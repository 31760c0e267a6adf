// The base data screens: brand and store lists on the list machinery, brand and category edits, staff only.
import { baseInfo, columnFilter } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ business: true });
});
afterAll(() => t.close());

const count = async (query: string) => (await sql<{ n: number }>`${sql.raw(query)}`.execute(t.database.db)).rows[0]!.n;

describe('brand list', () => {
  it('pages the tenant’s brands with how many goods and suppliers carry each, counted here from the goods', async () => {
    const res = await t.callAs('admin', baseInfo.getBrandPage, { body: { page: 1, limit: 5 } });
    expect(res.status).toBe(200);
    expect(res.data.total).toBe(await count(`SELECT count(*)::int AS n FROM brand WHERE tenant_id = 'demo'`));
    expect(res.data.list.map((b) => b.brandCode)).toEqual([...res.data.list.map((b) => b.brandCode)].sort());
    const first = res.data.list[0]!;
    expect(first.goodsCount).toBe(await count(`SELECT count(*)::int AS n FROM goods WHERE brand_code = '${first.brandCode}'`));
    expect(first.supplierCount).toBe(
      await count(`SELECT count(DISTINCT supp_code)::int AS n FROM goods WHERE brand_code = '${first.brandCode}'`),
    );
  });

  it('searches by keyword, sorts by a count, filters a column and lists its values', async () => {
    const byKeyword = await t.callAs('admin', baseInfo.getBrandPage, { body: { keyword: '禾丰' } });
    expect(byKeyword.data.list.map((b) => b.brandName)).toEqual(['禾丰']);
    const sorted = (await t.callAs('admin', baseInfo.getBrandPage, { body: { limit: 100, sort: { field: 'goodsCount', order: 'desc' } } }))
      .data.list;
    expect(sorted.map((b) => b.goodsCount)).toEqual([...sorted.map((b) => b.goodsCount)].sort((a, b) => b - a));
    const values = await t.callAs('admin', baseInfo.getBrandColumnValues, { body: { field: 'brandName' } });
    expect(values.data.values).toContain('禾丰');
  });

  it('refuses sort fields that are not its columns, inherited names included', async () => {
    for (const field of ['constructor', '__proto__', 'toString', 'brand_code; drop']) {
      const res = await t.callAs('admin', baseInfo.getBrandPage, { body: { sort: { field, order: 'asc' } } });
      expect(res.status).toBe(400);
      expect(res.envelope.message).toContain(field);
    }
  });

  it('is changed by staff only: a supplier reads it but gets 403 on a save, staff without the module 403 on both', async () => {
    expect((await t.callAs('100001', baseInfo.getBrandPage, { body: {} })).status).toBe(200);
    const save = await t.callAs('100001', baseInfo.saveBrand, { body: { brandCode: 'B999', brandName: 'x', isNew: true } });
    expect(save.status).toBe(403);
    expect(save.envelope.message).toBe('只有商户员工可以维护基础资料');
    expect((await t.callAs('buyer01', baseInfo.getBrandPage, { body: {} })).status).toBe(403);
  });
});

describe('brand edits', () => {
  it('creates a brand once, renames it, and refuses a second one of the same code or an unknown one', async () => {
    const created = await t.callAs('admin', baseInfo.saveBrand, { body: { brandCode: 'B900', brandName: '新品牌', isNew: true } });
    expect(created.status).toBe(200);
    expect(created.data).toEqual({ brandCode: 'B900', brandName: '新品牌' });
    const again = await t.callAs('admin', baseInfo.saveBrand, { body: { brandCode: 'B900', brandName: '另一个', isNew: true } });
    expect(again.status).toBe(409);
    expect(again.envelope.message).toBe('品牌编码 B900 已存在');
    await t.callAs('admin', baseInfo.saveBrand, { body: { brandCode: 'B900', brandName: '改过的名字', isNew: false } });
    expect((await t.callAs('admin', baseInfo.getBrandPage, { body: { keyword: 'B900' } })).data.list[0]!.brandName).toBe('改过的名字');
    expect((await t.callAs('admin', baseInfo.saveBrand, { body: { brandCode: 'B901', brandName: 'x', isNew: false } })).status).toBe(404);
  });

  it('refuses a bad code or an empty name with the field named', async () => {
    const bad = await t.callAs('admin', baseInfo.saveBrand, { body: { brandCode: "B'1", brandName: 'x', isNew: true } });
    expect(bad.status).toBe(400);
    expect(bad.envelope.message).toMatch(/^body\.brandCode/);
    const empty = await t.callAs('admin', baseInfo.saveBrand, { body: { brandCode: 'B902', brandName: '  ', isNew: true } });
    expect(empty.status).toBe(400);
    expect(empty.envelope.message).toMatch(/^body\.brandName/);
  });
});

describe('category edits', () => {
  it('adds a category under a parent at the next level and renames it; the tree shows it', async () => {
    const added = await t.callAs('admin', baseInfo.saveCategory, {
      body: { categoryCode: '1099', parentCategoryCode: '10', categoryName: '进口零食', isNew: true },
    });
    expect(added.status).toBe(200);
    expect(added.data).toEqual({ categoryCode: '1099', parentCategoryCode: '10', categoryName: '进口零食', level: 2 });
    await t.callAs('admin', baseInfo.saveCategory, { body: { categoryCode: '1099', categoryName: '进口休闲零食', isNew: false } });
    const tree = (await t.callAs('admin', baseInfo.getCategoryTreeInfo)).data;
    expect(tree.find((c) => c.categoryCode === '10')!.children.map((c) => c.label)).toContain('1099_进口休闲零食');
  });

  it('refuses an unknown parent, a fourth level and a taken code', async () => {
    const unknown = await t.callAs('admin', baseInfo.saveCategory, {
      body: { categoryCode: '7777', parentCategoryCode: '99', categoryName: 'x', isNew: true },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.envelope.message).toBe('body.parentCategoryCode: 上级类别 99 不存在');
    await t.callAs('admin', baseInfo.saveCategory, {
      body: { categoryCode: '109901', parentCategoryCode: '1099', categoryName: '三级', isNew: true },
    });
    const fourth = await t.callAs('admin', baseInfo.saveCategory, {
      body: { categoryCode: '10990101', parentCategoryCode: '109901', categoryName: '四级', isNew: true },
    });
    expect(fourth.status).toBe(400);
    expect(fourth.envelope.message).toBe('body.parentCategoryCode: 类别最多 3 级');
    const taken = await t.callAs('admin', baseInfo.saveCategory, { body: { categoryCode: '10', categoryName: 'x', isNew: true } });
    expect(taken.status).toBe(409);
  });
});

describe('store list', () => {
  it('pages stores and DCs with their type and state as the grid shows them, and filters by type', async () => {
    const all = await t.callAs('admin', baseInfo.getDeptPage, { body: { limit: 100 } });
    expect(all.data.total).toBe(await count(`SELECT count(*)::int AS n FROM dept WHERE tenant_id = 'demo'`));
    expect(all.data.list.find((d) => d.deptCode === 'S0101')).toMatchObject({
      deptName: '上海虹口店',
      deptType: 'store',
      online: true,
      onlineText: '营业',
    });
    const dcs = await t.callAs('admin', baseInfo.getDeptPage, { body: { deptType: 'dc' } });
    expect(dcs.data.total).toBe(await count(`SELECT count(*)::int AS n FROM dept WHERE tenant_id = 'demo' AND dept_type = 'dc'`));
    const closed = await t.callAs('admin', baseInfo.getDeptPage, {
      body: {
        filters: {
          onlineText: columnFilter.parse({ checks: ['停业'] }),
        },
      },
    });
    expect(closed.data.total).toBe(await count(`SELECT count(*)::int AS n FROM dept WHERE tenant_id = 'demo' AND NOT online`));
    const states = await t.callAs('admin', baseInfo.getDeptColumnValues, { body: { field: 'onlineText' } });
    expect(states.data.values).toEqual(['停业', '营业']);
  });
});
