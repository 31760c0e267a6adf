// The app under its Content-Security-Policy: the login page, the dashboard (charts), drawers, the purchase orders
// (a grid), the child accounts (a grid and a confirmation dialog) and a frame module open without one
// violation reported by the browser, as a securitypolicyviolation event or a console error.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs, partnerIs, useBrowser } from '../support/browser';

const browser = useBrowser();
const rowCells = 'revogr-data[type="rgRow"] [data-rgcol]';

interface Violations {
  events: string[];
  console: string[];
}

/** Records every violation on window (from the first script of each page) and every CSP console error. */
async function watched(): Promise<{ page: Page; violations: () => Promise<Violations> }> {
  const page = await browser.page();
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`),
    );
  });
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) consoleErrors.push(m.text());
  });
  return {
    page,
    violations: async () => ({
      events: await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
      console: consoleErrors,
    }),
  };
}

async function openMenu(page: Page, item: string, folder?: string): Promise<void> {
  const menu = page.getByRole('navigation', { name: '主菜单' });
  const entry = menu.getByText(item, { exact: true });
  if (folder && !(await entry.isVisible())) await menu.getByText(folder, { exact: true }).click();
  await entry.click();
}

describe('content security policy', () => {
  it('sends a policy with a nonce that the page carries', async () => {
    const { page } = await watched();
    const answer = await page.goto('/login');
    const policy = (await answer!.allHeaders())['content-security-policy'] ?? '';
    expect(policy).toMatch(/script-src 'self';/);
    const nonce = /style-src 'self' 'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(await page.locator('meta[property="csp-nonce"]').evaluate((m) => (m as HTMLMetaElement).nonce)).toBe(nonce);
  });

  it('reports no violation on the login page, dashboard, drawers, purchase orders, child accounts and a frame module', async () => {
    const { page, violations } = await watched();
    await page.goto('/login');
    await page.getByLabel('用户名').waitFor();
    expect(await violations()).toEqual({ events: [], console: [] });

    await loginAs(page, '100001');
    await page.locator('.ant-card').first().waitFor();
    await page.locator('canvas').first().waitFor();
    expect(await violations()).toEqual({ events: [], console: [] });

    // The charge detail drawer (issue 26: two violations each time it opened), opened twice from its grid.
    await openMenu(page, '费用明细', '结算管理');
    await page.waitForURL('**/samCharges');
    const charges = page.getByRole('region', { name: '费用列表' }).locator(rowCells);
    for (let time = 0; time < 2; time++) {
      await charges.first().dblclick();
      await page.locator('.ant-drawer-open').getByText('费用详情').waitFor();
      expect(await violations()).toEqual({ events: [], console: [] });
      await page.keyboard.press('Escape');
      await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
    }

    // An open drawer locks the page's scrolling with <style> elements of rc-util's own: they carry the nonce too.
    await page.getByRole('banner').getByLabel('系统设置').click();
    await page.locator('.ant-drawer-open').waitFor();
    expect(await violations()).toEqual({ events: [], console: [] });
    await page.keyboard.press('Escape');
    await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });

    await openMenu(page, '采购订单', '报表查询');
    await page.waitForURL('**/purOrder');
    await page.locator(rowCells).first().waitFor();
    expect(await violations()).toEqual({ events: [], console: [] });

    await openMenu(page, '账号管理');
    await page.waitForURL('**/employee');
    await page.locator(`revo-grid >> visible=true`).locator(rowCells).first().waitFor();
    expect(await violations()).toEqual({ events: [], console: [] });

    await partnerIs(page, 'up');
    await openMenu(page, '物流协同');
    await page.waitForURL(/\/iframe\/urlPath\/ms0070/);
    await page.locator('iframe[title="物流协同"]').waitFor();
    await page.frameLocator('iframe[title="物流协同"]').getByRole('heading').waitFor();
    expect(await violations()).toEqual({ events: [], console: [] });
  });
});
