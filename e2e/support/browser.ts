// Browser sessions for the tests: one Chromium per test file, a fresh context per test, the login steps, and
// the check that no page of a test logged a console error or threw an uncaught exception.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Cookie, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, expect } from 'vitest';
import { launchChromium } from './chromium';
import { sharedServer } from './shared-server';

export const demoPassword = 'Demo1234';

export interface BrowserHarness {
  readonly baseUrl: string;
  page(): Promise<Page>;
  /**
   * Lets this test's pages log console errors matching `pattern`: only for an error the test provokes on purpose
   * (a partner that refuses connections, a refusal the server answers with an error status), said in `why`.
   */
  allowConsoleError(pattern: RegExp, why: string): void;
}

/** Options of every test's browser context: the server, Chinese, a laptop screen, and no motion (see app.tsx). */
export const contextOptions = (baseUrl: string) =>
  ({ baseURL: baseUrl, locale: 'zh-CN', viewport: { width: 1366, height: 800 }, reducedMotion: 'reduce' }) as const;

/** A console error (CSP violations included) or an uncaught exception of a page, as a failure names it. */
export interface PageError {
  kind: 'console.error' | 'pageerror';
  url: string;
  text: string;
}

/** Collects the console errors and uncaught exceptions of every page of `context`, popups included. */
export function watchErrors(context: BrowserContext): PageError[] {
  const errors: PageError[] = [];
  context.on('console', (message) => {
    if (message.type() !== 'error') return;
    // A resource that failed (an error status, a refused connection) is named by its address.
    const url = message.page()?.url() ?? '';
    const source = message.location().url;
    errors.push({ kind: 'console.error', url, text: source && source !== url ? `${message.text()} (${source})` : message.text() });
  });
  context.on('weberror', (webError) => {
    const error = webError.error();
    const stack = error.stack?.split('\n').slice(0, 4).join(' | ') ?? '';
    errors.push({ kind: 'pageerror', url: webError.page()?.url() ?? '', text: `${error.name}: ${error.message} ${stack}`.trim() });
  });
  return errors;
}

/**
 * The browser's own line for a call the server refused with a 4xx status (a refusal in the envelope, which the
 * test asserts as it means to): the product cannot keep Chromium from logging it. 5xx, failed connections, CSP
 * violations and every other console error still fail the test.
 */
const refusedCall = /^Failed to load resource: the server responded with a status of 4\d\d /;

/** Fails with every error of `errors` that no entry of `allowed` matches, each on a line of its own. */
export function expectNoPageErrors(errors: PageError[], allowed: RegExp[] = []): void {
  const unexpected = errors.filter(
    (e) => !(e.kind === 'console.error' && refusedCall.test(e.text)) && !allowed.some((pattern) => pattern.test(e.text)),
  );
  expect(
    unexpected.map((e) => `${e.kind} on ${e.url}: ${e.text}`),
    'the pages of this test logged console errors or threw uncaught exceptions',
  ).toEqual([]);
}

/** `work`, or a rejection once `ms` have passed without it settling. */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`not done within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Registers the hooks of a test file and hands out pages on the file's shared server. One Chromium serves the
 * file. A test's first page opens in the file's warm context: emptied between tests (its pages closed; cookies,
 * permissions, local storage, IndexedDB and the tests' listeners gone), it keeps only the browser's caches, so a
 * test does not compile the app's code anew (a page's first load in a new context took 6-7 s of main-thread time
 * on a loaded 2-core machine, 2-3 s with the code cache warm, 2026-11-27). A second page in the same test opens in a
 * context of its own (another user beside the first), closed after the test.
 */
export function useBrowser(): BrowserHarness {
  let browser: Promise<Browser> | undefined;
  let warm: { context: BrowserContext; errors: PageError[] } | undefined;
  let warmInUse = false;
  const contexts: BrowserContext[] = [];
  const errors: PageError[][] = [];
  const allowed: RegExp[] = [];
  const { baseUrl } = sharedServer();
  const origin = new URL(baseUrl).origin;

  /**
   * Empties the warm context after a test. A test that left other pages open (a popup, a PDF in a tab of its own)
   * closes it whole, as does one whose emptying fails or takes over 15 s (closing a PDF tab on its own once hung for
   * minutes): the next test opens a new one.
   */
  async function emptyWarm(): Promise<void> {
    if (!warm) return;
    const { context } = warm;
    const drop = async () => {
      warm = undefined;
      await within(30_000, context.close()).catch(() => undefined);
    };
    if (context.pages().length > 1) return drop();
    try {
      await within(
        15_000,
        (async () => {
          await Promise.all(context.pages().map((p) => p.close()));
          await context.clearCookies();
          await context.clearPermissions();
          for (const event of ['request', 'response', 'requestfinished', 'requestfailed', 'page', 'dialog'] as const)
            context.removeAllListeners(event);
        })(),
      );
    } catch {
      await drop();
    }
  }

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    if (warmInUse) {
      warmInUse = false;
      errors.push(warm?.errors.splice(0) ?? []);
      await emptyWarm();
    }
    expectNoPageErrors(errors.splice(0).flat(), allowed.splice(0));
  });
  afterAll(async () => {
    await browser?.then(
      (b) => b.close(),
      () => undefined,
    );
  });
  return {
    baseUrl,
    async page() {
      const chromium = await (browser ??= launchChromium());
      if (!warmInUse) {
        warmInUse = true;
        if (!warm) {
          const context = await chromium.newContext(contextOptions(baseUrl));
          warm = { context, errors: watchErrors(context) };
        }
        const page = await warm.context.newPage();
        // What the last test stored in the page's origin (the cookies went when it ended).
        const cdp = await warm.context.newCDPSession(page);
        await cdp.send('Storage.clearDataForOrigin', {
          origin,
          storageTypes: 'local_storage,indexeddb,cache_storage,service_workers,file_systems,websql',
        });
        await cdp.detach();
        return page;
      }
      const context = await chromium.newContext(contextOptions(baseUrl));
      contexts.push(context);
      errors.push(watchErrors(context));
      return context.newPage();
    },
    allowConsoleError(pattern) {
      allowed.push(pattern);
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

/** A signed-in browser session of a demo user: its cookies and the page's stored user (localStorage `portal-user`). */
interface SavedSession {
  cookies: Cookie[];
  user: string;
}

/**
 * The sessions of this worker's server, kept beside its data folder for the files that run there one after the
 * other: each demo user signs in through the login page once per worker, not once per test.
 */
const sessionsFile = () => path.join(sharedServer().dataDir, 'e2e-sessions.json');

function savedSessions(): Record<string, SavedSession> {
  try {
    return JSON.parse(fs.readFileSync(sessionsFile(), 'utf8')) as Record<string, SavedSession>;
  } catch {
    return {};
  }
}

/**
 * Resumes a session saved by an earlier loginAs of the same user in a new context: its cookies, and the stored user
 * written once before the page's first script (a later reload or sign-out sees the page's own storage). A session the
 * server no longer knows (a test signed out, changed the password or locked the account) is not resumed.
 */
async function resumeSession(page: Page, key: string, to: string): Promise<boolean> {
  const saved = savedSessions()[key];
  if (!saved) return false;
  const context = page.context();
  await context.addCookies(saved.cookies);
  const answer = await context.request.get('/api/user/getInfo').catch(() => undefined);
  const envelope = answer?.ok() ? ((await answer.json().catch(() => null)) as { code?: string } | null) : null;
  if (envelope?.code !== '1') {
    await context.clearCookies();
    return false;
  }
  const user = JSON.parse(saved.user) as { state: { pendingNotice: { answeredAt: number } | null } };
  // What the login answered asks for its dialogs after delays counted from the answer, as after a real sign-in.
  if (user.state.pendingNotice) user.state.pendingNotice.answeredAt = Date.now();
  await page.addInitScript(
    ({ origin, stored }) => {
      if (location.origin !== origin || sessionStorage.getItem('e2e-resumed')) return;
      sessionStorage.setItem('e2e-resumed', '1');
      localStorage.setItem('portal-user', stored);
    },
    { origin: new URL(sharedServer().baseUrl).origin, stored: JSON.stringify(user) },
  );
  await page.goto(to);
  return true;
}

/**
 * Signs `username` in and waits for the dashboard (or goes to `to`). The first time in a worker it signs in through
 * the login page, as a person does; later tests of the worker resume that session in their own context (see
 * resumeSession), unless told `fresh` (a test of what signing in itself does).
 */
export async function loginAs(
  page: Page,
  username: string,
  options: { staff?: boolean; to?: string; fresh?: boolean } = {},
): Promise<void> {
  const key = `${options.staff ? 'staff' : 'supplier'}:${username}`;
  try {
    if (!options.fresh && (await resumeSession(page, key, options.to ?? '/dashboard'))) {
      if (!options.to) await page.waitForURL('**/dashboard');
      return;
    }
    await page.goto(options.staff ? '/stafflogin' : '/login');
    await submitLogin(page, username);
    await page.waitForURL('**/dashboard');
    const cookies = await page.context().cookies();
    const user = await page.evaluate(() => localStorage.getItem('portal-user'));
    if (user) fs.writeFileSync(sessionsFile(), JSON.stringify({ ...savedSessions(), [key]: { cookies, user } }));
    if (options.to) await page.goto(options.to);
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
