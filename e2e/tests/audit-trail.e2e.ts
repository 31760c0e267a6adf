// The audit trail in Chromium (issue 31): the child account 100001-01 changes its own language (a real call the
// capture writes as a change of its account, before and after); its main account 100001 opens 操作日志, finds the
// action and reads its diff; the admin opens 审计日志, narrows it to supplier 100001 with the supplier picker and
// reads the same diff in English. Both screens and the diff axe-clean at 1440 px and 390 px (screenshots in e2e/.tmp).
import fs from 'node:fs';
import { notification } from '@portal/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { violations } from '../support/axe';
import { chooseOption, loginAs, useBrowser } from '../support/browser';
import { gridRows } from '../support/grid';

const browser = useBrowser();
const shots = `${import.meta.dirname}/../.tmp`;
const child = apiAs('100001-01');

afterAll(async () => {
  // The child's language back as the seed has it (other files read its texts in Chinese).
  await child.call(notification.saveLanguage, { body: { language: 'zh-CN' } });
});

async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/audit-trail-${name}.png`, fullPage: true });
}

interface ShownRow {
  id: string;
  who: string;
  kind: string;
}

const diffTable = (drawer: Locator) => drawer.getByRole('table', { name: /变更前后对比|Before and after/ });

/** Searches the page's list for the child's changes and opens the newest one; answers the drawer. */
async function openChildChange(page: Page, change: string): Promise<Locator> {
  const grid = page.getByRole('region', { name: /日志列表|Log entries/ });
  await expect
    .poll(async () => (await gridRows<ShownRow>(grid)).filter((r) => r.who.includes('100001-01') && r.kind.startsWith(change)).length)
    .toBeGreaterThan(0);
  const rows = await gridRows<ShownRow>(grid);
  const index = rows.findIndex((r) => r.who.includes('100001-01') && r.kind.startsWith(change));
  await grid.locator(`revogr-data[type="rgRow"] [data-rgrow="${index}"]`).first().dblclick();
  const drawer = page.getByRole('dialog');
  await diffTable(drawer).waitFor();
  return drawer;
}

/** The language change as the diff shows it: the old value struck through, the new one inserted. */
async function expectLanguageChange(drawer: Locator): Promise<void> {
  const table = diffTable(drawer);
  await expect.poll(() => table.locator('del').allTextContents()).toContainEqual(expect.stringContaining('zh-CN'));
  expect(await table.locator('ins').allTextContents()).toContainEqual(expect.stringMatching(/\ben$/));
}

describe('audit trail', () => {
  it('a main account reads its child’s change in 操作日志 (zh-CN)', async () => {
    await child.call(notification.saveLanguage, { body: { language: 'en' } });
    const page = await browser.page();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, '100001');
    await page.getByRole('navigation').getByText('操作日志', { exact: true }).click();
    await page.waitForURL('**/activityLog');
    await page.getByLabel('操作人', { exact: true }).fill('100001-01');
    await chooseOption(page, page.getByLabel('类型', { exact: true }), '数据变更');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'activity-1440-zh');

    const drawer = await openChildChange(page, '数据变更');
    await drawer.getByText('李娜 (100001-01)').waitFor();
    await expectLanguageChange(drawer);
    expect(await violations(page, '.ant-drawer-section')).toEqual([]);
    await screenshot(page, 'activity-entry-1440-zh');

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await violations(page, '.ant-drawer-section')).toEqual([]);
    await screenshot(page, 'activity-entry-390-zh');
    await drawer.getByRole('button', { name: /Close|关闭/ }).click();
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'activity-390-zh');
  }, 180_000);

  it('the admin narrows 审计日志 to the supplier and reads the same diff (en)', async () => {
    const page = await browser.page();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, 'admin', { staff: true, to: '/auditTrail' });
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await page
      .getByRole('heading', { name: 'Audit trail' })
      .or(page.getByText('Audit trail', { exact: true }).first())
      .first()
      .waitFor();
    await chooseOption(page, page.getByLabel('Supplier', { exact: true }), /100001/);
    await page.getByLabel('Who', { exact: true }).fill('100001-01');
    await page.getByRole('button', { name: 'Search' }).click();
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'trail-1440-en');

    const drawer = await openChildChange(page, 'Change');
    await drawer.getByText('李娜 (100001-01)').waitFor();
    await drawer.getByText(/^100001 /).waitFor();
    await expectLanguageChange(drawer);
    expect(await violations(page, '.ant-drawer-section')).toEqual([]);
    await screenshot(page, 'trail-entry-1440-en');

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await violations(page, '.ant-drawer-section')).toEqual([]);
    await screenshot(page, 'trail-entry-390-en');
    await drawer.getByRole('button', { name: /Close|关闭/ }).click();
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'trail-390-en');
    await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  }, 180_000);
});
