// The legacy lookups in Chromium: the goods picker finds goods by barcode on the receiving screen and the
// totals follow it; /sso/{code} opened by URL opens the partner as the menu entry does; staff add and change an
// accounting unit, which a supplier reads without edit buttons.
import { acceptance, baseInfo, common } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { loginAs, selectOption, useBrowser } from '../support/browser';
import { gridColumn } from '../support/grid';

const browser = useBrowser();
const as100001 = apiAs('100001');
const mainCells = 'revogr-data[type="rgRow"] [data-rgcol]';

/** The date a day offset from today, as the browser's date picker writes it. */
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('sv-SE');

async function setRange(page: Page, start: string, end: string): Promise<void> {
  const startInput = page.getByPlaceholder('开始日期');
  await startInput.click();
  await startInput.fill(start);
  await startInput.press('Enter');
  const endInput = page.getByPlaceholder('结束日期');
  await endInput.fill(end);
  await endInput.press('Enter');
  await expect.poll(() => startInput.inputValue()).toBe(start);
  await expect.poll(() => endInput.inputValue()).toBe(end);
}

const lineCountShown = (page: Page) =>
  page
    .getByRole('region', { name: '验收合计' })
    .locator('.ant-statistic')
    .filter({ has: page.getByText('明细行数', { exact: true }) })
    .locator('.ant-statistic-content')
    .innerText();

describe('goods picker', () => {
  it('finds goods by barcode on the receiving screen, and the totals are those of that goods item', { timeout: 120_000 }, async () => {
    const barcode = '6923456789012';
    const [goods] = (await as100001.call(common.getGoodInfo, { body: { keyword: barcode } })).list;
    expect(goods).toBeDefined();
    const page = await browser.page();
    await loginAs(page, '100001');
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await menu.getByText('报表查询').click();
    await menu.getByText('验收统计').click();
    await page.waitForURL('**/acceptance');
    const range = { startDate: isoDay(-89), endDate: isoDay(0) };
    await setRange(page, range.startDate, range.endDate);

    const picker = page.getByRole('combobox', { name: '商品' });
    await picker.click();
    await picker.fill(barcode);
    const option = selectOption(page, `${goods!.goodsCode} ${goods!.goodsName}`);
    await option.waitFor();
    // The option shows the barcode it was found by.
    expect(await option.innerText()).toContain(barcode);
    await option.click();
    await page.getByRole('button', { name: /查\s*询/ }).click();

    const totals = await as100001.call(acceptance.getAccCountSumByCondition, { body: { ...range, goods: goods!.goodsCode } });
    const all = await as100001.call(acceptance.getAccCountSumByCondition, { body: range });
    expect(totals.lineCount).toBeGreaterThan(0);
    expect(totals.lineCount).toBeLessThan(all.lineCount);
    await expect.poll(() => lineCountShown(page), { timeout: 30_000 }).toBe(String(totals.lineCount));
  });
});

describe('/sso/{code} by URL', () => {
  it('opens the partner in a new window and leaves the user in the portal; unknown codes are 404', { timeout: 120_000 }, async () => {
    const page = await browser.page();
    await loginAs(page, '100001');
    const requested: string[] = [];
    page.context().on('request', (req) => requested.push(req.url()));
    const popup = page.waitForEvent('popup');
    await page.goto('/sso/ms0045');
    await popup;
    await expect.poll(() => requested.some((url) => url.startsWith('https://mall.example.com/sso?'))).toBe(true);
    await page.waitForURL('**/dashboard');

    await page.goto('/sso/ms9999');
    await page.getByText('抱歉，您访问的页面不存在').waitFor();
  });

  it('shows 401 and opens nothing for a module the account does not hold', { timeout: 120_000 }, async () => {
    const page = await browser.page();
    await loginAs(page, '100001-01');
    let popups = 0;
    page.on('popup', () => popups++);
    await page.goto('/sso/ms0045');
    await page.getByText('抱歉，您没有访问该页面的权限').waitFor();
    expect(popups).toBe(0);
  });
});

describe('accounting units', () => {
  it('lets staff add a unit and change it; a supplier reads its units without edit buttons', { timeout: 120_000 }, async () => {
    const page = await browser.page();
    await loginAs(page, 'admin', { staff: true });
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await menu.getByText('基础资料').click();
    await menu.getByText('核算单位').click();
    await page.waitForURL('**/baseAccUnit');
    await page.locator(mainCells).first().waitFor();

    await page.getByRole('button', { name: /新\s*增/ }).click();
    const add = page.getByRole('dialog', { name: '新增核算单位' });
    await add.getByLabel('核算单位编码').fill('U77');
    await add.getByLabel('核算单位名称').fill('华联优选超市(苏州)有限公司');
    await add.getByLabel('纳税人识别号').fill('1234');
    await add.getByRole('button', { name: /保\s*存/ }).click();
    await add.getByText('纳税人识别号应为 15、18 或 20 位数字或大写字母').waitFor();
    await add.getByLabel('纳税人识别号').fill('91320500MA1Q2W3E4R');
    await add.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('保存成功').waitFor();

    const names = () => gridColumn<{ unitName: string }>(page.locator('body'), 'unitName');
    await page.getByLabel('关键字').fill('U77');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(names).toEqual(['华联优选超市(苏州)有限公司']);
    await page.locator(mainCells).filter({ hasText: /^U77$/ }).dblclick();
    const edit = page.getByRole('dialog', { name: '修改核算单位 U77' });
    expect(await edit.getByLabel('核算单位编码').isDisabled()).toBe(true);
    await edit.getByLabel('银行账号').fill('6222 0012 3456');
    await edit.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => gridColumn<{ bankAccount: string }>(page.locator('body'), 'bankAccount')).toEqual(['6222 0012 3456']);

    const supplier = await browser.page();
    await loginAs(supplier, '100001', { to: '/baseAccUnit' });
    await supplier.locator(mainCells).first().waitFor();
    await supplier.getByText('开具发票时请使用以下核算单位的名称、税号、地址和开户行').waitFor();
    expect(await supplier.getByRole('button', { name: /新\s*增/ }).count()).toBe(0);
    const own = await as100001.call(baseInfo.getAccUnitPage, { body: {} });
    await expect
      .poll(() => gridColumn<{ unitCode: string }>(supplier.locator('body'), 'unitCode'))
      .toEqual(own.list.map((u) => u.unitCode));
  });
});
