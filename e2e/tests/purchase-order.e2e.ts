// Purchase orders in Chromium: a supplier opens them from the menu, filters by status and date, sorts on
// the server, opens an order by double-click, sees its lines and the split into cases, opens its print
// preview; another supplier's orders never show, not even by typing their number into the address.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { columnFilter, purchaseOrder } from '@portal/contract';
import { apiAs } from '../support/api';
import { chooseOption, loginAs, useBrowser } from '../support/browser';
import { gridColumn } from '../support/grid';

const browser = useBrowser();
const rowCells = 'revogr-data[type="rgRow"] [data-rgcol]';

const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** Calls as the users the pages sign in as (their own API session), typed by the contract. */
const as100001 = apiAs('100001');
const as100002 = apiAs('100002');
const asAdmin = apiAs('admin');

const grid = (page: Page, name: string) => page.getByRole('region', { name });

/** Values of one field in the rows a grid shows, in order. */
async function shown(page: Page, name: string, field: string): Promise<string[]> {
  return gridColumn<Record<string, unknown>>(grid(page, name), field);
}

async function openOrders(page: Page, user = '100001', staff = false): Promise<void> {
  await loginAs(page, user, { staff });
  const menu = page.getByRole('navigation', { name: '主菜单' });
  const entry = menu.getByText('采购订单', { exact: true });
  // The entry sits in the 报表查询 folder: open the folder when the entry is not on screen.
  if (!(await entry.isVisible())) await menu.getByText('报表查询', { exact: true }).click();
  await entry.click();
  await page.waitForURL('**/purOrder');
  await grid(page, '采购订单列表').locator(rowCells).first().waitFor();
}

async function pickDates(page: Page, start: string, end: string): Promise<void> {
  const form = page.getByRole('form', { name: '采购订单' });
  await form.getByPlaceholder('开始日期').click();
  await form.getByPlaceholder('开始日期').fill(start);
  await form.getByPlaceholder('开始日期').press('Enter');
  await form.getByPlaceholder('结束日期').fill(end);
  await form.getByPlaceholder('结束日期').press('Enter');
  await expect.poll(() => form.getByPlaceholder('结束日期').inputValue()).toBe(end);
  await expect.poll(() => form.getByPlaceholder('开始日期').inputValue()).toBe(start);
}

describe('purchase orders', () => {
  it('filters by status and date on the server, sorts on the server, and shows what the server answers', async () => {
    const page = await browser.page();
    await openOrders(page);
    const start = isoDaysAgo(120);
    const end = isoDaysAgo(0);

    const form = page.getByRole('form', { name: '采购订单' });
    await chooseOption(page, form.getByLabel('订单状态'), /^已完成$/);
    await pickDates(page, start, end);
    await form.getByRole('button', { name: /查\s*询/ }).click();

    const expected = await as100001.call(purchaseOrder.getPurOrderPage, {
      body: { page: 1, limit: 20, status: '已完成', startDate: start, endDate: end },
    });
    expect(expected.total).toBeGreaterThan(20);
    await expect.poll(() => shown(page, '采购订单列表', 'billNumber')).toEqual(expected.list.map((o) => o.billNumber));
    expect(new Set(await shown(page, '采购订单列表', 'status'))).toEqual(new Set(['已完成']));
    await page.getByText(`共 ${expected.total} 条`).waitFor();

    // Sorting asks the server for the whole filtered list in that order, not just this page.
    await page.getByRole('button', { name: '订单金额 筛选' }).click();
    await page
      .getByRole('dialog', { name: '订单金额 筛选' })
      .getByRole('button', { name: /降\s*序/ })
      .click();
    const sorted = await as100001.call(purchaseOrder.getPurOrderPage, {
      body: { page: 1, limit: 20, status: '已完成', startDate: start, endDate: end, sort: { field: 'totalAmount', order: 'desc' } },
    });
    await expect.poll(() => shown(page, '采购订单列表', 'billNumber')).toEqual(sorted.list.map((o) => o.billNumber));

    // The second page follows the same query.
    await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
    const second = await as100001.call(purchaseOrder.getPurOrderPage, {
      body: { page: 2, limit: 20, status: '已完成', startDate: start, endDate: end, sort: { field: 'totalAmount', order: 'desc' } },
    });
    await expect.poll(() => shown(page, '采购订单列表', 'billNumber')).toEqual(second.list.map((o) => o.billNumber));

    // Reset brings back every order.
    await form.getByRole('button', { name: /重\s*置/ }).click();
    const all = await as100001.call(purchaseOrder.getPurOrderPage, { body: { page: 1, limit: 20 } });
    await page.getByText(`共 ${all.total} 条`).waitFor();
  });

  it("filters a column on the server from the grid's column menu", async () => {
    const page = await browser.page();
    await openOrders(page);
    // The checklist lists every page's states, not only those of the page on screen.
    const states = await as100001.call(purchaseOrder.getPurOrderColumnValues, { body: { field: 'status' } });
    await expect.poll(() => shown(page, '采购订单列表', 'status').then((s) => s.length)).toBeGreaterThan(0);
    const onScreen = new Set(await shown(page, '采购订单列表', 'status'));
    expect(states.values.filter((s) => !onScreen.has(s)).length).toBeGreaterThan(0);
    await page.getByRole('button', { name: '状态 筛选' }).click();
    const statusMenu = page.getByRole('dialog', { name: '状态 筛选' });
    const checklist = statusMenu.getByRole('group', { name: '值列表' }).locator('.ant-checkbox-label');
    await expect.poll(() => checklist.allInnerTexts().then((texts) => [...texts].sort())).toEqual([...states.values].sort());
    await statusMenu
      .getByRole('button', { name: /取\s*消/ })
      .first()
      .click();
    await statusMenu.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: '门店/配送中心 筛选' }).click();
    const menu = page.getByRole('dialog', { name: '门店/配送中心 筛选' });
    await menu.getByText('全选').click();
    await menu.getByText('上海虹口店', { exact: true }).click();
    await menu.getByRole('button', { name: /确\s*定/ }).click();
    const filter = columnFilter.parse({ checks: ['上海虹口店'] });
    const expected = await as100001.call(purchaseOrder.getPurOrderPage, { body: { page: 1, limit: 20, filters: { deptName: filter } } });
    expect(expected.total).toBeGreaterThan(0);
    await page.getByText(`共 ${expected.total} 条`).waitFor();
    expect(await shown(page, '采购订单列表', 'billNumber')).toEqual(expected.list.map((o) => o.billNumber));
    expect(new Set(await shown(page, '采购订单列表', 'deptName'))).toEqual(new Set(['上海虹口店']));
  });

  it('opens an order by double-click: header and lines as the server has them, the split into cases, the print preview', async () => {
    const page = await browser.page();
    await openOrders(page);
    const [first] = (await as100001.call(purchaseOrder.getPurOrderPage, { body: { page: 1, limit: 20 } })).list;
    const bill = first!.billNumber;
    await grid(page, '采购订单列表')
      .locator(rowCells)
      .filter({ hasText: new RegExp(`^${bill}$`) })
      .dblclick();
    await page.waitForURL(`**/purOrder/detail?billNumber=${bill}`);

    const detail = await as100001.call(purchaseOrder.getPurOrderDetail, { query: { billNumber: bill } });
    const header = page.locator('.ant-descriptions');
    await header.getByText(bill, { exact: true }).waitFor();
    await header.getByText(new RegExp(detail.header.deptName)).waitFor();
    const amount = Number(detail.header.totalAmount).toLocaleString('en-US', { minimumFractionDigits: 2 });
    await header.getByText(`¥ ${amount}`).waitFor();
    await expect.poll(() => shown(page, '订单商品明细', 'goodsName')).toEqual(detail.lines.map((l) => l.goodsName));
    expect(detail.lines).toHaveLength(first!.lineCount);

    await page.getByRole('tab', { name: '整件/散件' }).click();
    const split = await as100001.call(purchaseOrder.getPurOrderDetailSplitSubGoods, { query: { billNumber: bill } });
    await expect.poll(() => shown(page, '整件散件拆分', 'qty')).toEqual(split.map((s) => String(Number(s.qty))));

    // Print: the button (the account holds ms0022's print) opens the print preview of this order in a window
    // of its own (tests/print-preview.e2e.ts prints through it); the detail page stays as it was.
    const printLink = page.getByRole('link', { name: /打\s*印/ });
    expect(await printLink.getAttribute('href')).toBe(`/preview?type=purOrder&billNumber=${bill}&suppCode=100001`);
    const [preview] = await Promise.all([page.context().waitForEvent('page'), printLink.click()]);
    await preview!.locator('.print-sheet').first().getByText(bill).first().waitFor();
    expect(new URL(preview!.url()).pathname).toBe('/preview');
    await preview!.close();

    await page.getByRole('button', { name: '返回列表' }).click();
    await page.waitForURL('**/purOrder');
  });

  it("never shows another supplier's orders: not in the list, not by number, not by address", async () => {
    const other = await browser.page();
    await loginAs(other, '100002');
    const theirs = await as100002.call(purchaseOrder.getPurOrderPage, { body: { page: 1, limit: 1000 } });
    expect(theirs.total).toBeGreaterThan(0);

    const page = await browser.page();
    await openOrders(page);
    const mine = await as100001.call(purchaseOrder.getPurOrderPage, { body: { page: 1, limit: 1000 } });
    const theirNumbers = new Set(theirs.list.map((o) => o.billNumber));
    expect(mine.list.filter((o) => theirNumbers.has(o.billNumber))).toEqual([]);

    const target = theirs.list[0]!.billNumber;
    const form = page.getByRole('form', { name: '采购订单' });
    await form.getByLabel('订单号').fill(target);
    await form.getByRole('button', { name: /查\s*询/ }).click();
    await page.getByText('共 0 条').waitFor();
    expect(await shown(page, '采购订单列表', 'billNumber')).toEqual([]);

    await page.goto(`/purOrder/detail?billNumber=${target}`);
    await page.getByText('无法查看该采购订单').waitFor();
    await page.getByText(`采购订单 ${target} 不存在`).waitFor();
    expect(await page.locator('.ant-descriptions').count()).toBe(0);
  });

  it('lets staff narrow the orders to one supplier', async () => {
    const page = await browser.page();
    await openOrders(page, 'admin', true);
    const form = page.getByRole('form', { name: '采购订单' });
    const picker = form.getByRole('combobox', { name: '供应商' });
    await chooseOption(page, picker, '100002 杭州绿源乳业有限公司');
    await form.getByRole('button', { name: /查\s*询/ }).click();
    const expected = await asAdmin.call(purchaseOrder.getPurOrderPage, { body: { page: 1, limit: 20, suppCode: '100002' } });
    await expect.poll(() => shown(page, '采购订单列表', 'billNumber')).toEqual(expected.list.map((o) => o.billNumber));
    expect(expected.list.length).toBeGreaterThan(0);
    expect(new Set(expected.list.map((o) => o.suppCode))).toEqual(new Set(['100002']));
  });
});
