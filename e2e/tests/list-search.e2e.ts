// 查询 always asks the server: on every list page a press of 查询 with the search unchanged fetches the list again,
// so rows another user added meanwhile appear (the query cache had answered from memory).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs, useBrowser } from '../support/browser';

const browser = useBrowser();

/** The list calls a page has sent so far. */
function listCalls(page: Page, path: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith(path)) count++;
  });
  return () => count;
}

const pages = [
  { name: '费用明细', url: '/samCharges', call: '/samData/getChargeList' },
  { name: '结算单', url: '/samBill', call: '/samData/querySamBillQueryList' },
  { name: '采购订单', url: '/purOrder', call: '/purOrderBill/getPurOrderPage' },
  { name: '新品申请', url: '/goodsApply', call: '/goodsApply/getApplyPage' },
  { name: '账号管理', url: '/employee', call: '/user/getEmployeeByParentCodePageQuery' },
];

describe('查询', () => {
  it('asks the server again with the search unchanged, on every list page', async () => {
    const page = await browser.page();
    await loginAs(page, '100001');
    for (const { name, url, call } of pages) {
      const calls = listCalls(page, call);
      await page.goto(url);
      await expect.poll(calls, { message: `${name}: the first page`, timeout: 60_000 }).toBeGreaterThan(0);
      await page.waitForLoadState('networkidle');
      const before = calls();
      const search = page.getByRole('button', { name: /^查\s*询$/ }).first();
      await search.click();
      await expect.poll(calls, { message: `${name}: 查询 once`, timeout: 30_000 }).toBe(before + 1);
      await page.waitForLoadState('networkidle');
      await search.click();
      await expect.poll(calls, { message: `${name}: 查询 again`, timeout: 30_000 }).toBe(before + 2);
    }
  }, 480_000);
});
