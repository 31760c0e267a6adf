// Base data in Chromium: staff add a brand and rename it (the list comes from the server), and add a
// subcategory in the category tree; staff scope business options with the store, category and supplier
// pickers, and what they picked is what the server keeps and what the dialog shows again after a reload.
import { baseInfo } from '@portal/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { chooseOption, chooseTreeOption, loginAs, selectOption, useBrowser } from '../support/browser';
import { gridColumn } from '../support/grid';

const browser = useBrowser();
const mainCells = 'revogr-data[type="rgRow"] [data-rgcol]';
const asAdmin = apiAs('admin');

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

describe('business options', () => {
  const savedOption = async (name: string) => (await asAdmin.call(baseInfo.queryBusOption, { body: { busShortName: name } }))[0];

  /** Types in a flat picker (stores, suppliers) and picks the option it finds with the keyboard. */
  async function pickByKeyboard(page: Page, picker: Locator, search: string, option: string): Promise<void> {
    await picker.focus();
    await picker.pressSequentially(search);
    await selectOption(page, option).waitFor();
    await picker.press('Enter');
  }

  /** Opens the category tree picker, types in it and clicks the node it finds (the shared tree picker's steps). */
  const pickInTree = (page: Page, picker: Locator, search: string, node: string) => chooseTreeOption(page, picker, search, node);

  async function addOption(page: Page, name: string, detail: string, type: string, pick: (scope: Locator) => Promise<void>) {
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增业务选项' });
    await dialog.getByLabel('业务简称').fill(name);
    await dialog.getByLabel('业务名称').fill(detail);
    await chooseOption(page, dialog.getByLabel('权限类型'), type);
    // The scope's picker follows the type: the form item's field.
    const scope = dialog.locator('#permission');
    await pick(scope);
    await scope.press('Escape');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('保存成功').last().waitFor();
    await dialog.waitFor({ state: 'detached' });
  }

  it('lets staff scope options to stores, categories and suppliers with the pickers; the server keeps the picks', async () => {
    const page = await browser.page();
    await loginAs(page, 'admin', { staff: true });
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await menu.getByText('基础资料').click();
    await menu.getByText('业务选项').click();
    await page.waitForURL('**/busOption');
    const grid = page.getByRole('table', { name: '业务选项列表' });
    await grid.getByText('PO_PRINT').waitFor();

    // Stores: one found by code, one by name, both with the keyboard.
    await addOption(page, 'E2E_STORES', '端到端门店范围', '按门店', async (scope) => {
      await pickByKeyboard(page, scope, 'S0102', 'S0102 上海浦东店');
      await pickByKeyboard(page, scope, '生鲜配送', 'D0002 杭州生鲜配送中心');
    });
    // Categories: a class and a sub-class of another, with the mouse in the tree.
    await addOption(page, 'E2E_CATEGORIES', '端到端类别范围', '按类别', async (scope) => {
      await pickInTree(page, scope, '膨化', '1002_膨化食品');
      await pickInTree(page, scope, '乳制品', '12_乳制品');
    });
    // Suppliers: by code with the keyboard, by name with the mouse.
    await addOption(page, 'E2E_SUPPLIERS', '端到端供应商范围', '按供应商', async (scope) => {
      await pickByKeyboard(page, scope, '100002', '100002 ');
      await scope.fill('禾丰');
      await selectOption(page, '100001 上海禾丰食品有限公司').click();
    });

    const expected = {
      E2E_STORES: { permissionType: 'dept', permission: ['S0102', 'D0002'] },
      E2E_CATEGORIES: { permissionType: 'category', permission: ['1002', '12'] },
      E2E_SUPPLIERS: { permissionType: 'supplier', permission: ['100002', '100001'] },
    } as const;
    for (const [name, option] of Object.entries(expected)) expect(await savedOption(name)).toMatchObject(option);

    // After a reload the list counts the picks, and each dialog shows them in its picker: saved again untouched,
    // the server keeps them as they were.
    await page.reload();
    for (const [name, option] of Object.entries(expected)) {
      const row = grid.getByRole('row').filter({ hasText: name });
      await row.getByText('2 项').waitFor();
      await row.getByRole('button', { name: `修改 ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: `修改业务选项 ${name}` });
      await expect.poll(() => dialog.innerText()).toContain(option.permission[0]);
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await savedOption(name)).toMatchObject(option);
    }
  }, 150_000);
});
