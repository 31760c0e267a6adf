// Settlement in Chromium: a supplier disputes a charge, makes a bill from the documents the server offers
// (the disputed charge cannot be picked), sees the server's totals and submits; staff take the bill from
// the dashboard's queue through 审核, 发票确认 and 审批 and pay it in two parts, each step by the account of its
// role (admin reads and is offered nothing); the supplier sees 已支付 and the history. A child account
// without the apply button sees no submit button and the API refuses it.
import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { employee, settlement } from '@portal/contract';
import { apiAs } from '../support/api';
import { chooseOption, demoPassword, loginAs, submitLogin, useBrowser } from '../support/browser';
import { gridColumn } from '../support/grid';
import { enterInvoices, findDocuments } from '../support/settlement';

const browser = useBrowser();
const as100001 = apiAs('100001');
const asClerk = apiAs('clerk01');
const rowCells = 'revogr-data[type="rgRow"] [data-rgcol]';

const day = (d: Date) => d.toISOString().slice(0, 10);
const cents = (text: string) => {
  const [whole = '0', frac = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt((frac + '00').slice(0, 2));
  return text.startsWith('-') ? -value : value;
};
const yuan = (value: bigint) =>
  `${value < 0n ? '-' : ''}${(value < 0n ? -value : value) / 100n}.${String((value < 0n ? -value : value) % 100n).padStart(2, '0')}`;
const grouped = (text: string) => {
  const [whole, frac] = text.split('.');
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
};

const newCharge = {
  suppCode: '100001',
  deptCode: 'S0101',
  chargeType: '堆头陈列费',
  chargeName: '堆头陈列费 上海虹口店 端架',
  period: day(new Date()).slice(0, 7),
  direction: 'deduct' as const,
  amount: '1500.00',
  taxRate: '6',
  clause: '合同第 6.2 条 堆头陈列费',
  calculation: '上海虹口店 端架陈列半个月，3,000.00 元/月 × 0.5',
  chargeDate: day(new Date()),
};

async function pickRange(scope: ReturnType<Page['getByRole']>, start: string, end: string): Promise<void> {
  await scope.getByPlaceholder('开始日期').click();
  await scope.getByPlaceholder('开始日期').fill(start);
  await scope.getByPlaceholder('开始日期').press('Enter');
  await scope.getByPlaceholder('结束日期').fill(end);
  await scope.getByPlaceholder('结束日期').press('Enter');
  await expect.poll(() => scope.getByPlaceholder('结束日期').inputValue()).toBe(end);
  await expect.poll(() => scope.getByPlaceholder('开始日期').inputValue()).toBe(start);
}

async function openMenu(page: Page, entry: string): Promise<void> {
  const menu = page.getByRole('navigation', { name: '主菜单' });
  const item = menu.getByText(entry, { exact: true });
  if (!(await item.isVisible())) await menu.getByText('结算管理', { exact: true }).click();
  await item.click();
}

/** Runs a bill action from its detail page and waits for the state it leads to. */
async function act(page: Page, action: string, state: string, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByRole('button', { name: action, exact: true }).click();
  const dialog = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('button', { name: /确\s*定/ }) })
    .last();
  await fill?.(dialog);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await page.locator('.ant-card-head-title').filter({ hasText: state }).first().waitFor();
}

const billTitle = (page: Page, billNumber: string) => page.locator('.ant-card-head-title').filter({ hasText: `结算单 ${billNumber}` });

describe('settlement', () => {
  it('a supplier disputes a charge, makes a bill and submits it; staff review, confirm invoices, approve and pay it in two parts', async () => {
    // Staff raise a charge (the fair-trade rules bar some by name); the supplier disputes it.
    const barred = await asClerk.send(settlement.saveCharge, { body: { ...newCharge, chargeName: '店庆费' } });
    expect(barred.status).toBe(400);
    const charge = await asClerk.call(settlement.saveCharge, { body: newCharge });
    const page = await browser.page();
    await loginAs(page, '100001');
    await openMenu(page, '费用明细');
    await page.waitForURL('**/samCharges');
    const chargeForm = page.getByRole('form', { name: '费用明细' });
    await chargeForm.getByLabel('费用名称').fill(charge.chargeName);
    await chargeForm.getByRole('button', { name: /查\s*询/ }).click();
    const chargeGrid = page.getByRole('region', { name: '费用列表' });
    await expect.poll(() => gridColumn(chargeGrid, 'chargeCode')).toContain(charge.chargeCode);
    await chargeGrid
      .locator(rowCells)
      .filter({ hasText: new RegExp(`^${charge.chargeCode}$`) })
      .dblclick();
    const drawer = page.getByRole('dialog').filter({ hasText: `费用详情 ${charge.chargeCode}` });
    await drawer.getByText(charge.clause).waitFor();
    await drawer.getByText(charge.calculation).waitFor();
    await drawer.getByLabel('异议说明').fill('计算基数应为含税进货额，请核对');
    await drawer.getByRole('button', { name: '提出异议' }).click();
    await page.getByText('异议已提交，费用在答复前不会结算').waitFor();
    await drawer.getByText('计算基数应为含税进货额，请核对').waitFor();
    await expect
      .poll(
        async () => (await as100001.call(settlement.getChargesDetailByBillNum, { query: { billNumber: charge.chargeCode } })).disputeStatus,
      )
      .toBe('异议中');
    await page.keyboard.press('Escape');
    // The charge list exports through the server (the main account holds the export button).
    await page.getByRole('button', { name: '导出Excel' }).waitFor();

    // A new bill from the documents the server offers for a unit and month.
    const { unit, query } = await findDocuments();
    await openMenu(page, '结算单');
    await page.waitForURL('**/samBill');
    await page.getByRole('button', { name: '新建结算单' }).click();
    await page.waitForURL('**/samBill/edit**');
    const head = page.getByRole('form', { name: '新建结算单' });
    await chooseOption(page, head.getByLabel('结算主体'), `${unit.unitCode} ${unit.unitName}`);
    await pickRange(head, query.periodStart, query.periodEnd);
    await head.getByRole('button', { name: '查询可结算单据' }).click();
    const offered = await as100001.call(settlement.getSamCostData, { body: query });
    const costGrid = page.getByRole('region', { name: '可结算单据' });
    await expect.poll(() => gridColumn(costGrid, 'sourceId')).toEqual(offered.list.map((d) => d.sourceId));
    await page.getByRole('button', { name: '本页全部选入' }).click();
    const picked = offered.list.filter((d) => !d.disputed);
    await page.getByText(`已选 ${picked.length} 张单据`).waitFor();
    const expected = await as100001.call(settlement.calcSamBillTotals, {
      body: { nodeCode: unit.unitCode, sources: picked.map((d) => ({ sourceType: d.sourceType, sourceId: d.sourceId })) },
    });
    await page.locator('.ant-statistic').filter({ hasText: '应付金额' }).getByText(grouped(expected.payableAmount)).waitFor();
    await page.getByRole('button', { name: '保存并提交' }).click();
    await page.waitForURL('**/samBill/detail?samBillNum=**');
    const billNumber = new URL(page.url()).searchParams.get('samBillNum')!;
    await billTitle(page, billNumber).filter({ hasText: '已提交' }).waitFor();
    const submitted = await as100001.call(settlement.getSamBillQueryDetail, { body: { samBillNum: billNumber } });
    expect(submitted.header.payableAmount).toBe(expected.payableAmount);
    expect(submitted.lines.map((l) => l.sourceId).sort()).toEqual(picked.map((d) => d.sourceId).sort());

    // Each review step is its role's: admin reads the bill but is offered no action. The clerk opens the
    // queue from the dashboard's card and audits the bill.
    const adminPage = await browser.page();
    await loginAs(adminPage, 'admin', { staff: true, to: `/samBill/detail?samBillNum=${billNumber}` });
    await billTitle(adminPage, billNumber).filter({ hasText: '已提交' }).waitFor();
    await adminPage.getByRole('tab', { name: /付款记录/ }).waitFor();
    expect(await adminPage.getByRole('button', { name: '审核通过' }).count()).toBe(0);
    await adminPage.close();
    const staffPage = await browser.page();
    await loginAs(staffPage, 'clerk01', { staff: true });
    await staffPage.locator('.ant-card').filter({ hasText: '待处理结算单' }).getByRole('link', { name: '查看' }).click();
    await staffPage.waitForURL('**/samBill/review');
    const queue = staffPage.getByRole('region', { name: '待处理结算单（审核）' });
    await expect.poll(() => gridColumn(queue, 'samBillNum')).toContain(billNumber);
    await queue
      .locator(rowCells)
      .filter({ hasText: new RegExp(`^${billNumber}$`) })
      .dblclick();
    await staffPage.waitForURL('**/samBill/detail?samBillNum=**');
    await act(staffPage, '审核通过', '已审核', (dialog) => dialog.getByLabel('审核意见').fill('单据与费用核对无误'));

    // The supplier enters an invoice per tax rate for its goods and returns (through the API: the dialog is
    // the same form); the invoice desk confirms, finance approves and the cashier pays half, then the rest.
    await enterInvoices(billNumber, submitted.totals);
    const stepPage = async (user: string) => {
      const p = await browser.page();
      await loginAs(p, user, { staff: true });
      await p.goto(`/samBill/detail?samBillNum=${billNumber}`);
      await billTitle(p, billNumber).waitFor();
      return p;
    };
    expect(await staffPage.getByRole('button', { name: '发票确认', exact: true }).count()).toBe(0);
    const invoicePage = await stepPage('invoice01');
    await act(invoicePage, '发票确认', '发票确认');
    const financePage = await stepPage('finance01');
    await act(financePage, '审批通过', '已审批');
    const cashierPage = await stepPage('cashier01');
    const half = cents(submitted.header.payableAmount) / 2n;
    await act(cashierPage, '登记付款', '已审批', async (dialog) => {
      await dialog.getByLabel('付款金额').fill(yuan(half));
      await dialog.getByLabel('银行流水号/票据号').fill('B20250701-001');
    });
    await cashierPage.getByRole('tab', { name: /付款记录 \(1\)/ }).waitFor();
    const rest = yuan(cents(submitted.header.payableAmount) - half);
    await act(cashierPage, '登记付款', '已支付', async (dialog) => {
      await expect.poll(() => dialog.getByLabel('付款金额').inputValue()).toBe(rest);
    });

    // The supplier finds the bill paid, with both payments and every step in its history.
    await openMenu(page, '结算单');
    const listForm = page.getByRole('form', { name: '结算单列表' });
    await listForm.getByLabel('结算单号').fill(billNumber);
    await listForm.getByRole('button', { name: /查\s*询/ }).click();
    const list = page.getByRole('region', { name: '结算单列表' });
    await expect.poll(() => gridColumn(list, 'status')).toEqual(['已支付']);
    await list
      .locator(rowCells)
      .filter({ hasText: new RegExp(`^${billNumber}$`) })
      .dblclick();
    await billTitle(page, billNumber).filter({ hasText: '已支付' }).waitFor();
    await page.getByRole('tab', { name: /付款记录 \(2\)/ }).waitFor();
    const history = page.getByRole('list', { name: '操作记录' }).or(page.locator('.ant-timeline'));
    for (const step of ['提交', '审核', '发票确认', '审批', '付款']) await history.getByText(step, { exact: false }).first().waitFor();
    const paid = await as100001.call(settlement.getSamBillPayList, { body: { samBillNum: billNumber } });
    expect(paid.list.map((p) => p.amount)).toEqual([yuan(half), rest]);
    expect(paid.unpaidAmount).toBe('0.00');
  }, 240_000);

  it('exports the bill list as the grid shows it: its column filter and its sort', async () => {
    const all = await as100001.call(settlement.querySamBillQueryList, { body: { page: 1, limit: 1000 } });
    const paid = all.list.filter((b) => b.status === '已支付');
    expect(paid.length).toBeGreaterThan(1);
    expect(paid.length).toBeLessThan(all.total);
    const page = await browser.page();
    await loginAs(page, '100001');
    await openMenu(page, '结算单');
    await page.waitForURL('**/samBill');
    const grid = page.getByRole('region', { name: '结算单列表' });
    await page.getByRole('button', { name: '状态 筛选' }).click();
    const statusMenu = page.getByRole('dialog', { name: '状态 筛选' });
    await statusMenu.getByText('全选').click();
    await statusMenu.getByText('已支付', { exact: true }).click();
    await statusMenu.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => gridColumn(grid, 'status').then((s) => [...new Set(s)])).toEqual(['已支付']);
    await page.getByRole('button', { name: '应付金额 筛选' }).click();
    await page
      .getByRole('dialog', { name: '应付金额 筛选' })
      .getByRole('button', { name: /降\s*序/ })
      .click();
    const expected = [...paid]
      .sort((a, b) => Number(b.payableAmount) - Number(a.payableAmount) || (a.samBillNum < b.samBillNum ? 1 : -1))
      .map((b) => b.samBillNum);
    await expect.poll(() => gridColumn(grid, 'samBillNum')).toEqual(expected.slice(0, 20));

    const [csv] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: '导出CSV' }).click(),
    ]);
    const rows = parse(fs.readFileSync((await csv.path())!, 'utf8'), { bom: true }) as string[][];
    expect(rows[0]![0]).toBe('结算单号');
    expect(rows.slice(1).map((r) => r[0])).toEqual(expected);
  }, 120_000);

  it("exports the charges in the user's language: English titles, charge types and states, and an English file name", async () => {
    const page = await browser.page();
    await loginAs(page, '100001');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto('/samCharges');
    const [csv] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^Charges_\d{8}\.csv$/);
    const [header, ...rows] = parse(fs.readFileSync((await csv.path())!, 'utf8'), { bom: true }) as string[][];
    expect(header).toEqual(settlement.chargeExportColumns.map((c) => c.titleEn));
    const type = header!.indexOf('Charge type');
    const state = header!.indexOf('Settle status');
    const english = new Set<string>(Object.values(settlement.chargeTypeTextEn));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => english.has(r[type]!))).toBe(true);
    for (const row of rows) expect(Object.values(settlement.settleStatusTextEn)).toContain(row[state]);
    // The grid shows the same words as the file: its cells of the product's words (types, states) hold no Chinese.
    const words = () => page.locator('main .dg-word').allTextContents();
    await expect.poll(async () => (await words()).some((text) => english.has(text.trim()))).toBe(true);
    expect((await words()).filter((text) => /\p{Script=Han}/u.test(text))).toEqual([]);
  }, 120_000);

  it('opens the contract PDF in a tab of its own, leaving the contract terms as they were', async () => {
    const page = await browser.page();
    await loginAs(page, '100001');
    await openMenu(page, '结算单');
    await page.waitForURL('**/samBill');
    await page.getByRole('tab', { name: '合同条款' }).click();
    const preview = page.getByRole('link', { name: '预览合同PDF' });
    await preview.waitFor();
    const [tab] = await Promise.all([page.context().waitForEvent('page'), preview.click()]);
    const answer = await tab.waitForResponse((res) => res.url().includes('/samData/preViewContractPDF'));
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('application/pdf');
    expect(new URL(page.url()).pathname).toBe('/samBill');
    await page.getByRole('link', { name: '预览合同PDF' }).waitFor();
    expect(await tab.getByText('合同PDF打开失败').count()).toBe(0);
  }, 120_000);

  it('a child account without the apply button has no submit button, and the API refuses it', async () => {
    const code = await as100001.call(employee.getChildEmployeeCode, { query: {} });
    const created = await as100001.call(employee.insertSupChild, {
      body: { empCode: code, name: '结算员', mobile: `139${String(Date.now()).slice(-8)}` },
    });
    await as100001.call(employee.insertSupChildRole, {
      body: { employeeCode: code, moduleCodes: ['ms0030', 'ms0031'], buttons: [{ moudleCode: 'ms0031', buttonCode: 'save' }] },
    });
    try {
      await childCannotApply(code, created.initialPassword);
    } finally {
      // The other test files count 100001's children: this one leaves none behind.
      await as100001.call(employee.deleteEmployee, { query: { employeeCode: code } });
    }
  }, 120_000);

  async function childCannotApply(code: string, initialPassword: string) {
    const drafts = await as100001.call(settlement.querySamBillQueryList, { body: { page: 1, limit: 1, status: '草稿' } });
    const draft = drafts.list[0]!;
    expect(draft).toBeDefined();

    // The child signs in, changes its one-time password and opens the draft.
    browser.allowConsoleError(/status of 401 /, 'the password change ends the session: the calls still under way are refused');
    const page = await browser.page();
    await page.goto('/login');
    await submitLogin(page, code, initialPassword);
    await page
      .getByRole('dialog')
      .filter({ hasText: '您的密码已过期或需要修改，请立即修改密码。' })
      .getByRole('button', { name: '立即修改' })
      .click();
    const change = page.getByRole('dialog').filter({ hasText: '请修改密码后继续使用' });
    await change.getByLabel('原密码').fill(initialPassword);
    await change.getByLabel('新密码').fill(demoPassword);
    await change.getByLabel('确认密码').fill(demoPassword);
    await change.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL(/\/login/);
    await submitLogin(page, code, demoPassword);
    await page.waitForURL('**/samBill');
    await page.goto(`/samBill/detail?samBillNum=${draft.samBillNum}`);
    await billTitle(page, draft.samBillNum).waitFor();
    await page.getByRole('button', { name: /^修\s*改$/ }).waitFor();
    expect(await page.getByRole('button', { name: /^提\s*交$/ }).count()).toBe(0);
    await page.getByRole('button', { name: /^修\s*改$/ }).click();
    await page.waitForURL('**/samBill/edit**');
    await page.getByRole('button', { name: '保存草稿' }).waitFor();
    expect(await page.getByRole('button', { name: '保存并提交' }).count()).toBe(0);

    const refused = await apiAs(code).send(settlement.applySamBill, { body: { samBillNum: draft.samBillNum } });
    expect(refused.status).toBe(403);
    const still = await as100001.call(settlement.getSamBillQueryDetail, { body: { samBillNum: draft.samBillNum } });
    expect(still.header.status).toBe('草稿');
  }
});
