// 数据导入 and 接口日志 in Chromium, in both languages: staff download the purchase-order template in the page's
// language, fill it (exceljs, as the server writes it) with a two-line order and a row naming unknown goods,
// check it and read the report (the bad row named by row, column and reason), import it; supplier 100001 then
// sees the new order in 采购订单. A receiving bill imported the same way shows in 验收统计. The log lists the
// imports and opens a batch's refusals. Both pages are axe-clean at 1440 and 390 px (screenshots in e2e/.tmp).
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { businessDay, integration } from '@portal/contract';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs, useBrowser } from '../support/browser';
import { gridColumn, gridRows } from '../support/grid';

const browser = useBrowser();
const shots = `${import.meta.dirname}/../.tmp`;
const today = businessDay(new Date());

type Language = 'zh-CN' | 'en';

const words = {
  'zh-CN': {
    menu: '数据导入',
    log: '接口日志',
    template: '中文模板',
    checked: '检查完成：3 行，2 个单据，通过 1 个，有问题 1 个',
    importButton: '导入通过检查的 1 个单据',
    imported: '导入完成：新增 1，更新 0，未变 0，过期版本 0，拒绝 1',
    reason: '商品编码 NOSUCH 不存在',
    column: '商品编码',
    grid: '检查报告',
    entity: '业务对象',
    receiving: '验收单',
    receivingChecked: '检查完成：1 行，1 个单据，通过 1 个，有问题 0 个',
    receivingImport: '导入通过检查的 1 个单据',
    logGrid: '接口日志列表',
    view: '查看拒绝明细',
  },
  en: {
    menu: 'Data import',
    log: 'Integration log',
    template: 'English template',
    checked: 'Checked: 3 rows, 2 documents, 1 passed, 1 with problems',
    importButton: 'Import the document that passed',
    imported: 'Imported: 1 created, 0 updated, 0 unchanged, 0 stale, 1 refused',
    reason: 'Unknown goods code NOSUCH',
    column: 'Goods code',
    grid: 'Check report',
    entity: 'Entity',
    receiving: 'Receiving bills',
    receivingChecked: 'Checked: 1 rows, 1 documents, 1 passed, 0 with problems',
    receivingImport: 'Import the document that passed',
    logGrid: 'Integration log',
    view: 'View refusals',
  },
} as const;

/** Critical and serious axe violations of what the page shows now, by rule and target. */
async function axe(page: Page): Promise<string[]> {
  await expect.poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
  const result = await new AxeBuilder({ page }).setLegacyMode(true).exclude('iframe').analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

async function shootBothWidths(page: Page, name: string): Promise<void> {
  fs.mkdirSync(shots, { recursive: true });
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    // What the user reads at rest: no pointer over a button, nothing focused by the last click.
    await page.mouse.move(0, height - 1);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    expect(await axe(page), `${name} at ${width} px`).toEqual([]);
    if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function signIn(page: Page, user: string, language: Language, staff: boolean): Promise<void> {
  await loginAs(page, user, { staff });
  if (language === 'en') {
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
  }
}

async function fileOf(workbook: ExcelJS.Workbook, name: string) {
  return {
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}

describe.each(['zh-CN', 'en'] as const)('data import in %s', (language) => {
  const w = words[language];
  const orderKey = `E2E-IMP-${language === 'en' ? 'EN' : 'ZH'}`;
  const receivingKey = `E2E-RCV-${language === 'en' ? 'EN' : 'ZH'}`;

  it('staff fill the template, check and import it; supplier 100001 sees the order; the log lists the import', async () => {
    const page = await browser.page();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin', language, true);
    await page.getByRole('navigation').getByText(w.menu, { exact: true }).click();
    await page.waitForURL('**/integrationImport');

    // The template in the page's language, filled as a user would: the example row replaced by the order's lines.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: w.template }).click()]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.worksheets[0]!;
    const columns = integration.importEntityOf('purchase-orders')!.columns;
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual(columns.map((c) => (language === 'en' ? c.titleEn : c.title)));
    const row = (cells: Record<string, string>) => columns.map((c) => cells[c.path] ?? '');
    const head = { supplierCode: '100001', storeCode: 'S0101', orderDate: today, deliveryDate: today };
    sheet.spliceRows(
      2,
      1,
      row({
        key: orderKey,
        ...head,
        'lines.lineNo': '1',
        'lines.goodsCode': '600101',
        'lines.qty': '24',
        'lines.price': '8.5',
        'lines.amount': '204.00',
      }),
      row({
        key: orderKey,
        ...head,
        'lines.lineNo': '2',
        'lines.goodsCode': '600102',
        'lines.qty': '12',
        'lines.price': '6.8',
        'lines.amount': '81.60',
      }),
      row({
        key: `${orderKey}-BAD`,
        ...head,
        'lines.lineNo': '1',
        'lines.goodsCode': 'NOSUCH',
        'lines.qty': '1',
        'lines.price': '1',
        'lines.amount': '1.00',
      }),
    );
    await page.locator('input[type="file"]').setInputFiles(await fileOf(workbook, 'orders.xlsx'));
    await page.getByText(w.checked, { exact: true }).waitFor();
    const report = page.getByRole('region', { name: w.grid });
    const lines = await gridRows<{ row: number; key: string; outcome: string; column: string; reason: string }>(report);
    expect(lines.map((l) => [l.row, l.key, l.outcome, l.column, l.reason])).toEqual([
      [4, `${orderKey}-BAD`, 'refused', w.column, w.reason],
      [2, orderKey, 'valid', '', ''],
    ]);
    await shootBothWidths(page, `import-checked-${language}`);

    await page.getByRole('button', { name: w.importButton }).click();
    await page.getByText(w.imported, { exact: true }).waitFor();

    // A receiving bill of the order, imported the same way.
    const entity = page.getByLabel(w.entity);
    await entity.click();
    await page.locator('.ant-select-item-option').filter({ hasText: w.receiving }).first().click();
    const rcvColumns = integration.importEntityOf('receiving')!.columns;
    const rcv = new ExcelJS.Workbook();
    const rcvSheet = rcv.addWorksheet('import');
    rcvSheet.addRow(rcvColumns.map((c) => (language === 'en' ? c.titleEn : c.title)));
    const rcvCells: Record<string, string> = {
      key: receivingKey,
      supplierCode: '100001',
      storeCode: 'S0101',
      date: today,
      purchaseOrder: orderKey,
      'lines.lineNo': '1',
      'lines.goodsCode': '600101',
      'lines.qty': '20',
      'lines.price': '8.5',
      'lines.amount': '170.00',
    };
    rcvSheet.addRow(rcvColumns.map((c) => rcvCells[c.path] ?? ''));
    await page.locator('input[type="file"]').setInputFiles(await fileOf(rcv, 'receiving.xlsx'));
    await page.getByText(w.receivingChecked, { exact: true }).waitFor();
    await page.getByRole('button', { name: w.receivingImport }).click();
    await page.getByText(/^(导入完成：新增 1|Imported: 1 created)/).waitFor();

    // The log: the two imports, newest first, by the admin; the order import's refusal in its drawer.
    await page.getByRole('navigation').getByText(w.log, { exact: true }).click();
    await page.waitForURL('**/integrationLog');
    const log = page.getByRole('region', { name: w.logGrid });
    await expect
      .poll(async () => (await gridRows<{ source: string; entity: string }>(log)).slice(0, 2).map((r) => r.entity))
      .toEqual(['receiving', 'purchase-orders']);
    const rows = await gridRows<{ sender: string; refused: number }>(log);
    expect(rows[1]).toMatchObject({ sender: '系统管理员 (admin)', refused: 1 });
    // The order import's row (the second): its sender cell.
    await log.locator('revogr-data[type="rgRow"] [data-rgcol]').filter({ hasText: '(admin)' }).nth(1).click();
    await page.getByRole('button', { name: w.view }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText(w.reason).waitFor();
    await drawer.getByText(`${orderKey}-BAD`).waitFor();
    await page.keyboard.press('Escape');
    await shootBothWidths(page, `log-${language}`);

    // Supplier 100001 sees the order in 采购订单 and the receiving in 验收统计.
    const supplier = await browser.page();
    await signIn(supplier, '100001', language, false);
    await supplier.goto('/purOrder');
    const orders = supplier.getByRole('region', { name: language === 'en' ? 'Purchase orders' : '采购订单列表' });
    await expect.poll(() => gridColumn<{ billNumber: string }>(orders, 'billNumber')).toContain(orderKey);
    await supplier.goto('/acceptance');
    const received = supplier.getByRole('region', { name: language === 'en' ? 'Receiving lines' : '验收明细' });
    await expect.poll(() => gridColumn<{ billNumber: string }>(received, 'billNumber')).toContain(receivingKey);
  }, 240_000);
});
