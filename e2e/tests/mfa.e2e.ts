// Two-factor sign-in in real Chromium against the real server: admin links an authenticator (the test computes the
// codes from the key the page shows, as the app would), signs out and back in with a code, sets the tenant's
// policy so that a sensitive action asks again, and the cashier records a payment through the step-up dialog. The
// new screens pass axe in both languages at desktop and phone widths. Everything is put back for the files after.
import AxeBuilder from '@axe-core/playwright';
import { mfa, settlement } from '@portal/contract';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { demoPassword, loginAs, submitLogin, useBrowser } from '../support/browser';
import { sharedServer } from '../support/shared-server';
import { findDocuments, submittedBill, enterInvoices } from '../support/settlement';

const browser = useBrowser();
const tmp = `${import.meta.dirname}/../.tmp`;

/** What the test learnt of admin's authenticator: its key, the recovery codes, and the time-steps it used. */
const admin = { secret: '', recoveryCodes: [] as string[], usedSteps: new Set<number>() };
const stepNow = () => Math.floor(Date.now() / 30_000);

/**
 * A code of a time-step after every one used (the server takes each step once): this step's, or the next one's,
 * which the server accepts too (one step of skew either side, RFC 6238's allowance for a slow clock); only when
 * the next step has been used as well does it wait for the clock to move on.
 */
async function freshCode(): Promise<string> {
  const step = Math.max(stepNow(), ...[...admin.usedSteps].map((s) => s + 1));
  while (step > stepNow() + 1) await new Promise((r) => setTimeout(r, 1000));
  admin.usedSteps.add(step);
  return TOTP.generate({ secret: Secret.fromBase32(admin.secret), timestamp: step * 30_000 + 1 });
}

async function post(path: string, body: unknown, token?: string) {
  const res = await fetch(`${sharedServer().baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: string; data: Record<string, unknown> | null; message: string };
}

/**
 * Puts the demo back whatever happened: the policy the seed wrote (two-factor optional, no password step-up) and
 * admin without an authenticator, through the API with admin's recovery codes.
 */
afterAll(async () => {
  if (!admin.secret) return;
  const key = (await (await fetch(`${sharedServer().baseUrl}/api/user/publicKey`)).json()) as { data: { publicKey: string } };
  const { publicEncrypt, constants } = await import('node:crypto');
  const password = publicEncrypt(
    { key: key.data.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(demoPassword),
  ).toString('base64');
  const login = await post('/user/merchantsLogin?tenantid=demo', { username: 'admin', password });
  if (login.data?.twoFactor !== 'code-needed') return;
  const [first, second] = admin.recoveryCodes.slice(-2);
  const session = await post(`${mfa.loginCode.path}?tenantid=demo`, { challenge: login.data.challenge, code: first });
  const token = String(session.data?.token ?? '');
  await post(mfa.savePolicy.path, { requiredRoles: [], supplierMainRequired: false, stepUpPassword: false }, token);
  await post(mfa.disable.path, { code: second }, token);
});

async function userMenu(page: Page, entry: string) {
  await page.getByLabel('用户菜单').click();
  await page.getByRole('menuitem', { name: entry, exact: true }).click();
}

/** Axe finds no critical or serious violation on the page (or only within `within`, a dialog over another area's page). */
async function expectAccessible(page: Page, name: string, within?: string) {
  // The pointer off the buttons: a hovered one shows its lighter hover colour, which is not what is read.
  await page.mouse.move(0, 0);
  // Moving parts settled (a spinner turns for as long as its call waits, here behind the step-up dialog: not counted).
  await expect
    .poll(() =>
      page.evaluate(
        () => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length,
      ),
    )
    .toBe(0);
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  const result = await (within ? builder.include(within) : builder).analyze();
  const serious = result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  expect(serious.map((v) => `${name}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.screenshot({ path: `${tmp}/mfa-${name}.png`, fullPage: true });
}

describe('two-factor sign-in', () => {
  // Many steps: 33 s alone on a quiet machine, past the suite's 60 s beside the other worker on a loaded 2-core one
  // (a timeout there left admin enrolled, and the retry and the next test failed on that).
  it('admin links an authenticator, signs in again with a code, and the cashier pays a bill through step-up', async () => {
    const page = await browser.page();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, 'admin', { staff: true });
    await userMenu(page, '双重验证');
    await page.waitForURL('**/twoFactor?redirect=**');
    await page.getByText('未开启', { exact: true }).waitFor();
    await page.getByRole('button', { name: '开始绑定' }).click();
    await page.getByRole('img', { name: '绑定身份验证器的二维码' }).waitFor();
    admin.secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
    expect(admin.secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(page, 'enrol-zh-1440');
    await page.getByLabel('动态码').fill(await freshCode());
    await page.getByRole('button', { name: '确认绑定' }).click();
    const codes = page.getByTestId('recovery-code');
    await expect.poll(() => codes.count()).toBe(10);
    admin.recoveryCodes = (await codes.allTextContents()).map((c) => c.trim());
    await expectAccessible(page, 'recovery-zh-1440');
    await page.getByRole('button', { name: '我已保存' }).click();
    await page.getByText('已开启', { exact: true }).waitFor();
    await page.getByText('剩余恢复码：10 个').waitFor();
    await page.getByRole('button', { name: '返回系统' }).click();
    await page.waitForURL('**/dashboard');

    // Signed out, the password alone is no longer enough: the code step follows.
    await userMenu(page, '退出登录');
    await page.waitForURL(/\/stafflogin/);
    await submitLogin(page, 'admin');
    const code = page.getByLabel('动态码');
    await code.waitFor();
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    await expectAccessible(page, 'code-step-zh-1440');
    await code.fill(await freshCode());
    await code.press('Enter');
    await page.waitForURL('**/dashboard');

    // The tenant asks accounts without an authenticator for their password before sensitive actions.
    await page.goto('/mfaPolicy');
    const stepUpSwitch = page.getByRole('switch', { name: '未开启双重验证的账号在敏感操作前再次输入密码' });
    await stepUpSwitch.waitFor();
    await expectAccessible(page, 'policy-zh-1440');
    await stepUpSwitch.click();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('已保存', { exact: true }).first().waitFor();

    // A bill at 已审批 (made and reviewed through the API); the cashier pays it and is asked for the password first.
    const { unit, query, receiving } = await findDocuments();
    const billNumber = await submittedBill(
      unit.unitCode,
      query,
      receiving.slice(0, 1).map((d) => ({ sourceType: d.sourceType, sourceId: d.sourceId })),
    );
    await apiAs('clerk01').call(settlement.auditSamBill, { body: { samBillNum: billNumber, note: '' } });
    const bill = await apiAs('100001').call(settlement.getSamBillQueryDetail, { body: { samBillNum: billNumber } });
    await enterInvoices(billNumber, bill.totals);
    await apiAs('invoice01').call(settlement.confirmSamBillInvoice, { body: { samBillNum: billNumber, note: '' } });
    await apiAs('finance01').call(settlement.approveSamBill, { body: { samBillNum: billNumber, note: '' } });
    const cashier = await browser.page();
    await cashier.setViewportSize({ width: 1440, height: 900 });
    await loginAs(cashier, 'cashier01', { staff: true, to: `/samBill/detail?samBillNum=${billNumber}` });
    await cashier.getByRole('button', { name: '登记付款', exact: true }).click();
    const paymentDialog = cashier
      .getByRole('dialog')
      .filter({ has: cashier.getByRole('button', { name: /确\s*定/ }) })
      .last();
    await paymentDialog.getByLabel('银行流水号/票据号').fill('MFA-E2E-001');
    await paymentDialog.getByRole('button', { name: /确\s*定/ }).click();
    const stepUp = cashier.getByRole('dialog', { name: '再次验证身份' });
    await stepUp.getByText('此操作较为敏感，请再次输入登录密码。').waitFor();
    await expectAccessible(cashier, 'step-up-zh-1440', '.step-up-dialog');
    await stepUp.getByLabel('登录密码').fill(demoPassword);
    await stepUp.getByRole('button', { name: /确\s*认/ }).click();
    await cashier.locator('.ant-card-head-title').filter({ hasText: '已支付' }).first().waitFor();
    expect((await apiAs('100001').call(settlement.getSamBillQueryDetail, { body: { samBillNum: billNumber } })).header.status).toBe(
      '已支付',
    );

    // Put back: the policy, then admin turns two-factor sign-in off with a recovery code.
    await page.goto('/mfaPolicy');
    await stepUpSwitch.waitFor();
    await expect.poll(() => stepUpSwitch.getAttribute('aria-checked')).toBe('true');
    await stepUpSwitch.click();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    const policyStepUp = page.getByRole('dialog', { name: '再次验证身份' });
    // More than five minutes since the code: saving asks for a fresh one.
    if (await policyStepUp.isVisible()) {
      await policyStepUp.getByLabel('动态码').fill(await freshCode());
      await policyStepUp.getByRole('button', { name: /确\s*认/ }).click();
    }
    await page.getByText('已保存', { exact: true }).first().waitFor();
    await userMenu(page, '双重验证');
    await page.getByRole('button', { name: '改用恢复码' }).click();
    await page.getByLabel('恢复码').fill(admin.recoveryCodes[0]!);
    await page.getByRole('button', { name: '关闭双重验证' }).click();
    await page.getByText('未开启', { exact: true }).waitFor();
  }, 180_000);

  it('shows the new screens in English and on a phone as well', async () => {
    const sizes = [
      ['en', 1440, 900],
      ['en', 390, 844],
      ['zh-CN', 390, 844],
    ] as const;
    const page = await browser.page();
    await loginAs(page, 'buyer01', { staff: true });
    for (const [language, width, height] of sizes) {
      await page.setViewportSize({ width, height });
      await page.evaluate((lng) => localStorage.setItem('language', lng), language);
      await page.goto('/twoFactor');
      await page.getByRole('button', { name: language === 'en' ? 'Link an authenticator' : '开始绑定' }).click();
      await page.getByTestId('totp-secret').waitFor();
      await expectAccessible(page, `enrol-${language}-${width}`);
    }
    // The buyer turns it on (through the API, as the page above would), so that its sign-in shows the code step.
    const asBuyer = apiAs('buyer01');
    const { secret } = await asBuyer.call(mfa.startEnrolment);
    const { recoveryCodes } = await asBuyer.call(mfa.confirmEnrolment, {
      body: { code: TOTP.generate({ secret: Secret.fromBase32(secret) }) },
    });
    try {
      for (const [language, width, height] of sizes) {
        const login = await browser.page();
        await login.setViewportSize({ width, height });
        await login.goto('/stafflogin');
        await login.evaluate((lng) => localStorage.setItem('language', lng), language);
        await login.reload();
        await login.getByLabel(language === 'en' ? 'User name' : '用户名', { exact: true }).fill('buyer01');
        await login.getByLabel(language === 'en' ? 'Password' : '密码', { exact: true }).fill(demoPassword);
        await login.keyboard.press('Enter');
        await login.getByLabel(language === 'en' ? 'Code' : '动态码', { exact: true }).waitFor();
        await expectAccessible(login, `code-step-${language}-${width}`);
        await login.close();
      }
    } finally {
      await asBuyer.call(mfa.disable, { body: { code: recoveryCodes[0]! } });
    }
  }, 180_000);

  it('takes a user the policy requires straight to enrolment after the password, and nowhere else', async () => {
    const asAdmin = apiAs('admin');
    await asAdmin.call(mfa.savePolicy, { body: { requiredRoles: ['buyer'], supplierMainRequired: false, stepUpPassword: false } });
    try {
      const page = await browser.page();
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/stafflogin?redirect=%2FpurOrder');
      await submitLogin(page, 'buyer01');
      await page.waitForURL('**/twoFactor?redirect=**');
      await page.getByText('所在单位要求您的账号开启双重验证。完成绑定后才能继续使用系统。').waitFor();
      await page.getByRole('button', { name: '开始绑定' }).waitFor();
      expect(await page.getByRole('button', { name: '返回系统' }).count()).toBe(0);
      await expectAccessible(page, 'forced-zh-1440');
      // Any other page leads back here: the server answers its calls 403 until the account has enrolled.
      await page.goto('/dashboard');
      await page.waitForURL('**/twoFactor?redirect=%2Fdashboard');
      await page.getByRole('button', { name: '退出登录' }).click();
      await page.waitForURL(/\/stafflogin/);
    } finally {
      await asAdmin.call(mfa.savePolicy, { body: { requiredRoles: [], supplierMainRequired: false, stepUpPassword: false } });
    }
  });
});
