// The DataGrid in Chromium on the internal example page: column menu filters and sorting, find and
// replace, copy and paste.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs, useBrowser } from '../support/browser';

const browser = useBrowser();

/** The part of RevoGrid's element these tests call. */
type GridElement = Element & { getVisibleSource(): Promise<unknown[]> };
/** Cells of the scrolling part of the grid. */
const mainCells = 'revogr-data[type="rgRow"][col-type="rgCol"] [data-rgcol]';

async function openGrid(): Promise<Page> {
  const page = await browser.page();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: browser.baseUrl });
  await loginAs(page, '100001');
  await page.goto('/grid-example?rows=1000&cols=12');
  await page.locator(mainCells).first().waitFor();
  return page;
}

async function menuFor(page: Page, title: string) {
  await page.getByRole('button', { name: `${title} 筛选` }).click();
  return page.getByRole('dialog', { name: `${title} 筛选` });
}

describe('column menu', () => {
  it('filters by ticked values and marks the column', async () => {
    const page = await openGrid();
    const menu = await menuFor(page, '门店');
    await menu.getByText('全选').click();
    await menu.getByText('上海虹口店').click();
    await menu.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(async () => new Set(await page.locator('revo-grid').evaluate(async (g) => {
      const source = await (g as unknown as GridElement).getVisibleSource();
      return (source as { store: string }[]).map((r) => r.store);
    }))).toEqual(new Set(['上海虹口店']));
    await page.locator('revogr-header').getByRole('img', { name: '已筛选' }).first().waitFor();
  });

  it('applies a between condition on Enter, numerically', async () => {
    const page = await openGrid();
    const menu = await menuFor(page, '数量');
    await menu.getByLabel('筛选条件').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '介于' }).click();
    await menu.getByLabel('筛选值').fill('10,20');
    await menu.getByLabel('筛选值').press('Enter');
    const quantities = await page.locator('revo-grid').evaluate(async (g) =>
      ((await (g as unknown as GridElement).getVisibleSource()) as { qty: string }[]).map((r) => Number(r.qty)));
    expect(quantities.length).toBeGreaterThan(0);
    expect(quantities.every((q) => q >= 10 && q <= 20)).toBe(true);
  });

  it('refuses a between value that is not two numbers', async () => {
    const page = await openGrid();
    const menu = await menuFor(page, '数量');
    await menu.getByLabel('筛选条件').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '介于' }).click();
    await menu.getByLabel('筛选值').fill('abc');
    await menu.getByLabel('筛选值').press('Enter');
    await menu.getByRole('alert').getByText('介于条件须为两个数字，以逗号分隔，如 10,20').waitFor();
  });

  it('sorts money numerically, descending', async () => {
    const page = await openGrid();
    const menu = await menuFor(page, '金额');
    await menu.getByRole('button', { name: /降\s*序/ }).click();
    const amounts = await page.locator('revo-grid').evaluate(async (g) =>
      ((await (g as unknown as GridElement).getVisibleSource()) as { amount: string }[]).map((r) => Number(r.amount)));
    expect(amounts.slice(0, 50)).toEqual([...amounts.slice(0, 50)].sort((a, b) => b - a));
    expect(amounts[0]).toBe(Math.max(...amounts));
  });
});

describe('find and replace', () => {
  it('finds all with the options, and reports an invalid regular expression', async () => {
    const page = await openGrid();
    await page.locator(mainCells).nth(3).click();
    await page.keyboard.press('Control+f');
    const dialog = page.getByRole('dialog', { name: '查找和替换' });
    await dialog.getByLabel('查找内容').first().fill('apple');
    await dialog.getByRole('button', { name: '查找全部' }).first().click();
    await dialog.getByText('第 7 行 · 商品名称').waitFor();
    const count = async () => dialog.locator('.ant-table').evaluate((t) => t.querySelectorAll('.ant-table-row').length);
    expect(await count()).toBeGreaterThan(0);
    await dialog.getByText('区分大小写').first().click();
    await dialog.getByLabel('查找内容').first().fill('Apple');
    await dialog.getByRole('button', { name: '查找全部' }).first().click();
    await dialog.getByText('第 8 行 · 商品名称').waitFor();
    expect(await dialog.getByText('第 7 行 · 商品名称').count()).toBe(0);
    await dialog.getByText('正则表达式').first().click();
    await dialog.getByLabel('查找内容').first().fill('(apple');
    await dialog.getByRole('button', { name: '查找全部' }).first().click();
    await dialog.getByRole('alert').getByText(/^正则表达式错误：/).waitFor();
    await dialog.getByLabel('查找内容').first().fill('kiwi');
    await dialog.getByRole('button', { name: '查找下一个' }).first().click();
    await page.getByText('not found').waitFor();
  });

  it('replaces all and shows the count; closing the dialog clears the results', async () => {
    const page = await openGrid();
    await page.locator(mainCells).nth(3).click();
    await page.keyboard.press('Control+h');
    const dialog = page.getByRole('dialog', { name: '查找和替换' });
    const replaceTab = dialog.getByRole('tabpanel');
    await replaceTab.getByLabel('查找内容').fill('apple pie');
    await replaceTab.getByLabel('替换为').fill('pear tart');
    await replaceTab.getByRole('button', { name: '全部替换' }).click();
    await page.getByText('全部替换完成，共替换 125 处').waitFor();
    await page.getByTestId('edit-count').getByText('已编辑 125 个单元格').waitFor();
    await replaceTab.getByLabel('查找内容').fill('pear tart');
    await replaceTab.getByRole('button', { name: '查找全部' }).click();
    await dialog.locator('.ant-table-row').first().waitFor();
    await dialog.getByLabel('Close').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator(mainCells).nth(3).click();
    await page.keyboard.press('Control+f');
    await dialog.waitFor();
    expect(await dialog.locator('.ant-table-row').count()).toBe(0);
    const names = await page.locator('revo-grid').evaluate(async (g) =>
      ((await (g as unknown as GridElement).getVisibleSource()) as { name: string }[]).map((r) => r.name));
    expect(names.filter((n) => n === 'pear tart')).toHaveLength(125);
    expect(names).not.toContain('apple pie');
  });

  it('refuses a replace with neither a find text nor a replacement', async () => {
    const page = await openGrid();
    await page.locator(mainCells).nth(3).click();
    await page.keyboard.press('Control+h');
    const panel = page.getByRole('dialog', { name: '查找和替换' }).getByRole('tabpanel');
    await panel.getByRole('button', { name: '全部替换' }).click();
    await panel.getByRole('alert').getByText('请输入查找内容或替换内容').waitFor();
  });
});

describe('clipboard', () => {
  it('copies a cell area as tab-separated text', async () => {
    const page = await openGrid();
    const cells = page.locator(mainCells);
    await cells.nth(0).click();
    await cells.nth(13).click({ modifiers: ['Shift'] });
    await page.keyboard.press('Control+c');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('禾丰原味苏打饼干\t上海虹口店\t0\n脆香坊番茄味薯片\t杭州西湖店\t7');
  });
});
