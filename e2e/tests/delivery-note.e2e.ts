// Delivery notes in Chromium (issue 29, part B): 100001 makes a note from confirmed order lines and opens its A4
// print (the Code 128 barcode drawn); the receiving clerk recv01 scans a note of an order's remaining lines and
// receives it in full (the order is 已完成, or 部分到货 while a line stays short, and the supplier's on-time and in-full
// figures count those lines), then a note with a shortage, which the supplier sees on its note. Notes other than the
// one made in the browser are made through the API.
import { businessDay, deliveryNote, performance, purchaseOrder } from '@portal/contract';
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

/**
 * A note of 100001 with every open line of one order (no other note holds a part of it), their whole open quantity: received
 * in full, the order is complete unless another of its lines stays short. Prefers an order already partly received.
 */
async function noteOfAnOrdersRest() {
  const today = businessDay(new Date());
  const all = (await as100001.call(deliveryNote.getOpenLines, { query: {} })).lines;
  // Orders no other note holds a part of.
  const held = new Set(all.filter((l) => Number(l.onNotes) > 0).map((l) => l.billNumber));
  const open = all.filter((l) => !held.has(l.billNumber));
  // Orders whose open lines are all due today or later, in one month: received today, each counts on time and in full.
  const orders = [...new Set(open.map((l) => l.billNumber))].filter((b) => {
    const due = open.filter((l) => l.billNumber === b).map((l) => l.promisedDate);
    return due.every((d) => d >= today && d.slice(0, 7) === due[0]!.slice(0, 7));
  });
  const billNumber = orders.find((b) => open.find((l) => l.billNumber === b)!.orderStatus === '部分到货') ?? orders[0]!;
  expect(billNumber).toBeTruthy();
  const lines = open.filter((l) => l.billNumber === billNumber);
  const note = await as100001.call(deliveryNote.createDeliveryNote, {
    body: {
      expectedDate: today,
      lines: lines.map((l) => ({
        billNumber,
        lineNo: l.lineNo,
        qty: l.openQty,
        packages: 1,
        batchNo: 'E2E2',
        productionDate: today,
        expiryDate: '2099-12-31',
      })),
    },
  });
  const order = await as100001.call(purchaseOrder.getPurOrderDetail, { query: { billNumber } });
  const delivered = new Map(lines.map((l) => [l.lineNo, Number(l.openQty)]));
  const complete = order.lines.every((l) => Number(l.receivedQty) + (delivered.get(l.lineNo) ?? 0) >= Number(l.orderQty));
  // A line not yet in full and not yet due counts nowhere in the figures; received in full it counts at once.
  const dueMonth = lines[0]!.promisedDate.slice(0, 7);
  return { noteNumber: note.header.noteNumber, billNumber, status: complete ? '已完成' : '部分到货', dueMonth, lines: lines.length };
}

const monthFigures = async (month: string) =>
  (await as100001.call(performance.getSupplierPerformance, { query: { month } })).months.at(-1)!;

describe('delivery notes', () => {
  it('100001 makes a note from confirmed lines and prints it with its barcode', async () => {
    const page = await browser.page();
    await loginAs(page, '100001', { to: '/deliveryNote' });
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

  it('recv01 receives an order’s rest in full and a note with a shortage: the order and the supplier’s figures move', async () => {
    const rest = await noteOfAnOrdersRest();
    // Made last, so the supplier's newest received note below is the one with the shortage.
    const note = await noteByApi(10);
    const before = await monthFigures(rest.dueMonth);
    const page = await browser.page();
    await loginAs(page, 'recv01', { staff: true, to: '/receiving' });
    const receive = async (noteNumber: string, edit?: () => Promise<void>) => {
      await page.getByLabel('扫描或输入送货单号').fill(noteNumber);
      await page.getByLabel('扫描或输入送货单号').press('Enter');
      if (edit) await edit();
      await page.getByRole('button', { name: '确认收货' }).click();
      await page.getByText(`送货单 ${noteNumber} 已收货`).waitFor();
    };
    // The rest of an order as delivered (the quantities come filled in): its lines count at once, on time and in full.
    await receive(rest.noteNumber);
    const order = await as100001.call(purchaseOrder.getPurOrderDetail, { query: { billNumber: rest.billNumber } });
    expect(order.header.status).toBe(rest.status);
    const after = await monthFigures(rest.dueMonth);
    for (const figure of ['lines', 'fullLines', 'onTimeLines', 'otifLines'] as const)
      expect(after[figure] - before[figure], figure).toBe(rest.lines);

    await receive(note.header.noteNumber, () => page.getByLabel('实收数量 1').fill('8'));
    const seen = await as100001.call(deliveryNote.getDeliveryNoteDetail, { query: { noteNumber: note.header.noteNumber } });
    expect(seen.header.status).toBe('已收货');
    expect(seen.lines[0]).toMatchObject({ receivedQty: '8.000', shortQty: '2.000' });
  });

  it('the supplier sees the shortage on its note', async () => {
    const list = await as100001.call(deliveryNote.getDeliveryNotePage, { body: { status: '已收货', limit: 1 } });
    const noteNumber = list.list[0]!.noteNumber;
    const page = await browser.page();
    await loginAs(page, '100001', { to: '/deliveryNote' });
    await page.getByRole('button', { name: noteNumber }).click();
    const drawer = page.getByRole('dialog', { name: `送货单 ${noteNumber}` });
    await drawer.getByText(/行与送货数量不符：短缺/).waitFor();
    await expect.poll(() => drawer.locator('tr.dn-diff-row').count()).toBeGreaterThan(0);
  });
});
