// Server-defined query pages in Chromium: staff define a report in the designer, test it and publish it to
// suppliers; supplier 100001 opens it from its menu, filters a column on the server, exports CSV and sees only
// its own rows, though the SQL names no supplier; a public query opens signed out.
import fs from 'node:fs';
import { dynamicQuery } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { chooseOption, chooseTreeOption, loginAs, useBrowser } from '../support/browser';
import { gridColumn } from '../support/grid';

const browser = useBrowser();
const code = `E2E_RECV_${Date.now() % 100000}`;

describe('dynamic query pages', () => {
  it('lets staff define, test and publish a report that a supplier opens, filters and exports, seeing its own rows only', async () => {
    const staff = await browser.page();
    await loginAs(staff, 'admin', { staff: true });
    await staff.getByRole('navigation', { name: '主菜单' }).getByText('查询设计').click();
    await staff.waitForURL('**/queryDesign');
    await staff.getByRole('button', { name: '新增查询' }).click();
    await staff.getByLabel('查询编码').fill(code);
    await staff.getByLabel('标题', { exact: true }).fill('供应商验收明细');
    await staff.getByLabel('英文说明').fill('Receiving lines of each supplier');
    const editor = staff.locator('.cm-content');
    await editor.click();
    await staff.keyboard.press('ControlOrMeta+a');
    await staff.keyboard.press('Delete');
    await editor.fill('SELECT supp_code, dept_code, bill_number, amount\nFROM acceptance\nORDER BY bill_number');
    await staff.getByRole('button', { name: '试运行' }).last().click();
    await staff.getByText(/试运行结果：\d+ 行，用时 [\d.]+ 毫秒/).waitFor();
    await staff.getByRole('button', { name: '按结果生成列' }).click();
    await staff.getByLabel('英文标题').nth(1).fill('Supplier');
    await staff.getByRole('button', { name: /保\s*存/ }).click();
    await staff.getByText('已保存').waitFor();
    const saved = await apiAs('admin').call(dynamicQuery.getDefinition, { query: { queryCode: code } });
    expect(saved.descriptionEn).toBe('Receiving lines of each supplier');
    expect(saved.columns[0]).toMatchObject({ field: 'supp_code', title: 'supp_code', titleEn: 'Supplier' });
    await staff.getByRole('button', { name: '发布到菜单' }).first().click();
    const dialog = staff.getByRole('dialog', { name: `发布 ${code}` });
    await dialog.getByRole('switch', { name: '全部供应商' }).click();
    await dialog.getByRole('checkbox', { name: '系统管理员' }).check();
    await dialog.getByRole('button', { name: '发布到菜单' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Published to the designer's own role too: the entry is in its menu at once, without signing in again.
    const staffMenu = staff.getByRole('navigation', { name: '主菜单' });
    const reports = staffMenu.getByRole('menuitem', { name: /报表查询/ });
    if ((await reports.getAttribute('aria-expanded')) !== 'true') await reports.click();
    await staffMenu.getByText('供应商验收明细', { exact: true }).waitFor();

    const page = await browser.page();
    await loginAs(page, '100001');
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await menu.getByText('报表查询').click();
    await menu.getByText('供应商验收明细').click();
    await page.waitForURL(`**/scmQuery/dynamic/query/${code}`);
    await expect.poll(() => page.title()).toContain('供应商验收明细');
    const grid = page.getByRole('region', { name: '供应商验收明细 查询结果' });
    await expect.poll(() => gridColumn(grid, 'supp_code').then((c) => c.length)).toBeGreaterThan(0);
    expect(new Set(await gridColumn(grid, 'supp_code'))).toEqual(new Set(['100001']));

    // The checklist lists every page's stores (of this supplier only); ticking one filters on the server.
    const api = apiAs('100001');
    const stores = await api.call(dynamicQuery.runColumnValues, { query: {}, body: { queryCode: code, field: 'dept_code' } });
    const store = stores.values[0]!;
    await page.getByRole('button', { name: 'dept_code 筛选' }).click();
    const filterMenu = page.getByRole('dialog', { name: 'dept_code 筛选' });
    await filterMenu.getByText('全选').click();
    await filterMenu.getByText(store, { exact: true }).click();
    await filterMenu.getByRole('button', { name: /确\s*定/ }).click();
    const expected = await api.call(dynamicQuery.run, {
      query: {},
      body: { queryCode: code, limit: 20, filters: { dept_code: { checks: [store] } } },
    });
    await page.getByText(`共 ${expected.total} 行`).waitFor();
    await expect.poll(() => gridColumn(grid, 'dept_code').then((c) => [...new Set(c)])).toEqual([store]);

    const [csv] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: '导出 CSV' }).click(),
    ]);
    const lines = fs
      .readFileSync((await csv.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('supp_code,dept_code,bill_number,amount');
    expect(lines.length - 1).toBe(expected.total);
    expect(lines.slice(1).every((l) => l.startsWith(`100001,${store},`))).toBe(true);

    // Another supplier, also published to, sees its own rows from the same SQL.
    const other = await apiAs('100002').call(dynamicQuery.runColumnValues, { query: {}, body: { queryCode: code, field: 'supp_code' } });
    expect(other.values).toEqual(['100002']);
    await apiAs('admin').call(dynamicQuery.deleteDefinition, { body: { queryCode: code } });
  });

  it('lets staff pick the supplier and category parameters with the shared pickers; a supplier account has its own, fixed', async () => {
    const admin = apiAs('admin');
    const page = await browser.page();
    await loginAs(page, 'admin', { staff: true, to: '/scmQuery/dynamic/query/RECV_BY_STORE_MONTH' });
    const grid = page.getByRole('region', { name: '门店月度验收汇总 查询结果' });
    await expect.poll(() => gridColumn(grid, 'supp_code').then((c) => new Set(c).size)).toBeGreaterThan(1);
    await chooseOption(page, page.getByRole('combobox', { name: '供应商' }), '100002 杭州绿源乳业有限公司');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const expected = await admin.call(dynamicQuery.run, {
      query: {},
      body: { queryCode: 'RECV_BY_STORE_MONTH', params: { supplier: '100002' }, limit: 20 },
    });
    expect(expected.total).toBeGreaterThan(0);
    await page.getByText(`共 ${expected.total} 行`).waitFor();
    await expect.poll(() => gridColumn(grid, 'supp_code').then((c) => [...new Set(c)])).toEqual(['100002']);

    // A category parameter is a tree picker: a top category takes in its sub-classes.
    await page.goto('/scmQuery/dynamic/query/SLOW_MOVERS');
    const slow = page.getByRole('region', { name: '滞销商品 查询结果' });
    await page.getByText(/共 \d+ 行/).waitFor();
    await page.getByLabel('未到货天数', { exact: true }).fill('0');
    await chooseTreeOption(page, page.getByRole('combobox', { name: '商品类别' }), '休闲', '10_休闲食品');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const snacks = await admin.call(dynamicQuery.run, {
      query: {},
      body: { queryCode: 'SLOW_MOVERS', params: { days: '0', category: '10' }, limit: 20 },
    });
    const all = await admin.call(dynamicQuery.run, { query: {}, body: { queryCode: 'SLOW_MOVERS', params: { days: '0' }, limit: 20 } });
    expect(snacks.total).toBeGreaterThan(0);
    expect(snacks.total).toBeLessThan(all.total);
    await page.getByText(`共 ${snacks.total} 行`).waitFor();
    await expect.poll(() => gridColumn(slow, 'goods_code')).toEqual(snacks.list.map((r) => String(r.goods_code)));

    // A supplier account: the supplier parameter shows its own supplier and cannot be changed.
    const supplier = await browser.page();
    await loginAs(supplier, '100001', { to: '/scmQuery/dynamic/query/RECV_BY_STORE_MONTH' });
    const own = supplier.getByRole('combobox', { name: '供应商' });
    await own.waitFor();
    expect(await own.isDisabled()).toBe(true);
    await expect.poll(() => supplier.locator('.ant-form-item:has(label[for="supplier"]) .ant-select').innerText()).toMatch(/^100001 /);
    const ownGrid = supplier.getByRole('region', { name: '门店月度验收汇总 查询结果' });
    await expect.poll(() => gridColumn(ownGrid, 'supp_code').then((c) => [...new Set(c)])).toEqual(['100001']);
  });

  it('opens a public query signed out', async () => {
    const page = await browser.page();
    await page.goto('/scmQuery/dynamic/query/STORE_LIST');
    await page.getByText('门店与配送中心').first().waitFor();
    const grid = page.getByRole('region', { name: '门店与配送中心 查询结果' });
    const expected = await apiAs(null).call(dynamicQuery.run, {
      query: { tenantid: 'demo' },
      body: { queryCode: 'STORE_LIST', limit: 100 },
    });
    await expect.poll(() => gridColumn(grid, 'dept_code')).toEqual(expected.list.map((r) => String(r.dept_code)));
    expect(page.url()).toContain('/scmQuery/dynamic/query/STORE_LIST');
    // No shell names the window signed out: the page takes the definition's title itself.
    await expect.poll(() => page.title()).toBe('门店与配送中心 - 供应商协同平台');
    // A private one asks to sign in.
    await page.goto('/scmQuery/dynamic/query/SLOW_MOVERS');
    await page.getByText('登录后查看').waitFor();
  });

  it('shows a query page in English: title, description, parameter labels and column titles', async () => {
    const page = await browser.page();
    await page.addInitScript(() => localStorage.setItem('language', 'en'));
    await page.goto('/scmQuery/dynamic/query/STORE_LIST');
    const card = page.locator('.ant-card').filter({ hasText: 'Stores and DCs' });
    await card.getByText('Public query: codes, names and cities of the stores and distribution centres, no sign-in needed.').waitFor();
    await card.getByLabel('City', { exact: true }).waitFor();
    const grid = page.getByRole('region', { name: 'Stores and DCs Query result' });
    await expect
      .poll(() => grid.getByRole('columnheader').evaluateAll((cells) => cells.map((c) => c.textContent?.replace('▾', '').trim())))
      .toEqual(['Code', 'Name', 'Type', 'City']);
    expect(await card.innerText()).not.toMatch(/门店与配送中心|编码|城市/);
  });

  it('names the options of a fixed list in English, and the query still gets their values', async () => {
    const page = await browser.page();
    await loginAs(page, '100001');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto('/scmQuery/dynamic/query/CHARGES_BY_TYPE_MONTH');
    const card = page.locator('.ant-card').filter({ hasText: 'Charges by type and month' });
    await chooseOption(page, card.getByLabel('Charge type', { exact: true }), 'DM flyer fee');
    await card.getByRole('button', { name: /Search/ }).click();
    const grid = page.getByRole('region', { name: 'Charges by type and month Query result' });
    // The stored type stays Chinese: the select sent the option's value, not its English label.
    await expect.poll(async () => [...new Set(await gridColumn(grid, 'charge_type'))]).toEqual(['DM海报费']);
  });
});
