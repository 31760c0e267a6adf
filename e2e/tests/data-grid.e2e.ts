// The DataGrid in Chromium on the internal example page: column menu filters, sorting, pinning and the
// custom dialog; find next and find all jumping to cells; replace; paste, fill-drag and their errors;
// the single selection area; copy.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseOption, loginAs, useBrowser } from '../support/browser';
import { gridRows } from '../support/grid';

const browser = useBrowser();

/** Cells of the scrolling part of the grid. */
const mainCells = 'revogr-data[type="rgRow"][col-type="rgCol"] [data-rgcol]';

async function openGrid(): Promise<Page> {
  const page = await browser.page();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: browser.baseUrl });
  await loginAs(page, '100001', { to: '/grid-example?rows=1000&cols=12' });
  await page.locator(mainCells).first().waitFor();
  return page;
}

/** A cell of the scrolling part by its row on screen and its column among the scrolling columns. */
const cell = (page: Page, row: number, col: number) =>
  page.locator(`revogr-data[type="rgRow"][col-type="rgCol"] [data-rgrow="${row}"][data-rgcol="${col}"]`);
/** Scrolling columns of the example: 0 name, 1 store, 2 qty, 3 amount, 4 date. */
const col = { name: 0, store: 1, qty: 2, amount: 3 } as const;

async function source<T extends object>(page: Page): Promise<T[]> {
  return gridRows<T>(page.locator('body'));
}

/** Drags the fill handle of the selected area onto a cell. */
/** Whether RevoGrid's focus frame sits on this cell: it follows a click a frame later, and keys go where it is. */
async function focusIsOn(page: Page, target: Locator): Promise<boolean> {
  const frame = page.locator('revogr-overlay-selection .focused-cell').first();
  if ((await frame.count()) === 0) return false;
  const [focus, box] = await Promise.all([frame.boundingBox(), target.boundingBox()]);
  if (!focus || !box) return false;
  const x = focus.x + focus.width / 2;
  const y = focus.y + focus.height / 2;
  return x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height;
}

/** Clicks `source`, waits for the grid to put its focus (and fill handle) there, then drags the handle to `target`. */
async function fill(page: Page, source: Locator, target: Locator): Promise<void> {
  await source.click();
  await expect.poll(() => focusIsOn(page, source)).toBe(true);
  const handle = page.locator('revogr-overlay-selection .autofill-handle').first();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
}

/** Text of the cell under the grid's focus. */
async function focusedText(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const focus = document.querySelector('revogr-overlay-selection .focused-cell');
    if (!focus) return null;
    const box = focus.getBoundingClientRect();
    const under = document.elementsFromPoint(box.left + box.width / 2, box.top + box.height / 2).find((el) => el.matches('[data-rgcol]'));
    return under?.textContent ?? null;
  });
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
    await expect.poll(async () => new Set((await source<{ store: string }>(page)).map((r) => r.store))).toEqual(new Set(['上海虹口店']));
    await page.locator('revogr-header').getByRole('img', { name: '已筛选' }).first().waitFor();
  });

  it('applies a between condition on Enter, numerically', async () => {
    const page = await openGrid();
    const menu = await menuFor(page, '数量');
    await chooseOption(page, menu.getByLabel('筛选条件'), '介于');
    await menu.getByLabel('筛选值').fill('10,20');
    await menu.getByLabel('筛选值').press('Enter');
    const quantities = (await source<{ qty: string }>(page)).map((r) => Number(r.qty));
    expect(quantities.length).toBeGreaterThan(0);
    expect(quantities.every((q) => q >= 10 && q <= 20)).toBe(true);
  });

  it('refuses a between value that is not two numbers', async () => {
    const page = await openGrid();
    const menu = await menuFor(page, '数量');
    await chooseOption(page, menu.getByLabel('筛选条件'), '介于');
    await menu.getByLabel('筛选值').fill('abc');
    await menu.getByLabel('筛选值').press('Enter');
    await menu.getByRole('alert').getByText('介于条件须为两个数字，以逗号分隔，如 10,20').waitFor();
  });

  it('sorts money numerically, descending', async () => {
    const page = await openGrid();
    const menu = await menuFor(page, '金额');
    await menu.getByRole('button', { name: /降\s*序/ }).click();
    const amounts = (await source<{ amount: string }>(page)).map((r) => Number(r.amount));
    expect(amounts.slice(0, 50)).toEqual([...amounts.slice(0, 50)].sort((a, b) => b - a));
    expect(amounts[0]).toBe(Math.max(...amounts));
  });
});

describe('column menu, more', () => {
  it('fixes a column left, right, and back', async () => {
    const page = await openGrid();
    // Header parts on screen, left to right: pinned left (with the code column), scrolling, pinned right.
    const headerParts = () =>
      page
        .locator('revogr-header')
        .evaluateAll((parts) =>
          parts.map((h) => Array.from(h.querySelectorAll('[role="columnheader"]')).map((c) => c.textContent?.replace('▾', '').trim())),
        );
    await (await menuFor(page, '门店')).getByRole('button', { name: '左固定' }).click();
    await expect.poll(async () => (await headerParts())[0]).toEqual(['商品编码', '门店']);
    await (await menuFor(page, '门店')).getByRole('button', { name: '右固定' }).click();
    await expect.poll(async () => (await headerParts()).at(-1)).toEqual(['门店']);
    expect((await headerParts())[0]).toEqual(['商品编码']);
    await (await menuFor(page, '门店')).getByRole('button', { name: '取消固定' }).click();
    await expect.poll(async () => (await headerParts()).length).toBe(2);
    expect((await headerParts())[1]!.slice(0, 3)).toEqual(['商品名称', '门店', '数量']);
  });

  it('joins two conditions with or in the custom dialog', async () => {
    const page = await openGrid();
    const menu = await menuFor(page, '数量');
    await menu.getByRole('button', { name: '自定义筛选…' }).click();
    const custom = page.getByRole('dialog', { name: '自定义筛选：数量' });
    await chooseOption(page, custom.getByLabel('条件1'), /^≥$/);
    await custom.getByLabel('值1').fill('110');
    await chooseOption(page, custom.getByLabel('条件2'), /^≤$/);
    await custom.getByLabel('值2').fill('3');
    await custom.getByText('或 (or)').click();
    await custom.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(async () => (await source<{ qty: string }>(page)).length).toBeLessThan(1000);
    const quantities = (await source<{ qty: string }>(page)).map((r) => Number(r.qty));
    expect(quantities.length).toBeGreaterThan(0);
    expect(quantities.every((q) => q >= 110 || q <= 3)).toBe(true);
    expect(quantities.some((q) => q >= 110) && quantities.some((q) => q <= 3)).toBe(true);
  });

  it('narrows the value list with its search box', async () => {
    const page = await openGrid();
    const menu = await menuFor(page, '门店');
    await menu.getByLabel('搜索值').fill('西湖');
    const values = menu.getByRole('group', { name: '值列表' });
    await expect
      .poll(async () => (await values.locator('.ant-checkbox-wrapper').allTextContents()).map((v) => v.trim()))
      .toEqual(['杭州西湖店']);
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
    await dialog
      .getByRole('alert')
      .getByText(/^正则表达式错误：/)
      .waitFor();
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
    const names = (await source<{ name: string }>(page)).map((r) => r.name);
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

describe('find, jumping to cells', () => {
  it('find next selects the next match and scrolls to it; a result row jumps to its cell', async () => {
    const page = await openGrid();
    await cell(page, 0, col.name).click();
    await page.keyboard.press('Control+f');
    const dialog = page.getByRole('dialog', { name: '查找和替换' });
    // 'Apple juice' is on every 8th row from row 8: the matches after the first cell are rows 8, 16, ...
    await dialog.getByLabel('查找内容').first().fill('Apple juice');
    await dialog.getByRole('button', { name: '查找下一个' }).first().click();
    await expect.poll(() => page.locator('revogr-overlay-selection .focused-cell').count()).toBeGreaterThan(0);
    await expect.poll(() => focusedText(page)).toBe('Apple juice');
    // A code far below the first screen, in the column fixed on the left.
    await dialog.getByLabel('查找内容').first().fill('G000990');
    await dialog.getByRole('button', { name: '查找全部' }).first().click();
    await dialog.getByText('共找到 1 个单元格').waitFor();
    await dialog.getByText('第 990 行 · 商品编码').click();
    await expect.poll(() => focusedText(page)).toBe('G000990');
  });
});

describe('editing', () => {
  it('pastes an area from a spreadsheet, coercing values and reporting the rejected cells', async () => {
    const page = await openGrid();
    await page.evaluate(() => navigator.clipboard.writeText('12\tabc\r\n5\t7.5\r\n'));
    const target = cell(page, 0, col.qty);
    await target.click();
    await expect.poll(() => focusIsOn(page, target)).toBe(true);
    await page.keyboard.press('Control+v');
    await page.getByText('1 个单元格的值不符合列类型，未修改：“abc”不是数字').waitFor();
    const rows = await source<{ qty: string; amount: string }>(page);
    expect(rows.slice(0, 2).map((r) => [r.qty, r.amount])).toEqual([
      ['12', '0.00'],
      ['5', '7.50'],
    ]);
  });

  it('fills down by dragging the fill handle, and refuses a fill that does not fit the target columns', async () => {
    const page = await openGrid();
    await fill(page, cell(page, 0, col.store), cell(page, 3, col.store));
    await expect
      .poll(async () => (await source<{ store: string }>(page)).slice(0, 4).map((r) => r.store))
      .toEqual(['上海虹口店', '上海虹口店', '上海虹口店', '上海虹口店']);
    await page.getByTestId('edit-count').getByText('已编辑 3 个单元格').waitFor();

    await fill(page, cell(page, 5, col.name), cell(page, 5, col.qty));
    await page.getByText(/^填充区域无效：“.+”不是数字$/).waitFor();
    expect((await source<{ qty: string }>(page))[5]!.qty).toBe('35');
  });

  it('refuses a second selection area, from the keyboard and with Ctrl+click', async () => {
    const page = await openGrid();
    await cell(page, 1, col.name).click();
    await expect.poll(() => focusIsOn(page, cell(page, 1, col.name))).toBe(true);
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+F8');
    await page.keyboard.press('Shift+ArrowRight');
    const error = page.getByText('无法对多个选择区域进行此操作：表格只支持一个连续的选择区域');
    await error.first().waitFor();
    await error.first().waitFor({ state: 'hidden', timeout: 10_000 });
    await cell(page, 4, col.store).click({ modifiers: ['Control'] });
    await error.first().waitFor();
  });
});

describe('clipboard', () => {
  it('copies a cell area as tab-separated text', async () => {
    const page = await openGrid();
    const cells = page.locator(mainCells);
    await cells.nth(0).click();
    await expect.poll(() => focusIsOn(page, cells.nth(0))).toBe(true);
    await cells.nth(13).click({ modifiers: ['Shift'] });
    await page.keyboard.press('Control+c');
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe('禾丰原味苏打饼干\t上海虹口店\t0\n脆香坊番茄味薯片\t杭州西湖店\t7');
  });
});
