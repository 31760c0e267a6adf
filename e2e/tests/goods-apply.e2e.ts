// New-product applications in Chromium: a supplier submits a new product with its quality report; buyer01
// passes the 采购 step; qc01 returns it; the supplier fixes and resubmits it; both pass it; the goods item
// shows up in the goods lookup. The frame route of the merchandising system opens the same review.
import { common, goodsApply } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoPng } from '../../apps/server/src/db/seed/certificates';
import { apiAs } from '../support/api';
import { chooseOption, chooseTreeOption, expectToast, loginAs, treeOption, useBrowser } from '../support/browser';

const browser = useBrowser();
const barcode = '6923456787773';
const name = '禾丰紫菜脆片';

async function openMenu(page: Page, title: string, path: string): Promise<void> {
  await page.getByRole('navigation', { name: '主菜单' }).getByText(title, { exact: true }).click();
  await page.waitForURL(`**${path}`);
}

/** Searches the list for the barcode and opens the application's details. */
async function openApplication(page: Page, status: string): Promise<void> {
  const search = page.getByRole('form').first();
  await chooseOption(page, search.getByLabel('状态'), status);
  await search.getByLabel('名称或条码').fill(barcode);
  await search.getByRole('button', { name: /查\s*询/ }).click();
  const cell = page.locator('revogr-data[type="rgRow"] [data-rgcol]').filter({ hasText: barcode });
  await cell.first().click();
  await page.getByText(new RegExp(`已选：${name}`)).waitFor();
  await page
    .getByRole('button', { name: /详\s*情/ })
    .first()
    .click();
}

async function review(user: string, status: string, verdict: '审核通过' | '驳回', comment = ''): Promise<void> {
  const page = await browser.page();
  await loginAs(page, user, { staff: true });
  await openMenu(page, '新品申请审核', '/goodsApplyAudit');
  await page.getByText('待我审核').waitFor();
  await openApplication(page, status);
  const drawer = page.getByRole('dialog').filter({ hasText: barcode });
  if (comment) await drawer.getByLabel('审核意见').fill(comment);
  await expectToast(page, '已处理', () => drawer.getByRole('button', { name: new RegExp(verdict.split('').join('\\s*')) }).click());
  await page.close();
}

describe('a new product through review', () => {
  it('is submitted, returned by the qualification reviewer, fixed, resubmitted, approved and becomes a goods item', async () => {
    const supplier = await browser.page();
    await loginAs(supplier, '100001');
    await openMenu(supplier, '新品申请', '/goodsApply');
    await supplier.getByRole('button', { name: '新建申请' }).click();
    const form = supplier.getByRole('form', { name: '新建新品申请' });
    await form.getByLabel('商品名称').fill(name);
    await form.getByLabel('条码').fill('6923456787771');
    await form.getByLabel('规格').fill('40g');
    await form.getByText('条码校验位错误（EAN-13），应为 3').waitFor();
    await form.getByLabel('条码').fill(barcode);
    await form.getByLabel('单位').fill('袋');
    // Category and brand through the shared tree pickers: only a leaf category is a choice.
    const category = form.getByLabel('商品类别');
    await category.click();
    await category.fill('休闲');
    await treeOption(supplier, '10_休闲食品').click();
    const shown = (field: string) => form.locator(`.ant-form-item:has(label[for="${field}"]) .ant-select`).innerText();
    expect(await shown('categoryCode')).not.toContain('10_休闲食品');
    await category.fill('饼干');
    await treeOption(supplier, '1001_饼干糕点').click();
    await expect.poll(() => shown('categoryCode')).toContain('1001_饼干糕点');
    await chooseTreeOption(supplier, form.getByLabel('品牌'), 'B001', 'B001_禾丰');
    await expect.poll(() => shown('brandCode')).toContain('B001_禾丰');
    await form.getByLabel('含税进价').fill('4.125');
    await form.getByLabel('建议售价').fill('3.90');
    await form.getByLabel('保质期(天)').fill('240');
    await form.getByLabel('产地').fill('上海');
    await form.getByRole('button', { name: '提交审核' }).click();
    await form.getByText('建议售价不能低于含税进价').waitFor();
    await form.getByLabel('建议售价').fill('5.90');
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: '质检报告.png', mimeType: 'image/png', buffer: demoPng([80, 160, 90], 120, 80) });
    await form.getByText('质检报告.png').first().waitFor();
    await expectToast(supplier, '已提交审核', () => form.getByRole('button', { name: '提交审核' }).click());
    await form.waitFor({ state: 'detached' });
    await supplier.close();

    await review('buyer01', '已提交', '审核通过', '价格合理');
    await review('qc01', '资质审核', '驳回', '质检报告缺少微生物指标');

    const again = await browser.page();
    await loginAs(again, '100001');
    await openMenu(again, '新品申请', '/goodsApply');
    const row = again.locator('revogr-data[type="rgRow"] [data-rgcol]').filter({ hasText: barcode });
    await row.first().click();
    await again.locator('revogr-data[type="rgRow"] [data-rgcol]').filter({ hasText: '质检报告缺少微生物指标' }).first().waitFor();
    await again.getByRole('button', { name: /编\s*辑/ }).click();
    const edit = again.getByRole('form', { name: /编辑新品申请/ });
    await edit.getByLabel('规格').fill('45g');
    await edit
      .locator('input[type="file"]')
      .setInputFiles({ name: '质检报告(含微生物).png', mimeType: 'image/png', buffer: demoPng([80, 90, 160], 120, 80) });
    await edit.getByText('质检报告(含微生物).png').first().waitFor();
    await expectToast(again, '已提交审核', () => edit.getByRole('button', { name: '提交审核' }).click());
    await again.close();

    await review('buyer01', '已提交', '审核通过');
    await review('qc01', '资质审核', '审核通过', '资料齐全');

    const goods = await apiAs('100001').call(common.getGoodInfo, { body: { keyword: barcode } });
    expect(goods.list).toEqual([
      expect.objectContaining({ barcode, goodsName: name, spec: '45g', price: '4.125000', retailPrice: '5.90' }),
    ]);
    const done = await browser.page();
    await loginAs(done, '100001');
    await openMenu(done, '新品申请', '/goodsApply');
    await done.locator('revogr-data[type="rgRow"] [data-rgcol]').filter({ hasText: barcode }).first().click();
    await done.getByRole('button', { name: /详\s*情/ }).click();
    const drawer = done.getByRole('dialog').filter({ hasText: barcode });
    await drawer.getByText(goods.list[0]!.goodsCode).waitFor();
    await drawer.getByText(/资质审核驳回/).waitFor();
    await drawer.getByText('质检报告缺少微生物指标').first().waitFor();
  }, 600_000);

  it('is withdrawn from review and can then be edited or deleted without picking it again', async () => {
    const api = apiAs('100001');
    const licence = (await api.call(goodsApply.getLinkableCtfs)).find((c) => c.typeName === '营业执照')!;
    const form = {
      goodsName: '禾丰海苔卷',
      barcode: '6923456787797',
      spec: '30g',
      unit: '袋',
      caseQty: 24,
      categoryCode: '1001',
      brandCode: 'B001',
    };
    const sent = await api.call(goodsApply.startErpProcessWithForm, {
      body: {
        processKey: 'goodsApply',
        form: { ...form, price: '3.200000', retailPrice: '4.90', taxRate: '13', shelfLifeDays: 180, origin: '上海', ctfIds: [licence.id] },
      },
    });
    const page = await browser.page();
    await loginAs(page, '100001');
    await openMenu(page, '新品申请', '/goodsApply');
    await page.locator('revogr-data[type="rgRow"] [data-rgcol]').filter({ hasText: sent.applyNo }).first().click();
    await page.getByText(`已选：禾丰海苔卷（${sent.applyNo}）`).waitFor();
    await page.getByRole('button', { name: /撤\s*回/ }).click();
    await expectToast(page, '已撤回', () =>
      page
        .getByRole('dialog')
        .getByRole('button', { name: /确\s*定/ })
        .click(),
    );
    // The picked application now stands as a draft: edit and delete are open, withdraw is not.
    await expect.poll(() => page.getByRole('button', { name: /删\s*除/ }).isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: /编\s*辑/ }).isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: /撤\s*回/ }).isEnabled()).toBe(false);
    await page.getByRole('button', { name: /删\s*除/ }).click();
    await expectToast(page, '已删除', () =>
      page
        .getByRole('dialog')
        .getByRole('button', { name: /确\s*定/ })
        .click(),
    );
    expect((await api.send(goodsApply.getApplyDetail, { query: { applyNo: sent.applyNo } })).status).toBe(404);
  });

  it('opens the same review at the frame route of the merchandising system', async () => {
    const page = await browser.page();
    await loginAs(page, 'buyer01', { staff: true, to: '/goodsApplyAduitFromRmc' });
    await page.getByText('待我审核').waitFor();
    await page.getByText(/采购审核：\d+ 条待审核/).waitFor();
  });

  it('opens the frame route inside the merchandising system, signed in by the identity cookie alone', async () => {
    const page = await browser.page();
    await loginAs(page, 'buyer01', { staff: true });
    // The portal's own session is gone; only the identity provider's cookie remains, as in the merchandising system.
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies({ name: 'Admin-Token' });
    await page.route('**/rmc-host', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><iframe id="rmc" src="/goodsApplyAduitFromRmc" style="width:1200px;height:700px"></iframe>',
      }),
    );
    await page.goto('/rmc-host');
    const frame = page.frameLocator('#rmc');
    await frame.getByText(/采购审核：\d+ 条待审核/).waitFor();
    expect(await frame.getByRole('navigation', { name: '主菜单' }).count()).toBe(0);
  });
});
