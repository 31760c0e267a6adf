// Supplier admission in Chromium: a visitor applies on /coApply without signing in and checks the state;
// admin accepts and approves it in /supplierApplyAudit and reads the initial password once; the new main
// account signs in with it and must change it before going on; the supplier history lists the new supplier.
import { supplierApply } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { loginAs, submitLogin, treeOption, useBrowser } from '../support/browser';
import { readCaptcha } from '../support/captcha';

const browser = useBrowser();
const credit = `91310104MA1B2C3D4${supplierApply.creditCheckChar('91310104MA1B2C3D4')}`;
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');

async function fill(page: Page, label: string, value: string) {
  await page.getByLabel(label, { exact: true }).fill(value);
}

describe('supplier admission', () => {
  it('takes a visitor application, lets staff approve it, and makes the new main account change its password', async () => {
    const page = await browser.page();
    await page.goto('/coApply');
    await page.getByRole('heading', { name: '供应商合作申请' }).waitFor();
    await fill(page, '企业名称', '上海e2e优品食品有限公司');
    await fill(page, '统一社会信用代码', credit.slice(0, 17) + (credit.endsWith('1') ? '2' : '1'));
    await fill(page, '法定代表人', '测试人');
    await page.getByLabel('法定代表人', { exact: true }).blur();
    await page.getByText('统一社会信用代码校验位不正确').waitFor();
    await fill(page, '统一社会信用代码', credit);
    await fill(page, '联系人姓名', '钱多多');
    await fill(page, '手机号', '13612345678');
    await fill(page, '开户银行', '招商银行上海分行');
    await fill(page, '银行账号', '6225880012345678');
    await page.getByLabel('经营类别').click();
    await treeOption(page, '休闲食品').locator('xpath=..').locator('.ant-select-tree-checkbox').click();
    await page.keyboard.press('Escape');
    await page.locator('input[type="file"]').setInputFiles({ name: '营业执照.png', mimeType: 'image/png', buffer: png });
    const image = page.getByRole('img', { name: '验证码' });
    await expect.poll(async () => (await image.getAttribute('src')) ?? '').toMatch(/^data:image\/svg\+xml/);
    await page.getByLabel('验证码', { exact: true }).fill(readCaptcha((await image.getAttribute('src'))!));
    await page
      .getByRole('button', { name: /提交申请/ })
      .last()
      .click();
    await page.getByText('申请已提交').waitFor();
    const applyNo = /SA\d{8}-\d{4}/.exec((await page.getByTestId('apply-no-text').textContent()) ?? '')?.[0];
    expect(applyNo).toBeDefined();

    // The visitor checks the state with the reference number and the credit code.
    await page.getByRole('tab', { name: '查询进度' }).click();
    await fill(page, '申请编号', applyNo!);
    await page.getByRole('tabpanel').getByLabel('统一社会信用代码').fill(credit);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.locator('.ant-descriptions').getByText('已提交').waitFor();

    // Admin accepts and approves it; the initial password is shown once.
    const staff = await browser.page();
    await loginAs(staff, 'admin', { staff: true, to: '/supplierApplyAudit' });
    await staff.getByLabel('关键字').fill(applyNo!);
    await staff.getByRole('button', { name: /查\s*询/ }).click();
    const cell = staff
      .locator('[data-view="/supplierApplyAudit"] revo-grid revogr-data[type="rgRow"] .rgCell')
      .filter({ hasText: applyNo! });
    await cell.first().click();
    await staff.getByRole('button', { name: /详\s*情/ }).click();
    const drawer = staff.locator('.ant-drawer-open');
    await drawer.getByText('营业执照.png').waitFor();
    await drawer.getByRole('button', { name: /受\s*理/ }).click();
    await drawer.getByText('资质审核', { exact: true }).first().waitFor();
    await drawer.getByRole('button', { name: /审核通过/ }).click();
    const password = (await staff.getByTestId('initial-password').textContent())?.trim() ?? '';
    expect(password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d]{12}$/);
    const detail = await apiAs('admin').call(supplierApply.getApplyDetail, { query: { applyNo: applyNo! } });
    expect(detail.status).toBe('通过');

    // The new main account signs in with it and must change it.
    const supplier = await browser.page();
    await supplier.goto('/login');
    await submitLogin(supplier, detail.suppCode, password);
    await supplier.waitForURL('**/dashboard');
    const notice = supplier.getByRole('dialog').filter({ hasText: '您的密码已过期或需要修改，请立即修改密码。' });
    await notice.getByRole('button', { name: '立即修改' }).click();
    const form = supplier.getByRole('dialog').filter({ hasText: '请修改密码后继续使用' });
    await form.getByLabel('原密码').fill(password);
    await form.getByLabel('新密码').fill('Welcome2026');
    await form.getByLabel('确认密码').fill('Welcome2026');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await supplier.getByText('修改成功!').waitFor();
    await supplier.waitForURL(/\/login/);
    await submitLogin(supplier, detail.suppCode, 'Welcome2026');
    await supplier.waitForURL('**/dashboard');
    await supplier.getByRole('banner').getByText('上海e2e优品食品有限公司').waitFor();

    // The supplier history shows its admission.
    await staff.goto('/ZeroMaster/historySupplier');
    await staff.getByLabel('关键字').fill('e2e优品');
    await staff.getByRole('button', { name: /查\s*询/ }).click();
    await staff
      .locator('[data-view="/ZeroMaster/historySupplier"] revo-grid revogr-data[type="rgRow"] .rgCell')
      .filter({ hasText: applyNo! })
      .waitFor();
  }, 180_000);
});
