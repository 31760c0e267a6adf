// Notification channels in Chromium: an admin adds a webhook on 通知渠道, sees its secret once and sends a test
// message that a local receiver verifies with node:crypto as the docs say; a supplier adds a 飞书 robot on 群机器人
// in English and tests it. Both screens axe-clean at 1440 px and 390 px (screenshots in e2e/.tmp).
import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, useBrowser } from '../support/browser';
import { violations } from '../support/axe';

const browser = useBrowser();
const shots = `${import.meta.dirname}/../.tmp`;

/** A local receiver (the e2e servers allow 127.0.0.1: support/server.ts): what it got, answered 200. */
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
let receiver: http.Server;
let receiverUrl = '';
beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"code":0,"msg":"success"}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/notify-channels-${name}.png`, fullPage: true });
}

/** The receiver's check of a webhook: HMAC-SHA256 over "timestamp.body", within five minutes. */
function verified(headers: http.IncomingHttpHeaders, body: string, secret: string): boolean {
  const timestamp = Number(headers['x-portal-timestamp']);
  if (Math.abs(Date.now() / 1000 - timestamp) > 300) return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`);
  const given = Buffer.from(String(headers['x-portal-signature']));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

describe('notification channels', () => {
  it('lets an admin add a webhook, keep its secret and test it (zh-CN)', async () => {
    const page = await browser.page();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, 'admin', { staff: true });
    await page.getByRole('navigation').getByText('通知渠道', { exact: true }).click();
    await page.waitForURL('**/notifyChannels');
    await page.getByRole('tab', { name: 'Webhook' }).waitFor();

    await page.getByRole('button', { name: /新增 Webhook/ }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('名称', { exact: true }).fill('仓储 WMS');
    await drawer.getByLabel('地址', { exact: true }).fill(`${receiverUrl}/wms`);
    expect(await violations(page, '.ant-drawer-section')).toEqual([]);
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    const secret = await page.getByLabel('签名密钥', { exact: true }).inputValue();
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(await violations(page, '.ant-modal-container')).toEqual([]);
    await screenshot(page, 'secret-1440-zh');
    await page.getByRole('button', { name: /我已保存密钥/ }).click();

    await page.getByRole('button', { name: '测试 仓储 WMS' }).click();
    await page.getByText(/测试消息已送达（HTTP 200/).waitFor();
    const got = received.at(-1)!;
    expect(got.headers['x-portal-event']).toBe('notify.endpoint.test');
    expect(verified(got.headers, got.body, secret)).toBe(true);
    expect(await page.content()).not.toContain(secret);
    await page
      .getByText(/最近成功|尚未推送/)
      .first()
      .waitFor();
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'list-1440-zh');

    await page.getByRole('button', { name: '推送记录 仓储 WMS' }).click();
    await page.getByText('还没有推送记录').waitFor();
    expect(await violations(page, '.ant-drawer-section')).toEqual([]);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Close|关闭/ })
      .click();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: '测试 仓储 WMS' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'list-390-zh');
  });

  it('lets a supplier add a Feishu robot and test it (en)', async () => {
    const page = await browser.page();
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, '100001');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto('/groupRobots');
    await page.getByRole('button', { name: 'Add robot' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('Feishu', { exact: true }).click();
    await drawer.getByLabel('Name', { exact: true }).fill('Hefeng Feishu group');
    await drawer.getByLabel('Address', { exact: true }).fill(`${receiverUrl}/open-apis/bot/v2/hook/e2e`);
    await drawer.getByLabel('Signing secret', { exact: true }).fill('fs-e2e-secret');
    expect(await violations(page, '.ant-drawer-section')).toEqual([]);
    await screenshot(page, 'robot-drawer-390-en');
    await drawer.getByRole('button', { name: 'Save' }).click();

    await page.getByRole('button', { name: 'Test Hefeng Feishu group' }).click();
    await page.getByText(/The test message arrived \(HTTP 200/).waitFor();
    const body = JSON.parse(received.at(-1)!.body) as { msg_type: string; timestamp: string; sign: string; content: { post: object } };
    expect(body.msg_type).toBe('post');
    expect(body.sign).toBe(createHmac('sha256', `${body.timestamp}\nfs-e2e-secret`).update('').digest('base64'));
    expect(Object.keys(body.content.post)).toEqual(['en_us']);
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'robots-390-en');
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'robots-1440-en');
  });
});
