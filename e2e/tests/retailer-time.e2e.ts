// Times in the retailer's clock (Asia/Shanghai) in a browser elsewhere (the suite's Chromium runs in UTC): a bill's
// history reads the same clock as its 制单 time, and a printout's time is the retailer's, in both languages.
import { businessTime, settlement } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { loginAs, useBrowser } from '../support/browser';

const browser = useBrowser();
const as100001 = apiAs('100001');

/** A YYYY-MM-DD HH:mm:ss text as milliseconds, read as if it were UTC (only differences matter). */
const clock = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`);

describe("the retailer's clock", () => {
  it("shows a bill's history in the retailer's time, as its 制单 time", async () => {
    const bills = (await as100001.call(settlement.querySamBillQueryList, { body: { page: 1, limit: 100 } })).list;
    const bill = bills.find((b) => b.status !== '草稿')!;
    const detail = await as100001.call(settlement.getSamBillDetail, { body: { samBillNum: bill.samBillNum } });
    expect(detail.history.length).toBeGreaterThan(0);
    const page = await browser.page();
    await loginAs(page, '100001');
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await page.goto(`/samBill/detail?samBillNum=${bill.samBillNum}`);
    const history = page.getByRole('list', { name: '操作记录' }).or(page.locator('.ant-timeline')).first();
    await history.waitFor();
    const shown = await history.innerText();
    for (const entry of detail.history) expect(shown, `history in a browser in ${zone}`).toContain(businessTime(new Date(entry.at)));
    // The header's 制单 time is the retailer's too (the server writes it so): both on one clock.
    await page.getByText(detail.header.createdAt.slice(0, 19).replace('T', ' ')).first().waitFor();
  }, 180_000);

  it("prints the time of printing in the retailer's clock", async () => {
    const bill = (await as100001.call(settlement.querySamBillQueryList, { body: { page: 1, limit: 1 } })).list[0]!;
    const page = await browser.page();
    await loginAs(page, '100001');
    for (const [language, label] of [
      ['zh-CN', /打印时间：(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})/],
      ['en', /Printed (\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})/],
    ] as const) {
      await page.evaluate((l) => localStorage.setItem('language', l), language);
      await page.goto(`/preview?type=samBill&billNumber=${bill.samBillNum}`);
      await page.locator('.print-sheet').first().waitFor();
      const printed = label.exec(await page.locator('.print-sheet').first().innerText())?.[1];
      expect(printed, language).toBeDefined();
      expect(Math.abs(clock(printed!) - clock(businessTime(new Date())))).toBeLessThan(5 * 60_000);
    }
  }, 180_000);
});
