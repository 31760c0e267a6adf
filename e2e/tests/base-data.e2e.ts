// Base data in Chromium: staff add a brand and rename it (the list comes from the server), and add a
// subcategory in the category tree.
import { describe, expect, it } from 'vitest';
import { loginAs, useBrowser } from '../support/browser';
import { gridColumn } from '../support/grid';

const browser = useBrowser();
const mainCells = 'revogr-data[type="rgRow"] [data-rgcol]';

describe('base data', () => {
  it('lets staff add a brand and rename it, and add a subcategory to the tree', async () => {
    const page = await browser.page();
    await loginAs(page, 'admin', { staff: true });
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await menu.getByText('基础资料').click();
    await menu.getByText('品牌').click();
    await page.waitForURL('**/baseBrand');
    await page.locator(mainCells).first().waitFor();

    await page.getByRole('button', { name: /新\s*增/ }).click();
    const add = page.getByRole('dialog', { name: '新增品牌' });
    await add.getByLabel('品牌编码').fill('B950');
    await add.getByLabel('品牌名称').fill('禾丰优选');
    await add.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('保存成功').waitFor();
    const names = () => gridColumn<{ brandName: string }>(page.locator('body'), 'brandName');
    await expect.poll(names).toContain('禾丰优选');

    // The same code again is refused by the server with its message.
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await add.getByLabel('品牌编码').fill('B950');
    await add.getByLabel('品牌名称').fill('重复');
    await add.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('品牌编码 B950 已存在').waitFor();
    await add.getByRole('button', { name: /取\s*消/ }).click();

    await page.getByLabel('关键字').fill('B950');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(names).toEqual(['禾丰优选']);
    await page
      .locator(mainCells)
      .filter({ hasText: /^B950$/ })
      .dblclick();
    const edit = page.getByRole('dialog', { name: '修改品牌 B950' });
    expect(await edit.getByLabel('品牌编码').isDisabled()).toBe(true);
    await edit.getByLabel('品牌名称').fill('禾丰臻选');
    await edit.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(names).toEqual(['禾丰臻选']);

    await menu.getByText('商品类别').click();
    await page.waitForURL('**/baseCategory');
    await page.getByRole('tree').getByText('10_休闲食品').click();
    await page.getByRole('button', { name: '新增下级类别' }).click();
    const sub = page.getByRole('dialog', { name: '新增类别（上级：10_休闲食品）' });
    await sub.getByLabel('类别编码').fill('1098');
    await sub.getByLabel('类别名称').fill('儿童零食');
    await sub.getByRole('button', { name: /保\s*存/ }).click();
    // The new category is chosen: its details show its parent and level.
    await page.getByRole('cell', { name: '10_休闲食品' }).waitFor();
    expect(await page.getByRole('cell', { name: '儿童零食' }).count()).toBe(1);
  });
});
