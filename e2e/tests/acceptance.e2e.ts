// Receiving statistics in Chromium: the supplier narrows the range and the stores, the totals on screen
// are the server's and add up from the lines, the summary follows the chosen grouping, the lines sort on
// the server, both exports download files that match the totals, a refused export saves nothing and says
// '调用接口异常', and a child account without the export button sees no export buttons; the lines grid finds, says it
// is read-only on replace, and filters by any column on the server.
import fs from 'node:fs';
import { type AccCondition, acceptance, businessDay } from '@portal/contract';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { chooseOption, loginAs, selectOption, useBrowser } from '../support/browser';
import { gridColumn, gridRows } from '../support/grid';

const browser = useBrowser();
const totalFields = ['billCount', 'lineCount', 'qty', 'amountExcl', 'tax', 'amount'] as const;
type Totals = Record<(typeof totalFields)[number], string>;
const titles: Record<(typeof totalFields)[number], string> = {
  billCount: '验收单数',
  lineCount: '明细行数',
  qty: '验收数量',
  amountExcl: '不含税金额',
  tax: '税额',
  amount: '含税金额',
};

const dataCells = (page: Page, grid: string) => page.getByRole('region', { name: grid }).locator('revogr-data[type="rgRow"] [data-rgcol]');

async function openPage(page: Page, account: string): Promise<void> {
  await loginAs(page, account);
  const menu = page.getByRole('navigation', { name: '主菜单' });
  await menu.getByText('报表查询').click();
  await menu.getByText('验收统计').click();
  await page.waitForURL('**/acceptance');
  await page.getByRole('region', { name: '验收合计' }).waitFor();
}

/** An exact decimal without separators, currency sign or trailing zeros: "¥26,005.30" and "26005.3" read alike. */
function plain(text: string): string {
  const bare = text.replace(/[¥,\s]/g, '');
  return bare.includes('.') ? bare.replace(/\.?0+$/, '') : bare;
}

/** The six figures as the page shows them, made plain. */
async function shownTotals(page: Page): Promise<Totals> {
  const region = page.getByRole('region', { name: '验收合计' });
  if (await region.getAttribute('aria-busy')) return {} as Totals;
  const entries = await Promise.all(
    totalFields.map(async (field) => {
      const stat = region.locator('.ant-statistic').filter({ has: page.getByText(titles[field], { exact: true }) });
      return [field, plain(await stat.locator('.ant-statistic-content').innerText())] as const;
    }),
  );
  return Object.fromEntries(entries) as Totals;
}

/** Calls as the supplier the page signs in as (its own API session), typed by the contract. */
const as100001 = apiAs('100001');

const serverTotals = async (condition: AccCondition): Promise<Totals> => {
  const data = await as100001.call(acceptance.getAccCountSumByCondition, { body: condition });
  return Object.fromEntries(totalFields.map((f) => [f, plain(String(data[f]))])) as Totals;
};

/** Sum of decimal strings in integer hundredths (BigInt): exact whatever the size. */
function sumCents(values: string[]): bigint {
  return values.reduce((sum, v) => {
    const [whole, frac = ''] = v.replace('-', '').split('.');
    const cents = BigInt(whole! + frac.padEnd(2, '0').slice(0, 2));
    return sum + (v.startsWith('-') ? -cents : cents);
  }, 0n);
}
const centsOf = (value: string) => sumCents([value]);

/** The date a day offset from today, as the browser's date picker writes it. */
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('sv-SE');

async function setRange(page: Page, start: string, end: string): Promise<void> {
  const startInput = page.getByPlaceholder('开始日期');
  await startInput.click();
  await startInput.fill(start);
  await startInput.press('Enter');
  const endInput = page.getByPlaceholder('结束日期');
  await endInput.fill(end);
  await endInput.press('Enter');
  await expect.poll(() => startInput.inputValue()).toBe(start);
  await expect.poll(() => endInput.inputValue()).toBe(end);
}

async function visibleGroups(page: Page): Promise<string[]> {
  return gridColumn<{ groupKey: string }>(page.getByRole('region', { name: '验收汇总' }), 'groupKey');
}

describe('receiving statistics', () => {
  it(
    "shows the server's totals for the filters, groups by the chosen dimension, sorts lines and exports files that match",
    { timeout: 240_000 },
    async () => {
      const page = await browser.page();
      await openPage(page, '100001');

      // The form opens on this month of the retailer's business day, whatever the browser's clock zone.
      const today = businessDay(new Date());
      await expect.poll(() => page.getByPlaceholder('开始日期').inputValue()).toBe(`${today.slice(0, 8)}01`);
      await expect.poll(() => page.getByPlaceholder('结束日期').inputValue()).toBe(today);

      // Ninety days up to today, then one store of them.
      const range = { startDate: isoDay(-89), endDate: isoDay(0) };
      await setRange(page, range.startDate, range.endDate);
      await page.getByRole('button', { name: /查\s*询/ }).click();
      const wide = await serverTotals(range);
      expect(Number(wide.lineCount)).toBeGreaterThan(0);
      await expect.poll(() => shownTotals(page), { timeout: 30_000 }).toEqual(wide);

      // The biggest store by amount heads the summary (grouped by store by default).
      await expect.poll(() => visibleGroups(page), { timeout: 30_000 }).not.toEqual([]);
      const store = (await visibleGroups(page))[0]!;
      const stores = page.getByRole('combobox', { name: /^门店/ });
      await stores.click();
      await stores.fill(store);
      await selectOption(page, store).click();
      await stores.press('Escape');
      await page.getByRole('button', { name: /查\s*询/ }).click();
      const condition: AccCondition = { ...range, deptCodes: [store] };
      const totals = await serverTotals(condition);
      expect(Number(totals.lineCount)).toBeLessThanOrEqual(Number(wide.lineCount));
      await expect.poll(() => shownTotals(page), { timeout: 30_000 }).toEqual(totals);
      await expect.poll(() => visibleGroups(page)).toEqual([store]);

      // The totals add up from the lines, to the cent.
      const lines: { amount: string; accDate: string }[] = [];
      for (let pageNo = 1; ; pageNo++) {
        const part = await as100001.call(acceptance.getAccDetailInfo, { body: { ...condition, page: pageNo, limit: 1000 } });
        lines.push(...part.list);
        if (lines.length >= part.total || part.list.length === 0) break;
      }
      expect(lines.length).toBe(Number(totals.lineCount));
      expect(sumCents(lines.map((l) => l.amount))).toBe(centsOf(totals.amount));
      await expect.poll(() => page.getByText(`共 ${totals.lineCount} 条`).count()).toBeGreaterThan(0);

      // Grouped by brand: the server's brands, in its order, whose amounts add up to the total.
      await page.getByRole('radiogroup', { name: '汇总方式' }).getByText('品牌', { exact: true }).click();
      await expect.poll(() => page.getByRole('radio', { name: '品牌' }).isChecked()).toBe(true);
      const brands = await as100001.call(acceptance.getAccCountByCondition, {
        body: { ...condition, groupBy: 'brand', page: 1, limit: 10 },
      });
      await expect.poll(() => visibleGroups(page), { timeout: 30_000 }).toEqual(brands.list.map((b) => b.groupKey));
      await page.getByRole('region', { name: '验收汇总' }).getByRole('button', { name: '品牌编码 筛选' }).waitFor();
      if (brands.total <= 10) expect(sumCents(brands.list.map((b) => b.amount))).toBe(centsOf(totals.amount));

      // Lines sorted on the server by receiving date, oldest first.
      const sorted = page.waitForResponse(
        (r) =>
          r.url().endsWith(acceptance.getAccDetailInfo.path) &&
          (JSON.parse(r.request().postData() ?? '{}') as { sort?: { field: string; order: string } }).sort?.field === 'accDate',
      );
      await page.getByRole('region', { name: '验收明细' }).getByRole('button', { name: '验收日期 筛选' }).click();
      await page
        .getByRole('dialog', { name: '验收日期 筛选' })
        .getByRole('button', { name: /升\s*序/ })
        .click();
      const body = (await (await sorted).json()) as { data: { list: { accDate: string }[] } };
      const oldest = lines.map((l) => l.accDate).sort()[0]!;
      expect(body.data.list[0]!.accDate).toBe(oldest);
      await expect.poll(() => dataCells(page, '验收明细').filter({ hasText: oldest }).count()).toBeGreaterThan(0);

      // Receiving numbers sort newest first only (issue #34): their menu offers 降序 and no 升序.
      await page.getByRole('region', { name: '验收明细' }).getByRole('button', { name: '验收单号 筛选' }).click();
      const billMenu = page.getByRole('dialog', { name: '验收单号 筛选' });
      await billMenu.getByRole('button', { name: /降\s*序/ }).waitFor();
      expect(await billMenu.getByRole('button', { name: /升\s*序/ }).count()).toBe(0);
      if (process.env.SHOT_DIR) await page.screenshot({ path: `${process.env.SHOT_DIR}/bill-menu.png` });
      await page.keyboard.press('Escape');
      await billMenu.waitFor({ state: 'hidden' });

      // CSV: the export's heading, one row per line of the totals.
      const [csv] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        page.getByRole('button', { name: '导出CSV' }).click(),
      ]);
      expect(csv.suggestedFilename()).toBe(`验收明细_${range.startDate.replaceAll('-', '')}_${range.endDate.replaceAll('-', '')}.csv`);
      const text = fs.readFileSync((await csv.path())!, 'utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      const rows = parse(text, { bom: true }) as string[][];
      expect(rows[0]).toEqual(acceptance.accDetailColumns.map((c) => c.title));
      expect(rows.length - 1).toBe(Number(totals.lineCount));
      const amountAt = rows[0]!.indexOf('含税金额');
      expect(sumCents(rows.slice(1).map((r) => r[amountAt]!))).toBe(centsOf(totals.amount));
      await page.getByText(/已导出 验收明细_.*\.csv/).waitFor();

      // Excel: an .xlsx workbook (a zip).
      const [xlsx] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        page.getByRole('button', { name: '导出Excel' }).click(),
      ]);
      expect(xlsx.suggestedFilename()).toMatch(/^验收明细_\d{8}_\d{8}\.xlsx$/);
      const bytes = fs.readFileSync((await xlsx.path())!);
      expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
      expect(bytes.length).toBeGreaterThan(1000);
    },
  );

  it('saves nothing and says 调用接口异常 when the server refuses the export', async () => {
    const page = await browser.page();
    await openPage(page, '100001');
    let downloads = 0;
    page.on('download', () => downloads++);
    // More than three years: the server answers its error envelope instead of a file.
    await setRange(page, isoDay(-4 * 366), isoDay(0));
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.getByText('查询区间不能超过 3 年').first().waitFor();
    const refused = page.waitForResponse((r) => r.url().endsWith(acceptance.exportCsv.path));
    await page.getByRole('button', { name: '导出CSV' }).click();
    expect((await refused).status()).toBe(400);
    await page.locator('.ant-message-warning').filter({ hasText: '调用接口异常' }).waitFor();
    expect(downloads).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: '导出CSV' }).isEnabled()).toBe(true);
  });

  it('shows a child account without the export button no export buttons', async () => {
    const page = await browser.page();
    const buttons = page.waitForResponse((r) => r.url().includes('getAuthBtnList') && (r.request().postData() ?? '').includes('ms0021'), {
      timeout: 60_000,
    });
    await openPage(page, '100001-01');
    expect(((await (await buttons).json()) as { content: { result: string[] } }).content.result).not.toContain('export');
    // The page works for the child: the lines have been counted.
    await page
      .getByText(/共 \d+ 条/)
      .last()
      .waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: /导出/ }).count()).toBe(0);
  });

  it('draws the read-only report grids on white, not on the grey of disabled cells', async () => {
    const page = await browser.page();
    await openPage(page, '100001');
    const cell = page.locator('revogr-data[type="rgRow"] .rgCell').first();
    await cell.waitFor({ timeout: 30_000 });
    const background = await cell.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(['rgba(0, 0, 0, 0)', 'rgb(255, 255, 255)']).toContain(background);
  });

  it('finds in the lines grid, says it is read-only on replace, and filters any column on the server', async () => {
    const page = await browser.page();
    await openPage(page, '100001');
    const grid = page.getByRole('region', { name: '验收明细' });
    await dataCells(page, '验收明细').first().waitFor({ timeout: 30_000 });
    const name = (await gridRows<{ goodsName: string }>(grid))[0]!.goodsName;

    // The goods name's column menu has the filter: the server answers that goods' lines only.
    const filtered = page.waitForResponse(
      (r) =>
        r.url().endsWith(acceptance.getAccDetailInfo.path) &&
        (JSON.parse(r.request().postData() ?? '{}') as { filters?: Record<string, unknown> }).filters?.goodsName !== undefined,
    );
    await grid.getByRole('button', { name: '商品名称 筛选' }).click();
    const menu = page.getByRole('dialog', { name: '商品名称 筛选' });
    await chooseOption(page, menu.getByLabel('筛选条件'), '等于');
    await menu.getByLabel('筛选值').fill(name);
    await menu.getByLabel('筛选值').press('Enter');
    expect((await filtered).status()).toBe(200);
    await expect.poll(async () => [...new Set(await gridColumn<{ goodsName: string }>(grid, 'goodsName'))]).toEqual([name]);

    // Find all finds the goods; the replace tab says the grid is read-only and offers no replacing.
    await dataCells(page, '验收明细').first().click();
    await page.keyboard.press('Control+h');
    const dialog = page.getByRole('dialog', { name: '查找和替换' });
    const panel = dialog.getByRole('tabpanel');
    await panel.getByRole('status').getByText('此表格为只读，不能替换').waitFor();
    expect(await panel.getByRole('button', { name: '全部替换' }).isDisabled()).toBe(true);
    expect(await panel.getByRole('button', { name: /^替\s*换$/ }).isDisabled()).toBe(true);
    await panel.getByLabel('查找内容').fill(name);
    await panel.getByRole('button', { name: '查找全部' }).click();
    await dialog.getByText(/共找到 \d+ 个单元格/).waitFor();
    expect(await page.getByText('未找到匹配的单元格').count()).toBe(0);
  }, 180_000);
});
