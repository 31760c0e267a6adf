// Accessibility in Chromium: axe-core scans the login pages and every screen the menu gives a supplier and a
// staff user (read from the server's menu, so screens added later are scanned too), plus the open states of
// the shell and the grid: the child-account editor, the order detail, the column menu, find/replace, the
// password dialog, the settings drawer, and the print previews. Critical and serious violations fail, listed
// by rule and target.
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type RouteItem, menu, ssoModules } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { contextOptions, expectNoPageErrors, loginAs, type PageError, partnerIs, watchErrors } from '../support/browser';
import { launchChromium } from '../support/chromium';
import { sharedServer } from '../support/shared-server';

interface Finding {
  screen: string;
  rule: string;
  impact: string;
  targets: string[];
  details: string[];
}

const findings: Finding[] = [];
const scanned: string[] = [];
const pageErrors: PageError[][] = [];
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Runs axe on what the page shows now and keeps its critical and serious violations. Legacy mode runs axe in
 * the page itself: the default opens a blank page per scan to combine the frames' results, three times slower,
 * and the only frames here are partner pages, which are not ours to judge.
 */
async function scan(page: Page, screen: string): Promise<void> {
  // Colours in the middle of a transition (a tab that was active a moment ago) are not what the user reads.
  await expect.poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
  const result = await new AxeBuilder({ page }).setLegacyMode(true).exclude('iframe').analyze();
  scanned.push(screen);
  for (const violation of result.violations) {
    if (violation.impact !== 'critical' && violation.impact !== 'serious') continue;
    findings.push({
      screen,
      rule: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
      details: violation.nodes.map(
        (node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''} ${JSON.stringify(node.any[0]?.data ?? '')}`,
      ),
    });
  }
}

/** The internal screens of a menu: every visible entry that opens a page here (not a partner's window or link). */
function screensOf(items: RouteItem[], prefix = ''): { path: string; title: string }[] {
  return items.flatMap((item) => {
    const path = item.name === 'dynamic' ? `/scmQuery/${item.path.replace(/^\//, '')}` : item.path;
    const below = screensOf(item.children, prefix);
    if (item.hidden || ssoModules.includes(item.moudleCode) || /^https?:/.test(path)) return below;
    if (!item.component || item.component === 'Layout') return below;
    return [{ path, title: item.meta.title }, ...below];
  });
}

/** Client-side navigation, as a menu click does: the page and its open tabs stay. */
async function visit(page: Page, path: string): Promise<void> {
  const pathname = new URL(path, 'http://x').pathname;
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname === pathname);
  await page.waitForLoadState('networkidle');
  // Lazy pages show a spinner while their code loads.
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  // The menu opens the page's folder with an animation: colours measured mid-fade are not the screen's.
  await page
    .locator('.ant-motion-collapse, [class*="-motion-collapse-"]')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
  await animationsDone(page);
}

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ ...contextOptions(sharedServer().baseUrl), viewport: { width: 1440, height: 900 } });
  pageErrors.push(watchErrors(context));
  const page = await context.newPage();
  // The demo's frame module (ms0070) shows a partner's page, which the test machine cannot reach.
  await partnerIs(page, 'up');
  return page;
}

async function scanMenuScreens(page: Page, user: string): Promise<void> {
  const screens = screensOf(await apiAs(user).call(menu.queryMerchantsModuleList, { query: {} }));
  expect(screens.length).toBeGreaterThan(3);
  for (const screen of screens) {
    await visit(page, screen.path);
    await scan(page, `${user} ${screen.path} (${screen.title})`);
  }
}

async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page
    .locator('.ant-modal-wrap:visible, .ant-drawer-open')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
}

/** Waits for an open picker's list (a list's options or a tree's nodes) to show, and for its slide-in to end. */
/** Colours measured mid-fade are not the screen's: waits for the page's animations (finite ones: a spinner's never ends). */
function animationsDone(page: Page): Promise<unknown> {
  return page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

async function pickerOpen(page: Page, tree = true): Promise<void> {
  const item = tree ? '.ant-select-tree-node-content-wrapper' : '.ant-select-item-option';
  await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) ${item}`).first().waitFor();
  await animationsDone(page);
}

describe('accessibility', () => {
  it('has no critical or serious axe violation on the screens of a supplier and of staff', async () => {
    const page = await newPage();
    await page.goto('/login');
    await page.getByLabel('用户名').waitFor();
    await scan(page, '/login');
    await page.goto('/stafflogin');
    await page.getByLabel('用户名').waitFor();
    await scan(page, '/stafflogin');
    await page.goto('/coApply');
    await page.getByLabel('企业名称').waitFor();
    await scan(page, '/coApply');

    await loginAs(page, '100001');
    await scan(page, '100001 /dashboard');
    await scanMenuScreens(page, '100001');

    // The shell's dialogs and drawer.
    await page.getByRole('banner').getByLabel('系统设置').click();
    await page.locator('.ant-drawer-open').waitFor();
    await scan(page, 'settings drawer');
    await closeDialog(page);
    await page.getByRole('banner').getByLabel('用户菜单').click();
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    await page.getByRole('dialog').waitFor();
    await scan(page, 'change-password dialog');
    await closeDialog(page);

    // A grid: its column menu and the find/replace dialog.
    await visit(page, '/purOrder');
    await page.getByRole('button', { name: '订单金额 筛选' }).click();
    await page.getByRole('dialog', { name: '订单金额 筛选' }).waitFor();
    await scan(page, 'grid column menu');
    await page.keyboard.press('Escape');
    await page.locator('[data-view="/purOrder"] revo-grid revogr-data[type="rgRow"] .rgCell').nth(1).click();
    await page.keyboard.press('Control+f');
    await page.getByRole('dialog', { name: '查找和替换' }).waitFor();
    await scan(page, 'grid find/replace dialog');
    await closeDialog(page);

    // The order detail and the child-account editor.
    const bill = (await page.locator('[data-view="/purOrder"] revo-grid revogr-data[type="rgRow"] .rgCell').first().textContent())?.trim();
    await visit(page, `/purOrder/detail?billNumber=${bill}`);
    await page.getByRole('button', { name: '返回列表' }).waitFor();
    await scan(page, 'order detail');
    await visit(page, '/employee/userDetail');
    // The save button waits (disabled, then spinning) until the next free account code has come.
    const save = page.locator('[data-view="/employee/userDetail"] .ant-card-extra .ant-btn-primary');
    await expect
      .poll(
        async () => (await save.isEnabled()) && (await page.locator('[data-view="/employee/userDetail"] .ant-btn-loading').count()) === 0,
      )
      .toBe(true);
    await scan(page, 'child-account editor');

    // The shared pickers open: the new-product form's category tree and brand tree.
    await visit(page, '/goodsApply');
    await page.getByRole('button', { name: '新建申请' }).click();
    const applyForm = page.getByRole('form', { name: '新建新品申请' });
    for (const label of ['商品类别', '品牌']) {
      await applyForm.getByLabel(label, { exact: true }).click();
      await pickerOpen(page);
      await scan(page, `new-product form, ${label} picker open`);
      await page.keyboard.press('Escape');
    }
    await closeDialog(page);

    // The print previews, drawn without the shell (loaded anew: they are outside the signed-in layout).
    for (const path of [`/preview?type=purOrder&billNumber=${bill}`, '/manageAdjustPrice', '/goodsChangeApproval']) {
      await page.goto(path);
      await page.locator('.print-sheet').first().waitFor();
      await scan(page, `print preview ${path}`);
    }

    const staffPage = await newPage();
    await loginAs(staffPage, 'admin', { staff: true });
    await scan(staffPage, 'admin /dashboard');
    await scanMenuScreens(staffPage, 'admin');
    // The query page's parameter pickers open: the supplier list and the category tree.
    await visit(staffPage, '/scmQuery/dynamic/query/RECV_BY_STORE_MONTH');
    await staffPage.getByRole('combobox', { name: '供应商' }).click();
    await pickerOpen(staffPage, false);
    await scan(staffPage, 'query page, supplier picker open');
    await staffPage.keyboard.press('Escape');
    await visit(staffPage, '/scmQuery/dynamic/query/SLOW_MOVERS');
    await staffPage.getByRole('combobox', { name: '商品类别' }).click();
    await pickerOpen(staffPage);
    await scan(staffPage, 'query page, category picker open');
    await staffPage.keyboard.press('Escape');
    // The hidden supplier history (a module of the menu, not shown in it).
    await visit(staffPage, '/ZeroMaster/historySupplier');
    await scan(staffPage, 'admin /ZeroMaster/historySupplier');

    // Everything axe said about them, for whoever fixes them (e2e/.tmp is git-ignored).
    fs.mkdirSync(`${import.meta.dirname}/../.tmp`, { recursive: true });
    fs.writeFileSync(`${import.meta.dirname}/../.tmp/axe-findings.json`, JSON.stringify(findings, null, 1));
    const report = findings.map(
      (f) =>
        `${f.impact} ${f.rule} on ${f.screen}: ${f.targets.slice(0, 8).join(', ')}${f.targets.length > 8 ? ` (+${f.targets.length - 8})` : ''}`,
    );
    const elements = findings.reduce((sum, f) => sum + f.targets.length, 0);
    console.log(
      `axe: ${scanned.length} screens scanned, ${findings.length} critical/serious violations on ${new Set(findings.map((f) => f.screen)).size} screens, ${elements} elements`,
    );
    const byRule = new Map<string, number>();
    for (const f of findings) byRule.set(f.rule, (byRule.get(f.rule) ?? 0) + 1);
    console.log([...byRule].map(([rule, n]) => `${rule}: ${n}`).join('\n'));
    expect(report).toEqual([]);
    expectNoPageErrors(pageErrors.flat());
  }, 600_000);
});
