// Browser sessions for the tests: one Chromium per test file, a fresh context per test, the login steps.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterEach, inject } from 'vitest';
import { launchChromium } from './chromium';

export const demoPassword = 'Demo1234';

export interface BrowserHarness {
  readonly baseUrl: string;
  page(): Promise<Page>;
}

/**
 * Registers the hooks of a test file and hands out pages on the shared server. Each test gets a browser
 * of its own, so that nothing one test leaves behind (windows, workers, memory) slows the next.
 */
export function useBrowser(): BrowserHarness {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const baseUrl = inject('baseUrl');
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    await browser?.close();
    browser = undefined;
  });
  return {
    baseUrl,
    async page() {
      browser ??= await launchChromium();
      const context = await browser.newContext({ baseURL: baseUrl, locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
      contexts.push(context);
      return context.newPage();
    },
  };
}

/**
 * Fills the login form on the current page and submits it. Exact labels: after a forced password change the
 * change-password dialog may still be fading out over the login page, with its own password fields.
 */
export async function submitLogin(page: Page, username: string, password = demoPassword): Promise<void> {
  await page.getByLabel('用户名', { exact: true }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

export async function loginAs(page: Page, username: string, options: { staff?: boolean } = {}): Promise<void> {
  try {
    await page.goto(options.staff ? '/stafflogin' : '/login');
    await submitLogin(page, username);
    await page.waitForURL('**/dashboard');
  } catch (err) {
    // What the browser showed, for whoever reads the failure (e2e/.tmp is git-ignored).
    await page.screenshot({ path: `${import.meta.dirname}/../.tmp/login-failed-${username}-${Date.now()}.png` }).catch(() => undefined);
    throw err;
  }
}

const openDropdown =
  '.ant-select-dropdown:not(.ant-select-dropdown-hidden):not([class*="-leave"]):not([class*="-enter"]):not([class*="-appear"])';

/**
 * An option of the open antd Select dropdown, once the dropdown has finished moving. A dropdown that is closing
 * (its leave motion) is not open: it still holds its options while it slides away, and a click there lands on
 * whatever moves in below. One still opening (its appear or enter motion) can swallow a click on a loaded
 * machine: the option was picked by nobody, and the Select kept its value.
 */
export const selectOption = (page: Page, text: string | RegExp) =>
  page.locator(`${openDropdown} .ant-select-item-option`).filter({ hasText: text }).first();

/** Opens an antd Select with `opener` (unless its list is already open), picks an option, and waits for the list to close. */
export async function chooseOption(page: Page, opener: Locator, text: string | RegExp): Promise<void> {
  const option = selectOption(page, text);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (!(await option.isVisible())) await opener.click();
    try {
      await option.waitFor({ state: 'visible', timeout: 5_000 });
      break;
    } catch {
      // The list did not open (a click can land while a previous one is closing): open it again.
    }
  }
  await option.click();
  await page.locator('.ant-select-dropdown[class*="-leave"]').first().waitFor({ state: 'detached' });
}

/** A node of the open tree picker's list (the shared category, brand and supplier pickers), once it has finished opening. */
export const treeOption = (page: Page, text: string | RegExp) =>
  page.locator(`${openDropdown} .ant-select-tree-node-content-wrapper`).filter({ hasText: text }).first();

/** Opens a tree picker with `opener`, types `search` to find the node, and picks it. */
export async function chooseTreeOption(page: Page, opener: Locator, search: string, text: string | RegExp): Promise<void> {
  const option = treeOption(page, text);
  await opener.click();
  await opener.fill(search);
  await option.waitFor({ state: 'visible' });
  await option.click();
}

/**
 * Runs `action` and waits for the toast `text` it should bring, watching from before the action starts (a loaded
 * machine must not miss a message that shows for 3 s); a failure names the toasts that were on screen instead.
 */
export async function expectToast(page: Page, text: string | RegExp, action: () => Promise<void>): Promise<void> {
  const shown = page
    .locator('.ant-message-notice')
    .filter({ hasText: text })
    .first()
    .waitFor()
    .then(
      () => true,
      () => false,
    );
  await action();
  if (await shown) return;
  const onScreen = await page.locator('.ant-message-notice').allInnerTexts();
  throw new Error(`no message ${String(text)}; on screen: ${onScreen.join(' | ') || 'none'}`);
}

/** The demo frame module's partner system (ms0070 物流协同), which the test machine cannot reach. */
export const partnerOrigin = 'https://tms.example.com';

/** Answers the partner's requests with a page of its own (up), or refuses the connection (down). */
export async function partnerIs(page: Page, state: 'up' | 'down'): Promise<void> {
  await page.route(`${partnerOrigin}/**`, (route) =>
    state === 'up'
      ? route.fulfill({
          status: 200,
          contentType: 'text/html; charset=utf-8',
          body: '<!doctype html><title>TMS</title><h1>物流协同 partner page</h1>',
        })
      : route.abort('connectionrefused'),
  );
}
