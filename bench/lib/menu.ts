// The sidebar's page entries of a signed-in user, for the benchmarks that walk the menu (bench:menu, bench:lighthouse).
import type { Page } from 'playwright-core';

export interface MenuEntry {
  /** The entry's path (its menu key), e.g. /purOrder. */
  key: string;
  title: string;
}

export const mainMenu = (page: Page) => page.getByRole('navigation', { name: /主菜单|Main menu/ });

/** Every page entry of the open sidebar (its folders opened), in menu order; frames, links out and single sign-on left out. */
export async function menuEntries(page: Page): Promise<MenuEntry[]> {
  const menu = mainMenu(page);
  await menu.locator('li.ant-menu-item').first().waitFor();
  for (;;) {
    const closed = menu.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
    if ((await closed.count()) === 0) break;
    await closed.first().click();
  }
  const items = await menu
    .locator('li.ant-menu-item')
    .evaluateAll((lis) => lis.map((li) => ({ id: li.getAttribute('data-menu-id') ?? '', title: li.textContent?.trim() ?? '' })));
  return items
    .map(({ id, title }) => ({ key: id.replace(/^rc-menu-uuid-[^-]+-/, ''), title }))
    .filter((e) => e.key.startsWith('/') && !e.key.startsWith('/iframe/'));
}

/** Signs in through the login page (staff: /stafflogin) and waits for the menu. */
export async function signIn(page: Page, url: string, user: { staff: boolean; name: string }): Promise<void> {
  await page.goto(`${url}${user.staff ? '/stafflogin' : '/login'}`);
  await page.getByLabel('用户名', { exact: true }).fill(user.name);
  await page.getByLabel('密码', { exact: true }).fill(process.env.PORTAL_PASSWORD ?? 'Demo1234');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL('**/dashboard');
  await mainMenu(page).waitFor();
}

/** The users of BENCH_USERS (default 100001 and staff admin): `name` or `staff:name`. */
export const benchUsers = (fallback = '100001,staff:admin') =>
  (process.env.BENCH_USERS ?? fallback).split(',').map((u) => ({ staff: u.startsWith('staff:'), name: u.replace(/^staff:/, '') }));
