// Settlement as the audit of issue 26 walked it, in Chinese and English, with no page error or console error on
// the way: the new-bill page keeps its work across a tab switch and asks before closing drops it; the 结算单 page's
// inner tabs open no shell tab and each bill's tab carries its number; the clerk raises a charge (a barred fee
// refused; the drawer at 390 px by keyboard, axe-clean); a printed bill's footer adds up; a bill rejected and then
// settled elsewhere owes nothing, says why and can be voided.
import AxeBuilder from '@axe-core/playwright';
import { dashboard, print, settlement } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { chooseOption, expectToast, loginAs, useBrowser } from '../support/browser';
import { findDocuments, payThrough, submittedBill } from '../support/settlement';

const browser = useBrowser();
const as100001 = apiAs('100001');

const texts = {
  'zh-CN': {
    folder: '结算管理',
    bills: '结算单',
    charges: '费用明细',
    add: '新建结算单',
    editorTab: '新建结算单',
    form: '新建结算单',
    node: '结算主体',
    start: '开始日期',
    end: '结束日期',
    load: '查询可结算单据',
    pickAll: '本页全部选入',
    picked: (n: number) => `已选 ${n} 张单据`,
    detailTab: '结算单详情',
    apply: /^提\s*交$/,
    void: /^作\s*废$/,
    ok: /确\s*定/,
    reason: '原因',
    heldBy: (bill: string) => `已由结算单 ${bill} 结算`,
    close: '关闭',
    unsaved: '新建结算单 中有未保存的内容，关闭或刷新后将丢失。',
    keep: '继续编辑',
  },
  en: {
    folder: 'Settlement',
    bills: 'Settlement bills',
    charges: 'Charges',
    add: 'New bill',
    editorTab: 'New settlement bill',
    form: 'New settlement bill',
    node: 'Accounting unit',
    start: 'Start date',
    end: 'End date',
    load: 'Find documents',
    pickAll: 'Pick this page',
    picked: (n: number) => `${n} document${n === 1 ? '' : 's'} picked`,
    detailTab: 'Settlement bill',
    apply: /^Submit$/,
    void: /^Void$/,
    ok: /OK/,
    reason: 'Reason',
    heldBy: (bill: string) => `was settled by bill ${bill}`,
    close: 'Close',
    unsaved: 'The work not yet saved in New settlement bill is lost when it is closed or refreshed.',
    keep: 'Keep editing',
  },
} as const;
type Language = keyof typeof texts;

/** Critical and serious axe findings on what the page shows now (within a selector), once animations have ended. */
async function violations(page: Page, within: string): Promise<string[]> {
  await page.mouse.move(0, 0);
  await expect.poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
  const result = await new AxeBuilder({ page }).setLegacyMode(true).include(within).analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Every page error and console error of the page, to be empty at the end of a test. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (m) => {
    // A refused call is logged by the browser as a failed resource; that is the server's answer, not the page's error.
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  return errors;
}

async function signedIn(user: string, language: Language, options: { staff?: boolean } = {}) {
  const page = await browser.page();
  const errors = watchErrors(page);
  await loginAs(page, user, options);
  if (language === 'en') {
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto('/dashboard');
  }
  return { page, errors };
}

async function openMenu(page: Page, language: Language, entry: string): Promise<void> {
  const menu = page.getByRole('navigation', { name: language === 'en' ? 'Main menu' : '主菜单' });
  const item = menu.getByText(entry, { exact: true });
  if (!(await item.isVisible())) await menu.getByText(texts[language].folder, { exact: true }).click();
  await item.click();
}

const shellTabs = (page: Page, language: Language) =>
  page.getByRole('navigation', { name: language === 'en' ? 'Tabs' : '标签页' }).getByRole('tab');

describe('settlement work as the audit walked it', () => {
  for (const language of ['zh-CN', 'en'] as const) {
    const x = texts[language];

    it(`keeps the new-bill page's unit, period and ticked documents across a tab switch (${language})`, async () => {
      const { unit, query } = await findDocuments();
      const { page, errors } = await signedIn('100001', language);
      await openMenu(page, language, x.bills);
      await page.waitForURL('**/samBill');
      await page.getByRole('button', { name: x.add, exact: true }).click();
      await page.waitForURL('**/samBill/edit**');
      const head = page.getByRole('form', { name: x.form });
      await chooseOption(page, head.getByLabel(x.node), `${unit.unitCode} ${unit.unitName}`);
      await head.getByPlaceholder(x.start).click();
      await head.getByPlaceholder(x.start).fill(query.periodStart);
      await head.getByPlaceholder(x.start).press('Enter');
      await head.getByPlaceholder(x.end).fill(query.periodEnd);
      await head.getByPlaceholder(x.end).press('Enter');
      await head.getByRole('button', { name: x.load }).click();
      await page.getByRole('button', { name: x.pickAll }).click();
      const picked = page.getByText(/已选 \d+ 张单据|\d+ documents? picked/);
      const count = Number(/\d+/.exec(await picked.innerText())![0]);
      expect(count).toBeGreaterThan(0);

      // Away to the charges, and back through the editor's own tab: the work is still there.
      await openMenu(page, language, x.charges);
      await page.waitForURL('**/samCharges');
      await shellTabs(page, language).filter({ hasText: x.editorTab }).click();
      await page.waitForURL('**/samBill/edit**');
      await page.getByText(x.picked(count), { exact: true }).waitFor();
      expect(await head.getByPlaceholder(x.start).inputValue()).toBe(query.periodStart);
      await head.getByText(`${unit.unitCode} ${unit.unitName}`).waitFor();
      // Closing the tab asks before the ticked documents are dropped; 继续编辑 keeps them.
      await shellTabs(page, language).filter({ hasText: x.editorTab }).getByLabel(`${x.close} ${x.editorTab}`).click();
      const ask = page.getByRole('dialog').filter({ hasText: x.unsaved });
      await ask.getByRole('button', { name: x.keep }).click();
      await ask.waitFor({ state: 'hidden' });
      await page.getByText(x.picked(count), { exact: true }).waitFor();
      expect(errors).toEqual([]);
    }, 120_000);

    it(`shows a bill rejected and then settled and paid elsewhere as owing nothing, says why, and lets its supplier void it (${language})`, async () => {
      const { unit, query, receiving } = await findDocuments();
      const period = { periodStart: query.periodStart, periodEnd: query.periodEnd };
      const sources = [{ sourceType: 'receiving' as const, sourceId: receiving[0]!.sourceId }];
      const rejected = await submittedBill(unit.unitCode, period, sources);
      await apiAs('clerk01').call(settlement.rejectSamBill, { body: { samBillNum: rejected, reason: '缺少退货单' } });
      const other = await submittedBill(unit.unitCode, period, sources);
      await payThrough(other);
      const read = () => as100001.call(settlement.getSamBillQueryDetail, { body: { samBillNum: rejected } });
      expect((await read()).header.unpaidAmount).toBe('0.00');

      const { page, errors } = await signedIn('100001', language);
      await page.goto(`/samBill/detail?samBillNum=${rejected}`);
      await page.getByText(x.heldBy(other), { exact: false }).first().waitFor();
      // Submitting it again is refused with the bill that took the document; the confirm dialog closes.
      await page.getByRole('button', { name: x.apply }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: rejected });
      await expectToast(page, new RegExp(other), () => confirm.getByRole('button', { name: x.ok }).click());
      await confirm.waitFor({ state: 'hidden' });
      // The supplier voids it.
      await page.getByRole('button', { name: x.void }).click();
      const dialog = page.getByRole('dialog').filter({ has: page.getByLabel(x.reason) });
      await dialog.getByLabel(x.reason).fill('单据已在其他结算单结算');
      await dialog.getByRole('button', { name: x.ok }).click();
      await expect.poll(async () => (await read()).header.status).toBe('作废');
      // Unpaid money on the dashboard is the bills' own unpaid, the rejected one's counted nowhere.
      const bills = await as100001.call(settlement.querySamBillQueryList, { body: { page: 1, limit: 1000 } });
      const overview = await as100001.call(dashboard.getOverview, { query: {} });
      const cents = (v: string) => Math.round(Number(v) * 100);
      expect(cents(overview.settlement.unpaidAmount)).toBe(bills.list.reduce((sum, b) => sum + cents(b.unpaidAmount), 0));
      expect(errors).toEqual([]);
    }, 180_000);
  }

  it("opens no shell tab for the 结算单 page's inner tabs, and names each bill's tab by its number", async () => {
    const { page, errors } = await signedIn('100001', 'zh-CN');
    await openMenu(page, 'zh-CN', '结算单');
    await page.waitForURL('**/samBill');
    await shellTabs(page, 'zh-CN').filter({ hasText: '结算单' }).waitFor();
    const before = await shellTabs(page, 'zh-CN').allInnerTexts();
    for (const inner of ['合同条款', '结算单']) await page.locator('.ant-tabs').getByRole('tab', { name: inner, exact: true }).click();
    expect(await shellTabs(page, 'zh-CN').allInnerTexts()).toEqual(before);

    const bills = (await as100001.call(settlement.querySamBillQueryList, { body: { page: 1, limit: 2 } })).list;
    for (const bill of bills) {
      await page.goto(`/samBill/detail?samBillNum=${bill.samBillNum}`);
      await shellTabs(page, 'zh-CN')
        .filter({ hasText: `结算单详情 ${bill.samBillNum}` })
        .waitFor();
    }
    expect(await page.title()).toContain(`结算单详情 ${bills.at(-1)!.samBillNum}`);
    expect(errors).toEqual([]);
  }, 150_000);

  it('lets the settlement clerk raise a charge from 费用明细, refusing a fee the fair-trade rules bar', async () => {
    const { page, errors } = await signedIn('clerk01', 'zh-CN', { staff: true });
    await openMenu(page, 'zh-CN', '费用明细');
    await page.waitForURL('**/samCharges');
    await page.getByRole('button', { name: '新增费用' }).click();
    const form = page.getByRole('form', { name: '新增费用' });
    await chooseOption(page, form.getByLabel('供应商'), /100001/);
    await chooseOption(page, form.getByLabel('门店'), /S0101/);
    await form.getByLabel('费用名称').fill('店庆费 上海虹口店');
    await form.getByLabel('金额（含税）').fill('800.00');
    await form.getByLabel('合同条款').fill('合同第 6.2 条 堆头陈列费');
    await form.getByLabel('计算方式').fill('上海虹口店 端架陈列 8 天');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await form.getByText('属于零供交易公平交易管理办法禁止收取的费用').waitFor();

    const name = `堆头陈列费 上海虹口店 E2E ${Date.now() % 100000}`;
    await form.getByLabel('费用名称').fill(name);
    await expectToast(page, /费用 FY.* 已新增/, () => form.getByRole('button', { name: /保\s*存/ }).click());
    const charges = await as100001.call(settlement.getChargeList, { body: { page: 1, limit: 20, chargeName: name } });
    expect(charges.list.map((c) => [c.chargeName, c.signedAmount, c.deptCode])).toEqual([[name, '-800.00', 'S0101']]);

    // At phone width and by keyboard: the button opens the drawer, which fits the screen and is axe-clean; Escape closes it.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: '新增费用' }).focus();
    await page.keyboard.press('Enter');
    await form.waitFor();
    const box = (await page.locator('.ant-drawer-content-wrapper').filter({ has: form }).boundingBox())!;
    expect([box.x >= 0, box.x + box.width <= 390]).toEqual([true, true]);
    expect(await violations(page, '.ant-drawer-section')).toEqual([]);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
  }, 90_000);

  it("prints every line of a bill's own totals, returns and prepayment offset included, in both languages", async () => {
    const bills = (await as100001.call(settlement.querySamBillQueryList, { body: { page: 1, limit: 200 } })).list;
    const bill = bills.find((b) => b.returnAmount !== '0.00' && b.prepayAmount !== '0.00') ?? bills.find((b) => b.returnAmount !== '0.00')!;
    const record = await as100001.call(print.getSamBillPrint, { query: { billNumber: bill.samBillNum } });
    const money = (v: string) => Number(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const labels = {
      'zh-CN': ['货款', '退货', '费用', '预付款冲销', '应付金额'],
      en: ['Goods', 'Returns', 'Charges', 'Prepayment offset', 'Payable'],
    } as const;
    const fields = ['goodsAmount', 'returnAmount', 'chargeAmount', 'prepayAmount', 'payableAmount'] as const;
    for (const language of ['zh-CN', 'en'] as const) {
      const { page, errors } = await signedIn('100001', language);
      await page.goto(`/preview?type=samBill&billNumber=${bill.samBillNum}&template=SAM-A4`);
      const foot = page.locator('.print-sheet .print-foot').last();
      await foot.waitFor();
      const shown = (await foot.innerText()).replace(/\s+/g, '');
      const colon = language === 'en' ? ':' : '：';
      fields.forEach((field, i) =>
        expect(shown, language).toContain(`${labels[language][i]!.replace(/\s+/g, '')}${colon}${money(record.fields[field]!)}`),
      );
      expect(errors).toEqual([]);
    }
  }, 120_000);
});
