// Certificates in Chromium: a supplier uploads a licence with two images and sees it 已提交, staff approve
// it; the supplier imports a sheet with one bad row and sees the row's error, and the dashboard's card
// shows the licence that expires soon; an English user downloads the English template, fills it and reads
// the check in English.
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoPng } from '../../apps/server/src/db/seed/certificates';
import { loginAs, useBrowser } from '../support/browser';
import { gridColumn } from '../support/grid';

const browser = useBrowser();
const number = 'SC10631011009999';

async function openCertificates(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: '主菜单' }).getByText('资质证照').click();
  await page.waitForURL('**/ctfType');
}

describe('certificates', () => {
  it('a supplier uploads a licence with two images and submits it; staff approve it', async () => {
    const page = await browser.page();
    await loginAs(page, '100001');
    await openCertificates(page);
    const licence = page.locator('[data-type="生产许可证"]');
    await licence.getByRole('button', { name: '更换' }).click();
    await page.waitForURL('**/ctf/upload?type=SCXK');
    const form = page.getByRole('form', { name: '更换证照' });
    await form.getByText(/将更换当前证照 SC10631011000123/).waitFor();
    await form.getByLabel('证照编号').fill(number);
    await form.getByLabel('证照名称').fill('食品生产许可证（换证）');
    await form.getByLabel('有效期至').click();
    await form.getByLabel('有效期至').fill('2031-06-30');
    await form.getByLabel('有效期至').press('Enter');
    await form.locator('input[type="file"]').setInputFiles([
      { name: '正本.png', mimeType: 'image/png', buffer: demoPng([200, 90, 90], 120, 80) },
      { name: '副本.png', mimeType: 'image/png', buffer: demoPng([90, 90, 200], 120, 80) },
    ]);
    await form.getByRole('img', { name: '正本.png' }).waitFor();
    await form.getByRole('img', { name: '副本.png' }).waitFor();
    await form.getByRole('button', { name: '保存并提交审核' }).click();
    await page.waitForURL('**/ctfType');
    const submitted = page.locator(`[data-certificate="${number}"]`);
    await submitted.getByText('已提交').waitFor();
    await expect.poll(() => submitted.locator('img').count()).toBe(2);

    const staff = await browser.page();
    await loginAs(staff, 'admin', { staff: true });
    await openCertificates(staff);
    await expect.poll(() => gridColumn<{ ctfNumber: string }>(staff.getByRole('tabpanel'), 'ctfNumber')).toContain(number);
    await staff.locator('revogr-data[type="rgRow"] [data-rgcol]').filter({ hasText: number }).click();
    await staff
      .getByRole('button', { name: /详\s*情/ })
      .first()
      .click();
    const drawer = staff.getByRole('dialog').filter({ hasText: number });
    await drawer.getByRole('button', { name: '审核通过' }).click();
    await drawer.getByText('已审核').first().waitFor();
    await drawer
      .getByText(/审核通过/)
      .last()
      .waitFor();
  }, 150_000);

  it('a supplier imports a sheet with one bad row and sees its error; the dashboard shows the expiring licence', async () => {
    const page = await browser.page();
    await loginAs(page, '100001');
    const card = page.getByLabel('资质证照提醒');
    await card.getByText(/JY13101090012345 · 剩余 1[0-9] 天/).waitFor();
    await card.getByText('即将到期').first().waitFor();

    await openCertificates(page);
    await page.getByRole('button', { name: 'Excel 导入' }).click();
    await page.waitForURL('**/ctfImport');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('证照导入');
    sheet.addRow([
      '证照类型',
      '证照编号',
      '证照名称',
      '发证机关',
      '生效日期',
      '有效期至',
      '下次年审日期',
      '商品条码',
      '商品名称',
      '批准文号',
    ]);
    sheet.addRow(['商标注册证', '第87654321号', '禾丰副商标注册证', '国家知识产权局商标局', '2024-01-01', '2034-01-01', '', '', '', '']);
    sheet.addRow(['营业执照', '', '营业执照', '', '', '2026-13-01', '', '', '', '']);
    await page.locator('input[type="file"]').setInputFiles({
      name: '证照导入.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
    });
    await page.getByText('共 2 行：通过 1 行，错误 1 行').waitFor();
    await page.getByText(/表格有错误，未导入任何数据/).waitFor();
    const errors = await gridColumn<{ errors: string }>(page.getByRole('main'), 'errors');
    expect(errors).toEqual(['通过', '证照编号：请填写证照编号；有效期至：日期「2026-13-01」无效，应为 YYYY-MM-DD']);
    await page.getByRole('button', { name: '导入有效行' }).click();
    await page.getByText(/已导入 1 条证照/).waitFor();
  }, 120_000);

  it('an English user fills the English template and reads the check in English', async () => {
    const page = await browser.page();
    await loginAs(page, '100001');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto('/ctfImport');
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Download template' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Certificate import template.xlsx');
    const template = new ExcelJS.Workbook();
    await template.xlsx.readFile((await download.path())!);
    const sheet = template.worksheets[0]!;
    expect(sheet.name).toBe('Certificates');
    expect((sheet.getRow(1).values as string[]).slice(1, 3)).toEqual(['Certificate type', 'Certificate number']);
    // The example row replaced by the user's own, with two mistakes.
    sheet.spliceRows(2, 1, ['营业执照', '', 'Business licence', '', '', '2026-13-01', '', '', '', '']);

    await page.locator('input[type="file"]').setInputFiles({
      name: 'certificates.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await template.xlsx.writeBuffer()),
    });
    await page.getByText('1 row: 0 valid, 1 with errors', { exact: true }).waitFor();
    const errors = await gridColumn<{ errors: string }>(page.getByRole('main'), 'errors');
    expect(errors).toEqual([
      'Certificate number: enter the certificate number; Valid to: date "2026-13-01" is not valid, expected YYYY-MM-DD',
    ]);
    await page.getByRole('main').getByText('Certificate number', { exact: true }).first().waitFor();
  }, 120_000);

  describe.each([
    { language: 'zh-CN', expiring: '即将到期', warn: '到期预警', successor: '待生效的新证照', back: '返回资质证照' },
    { language: 'en', expiring: 'Expiring', warn: 'Expiring', successor: 'Successor, not yet in force', back: 'Back to certificates' },
  ] as const)('in $language', ({ language, expiring, warn, successor, back }) => {
    const english = language === 'en';
    const draftNumber = `JY-E2E-${language}`;

    it('a draft licence imported beside the approved one leaves the approved one in force on the card and the dashboard', async () => {
      const page = await browser.page();
      await loginAs(page, '100001');
      if (english) await page.evaluate(() => localStorage.setItem('language', 'en'));
      await page.goto('/ctfImport');
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('sheet');
      sheet.addRow(
        english
          ? [
              'Certificate type',
              'Certificate number',
              'Certificate name',
              'Issued by',
              'Valid from',
              'Valid to',
              'Next annual review',
              'Barcode',
              'Goods name',
              'Approval number',
            ]
          : ['证照类型', '证照编号', '证照名称', '发证机关', '生效日期', '有效期至', '下次年审日期', '商品条码', '商品名称', '批准文号'],
      );
      sheet.addRow([
        english ? 'Food business licence' : '食品经营许可证',
        draftNumber,
        '食品经营许可证',
        '',
        '2026-01-01',
        '2031-01-01',
        '',
        '',
        '',
        '',
      ]);
      await page.locator('input[type="file"]').setInputFiles({
        name: 'licence.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
      });
      await page.getByText(english ? /1 certificate imported/ : /已导入 1 条证照/).waitFor();
      await page.getByRole('button', { name: back }).click();
      await page.waitForURL('**/ctfType');

      const card = page.locator('[data-type="食品经营许可证"]');
      const inForce = card.locator('[data-certificate="JY13101090012345"][data-in-force="true"]');
      await inForce.getByText(warn, { exact: true }).waitFor();
      await inForce.getByRole('img', { name: '食品经营许可证.png' }).waitFor();
      const draft = card.locator(`[data-certificate="${draftNumber}"][data-in-force="false"]`);
      await draft.getByText(successor).waitFor();
      await card.locator('.ant-card-head').getByText(expiring, { exact: true }).waitFor();
      if (english) await card.locator('.ant-card-head').getByText('Food business licence').waitFor();

      await page.goto('/dashboard');
      const reminders = page.getByLabel(english ? 'Certificate reminders' : '资质证照提醒');
      await reminders.getByText(/JY13101090012345/).waitFor();
      expect(await reminders.getByText(draftNumber).count()).toBe(0);
      // The tag and the type's name read apart.
      if (english) await reminders.getByText(/Expiring\s+Food business licence JY13101090012345/).waitFor();
    }, 150_000);

    it('opens 资质证照 with every image loaded (no export limit on thumbnails), none left spinning', async () => {
      const page = await browser.page();
      await loginAs(page, '100001');
      if (english) await page.evaluate(() => localStorage.setItem('language', 'en'));
      await page.goto('/ctfType');
      const cards = page.locator('[data-type]');
      await expect.poll(() => cards.count()).toBe(5);
      await expect
        .poll(
          () =>
            page.locator('[data-type] img').evaluateAll((images) => images.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length),
          {
            timeout: 30_000,
          },
        )
        .toBeGreaterThanOrEqual(5);
      // Every image ends loaded: a spinner still turning after the first five came is waited for, one that never
      // stops fails.
      await expect.poll(() => page.locator('[data-type] .ant-spin').count(), { timeout: 30_000 }).toBe(0);
      expect(await page.locator('.file-load-failed').count()).toBe(0);
    }, 120_000);

    it('shows qc01 no link to 供应商历史, and the page itself as forbidden (403), not missing', async () => {
      const page = await browser.page();
      await loginAs(page, 'qc01', { staff: true });
      if (english) await page.evaluate(() => localStorage.setItem('language', 'en'));
      await page.goto('/supplierApplyAudit');
      await page
        .getByRole('button', { name: english ? 'Search' : /查\s*询/ })
        .first()
        .waitFor();
      expect(await page.getByRole('link', { name: english ? 'Supplier history' : '供应商历史' }).count()).toBe(0);
      await page.goto('/ZeroMaster/historySupplier');
      await page.getByText('403', { exact: true }).waitFor();
      await page.getByText(english ? 'Sorry, you may not open this page' : '抱歉，您没有访问该页面的权限').waitFor();
      await page.goto('/no/such/page');
      await page.getByText('404', { exact: true }).waitFor();
    }, 120_000);
  });
});
