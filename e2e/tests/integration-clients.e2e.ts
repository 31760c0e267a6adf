// 接口集成 in Chromium, in both languages: an admin opens the page from the menu, creates a client, sees its
// secret once (closing the dialog or reloading the page never shows it again), and the secret gets a bearer
// token over HTTP that the /integration/v1 gate accepts; the page and the secret dialog are axe-clean at a
// desktop and a phone width (screenshots in e2e/.tmp).
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs, useBrowser } from '../support/browser';

const browser = useBrowser();
const shots = `${import.meta.dirname}/../.tmp`;

/** The critical and serious axe violations of what the page shows now (of the open dialog only: the rest lies under its mask). */
async function violations(page: Page, dialog?: string): Promise<string[]> {
  await expect.poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
  const builder = new AxeBuilder({ page }).setLegacyMode(true).exclude('iframe');
  const result = await (dialog ? builder.include(dialog) : builder).analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/integration-clients-${name}.png`, fullPage: true });
}

/** Asks the token call over HTTP with the client's id and secret (HTTP Basic), then pings with the token. */
async function tokenAndPing(clientId: string, secret: string) {
  const token = await fetch(`${browser.baseUrl}/api/integration/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  const answer = (await token.json()) as { access_token: string; token_type: string; scope: string };
  const ping = await fetch(`${browser.baseUrl}/api/integration/v1/ping`, { headers: { authorization: `Bearer ${answer.access_token}` } });
  return {
    tokenStatus: token.status,
    answer,
    pingStatus: ping.status,
    caller: ((await ping.json()) as { data: { clientName: string } }).data,
  };
}

const texts = {
  'zh-CN': {
    title: '接口集成',
    add: /新建客户端/,
    name: '名称',
    scope: /goods:write/,
    save: /保\s*存/,
    secret: '客户端密钥',
    clientId: '客户端 ID',
    warning: /关闭此窗口后将无法再次查看/,
    done: /我已保存密钥/,
  },
  en: {
    title: 'Integration clients',
    add: /New client/,
    name: 'Name',
    scope: /goods:write/,
    save: /Save/,
    secret: 'Client secret',
    clientId: 'Client ID',
    warning: /cannot be shown again/,
    done: /I have saved the secret/,
  },
} as const;

describe('integration clients', () => {
  for (const language of ['zh-CN', 'en'] as const) {
    it(`lets an admin create a client and see its secret once (${language})`, async () => {
      const t = texts[language];
      const page = await browser.page();
      await page.setViewportSize({ width: 1440, height: 900 });
      await loginAs(page, 'admin', { staff: true });
      if (language === 'en') await page.evaluate(() => localStorage.setItem('language', 'en'));
      await page.goto('/dashboard');
      await page.getByRole('navigation').getByText(t.title, { exact: true }).click();
      await page.waitForURL('**/integrationClients');
      const card = page.getByRole('main').locator('.ant-card').filter({ hasText: t.title }).first();
      await card.waitFor();

      const name = `ERP ${language} ${Date.now()}`;
      await page.getByRole('button', { name: t.add }).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByLabel(t.name, { exact: true }).fill(name);
      await drawer.getByRole('checkbox', { name: t.scope }).check();
      expect(await violations(page, '.ant-drawer-section')).toEqual([]);
      await drawer.getByRole('button', { name: t.save }).click();

      const secretInput = page.getByLabel(t.secret, { exact: true });
      await secretInput.waitFor();
      const secret = await secretInput.inputValue();
      const clientId = await page.getByLabel(t.clientId, { exact: true }).inputValue();
      expect(secret).toMatch(/^isc_[A-Za-z0-9_-]{43}$/);
      expect(clientId).toMatch(/^ic_[0-9a-f]{16}$/);
      await page.getByText(t.warning).waitFor();
      expect(await violations(page, '.ant-modal-container')).toEqual([]);
      await screenshot(page, `secret-1440-${language}`);

      await page.getByRole('button', { name: t.done }).click();
      await page.getByRole('cell', { name: new RegExp(`^${name}`) }).waitFor();
      expect(await page.content()).not.toContain(secret);
      // Nothing brings it back: not the list after a reload.
      await page.reload();
      await page.getByRole('cell', { name: new RegExp(`^${name}`) }).waitFor();
      expect(await page.content()).not.toContain(secret);
      expect(await violations(page)).toEqual([]);
      await screenshot(page, `list-1440-${language}`);

      const { tokenStatus, answer, pingStatus, caller } = await tokenAndPing(clientId, secret);
      expect(tokenStatus).toBe(200);
      expect(answer).toMatchObject({ token_type: 'Bearer', scope: 'goods:write' });
      expect(pingStatus).toBe(200);
      expect(caller.clientName).toBe(name);

      // A phone: the list scrolls sideways inside its card, the drawer fills the screen.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('cell', { name: new RegExp(`^${name}`) }).waitFor();
      expect(await violations(page)).toEqual([]);
      await screenshot(page, `list-390-${language}`);
      await page.getByRole('button', { name: t.add }).click();
      await page.getByRole('dialog').getByLabel(t.name, { exact: true }).waitFor();
      expect(await violations(page, '.ant-drawer-section')).toEqual([]);
      await screenshot(page, `drawer-390-${language}`);
    });
  }
});
