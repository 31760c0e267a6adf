// 我的会话 in Chromium: one supplier account signed in from two browsers; the first lists both, this one marked,
// signs the other out, and the other is sent to the login page on its next action. The page in both languages at
// 1440 px and 390 px, axe-clean (screenshots in e2e/.tmp).
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs, useBrowser } from '../support/browser';
import { violations } from '../support/axe';

const browser = useBrowser();
const shots = `${import.meta.dirname}/../.tmp`;

async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/sessions-${name}.png`, fullPage: true });
}

/** Opens 我的会话 from the user menu, by keyboard. */
async function openSessions(page: Page, label = '用户菜单', entry = '我的会话'): Promise<void> {
  await page.getByRole('link', { name: label }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: entry }).click();
}

const rows = (page: Page) => page.getByRole('table', { name: '会话列表' }).locator('tbody tr.ant-table-row');

describe('my sessions', () => {
  it('lists both browsers of an account, signs the other out, and sends it to the login page', async () => {
    const first = await browser.page();
    await first.setViewportSize({ width: 1440, height: 900 });
    await loginAs(first, '100002', { fresh: true });
    await openSessions(first);
    await first.waitForURL('**/mySessions');
    // Sessions other tests of this worker left open go first, so that the list holds this test's two only.
    const endOthers = first.getByRole('button', { name: '退出其他所有会话' });
    await rows(first).first().waitFor();
    if (await endOthers.isEnabled()) {
      await endOthers.click();
      await first
        .getByRole('dialog')
        .getByRole('button', { name: /确\s*定/ })
        .click();
      await first.getByText(/已退出 \d+ 个会话/).waitFor();
    }
    await expect.poll(() => rows(first).count()).toBe(1);

    const second = await browser.page();
    await loginAs(second, '100002', { fresh: true });

    await first.reload();
    await expect.poll(() => rows(first).count()).toBe(2);
    const mine = rows(first).filter({ hasText: '本机' });
    await expect.poll(() => mine.count()).toBe(1);
    expect(await mine.getByRole('button').count()).toBe(0);
    expect(await first.getByRole('table', { name: '会话列表' }).getByText('127.0.0.1').count()).toBe(2);
    expect(await violations(first)).toEqual([]);
    await screenshot(first, '1440-zh');

    // Signing the other out: its row's button, a confirmation, by keyboard.
    const other = rows(first).filter({ hasNotText: '本机' });
    await other.getByRole('button', { name: /^退出 .* 的会话$/ }).focus();
    await first.keyboard.press('Enter');
    const dialog = first.getByRole('dialog');
    await dialog.getByText(/上的会话？该设备需要重新登录。/).waitFor();
    expect(await violations(first)).toEqual([]);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await first.getByText('已退出该会话').waitFor();
    await expect.poll(() => rows(first).count()).toBe(1);

    // The other browser's next action finds its session gone: the login page, with the way back kept.
    await openSessions(second);
    await second.waitForURL(/\/login\?redirect=/);
    await second.getByLabel('用户名', { exact: true }).waitFor();
    expect(await endOthers.isDisabled()).toBe(true);
  });

  it('reads well at 390 px and in English', async () => {
    const page = await browser.page();
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, '100002', { to: '/mySessions' });
    await page.locator('.session-card').first().waitFor();
    await page.getByText('本机').waitFor();
    expect(await page.getByRole('table', { name: '会话列表' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await violations(page)).toEqual([]);
    await screenshot(page, '390-zh');

    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await page.getByText('This device').waitFor();
    await page.getByRole('button', { name: 'Sign out all other sessions' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await screenshot(page, '390-en');

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('table', { name: 'Sessions' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await screenshot(page, '1440-en');
  });

  it('lets a main account end every session of its child from the child-account page', async () => {
    const child = await browser.page();
    await loginAs(child, '100001-01', { fresh: true });

    const page = await browser.page();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, '100001');
    await page.getByRole('navigation', { name: '主菜单' }).getByText('账号管理').click();
    await page.waitForURL('**/employee');
    const endAll = page.getByRole('button', { name: '结束全部会话' });
    expect(await endAll.isDisabled()).toBe(true);
    await page
      .locator('revogr-data[type="rgRow"] [data-rgcol]')
      .filter({ hasText: /^100001-01$/ })
      .click();
    await page.getByText(/当前选中：100001-01/).waitFor();
    await endAll.click();
    const dialog = page.getByRole('dialog').filter({ hasText: '100001-01 将在所有设备上立即退出登录' });
    await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))));
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'employee-confirm-1440-zh');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText(/已结束 [1-9]\d* 个会话/).waitFor();

    await openSessions(child);
    await child.waitForURL(/\/login\?redirect=/);
  });
});
