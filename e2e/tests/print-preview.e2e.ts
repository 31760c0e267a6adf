// Print preview in Chromium: a supplier prints a purchase order from its detail page through /preview (no shell)
// with a chosen template; what is on screen and on paper (page.pdf: page size, page count, text per page) is the
// server's record in that template, the header and page numbers on every page of a bill that runs over pages;
// another supplier's record is refused; the titled previews show price adjustments and goods changes; English,
// down to the template's name, the record's states and document types and the signature line.
import { common, print, purchaseOrder, settlement } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { loginAs, selectOption, useBrowser } from '../support/browser';
import { foldText, pdfPages } from '../support/pdf';

const browser = useBrowser();
const as100001 = apiAs('100001');

const money = (value: string) => Number(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const squeeze = (text: string) => text.replace(/\s+/g, '');

/** The text of each sheet on screen, white space removed (labels and values sit in separate boxes). */
async function sheetTexts(page: Page): Promise<string[]> {
  const texts = await page.locator('.print-sheet').evaluateAll((sheets) => sheets.map((s) => (s as HTMLElement).innerText));
  return texts.map(squeeze);
}

async function chooseTemplate(page: Page, name: string): Promise<void> {
  await page.getByLabel('打印模板').click();
  await selectOption(page, name).click();
}

/** The paper the sheets on screen are drawn on (the same render writes the @page rule the PDF takes). */
async function paperOnScreen(page: Page): Promise<string> {
  const sheet = page.locator('.print-sheet').first();
  return sheet.evaluate(
    (el) => `${(el as HTMLElement).style.getPropertyValue('--paper-w')} x ${(el as HTMLElement).style.getPropertyValue('--paper-h')}`,
  );
}

describe('print preview', () => {
  it('prints a purchase order from its detail page with a chosen template, on screen and on paper', async () => {
    const orders = (await as100001.call(purchaseOrder.getPurOrderPage, { body: { page: 1, limit: 50 } })).list;
    const order = [...orders].sort((a, b) => b.lineCount - a.lineCount)[0]!;
    const record = await as100001.call(print.getPurOrderPrint, { query: { billNumber: order.billNumber } });
    const templates = await as100001.call(common.getPrintTemplateAll, { query: { printTypeCode: 'purOrder' } });
    expect(templates.map((x) => x.templateCode)).toEqual(expect.arrayContaining(['PO-A4', 'PO-A5', 'PO-241']));

    const page = await browser.page();
    await loginAs(page, '100001', { to: `/purOrder/detail?billNumber=${order.billNumber}` });
    const [preview] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: /打\s*印/ }).click()]);
    const p = preview!;
    await p.locator('.print-sheet').first().waitFor();
    // Without the shell: no menu, no top bar, no tabs.
    expect(await p.getByRole('navigation', { name: '主菜单' }).count()).toBe(0);
    expect(await p.title()).toBe(`采购订单 ${order.billNumber}`);

    // The default template (A4 portrait): the company, the title, the header fields, every line, the totals, page 1 of 1.
    expect(await p.locator('.print-toolbar').innerText()).toContain('采购订单（A4 纵向）');
    let sheet = (await sheetTexts(p))[0] ?? '';
    for (const text of [
      '华联优选超市(上海)有限公司',
      '采购订单',
      `订单号：${order.billNumber}`,
      `供应商：${order.suppName}`,
      `收货门店：${order.deptName}`,
    ])
      expect(sheet).toContain(squeeze(text));
    for (const line of record.lines) expect(sheet).toContain(squeeze(line.goodsName ?? ''));
    expect(sheet).toContain(squeeze(`合计金额：${money(order.totalAmount)}`));
    expect(sheet).toContain(squeeze('第 1 页 / 共 1 页'));
    expect(sheet).toContain(squeeze('供应商签字：'));
    await p.getByText('共 1 页', { exact: true }).waitFor();
    const rows = p.locator('.print-sheet .print-lines tbody tr');
    expect(await rows.count()).toBe(record.lines.length);
    expect(await rows.first().locator('td').last().innerText()).toBe(money(record.lines[0]!.amount ?? ''));

    // Another template: its own title (with the bill number filled in), columns and paper.
    await chooseTemplate(p, '采购订单（A5 横向，送货随附）');
    await expect.poll(() => p.locator('.print-sheet .print-title').first().innerText()).toBe(`采购订单 ${order.billNumber}`);
    expect(new URL(p.url()).searchParams.get('template')).toBe('PO-A5');
    const heads = await p.locator('.print-sheet').first().locator('thead th').allInnerTexts();
    expect(heads).toEqual(['行号', '条码', '商品名称', '单位', '订货数量', '已到货']);
    sheet = (await sheetTexts(p))[0] ?? '';
    expect(sheet).toContain(squeeze(`${order.deptName} 收货人签字：`));
    expect(sheet).not.toContain(squeeze('含税进价'));

    // Print goes to the browser's dialog, as does "save as PDF".
    await p.evaluate(() => {
      const w = window as unknown as { printed: number };
      w.printed = 0;
      window.print = () => void (w.printed += 1);
    });
    await p.getByRole('button', { name: /打\s*印/ }).click();
    await p.getByRole('button', { name: '另存为 PDF' }).click();
    expect(await p.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(2);

    // On paper: the toolbar gone, A5 landscape from @page, one page holding the order and its page number.
    await expect.poll(() => paperOnScreen(p)).toBe('210mm x 148mm');
    await p.emulateMedia({ media: 'print' });
    await expect.poll(() => p.getByLabel('打印模板').isVisible()).toBe(false);
    const pages = await pdfPages(await p.pdf({ preferCSSPageSize: true }));
    expect(pages).toHaveLength(1);
    expect(pages[0]!.widthMm).toBeCloseTo(210, 0);
    expect(pages[0]!.heightMm).toBeCloseTo(148, 0);
    for (const text of [`采购订单${order.billNumber}`, '第1页/共1页', ...record.lines.map((l) => squeeze(l.goodsName ?? ''))])
      expect(pages[0]!.text).toContain(foldText(text));
    await p.emulateMedia({ media: 'screen' });

    // The continuous form: 241 x 140 mm on paper.
    await chooseTemplate(p, '采购订单（针式 241×140）');
    await expect.poll(() => new URL(p.url()).searchParams.get('template')).toBe('PO-241');
    // The address changes before the template's paper is drawn: the PDF waits for the sheets of 241 x 140 mm.
    await expect.poll(() => paperOnScreen(p)).toBe('241mm x 140mm');
    await p.emulateMedia({ media: 'print' });
    const form = await pdfPages(await p.pdf({ preferCSSPageSize: true }));
    expect(form[0]!.widthMm).toBeCloseTo(241, 0);
    expect(form[0]!.heightMm).toBeCloseTo(140, 0);
  }, 180_000);

  it('repeats the header and the page numbers on every page of a bill that runs over several pages', async () => {
    const bills = (await as100001.call(settlement.querySamBillQueryList, { body: { page: 1, limit: 100 } })).list;
    const bill = [...bills].sort((a, b) => b.lineCount - a.lineCount)[0]!;
    const record = await as100001.call(print.getSamBillPrint, { query: { billNumber: bill.samBillNum } });
    const page = await browser.page();
    await loginAs(page, '100001', { to: `/preview?type=samBill&billNumber=${bill.samBillNum}&template=SAM-241` });
    await page.locator('.print-sheet').first().waitFor();
    const sheets = await sheetTexts(page);
    expect(sheets.length).toBeGreaterThanOrEqual(2);
    await page.getByText(`共 ${sheets.length} 页`, { exact: true }).waitFor();
    sheets.forEach((text, index) => {
      expect(text).toContain(squeeze(`结算单 ${bill.samBillNum}`));
      expect(text).toContain(squeeze(`供应商：${bill.suppName}`));
      expect(text).toContain(squeeze('单据号'));
      expect(text).toContain(squeeze(`第 ${index + 1} 页 / 共 ${sheets.length} 页`));
    });
    // Every line once, in the record's order, across the sheets.
    const numbers = await page
      .locator('.print-sheet .print-lines tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.children[2]!.textContent));
    expect(numbers).toEqual(record.lines.map((l) => l.docNumber));

    await page.emulateMedia({ media: 'print' });
    const pages = await pdfPages(await page.pdf({ preferCSSPageSize: true }));
    expect(pages).toHaveLength(sheets.length);
    pages.forEach((paper, index) => {
      expect(paper.text).toContain(foldText(`结算单${bill.samBillNum}`));
      expect(paper.text).toContain(foldText('单据类型'));
      expect(paper.text).toContain(foldText(`第 ${index + 1} 页 / 共 ${pages.length} 页`));
      expect(paper.widthMm).toBeCloseTo(241, 0);
    });
  }, 180_000);

  it("refuses another supplier's record and keeps the session rule", async () => {
    const order = (await as100001.call(purchaseOrder.getPurOrderPage, { body: { page: 1, limit: 1 } })).list[0]!;
    const page = await browser.page();
    await page.goto(`/preview?type=purOrder&billNumber=${order.billNumber}`);
    await page.waitForURL(/\/login\?redirect=/);
    await loginAs(page, '100002', { to: `/preview?type=purOrder&billNumber=${order.billNumber}` });
    await page.getByText('无法打印该单据').waitFor();
    await page.getByText(`采购订单 ${order.billNumber} 不存在`).waitFor();
    expect(await page.locator('.print-sheet').count()).toBe(0);
    await page.goto('/preview?type=constructor&billNumber=X');
    await page.getByText('未知的单据类型：constructor').waitFor();
  }, 180_000);

  it('shows price adjustments and goods changes in the titled previews, in both languages and on a phone', async () => {
    const adjustments = await as100001.call(print.getPrintableRecords, { query: { printTypeCode: 'adjustPrice' } });
    const page = await browser.page();
    await loginAs(page, '100001', { to: '/manageAdjustPrice' });
    await page.getByRole('heading', { name: '调价单打印预览' }).waitFor();
    await page.locator('.print-sheet').first().waitFor();
    const newest = await as100001.call(print.getAdjustPricePrint, { query: { billNumber: adjustments[0]!.billNumber } });
    let sheet = (await sheetTexts(page))[0] ?? '';
    expect(sheet).toContain(squeeze(`调价单号：${newest.billNumber}`));
    for (const line of newest.lines) expect(sheet).toContain(squeeze(line.goodsName ?? ''));
    // Another record from the list.
    const older = adjustments.find((a) => a.lineCount === 3)!;
    await page.getByLabel('单据').click();
    await selectOption(page, new RegExp(older.billNumber)).click();
    await expect.poll(async () => (await sheetTexts(page))[0]).toContain(squeeze(`调价单号：${older.billNumber}`));
    sheet = (await sheetTexts(page))[0] ?? '';
    expect(sheet).toContain(squeeze('8.80'));
    expect(sheet).toContain(squeeze('面粉、白砂糖及包材成本上涨'));

    await page.goto('/goodsChangeApproval');
    await page.getByRole('heading', { name: '商品变更单打印预览' }).waitFor();
    await page.locator('.print-sheet').first().waitFor();
    expect((await sheetTexts(page))[0]).toContain('商品资料变更单');

    // English: labels, page numbers and the toolbar; a phone's width: the sheet shrinks to fit, nothing scrolls sideways.
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/goodsChangeApproval');
    await page.getByRole('heading', { name: 'Goods change print preview' }).waitFor();
    await page.locator('.print-sheet').first().waitFor();
    sheet = (await sheetTexts(page))[0] ?? '';
    expect(sheet).toContain(squeeze('Page 1 of 1'));
    expect(sheet).toContain(squeeze('Changed item'));
    await page.getByRole('button', { name: 'Save as PDF' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }, 180_000);

  it('prints a settlement bill wholly in English for an English reader: template, state, document types, signatures', async () => {
    const bills = (await as100001.call(settlement.querySamBillQueryList, { body: { page: 1, limit: 100 } })).list;
    const bill = bills.find((b) => b.status !== '草稿' && b.lineCount > 1)!;
    const record = await as100001.call(print.getSamBillPrint, { query: { billNumber: bill.samBillNum } });
    const page = await browser.page();
    await loginAs(page, '100001');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto(`/preview?type=samBill&billNumber=${bill.samBillNum}`);
    await page.locator('.print-sheet').first().waitFor();
    expect(await page.locator('.print-toolbar').innerText()).toContain('Settlement bill (A4 landscape)');
    const sheet = (await sheetTexts(page))[0] ?? '';
    expect(sheet).toContain(squeeze(`Status: ${settlement.billStatusTextEn[bill.status]}`));
    for (const line of record.lines) expect(sheet).toContain(squeeze(print.printWordsEn[line.docType!]!));
    expect(sheet).toContain(squeeze('Supplier (seal): ____________'));
    expect(sheet).toContain(squeeze('Finance review: ____________'));
    for (const chinese of ['供应商（盖章）', '财务审核', bill.status, ...record.lines.map((l) => l.docType!)])
      expect(sheet).not.toContain(chinese);
  }, 180_000);
});
