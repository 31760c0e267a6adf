// Signing in through real Chromium against the real server, as a supplier and as staff.
import { describe, expect, it } from 'vitest';
import { loginAs, submitLogin, useBrowser } from '../support/browser';

const browser = useBrowser();

describe('login', () => {
  it('signs supplier 100001 in and shows the shell with its names', async () => {
    const page = await browser.page();
    await loginAs(page, '100001');
    const header = page.getByRole('banner');
    await header.getByText('上海禾丰食品有限公司').waitFor();
    await header.getByText('华联优选超市(上海)有限公司').waitFor();
    await header.getByText('张伟').waitFor();
    await page.getByRole('navigation').or(page.getByRole('menu')).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });

  it('signs staff admin in on the staff login page', async () => {
    const page = await browser.page();
    await loginAs(page, 'admin', { staff: true });
    await page.getByRole('banner').getByText('系统管理员').waitFor();
    await page.getByRole('banner').getByText('华联优选超市(上海)有限公司').waitFor();
  });

  it('sends a visitor without a session to the login page and back to where they were going', async () => {
    const page = await browser.page();
    await page.goto('/dashboard?from=test');
    await page.waitForURL(/\/login\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe('/dashboard?from=test');
    await submitLogin(page, '100002');
    await page.waitForURL('**/dashboard?from=test');
    await page.getByRole('banner').getByText('杭州绿源乳业有限公司').waitFor();
  });

  it('shows the server message for a wrong password and stays on the login page', async () => {
    const page = await browser.page();
    browser.allowConsoleError(/status of 401 .*\/api\/user\/login/, 'the wrong password is refused with 401');
    await page.goto('/login');
    await submitLogin(page, '100001', 'Wrong1234');
    await page.getByText('用户名或密码错误').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('keeps the session across a page reload and ends it on logout', async () => {
    const page = await browser.page();
    await loginAs(page, '100001');
    await page.reload();
    await page.getByRole('banner').getByText('上海禾丰食品有限公司').waitFor();
    // The session cookie is there but scripts cannot read it; the page reads only the double-submit value.
    const session = (await page.context().cookies()).find((c) => c.name === 'Admin-Token');
    expect(session).toMatchObject({ httpOnly: true });
    const visible = await page.evaluate(() => document.cookie);
    expect(visible).not.toContain('Admin-Token=');
    expect(visible).toContain('XSRF-TOKEN=');
    expect(await page.evaluate(() => localStorage.getItem('portal-user'))).not.toContain(session!.value);
    await page.getByLabel('用户菜单').click();
    await page.getByText('退出登录').click();
    await page.waitForURL(/\/login(\?|$)/);
    await page.goto('/dashboard');
    await page.waitForURL(/\/login\?redirect=/);
  });

  it('serves the single-page app for a deep link', async () => {
    const res = await fetch(`${browser.baseUrl}/some/deep/link`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
  });

  it("shows '校验失败 请重新登陆:' with the server's message when the user-info call fails, and goes to the login page", async () => {
    const page = await browser.page();
    browser.allowConsoleError(/status of 500 .*\/api\/user\/getInfo/, 'the test makes the user-info call fail');
    await loginAs(page, '100001');
    await page.route('**/api/user/getInfo**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: '500', message: '用户信息服务不可用' }) }),
    );
    await page.reload();
    await page.getByText('校验失败 请重新登陆:用户信息服务不可用').waitFor();
    await page.waitForURL(/\/login\?redirect=/);
  });
});
