// Order confirmation in Chromium (issue 29, part A), in Chinese and English: supplier 100001 opens a waiting
// order (it becomes 已阅读), confirms it partly with a reason (the form asks for one before it sends), and the
// order's state and lines show what it confirmed; a child account without the confirm button has no button and
// is refused (403) by the API. Orders are picked through the API; the UI is what is tested.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { businessDay, purchaseOrder } from '@portal/contract';
import { apiAs } from '../support/api';
import { expectToast, loginAs, useBrowser } from '../support/browser';
import { gridColumn } from '../support/grid';

const browser = useBrowser();
const as100001 = apiAs('100001');
const asChild = apiAs('100001-01');

const texts = {
  'zh-CN': {
    read: '已阅读',
    partly: '部分确认',
    open: '确认订单',
    fillAll: '全部按订单确认',
    submit: '提交确认',
    noteRequired: '少量或延期需填写原因',
    done: '订单已部分确认',
    lines: '订单商品明细',
  },
  en: {
    read: 'Read',
    partly: 'Partly confirmed',
    open: 'Confirm order',
    fillAll: 'Confirm all as ordered',
    submit: 'Confirm',
    noteRequired: 'Give a reason for less or later',
    done: 'Order partly confirmed',
    lines: 'Order lines',
  },
} as const;

/**
 * A waiting order of 100001 none of the other tests took, with a first line of 2 or more: one due today or later
 * first (an overdue one asks a reason of every line), issued (not yet read) before read.
 */
async function waitingOrder(skip: string[]) {
  const page = await as100001.call(purchaseOrder.getPurOrderPage, { body: { waiting: true, limit: 100 } });
  const today = businessDay(new Date());
  const rank = (o: (typeof page.list)[number]) => (o.deliveryDate.slice(0, 10) < today ? 2 : 0) + (o.status === '已下达' ? 0 : 1);
  const candidates = page.list.filter((o) => !skip.includes(o.billNumber)).sort((a, b) => rank(a) - rank(b));
  for (const o of candidates) {
    // Reading the lines through the API would read the order: the list's quantities are enough to choose.
    if (Number(o.totalQty) >= 2 && o.lineCount >= 1) return o;
  }
  throw new Error('no waiting order of 100001 left');
}

const taken: string[] = [];

async function signedIn(user: string, language: keyof typeof texts): Promise<Page> {
  const page = await browser.page();
  await loginAs(page, user);
  if (language === 'en') await page.evaluate(() => localStorage.setItem('language', 'en'));
  return page;
}

describe('order confirmation', () => {
  for (const language of ['zh-CN', 'en'] as const) {
    it(`${language}: 100001 opens an order (read), confirms it partly with a reason, and sees it on the order`, async () => {
      const x = texts[language];
      const order = await waitingOrder(taken);
      taken.push(order.billNumber);
      const page = await signedIn('100001', language);
      await page.goto(`/purOrder/detail?billNumber=${order.billNumber}`);
      const card = page.locator('.ant-card').first();
      await card.locator('.ant-tag', { hasText: x.read }).first().waitFor();

      await page.getByRole('button', { name: x.open }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: x.fillAll }).click();
      // The first line ordered 2 or more is confirmed one short.
      let line = 0;
      while (Number(await dialog.locator(`#po-confirm_lines_${line}_confirmedQty`).inputValue()) < 2) line++;
      const qty = dialog.locator(`#po-confirm_lines_${line}_confirmedQty`);
      const less = String(Number(await qty.inputValue()) - 1);
      await qty.fill(less);
      await dialog.getByRole('button', { name: x.submit, exact: true }).click();
      await dialog.getByText(x.noteRequired).first().waitFor();
      // The short line needs its reason; on an overdue order every line does (its promised date is late).
      const notes = dialog.locator('[id^="po-confirm_lines_"][id$="_note"]');
      for (let i = 0; i < (await notes.count()); i++) await notes.nth(i).fill(language === 'en' ? 'Short of raw material' : '原料不足');
      await expectToast(page, x.done, () => dialog.getByRole('button', { name: x.submit, exact: true }).click());
      await dialog.waitFor({ state: 'hidden' });

      await card.locator('.ant-tag', { hasText: x.partly }).first().waitFor();
      const lines = page.getByRole('region', { name: x.lines });
      await expect.poll(async () => (await gridColumn(lines, 'confirmedQty'))[line]).toBe(less);
      const saved = await as100001.call(purchaseOrder.getPurOrderDetail, { query: { billNumber: order.billNumber } });
      expect(saved.header.status).toBe('部分确认');
      expect(saved.lines[line]!.confirmedQty!.replace(/\.?0+$/, '')).toBe(less);
      expect(saved.lines[line]!.confirmNote).toBeTruthy();
    });
  }

  it('a child account without the confirm button sees no button and is refused by the API', async () => {
    const order = await waitingOrder(taken);
    taken.push(order.billNumber);
    const page = await signedIn('100001-01', 'zh-CN');
    await page.goto(`/purOrder/detail?billNumber=${order.billNumber}`);
    await page.locator('.ant-card').first().locator('.ant-tag', { hasText: '已阅读' }).first().waitFor();
    // The page is drawn with the account's buttons: print is there, confirm is not.
    await page
      .getByRole('link', { name: /打\s*印/ })
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: /确认订单|拒绝订单/ }).count()).toBe(0);
    const detail = await asChild.call(purchaseOrder.getPurOrderDetail, { query: { billNumber: order.billNumber } });
    const refused = await asChild.send(purchaseOrder.confirmPurOrder, {
      body: {
        billNumber: order.billNumber,
        version: detail.header.version,
        lines: detail.lines.map((l) => ({
          lineNo: l.lineNo,
          confirmedQty: l.orderQty,
          promisedDate: detail.header.deliveryDate,
          note: '',
        })),
      },
    });
    expect(refused.status).toBe(403);
    expect((await as100001.call(purchaseOrder.getPurOrderDetail, { query: { billNumber: order.billNumber } })).header.status).toBe(
      '已阅读',
    );
  });
});
