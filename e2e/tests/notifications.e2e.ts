// Notifications in Chromium (issue 30): staff send a bill of 100001 on (reject a submitted one, or approve one whose
// invoices are confirmed) through the API; 100001, signed in, sees the bell's count rise without reloading, opens
// the message and lands on the bill. The bell's panel and the message centre are axe-clean at 1440 and 390 px, and
// the centre opens without a layout shift.
import fs from 'node:fs';
import { notification, settlement } from '@portal/contract';
import { runningClusterUrl } from '@portal/server/src/db/embedded-postgres';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { loginAs, useBrowser } from '../support/browser';
import { sharedServer } from '../support/shared-server';
import { violations } from '../support/axe';

const browser = useBrowser();
const shots = `${import.meta.dirname}/../.tmp`;

async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/notifications-${name}.png`, fullPage: true });
}

/** A bill of 100001 that staff can move on now: a submitted one (rejected by the clerk) or one to approve. */
async function billToMove(): Promise<{ billNumber: string; status: string }> {
  const client = new pg.Client({ connectionString: runningClusterUrl(sharedServer().dataDir) });
  await client.connect();
  try {
    const { rows } = await client.query<{ bill_number: string; status: string }>(
      `SELECT bill_number, status FROM sam_bill WHERE tenant_id = 'demo' AND supp_code = '100001' AND status IN ('已提交', '发票确认')
       ORDER BY status = '已提交' DESC, bill_number DESC LIMIT 1`,
    );
    return { billNumber: rows[0]!.bill_number, status: rows[0]!.status };
  } finally {
    await client.end();
  }
}

/** The bell's count, read from its accessible name ('消息，3 条未读' or '消息'). */
const bellCount = async (page: Page) => {
  const name = (await page.locator('header').getByRole('button', { name: /^消息/ }).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) 条未读/.exec(name)?.[1] ?? 0);
};

describe('notifications', () => {
  it('100001 sees the bell rise when staff move its bill, opens the message and lands on the bill', async () => {
    const page = await browser.page();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, '100001');
    const bell = page.locator('header').getByRole('button', { name: /^消息/ });
    await bell.waitFor();
    // The bell shows the server's count once its first poll has answered (on a slow machine that is seconds after
    // the shell): wait for it rather than a fixed pause, or the count read here is the empty bell's 0.
    const as100001 = apiAs('100001');
    const unread = async () => (await as100001.call(notification.getUnreadCount)).unread;
    await expect.poll(async () => (await bellCount(page)) === (await unread()), { timeout: 30_000 }).toBe(true);
    const before = await bellCount(page);

    const bill = await billToMove();
    if (bill.status === '已提交')
      await apiAs('clerk01').call(settlement.rejectSamBill, { body: { samBillNum: bill.billNumber, reason: '请补充送货单附件' } });
    else await apiAs('finance01').call(settlement.approveSamBill, { body: { samBillNum: bill.billNumber, note: '' } });

    // The bell polls every 20 s: the message is there within one poll of the commit.
    await expect.poll(() => bellCount(page), { timeout: 45_000, interval: 1000 }).toBeGreaterThan(before);
    await bell.click();
    const message = page.getByRole('button', { name: new RegExp(bill.billNumber) }).first();
    await message.waitFor();
    expect(await violations(page, '.ant-popover')).toEqual([]);
    await screenshot(page, 'bell-1440-zh-CN');
    await message.click();
    await page.waitForURL(`**/samBill/detail?samBillNum=${bill.billNumber}`);
    await page.getByText(bill.billNumber).first().waitFor();
    // Opening the message read it: the server no longer counts it unread, and the bell went down with it (other
    // test files share the server and may send 100001 messages meanwhile, so the bell is compared with the
    // server, not with the count before).
    const messages = await as100001.call(notification.getMessages, { body: { page: 1, limit: 1000, state: 'unread' } });
    expect(messages.list.filter((m) => m.link.endsWith(bill.billNumber))).toEqual([]);
    await expect.poll(async () => (await bellCount(page)) === (await unread()), { timeout: 30_000 }).toBe(true);

    // The centre opens without moving what is on screen (Lighthouse measured a layout shift of 0.63 here once).
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!e.hadRecentInput) w.__shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/messages');
    await page.getByText(bill.billNumber).first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.05);
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'centre-1440-zh-CN');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByText(bill.billNumber).first().waitFor();
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'centre-390-zh-CN');
    await page.goto('/notificationSettings');
    await page.getByRole('button', { name: /保\s*存/ }).waitFor();
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'settings-390-zh-CN');
  });
});
