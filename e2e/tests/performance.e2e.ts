// Supplier performance in Chromium: 100001 opens 供应商绩效 from the menu (zh-CN) and sees its year's figures as the
// server answers them, the trend charts and the months' table; admin opens the ranking in English, sees the
// suppliers in the server's OTIF order. PERF_SHOTS=<dir> also saves
// screenshots of both screens at 1440 and 390 px.
import { performance } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { loginAs, useBrowser } from '../support/browser';
import { gridColumn, gridRows } from '../support/grid';

const browser = useBrowser();
const shots = process.env.PERF_SHOTS;

async function shoot(page: Page, name: string) {
  if (!shots) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('supplier performance', () => {
  it('shows 100001 its own year (zh-CN) as the server answers it', async () => {
    const page = await browser.page();
    await loginAs(page, '100001');
    await page.getByRole('navigation', { name: '主菜单' }).getByText('供应商绩效').click();
    await page.waitForURL('**/supplierPerformance');
    const data = await apiAs('100001').call(performance.getSupplierPerformance, { query: {} });
    expect(data.year.lines).toBeGreaterThan(0);
    const otif = page.locator('.ant-statistic').filter({ has: page.getByText('准时足量率 OTIF', { exact: true }) });
    await expect
      .poll(() => otif.locator('.ant-statistic-content').innerText())
      .toBe(data.year.otifRate === null ? '—' : `${data.year.otifRate}%`);
    const months = page.getByRole('region', { name: '近 12 个月绩效表' });
    await expect.poll(() => gridColumn(months, 'month')).toEqual(data.months.map((m) => m.month));
    expect((await gridRows<{ otifRate: string | null }>(months)).map((r) => r.otifRate ?? null)).toEqual(
      data.months.map((m) => m.otifRate),
    );
    await page.getByRole('img', { name: '准时足量交付率（OTIF）趋势图' }).waitFor();
    await shoot(page, 'supplier-performance-zh');
  });

  it('ranks the suppliers for admin (en) by OTIF', async () => {
    const page = await browser.page();
    await loginAs(page, 'admin', { staff: true });
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto('/performanceRanking');
    const grid = page.getByRole('region', { name: 'Supplier performance ranking' });
    const now = new Date(Date.now() + 8 * 3_600_000);
    const month = (back: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
    const answer = await apiAs('admin').call(performance.getPerformanceRanking, {
      body: { startMonth: month(2), endMonth: month(0), limit: 20 } as never,
    });
    expect(answer.total).toBeGreaterThan(1);
    await expect.poll(() => gridColumn(grid, 'suppCode')).toEqual(answer.list.map((r) => r.suppCode));
    await shoot(page, 'performance-ranking-en');
  });
});
