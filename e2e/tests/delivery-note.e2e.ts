// Delivery notes in Chromium (issue 29, part B): 100001 makes a note from confirmed order lines and opens its A4
// print (the Code 128 barcode drawn); the receiving clerk recv01 scans a note and receives it with a shortage; the
// supplier sees the shortage on its note. Notes other than the one under test are made through the API.
import { businessDay, deliveryNote } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { chooseOption, loginAs, useBrowser } from '../support/browser';

const browser = useBrowser();
const as100001 = apiAs('100001');

/** A note of 100001 made through the API from the first open line with a shelf life, of `qty` units. */
async function noteByApi(qty: number) {
  const open = await as100001.call(deliveryNote.getOpenLines, { query: {} });
  const line = open.lines.find((l) => Number(l.openQty) >= qty)!;
  expect(line).toBeTruthy();
  const today = businessDay(new Date());
  return as100001.call(deliveryNote.createDeliveryNote, {
    body: {
      expectedDate: today,
      lines: [
        {
          billNumber: line.billNumber,
          lineNo: line.lineNo,
          qty: String(qty),
          packages: 1,
          batchNo: 'E2E1',
          productionDate: today,
          expiryDate: '2099-12-31',
        },
      ],
    },
  });
}

describe('delivery notes', () => {
  it('100001 makes a note from confirmed lines and prints it with its barcode', async () => {
    const page = await browser.page();
    await loginAs(page, '100001');
    await page.goto('/deliveryNote');
    await page.getByRole('button', { name: '新建送货单' }).click();
    const drawer = page.getByRole('dialog', { name: '新建送货单' });
    await chooseOption(page, drawer.getByRole('combobox').first(), /上海虹口店/);
    const lines = drawer.getByRole('table');
    const first = lines.locator('tbody tr.ant-table-row').first();
    await first.waitFor();
    await first.getByRole('checkbox').check();
    await first.getByLabel(/^批号 /).fill('E2E-B1');
    await first.getByLabel(/^生产日期 /).fill(businessDay(new Date()));
    await first.getByLabel(/^到期日期 /).fill('2099-12-31');
    await drawer.getByRole('button', { name: '提交送货单' }).click();
    const created = page.getByRole('dialog', { name: /^送货单 SH\d{12}$/ });
    await created.waitFor();
    const title = (await created
      .getByText(/^送货单 SH\d{12}$/)
      .first()
      .textContent())!;
    const noteNumber = title.replace('送货单 ', '');
    const [print] = await Promise.all([page.context().waitForEvent('page'), created.getByRole('link', { name: /打\s*印/ }).click()]);
    await print.waitForURL(`**/deliveryNotePrint?noteNumber=${noteNumber}`);
    const barcode = print.getByTestId('note-barcode');
    await expect.poll(() => barcode.locator('rect').count()).toBeGreaterThan(10);
    await print.getByRole('img', { name: `送货单二维码 ${noteNumber}` }).waitFor();
    await print.getByText('E2E-B1').waitFor();
  });

  it('recv01 receives a note with a shortage', async () => {
    const note = await noteByApi(10);
    const page = await browser.page();
    await loginAs(page, 'recv01', { staff: true });
    await page.goto('/receiving');
    await page.getByLabel('扫描或输入送货单号').fill(note.header.noteNumber);
    await page.getByLabel('扫描或输入送货单号').press('Enter');
    await page.getByLabel('实收数量 1').fill('8');
    await page.getByRole('button', { name: '确认收货' }).click();
    await page.getByText(`送货单 ${note.header.noteNumber} 已收货`).waitFor();
    const seen = await as100001.call(deliveryNote.getDeliveryNoteDetail, { query: { noteNumber: note.header.noteNumber } });
    expect(seen.header.status).toBe('已收货');
    expect(seen.lines[0]).toMatchObject({ receivedQty: '8.000', shortQty: '2.000' });
  });

  it('the supplier sees the shortage on its note', async () => {
    const list = await as100001.call(deliveryNote.getDeliveryNotePage, { body: { status: '已收货', limit: 1 } });
    const noteNumber = list.list[0]!.noteNumber;
    const page = await browser.page();
    await loginAs(page, '100001');
    await page.goto('/deliveryNote');
    await page.getByRole('button', { name: noteNumber }).click();
    const drawer = page.getByRole('dialog', { name: `送货单 ${noteNumber}` });
    await drawer.getByText(/行与送货数量不符：短缺/).waitFor();
    await expect.poll(() => drawer.locator('tr.dn-diff-row').count()).toBeGreaterThan(0);
  });
});
