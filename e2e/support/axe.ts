// Accessibility scans for the browser tests: axe-core on what a page shows (critical and serious violations kept),
// the internal screens of a user's menu, client-side visits that wait for the screen to settle, and the report
// that fails a test file with every finding. A file calls useAxeBrowser() once; its scans share one Chromium.
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type RouteItem, menu, ssoModules } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { apiAs } from './api';
import { contextOptions, expectNoPageErrors, type PageError, partnerIs, watchErrors } from './browser';
import { launchChromium } from './chromium';
import { sharedServer } from './shared-server';

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

/** One Chromium for the test file, launched before its tests and closed after them. */
export function useAxeBrowser(): void {
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
}

/**
 * axe on a page as the scans here run it. Legacy mode runs axe in the page itself: the default opens a blank page
 * per scan to combine the frames' results, three times slower, and the only frames here are partner pages, which
 * are not ours to judge. Only violations are reported: the passes and incomplete checks, which nothing here reads,
 * cost a selector and an HTML excerpt of every element checked (four paired scans of the bill list, 2026-11-27 on a
 * loaded machine: 5.3-8.0 s against 9.6-12.0 s; colour contrast is most of what remains).
 */
function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page })
    .setLegacyMode(true)
    .exclude('iframe')
    .options({ resultTypes: ['violations'] });
}

/** Runs axe on what the page shows now (within `within` when given) and keeps its critical and serious violations. */
export async function scan(page: Page, screen: string, within?: string): Promise<void> {
  // Colours in the middle of a transition (a tab that was active a moment ago) are not what the user reads.
  await expect.poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
  const builder = axeOn(page);
  const result = await (within ? builder.include(within) : builder).analyze();
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

/**
 * The critical and serious violations of what the page shows now (within `within` when given), as 'rule: targets'
 * lines a test expects to be empty: for a screen's own states (a drawer, a dialog) checked in its own test.
 */
export async function violations(page: Page, within?: string): Promise<string[]> {
  // Nothing under the pointer: a hovered button's colours are not what the page shows.
  await page.mouse.move(0, 0);
  await expect.poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
  const builder = axeOn(page);
  const result = await (within ? builder.include(within) : builder).analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The internal screens of a menu: every visible entry that opens a page here (not a partner's window or link). */
export function screensOf(items: RouteItem[], prefix = ''): { path: string; title: string }[] {
  return items.flatMap((item) => {
    const path = item.name === 'dynamic' ? `/scmQuery/${item.path.replace(/^\//, '')}` : item.path;
    const below = screensOf(item.children, prefix);
    if (item.hidden || ssoModules.includes(item.moudleCode) || /^https?:/.test(path)) return below;
    if (!item.component || item.component === 'Layout') return below;
    return [{ path, title: item.meta.title }, ...below];
  });
}

/** Client-side navigation, as a menu click does: the page and its open tabs stay. */
export async function visit(page: Page, path: string): Promise<void> {
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

export async function newPage(): Promise<Page> {
  const context = await browser.newContext({ ...contextOptions(sharedServer().baseUrl), viewport: { width: 1440, height: 900 } });
  pageErrors.push(watchErrors(context));
  const page = await context.newPage();
  // The demo's frame module (ms0070) shows a partner's page, which the test machine cannot reach.
  await partnerIs(page, 'up');
  return page;
}

export async function scanMenuScreens(page: Page, user: string): Promise<void> {
  const screens = screensOf(await apiAs(user).call(menu.queryMerchantsModuleList, { query: {} }));
  expect(screens.length).toBeGreaterThan(3);
  for (const screen of screens) {
    await visit(page, screen.path);
    // The screen's own view: the shell around it (menu, top bar, tabs) is the same on every screen and is scanned
    // whole on the dashboard before the walk and after it, with every tab open and a folder's entry selected.
    const view = `[data-view="${screen.path}"]`;
    const kept = (await page.locator(view).count()) > 0;
    await scan(page, `${user} ${screen.path} (${screen.title})`, kept ? view : undefined);
  }
  await scan(page, `${user} the shell after the menu, every tab open`);
}

export async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page
    .locator('.ant-modal-wrap:visible, .ant-drawer-open')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
}

/** Waits for an open picker's list (a list's options or a tree's nodes) to show, and for its slide-in to end. */
/** Colours measured mid-fade are not the screen's: waits for the page's animations (finite ones: a spinner's never ends). */
export function animationsDone(page: Page): Promise<unknown> {
  return page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

export async function pickerOpen(page: Page, tree = true): Promise<void> {
  const item = tree ? '.ant-select-tree-node-content-wrapper' : '.ant-select-item-option';
  await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) ${item}`).first().waitFor();
  await animationsDone(page);
}

/**
 * Fails with every critical and serious violation the file's scans found (listed by rule and target, and written to
 * e2e/.tmp/axe-findings-NAME.json, git-ignored) and with the pages' console errors.
 */
export function reportFindings(name: string): void {
  fs.mkdirSync(`${import.meta.dirname}/../.tmp`, { recursive: true });
  fs.writeFileSync(`${import.meta.dirname}/../.tmp/axe-findings-${name}.json`, JSON.stringify(findings, null, 1));
  const report = findings.map(
    (f) =>
      `${f.impact} ${f.rule} on ${f.screen}: ${f.targets.slice(0, 8).join(', ')}${f.targets.length > 8 ? ` (+${f.targets.length - 8})` : ''}`,
  );
  const elements = findings.reduce((sum, f) => sum + f.targets.length, 0);
  console.log(
    `axe (${name}): ${scanned.length} screens scanned, ${findings.length} critical/serious violations on ${new Set(findings.map((f) => f.screen)).size} screens, ${elements} elements`,
  );
  const byRule = new Map<string, number>();
  for (const f of findings) byRule.set(f.rule, (byRule.get(f.rule) ?? 0) + 1);
  console.log([...byRule].map(([rule, n]) => `${rule}: ${n}`).join('\n'));
  expect(report).toEqual([]);
  expectNoPageErrors(pageErrors.flat());
}
