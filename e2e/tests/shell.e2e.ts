// The shell in Chromium: tabs and their menu, kept pages, search, settings, frames, single sign-on,
// top bar by kind of account, small screens, error log, usage logging, language.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { businessDay, settlement } from '@portal/contract';
import { apiAs } from '../support/api';
import { loginAs, partnerIs, partnerOrigin, selectOption, useBrowser } from '../support/browser';

const browser = useBrowser();
const menu = (page: Page) => page.getByRole('navigation', { name: '主菜单' });
const tabs = (page: Page) => page.getByRole('navigation', { name: '标签页' }).getByRole('tab');
const tabTitles = async (page: Page) => (await tabs(page).allTextContents()).map((t) => t.trim());

async function open(page: Page, folder: string | null, item: string, path?: string) {
  if (folder) await menu(page).getByText(folder).click();
  await menu(page).getByText(item).click();
  if (!path) return;
  await page.waitForURL(`**${path}`);
  // The page is shown (its tab is the selected one) before the next click, as a user would see it.
  await page.getByRole('navigation', { name: '标签页' }).getByRole('tab', { name: item, selected: true }).waitFor();
}

/**
 * Chooses an entry of a tab's context menu once the menu has finished opening. Clicked during its opening
 * animation, the entry does not take the click yet, Playwright scrolls a long page to reach it, and a
 * context menu closes when the page scrolls.
 */
async function tabMenu(page: Page, tab: string, item: string) {
  await tabs(page).filter({ hasText: tab }).click({ button: 'right' });
  const entry = page.getByRole('menuitem', { name: item });
  await entry.waitFor();
  await expect.poll(() => entry.evaluate((el) => el.closest('.ant-dropdown')?.className ?? '')).not.toMatch(/-(enter|appear)\b/);
  await entry.click();
}

/** What has the keyboard focus: its role and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return {
      role: el?.getAttribute('role') ?? '',
      text: (el?.textContent ?? '').trim(),
      inMenu: !!el?.closest('nav[aria-label="主菜单"]'),
    };
  });

/** Submenu flyouts on screen (a closed one stays in the page, hidden or moved away). */
const shownFlyouts = (page: Page) =>
  page.evaluate(
    () =>
      [...document.querySelectorAll('.ant-menu-submenu-popup')].filter((el) => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return style.display !== 'none' && style.visibility !== 'hidden' && box.right > 0 && box.bottom > 0 && box.width > 0;
      }).length,
  );

describe('keyboard', () => {
  it('reaches a menu page with Tab, arrows and Enter, then switches and closes tabs with arrows and Delete', async () => {
    const page = await browser.page();
    await loginAs(page, '100001');
    // Tab reaches the menu; its entries take the arrows (WAI-ARIA menu), Enter opens a folder and a page.
    await menu(page).getByRole('menu').first().waitFor();
    for (let i = 0; i < 10 && !(await focused(page)).inMenu; i += 1) await page.keyboard.press('Tab');
    expect((await focused(page)).inMenu).toBe(true);
    const press = async (key: string) => {
      await page.keyboard.press(key);
      return focused(page);
    };
    await expect.poll(() => press('ArrowDown').then((f) => f.text)).toBe('报表查询');
    await page.keyboard.press('Enter');
    await expect.poll(() => press('ArrowDown').then((f) => f.text)).toBe('验收统计');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/acceptance');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '验收统计']);

    // Tab on to the open-page tabs: only the selected one is in the Tab order.
    for (let i = 0; i < 30 && (await focused(page)).role !== 'tab'; i += 1) await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ role: 'tab', text: '验收统计' });
    await page.keyboard.press('ArrowLeft');
    await page.waitForURL('**/dashboard');
    await expect.poll(() => focused(page)).toMatchObject({ role: 'tab', text: '首页' });
    await page.keyboard.press('ArrowRight');
    await page.waitForURL('**/acceptance');
    await expect.poll(() => focused(page)).toMatchObject({ role: 'tab', text: '验收统计' });
    await page.keyboard.press('Delete');
    await page.waitForURL('**/dashboard');
    await expect.poll(() => tabTitles(page)).toEqual(['首页']);
    await expect.poll(() => focused(page)).toMatchObject({ role: 'tab', text: '首页' });
    // The dashboard's tab is fixed: Delete leaves it.
    await page.keyboard.press('Delete');
    expect(await tabTitles(page)).toEqual(['首页']);
  });
});

describe('tags view', () => {
  it('opens a tab per page, keeps the dashboard fixed, and closes others and all from the context menu', async () => {
    const page = await browser.page();
    await loginAs(page, '100001');
    await open(page, '报表查询', '验收统计', '/acceptance');
    await open(page, null, '采购订单', '/purOrder');
    await page.waitForURL('**/purOrder');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '验收统计', '采购订单']);
    expect(await page.getByLabel('关闭 首页').count()).toBe(0);

    await tabMenu(page, '验收统计', '关闭其他');
    await page.waitForURL('**/acceptance');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '验收统计']);

    await tabMenu(page, '验收统计', '关闭所有');
    await page.waitForURL('**/dashboard');
    await expect.poll(() => tabTitles(page)).toEqual(['首页']);
  });

  it('closing the active tab goes to the last one left, and Refresh reloads the page', async () => {
    const page = await browser.page();
    await loginAs(page, '100001');
    await open(page, '报表查询', '验收统计', '/acceptance');
    await open(page, null, '采购订单', '/purOrder');
    await page.getByLabel('关闭 采购订单').click();
    await page.waitForURL('**/acceptance');
    await tabMenu(page, '验收统计', '刷新');
    await page.waitForURL('**/acceptance');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '验收统计']);
  });

  it('keeps a page alive when switching tabs (the frame is not reloaded)', async () => {
    const page = await browser.page();
    await loginAs(page, '100001');
    await partnerIs(page, 'up');
    await open(page, null, '物流协同');
    await page.waitForURL(/\/iframe\/urlPath\/ms0070/);
    await page.locator('iframe[title="物流协同"]').evaluate((el) => el.setAttribute('data-mark', 'kept'));
    await tabs(page).filter({ hasText: '首页' }).click();
    await page.waitForURL('**/dashboard');
    await tabs(page).filter({ hasText: '物流协同' }).click();
    await page.waitForURL(/\/iframe\/urlPath\/ms0070/);
    expect(await page.locator('iframe[title="物流协同"]').getAttribute('data-mark')).toBe('kept');
  });
});

describe('frames and single sign-on', () => {
  it("frames a configured module with the user's parameters, at window height minus 90", async () => {
    const page = await browser.page();
    await loginAs(page, '100001');
    await partnerIs(page, 'up');
    await open(page, null, '物流协同');
    const frame = page.locator('iframe[title="物流协同"]');
    await page.frameLocator('iframe[title="物流协同"]').getByRole('heading', { name: '物流协同 partner page' }).waitFor();
    const src = new URL((await frame.getAttribute('src'))!);
    expect(src.origin + src.pathname).toBe('https://tms.example.com/portal');
    expect(Object.fromEntries(src.searchParams)).toMatchObject({
      setCookie: '1',
      platform: 'demo',
      employeeCode: '100001',
      employeeName: '张伟',
      supplierCode: '100001',
      supplierName: '上海禾丰食品有限公司',
      moudleCode: 'ms0070',
    });
    expect(await frame.evaluate((el) => el.getBoundingClientRect().height)).toBe(800 - 90);
    expect(await page.title()).toBe('物流协同 - 供应商协同平台');
  });

  it("shows the portal's own message, not the browser's broken page, when the partner cannot be reached, and opens it again", async () => {
    const page = await browser.page();
    browser.allowConsoleError(/ERR_CONNECTION_REFUSED .*tms\.example\.com/, 'the partner refuses the connection on purpose');
    await loginAs(page, '100001');
    await partnerIs(page, 'down');
    await open(page, null, '物流协同');
    await page.waitForURL(/\/iframe\/urlPath\/ms0070/);
    await page.getByText('物流协同暂时无法访问，请检查网络或稍后重试').waitFor();
    await page.getByText(partnerOrigin, { exact: true }).waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    // Back up: 重新打开 frames it.
    await page.unroute(`${partnerOrigin}/**`);
    await partnerIs(page, 'up');
    await page.getByRole('button', { name: '重新打开' }).click();
    await page.frameLocator('iframe[title="物流协同"]').getByRole('heading', { name: '物流协同 partner page' }).waitFor();
    await expect.poll(() => page.locator('iframe[title="物流协同"]').evaluate((el) => getComputedStyle(el).visibility)).toBe('visible');
  });

  it('refuses to frame an address that is not a configured module', async () => {
    const page = await browser.page();
    await loginAs(page, '100001', { to: `/iframe/urlPath/ms0070?src=${encodeURIComponent('https://evil.example.com/')}` });
    await page.getByText('该地址不是已配置的外部模块，不能打开').waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
  });

  it('opens ms0066 in a new window and copies the second-verification code', async () => {
    const page = await browser.page();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: browser.baseUrl });
    await loginAs(page, '100001');
    const requested: string[] = [];
    page.context().on('request', (req) => requested.push(req.url()));
    const popup = page.waitForEvent('popup');
    await open(page, null, '银企直连');
    await popup;
    await page.getByText('二次校验码已复制到粘贴板').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^\d{6}$/);
    await expect.poll(() => requested.some((url) => url.startsWith('https://bank.example.com/sso?'))).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });
});

describe('top bar', () => {
  it('shows a supplier the QR code, the help center and the operator', async () => {
    const page = await browser.page();
    await loginAs(page, '100001');
    const bar = page.getByRole('banner');
    await bar.getByText('操作员：张伟').waitFor();
    await bar.getByLabel('帮助中心').click();
    await page.getByText('400-820-1234').waitFor();
    await page.getByText('settlement@hualian-demo.cn').waitFor();
    await bar.getByLabel('小程序二维码').click();
    await page.getByRole('img', { name: '小程序二维码' }).waitFor();
  });

  it('hides them from staff', async () => {
    const page = await browser.page();
    await loginAs(page, 'admin', { staff: true });
    const bar = page.getByRole('banner');
    await bar.getByText('系统管理员').waitFor();
    expect(await bar.getByLabel('小程序二维码').count()).toBe(0);
    expect(await bar.getByLabel('帮助中心').count()).toBe(0);
    expect(await bar.getByText('操作员').count()).toBe(0);
  });

  it('shows the user info with the own code as main account', async () => {
    const page = await browser.page();
    await loginAs(page, '100001');
    await page.getByLabel('用户菜单').click();
    await page.getByRole('menuitem', { name: '用户信息' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('13800138000').waitFor();
    expect(await dialog.locator('tr', { hasText: '主账号' }).textContent()).toContain('100001');
  });

  it('finds a page with the header search and goes there', async () => {
    const page = await browser.page();
    await loginAs(page, '100001');
    await page.getByRole('banner').getByRole('combobox').fill('采购');
    await selectOption(page, '采购订单').click();
    await page.waitForURL('**/purOrder');
  });
});

describe('settings', () => {
  it('keeps the settings after a reload', async () => {
    const page = await browser.page();
    await loginAs(page, '100001');
    await page.getByRole('banner').getByLabel('布局大小').click();
    await page.getByRole('menuitem', { name: 'Small' }).click();
    await page.getByText('Switch Size Success').waitFor();
    await page.getByRole('banner').getByLabel('系统设置').click();
    await page.getByRole('radio', { name: '#11a983' }).click();
    await page.getByRole('switch', { name: '显示标签页' }).click();
    expect(await page.getByRole('navigation', { name: '标签页' }).count()).toBe(0);
    await page.reload();
    await page.getByRole('banner').waitFor();
    expect(await page.getByRole('navigation', { name: '标签页' }).count()).toBe(0);
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('portal-settings')))!);
    expect(stored.state).toMatchObject({ theme: '#11a983', tagsView: false, size: 'small' });
  });

  it('keeps the sidebar in view with the header when the header is fixed', async () => {
    const page = await browser.page();
    await page.setViewportSize({ width: 1366, height: 600 });
    await loginAs(page, '100001');
    await page.getByRole('banner').getByLabel('系统设置').click();
    await page.getByRole('switch', { name: '固定顶栏' }).click();
    await page.keyboard.press('Escape');
    // The dashboard is taller than the window: scroll it down.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(300);
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(250);
    expect((await page.getByRole('banner').boundingBox())!.y).toBe(0);
    expect((await page.locator('.ant-layout-sider').boundingBox())!.y).toBe(0);
  });

  it('switches the language to English and back', async () => {
    const page = await browser.page();
    await loginAs(page, '100001');
    await page.getByRole('banner').getByLabel('语言').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('banner').getByText('Operator: 张伟').waitFor();
    await page.getByRole('banner').getByLabel('Language').click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await page.getByRole('banner').getByText('操作员：张伟').waitFor();
  });
});

/**
 * The words of the interface on screen (menu, tabs, breadcrumb, headings, buttons, labels, column titles, tags,
 * grid state cells), leaving out the data (names of companies, stores, goods), which stays as entered.
 */
const interfaceTexts = (page: Page) =>
  page.evaluate(() => {
    const selectors = [
      'nav',
      'h1, h2, h3, h4, .ant-card-head-title',
      'button',
      'label, .ant-form-item-label',
      '[role="columnheader"], th',
      '.ant-tag',
      '.ant-statistic-title',
      '.ant-select-selection-placeholder, input[placeholder]',
      '.po-tone-blue, .po-tone-cyan, .po-tone-geekblue, .po-tone-orange, .po-tone-green, .po-tone-red, .po-tone-default',
      // Grid cells of the product's fixed words (states, charge types) the grid shows in the user's language.
      '.dg-word',
    ];
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return (
        box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('[hidden], [aria-hidden="true"]')
      );
    };
    const texts = new Set<string>();
    for (const el of document.querySelectorAll(selectors.join(', ')))
      if (shown(el)) {
        const text = (el.getAttribute('placeholder') ?? (el as HTMLElement).innerText ?? '').trim();
        if (text) for (const line of text.split('\n')) if (line.trim()) texts.add(line.trim());
      }
    return [...texts];
  });

describe('one language at a time', () => {
  // Every page checks the menu (the query pages' entries among them); a query page's own labels and columns are
  // its definition's data, in the language its designer wrote them.
  const fixedScreens = [
    '/dashboard',
    '/acceptance',
    '/purOrder',
    '/employee',
    '/ctfType',
    '/ctf/upload',
    '/baseDept',
    '/samBill',
    '/samCharges',
  ];
  /** The screens, with the detail of one of the supplier's bills (its states, kinds and source types are the product's words). */
  const screensOf = async () => {
    const bills = await apiAs('100001').call(settlement.querySamBillQueryList, { body: { page: 1, limit: 1 } });
    return [...fixedScreens, `/samBill/detail?samBillNum=${bills.list[0]!.samBillNum}`];
  };
  // Data shown in the interface's places: the supplier's and the operator's names, the tenant's certificate types.
  const data = [
    '上海禾丰食品有限公司',
    '华联优选超市(上海)有限公司',
    '张伟',
    '营业执照',
    '食品经营许可证',
    '生产许可证',
    '商标注册证',
    '质检报告',
  ];

  it('shows no Chinese words of the interface in English', async () => {
    const page = await browser.page();
    await loginAs(page, '100001');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    const found: string[] = [];
    for (const path of await screensOf()) {
      await page.goto(path);
      await page.getByRole('main').locator('.ant-card:visible').first().waitFor();
      await page.waitForLoadState('networkidle');
      for (const text of await interfaceTexts(page))
        if (/[\u4e00-\u9fff]/.test(data.reduce((rest, d) => rest.replaceAll(d, ''), text))) found.push(`${path}: ${text}`);
    }
    expect(found).toEqual([]);
  });

  // English the spec itself uses on Chinese screens (the size menu and its toast), names of file formats, and the
  // Latin letters of the product's own Chinese words (the charge type DM海报费).
  const englishOfTheSpec = ['Default', 'Medium', 'Small', 'Mini', 'Switch Size Success', 'CSV', 'Excel', 'SQL', 'PDF', 'DM'];

  it('shows no English words of the interface in Chinese', async () => {
    const page = await browser.page();
    await loginAs(page, '100001');
    const found: string[] = [];
    for (const path of await screensOf()) {
      await page.goto(path);
      await page.getByRole('main').locator('.ant-card:visible').first().waitFor();
      await page.waitForLoadState('networkidle');
      for (const text of await interfaceTexts(page)) {
        const rest = englishOfTheSpec.reduce((left, word) => left.replace(new RegExp(`\\b${word}\\b`, 'g'), ''), text);
        // A word is two letters or more; codes (letters with digits: PO2025, JY131...) and units (g, ml) are not.
        const words = (rest.match(/[A-Za-z][A-Za-z0-9]*/g) ?? []).filter((w) => /^[A-Za-z]{2,}$/.test(w));
        if (words.length) found.push(`${path}: ${text}`);
      }
    }
    expect(found).toEqual([]);
  });
});

describe('layout in English', () => {
  /** Menu entries whose name is cut (wider than the room it has). */
  const cutEntries = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll('nav[aria-label="Main menu"] .ant-menu-title-content')]
        .filter((el) => el.getBoundingClientRect().width > 0 && el.scrollWidth > el.clientWidth + 1)
        .map((el) => (el as HTMLElement).innerText),
    );

  it.each([
    [1440, 900],
    [1024, 768],
    [390, 844],
  ])('keeps the top bar on one row, its tools inside the window, and every menu entry whole at %i x %i', async (width, height) => {
    const page = await browser.page();
    await page.setViewportSize({ width, height });
    await loginAs(page, '100001');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    // A long breadcrumb: a query page under Reports.
    await page.goto('/scmQuery/dynamic/query/RECV_BY_STORE_MONTH');
    await page.getByRole('main').locator('.ant-card:visible').first().waitFor();
    const banner = page.getByRole('banner');
    expect((await banner.boundingBox())!.height).toBeLessThan(64);
    const userMenu = (await banner.getByLabel('User menu').boundingBox())!;
    expect(userMenu.x + userMenu.width).toBeLessThanOrEqual(width);
    if (width < 992) await banner.getByLabel('Toggle menu').click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByText('Receiving by store and month').waitFor();
    expect(await cutEntries(page)).toEqual([]);
  });
});

describe('small screens, errors and usage', () => {
  it('closes the sidebar below 992 px and after a navigation, and keeps the wide-screen choice', async () => {
    const page = await browser.page();
    await page.setViewportSize({ width: 800, height: 700 });
    await loginAs(page, '100001');
    const sider = page.locator('.ant-layout-sider');
    expect(await sider.evaluate((el) => el.getBoundingClientRect().width)).toBe(0);
    await page.getByLabel('展开/收起菜单').click();
    await expect.poll(() => sider.evaluate((el) => el.getBoundingClientRect().width)).toBe(150);
    await open(page, '报表查询', '验收统计', '/acceptance');
    await page.waitForURL('**/acceptance');
    await expect.poll(() => sider.evaluate((el) => el.getBoundingClientRect().width)).toBe(0);
    // Widening the window again brings back the sidebar as the user left it on a wide screen (open).
    await page.setViewportSize({ width: 1366, height: 800 });
    await expect.poll(() => sider.evaluate((el) => el.getBoundingClientRect().width)).toBe(150);
  });

  it('opens no submenu flyout by itself: on a phone after a load and a navigation, nor in the collapsed desktop sidebar', async () => {
    const page = await browser.page();
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, '100001');
    // A page inside a folder, loaded by its address: the closed sidebar shows nothing over the header.
    await page.goto('/acceptance');
    const header = page.getByRole('banner');
    await header.waitFor();
    const headerFree = async () => {
      const box = (await header.boundingBox())!;
      return page.evaluate(
        ([x, y]) => !!document.elementFromPoint(x!, y!)?.closest('header'),
        [box.x + box.width / 2, box.y + box.height / 2],
      );
    };
    // A flyout would open after its delay and zoom in: give it the time.
    await page.waitForTimeout(800);
    expect(await shownFlyouts(page)).toBe(0);
    expect(await headerFree()).toBe(true);
    // Open the sidebar, choose a page, and the sidebar closes again, without a flyout.
    await page.getByLabel('展开/收起菜单').click();
    await menu(page).getByText('采购订单').click();
    await page.waitForURL('**/purOrder');
    await page.waitForTimeout(800);
    expect(await shownFlyouts(page)).toBe(0);
    expect(await headerFree()).toBe(true);

    // The collapsed desktop sidebar: loading and switching pages of a folder leave its flyout closed.
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.getByLabel('展开/收起菜单').click();
    await expect.poll(() => page.locator('.ant-layout-sider').evaluate((el) => el.getBoundingClientRect().width)).toBe(54);
    await page.goto('/acceptance');
    await header.waitFor();
    await page.waitForTimeout(800);
    expect(await shownFlyouts(page)).toBe(0);
    await header.getByRole('combobox').fill('采购');
    await selectOption(page, '采购订单').click();
    await page.waitForURL('**/purOrder');
    await page.waitForTimeout(800);
    expect(await shownFlyouts(page)).toBe(0);
  });

  it('shows an icon for every top-level menu entry when the wide-screen sidebar is collapsed', async () => {
    const page = await browser.page();
    await loginAs(page, '100001');
    const menu = page.getByRole('navigation', { name: '主菜单' }).getByRole('menu').first();
    await page.getByLabel('展开/收起菜单').click();
    await expect.poll(() => page.locator('.ant-layout-sider').evaluate((el) => el.getBoundingClientRect().width)).toBe(54);
    const entries = menu.locator(':scope > li.ant-menu-item, :scope > li.ant-menu-submenu');
    const count = await entries.count();
    expect(count).toBeGreaterThan(4);
    for (let i = 0; i < count; i += 1) expect(await entries.nth(i).locator('.anticon').count()).toBeGreaterThan(0);
  });

  it('keeps a phone layout tidy: one header row, the pager inside its card', async () => {
    const page = await browser.page();
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, '100001', { to: '/purOrder' });
    // Pages stay alive in their tabs: only the shown page's elements count.
    const pager = page.locator('.list-pagination:visible').first();
    await pager.locator('.ant-pagination-total-text').waitFor({ timeout: 30_000 });
    const box = async (selector: string) => (await page.locator(`${selector}:visible`).first().boundingBox())!;
    expect((await box('header[role="banner"]')).height).toBeLessThan(64);
    const card = await box('.ant-card');
    const pagerBox = (await pager.boundingBox())!;
    expect(pagerBox.x + pagerBox.width).toBeLessThanOrEqual(card.x + card.width + 1);
    // The total stays on one line.
    expect((await pager.locator('.ant-pagination-total-text').boundingBox())!.height).toBeLessThan(40);
  });

  it('lists an uncaught error in the error log, and Clear All empties it', async () => {
    browser.allowConsoleError(/boom from the test/, 'the test throws it on purpose');
    const page = await browser.page();
    await loginAs(page, '100001');
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('boom from the test');
      }),
    );
    await page.getByRole('banner').getByLabel('错误日志').click();
    await page.getByRole('dialog').getByText('boom from the test').first().waitFor();
    await page.getByRole('button', { name: '全部清除' }).click();
    await expect.poll(() => page.getByRole('banner').getByLabel('错误日志').count()).toBe(0);
  });

  it('takes a failed call or a failed form validation left to end a handler as handled, not as an uncaught error', async () => {
    const page = await browser.page();
    const uncaught: string[] = [];
    page.on('pageerror', (error) => uncaught.push(error.message));
    await loginAs(page, '100001');
    // What a button's handler leaves behind after a refused call (the client toasted it) and after antd's
    // form.validateFields() (the form shows the errors beside its fields); then a program error, which stays uncaught.
    await page.evaluate(() => {
      void Promise.reject(Object.assign(new Error('已结算，无法重复结算'), { name: 'ApiFailure' }));
      void Promise.reject({ values: {}, errorFields: [{ name: ['note'], errors: ['请输入'] }], outOfDate: false });
    });
    browser.allowConsoleError(/a program error of the test/, 'the test leaves it unhandled on purpose');
    await page.evaluate(() => void Promise.reject(new Error('a program error of the test')));
    await expect.poll(() => uncaught).toEqual(['a program error of the test']);
  });

  it('shows staff the visits per module', async () => {
    const page = await browser.page();
    await loginAs(page, 'admin', { staff: true });
    await open(page, '报表查询', '验收统计', '/acceptance');
    await open(page, null, '模块使用统计', '/usageStats');
    // The last 30 days up to the retailer's business day, whatever the browser's clock zone.
    const range = page.getByRole('textbox', { name: '统计区间' });
    const dayMs = 86_400_000;
    await expect.poll(() => range.and(page.getByPlaceholder('开始日期')).inputValue()).toBe(businessDay(new Date(Date.now() - 29 * dayMs)));
    await expect.poll(() => range.and(page.getByPlaceholder('结束日期')).inputValue()).toBe(businessDay(new Date()));
    await page.getByRole('cell', { name: 'ms0021' }).waitFor();
    await page.getByRole('cell', { name: '验收统计' }).waitFor();
  });

  it('sends the usage record after login and a tracking record on each navigation', async () => {
    const page = await browser.page();
    const logs: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/linkdata-netflow/newflow/send'))
        logs.push((JSON.parse(req.postData() ?? '{}') as { logtype: string }).logtype);
    });
    await loginAs(page, '100001');
    await open(page, '报表查询', '验收统计', '/acceptance');
    await expect.poll(() => logs.includes('40000')).toBe(true);
    await expect.poll(() => logs.filter((l) => l === '40001').length).toBeGreaterThanOrEqual(2);
  });
});
