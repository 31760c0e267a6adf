// Print preview's server side: the templates per print type (legacy envelope, tenant scope, bad type), the
// default templates naming only fields the records carry, and the record fetch in the caller's scope.
import { common, print, type PrintRecord } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPrintTemplates } from '../../db/print-templates';
import { createTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
// The business seed (two years of orders and bills through the services) can take minutes on a loaded machine.
beforeAll(async () => {
  t = await createTestApp({ business: true });
}, 600_000);
afterAll(() => t.close());

const printTypes = Object.keys(common.printTypes) as common.PrintType[];

async function first<T>(query: Promise<{ rows: T[] }>): Promise<T> {
  const { rows } = await query;
  if (!rows[0]) throw new Error('no demo row');
  return rows[0];
}

describe('getPrintTemplateAll.do', () => {
  it('answers every print type its templates in the legacy envelope, the default first', async () => {
    for (const printTypeCode of printTypes) {
      const res = await t.callAs('100001', common.getPrintTemplateAll, { query: { printTypeCode } });
      expect(res.status).toBe(200);
      expect(res.envelope).toMatchObject({ success: true, content: { result: expect.any(Array) } });
      expect(res.data.length).toBeGreaterThanOrEqual(printTypeCode === 'purOrder' ? 2 : 1);
      expect(res.data.every((p) => p.printTypeCode === printTypeCode)).toBe(true);
      expect(res.data[0]!.isDefault).toBe(true);
      expect(res.data.filter((p) => p.isDefault)).toHaveLength(1);
    }
  });

  it("answers only the caller's tenant's templates", async () => {
    const db = t.database.db;
    await db.insertInto('tenant').values({ id: 'other', name: '另一家', company_name: '另一家超市有限公司' }).execute();
    await sql`INSERT INTO print_template (tenant_id, template_code, print_type_code, template_name, is_default, paper_size, orientation, margins, layout)
      SELECT 'other', 'OTHER-PO', print_type_code, '别家的采购订单', false, paper_size, orientation, margins, layout
      FROM print_template WHERE tenant_id = 'demo' AND template_code = 'PO-A4'`.execute(db);
    for (const user of ['100001', 'admin']) {
      const res = await t.callAs(user, common.getPrintTemplateAll, { query: { printTypeCode: 'purOrder' } });
      expect(res.data.map((p) => p.templateCode)).not.toContain('OTHER-PO');
      expect(res.data.map((p) => p.templateCode)).toContain('PO-A4');
    }
  });

  it('refuses a missing or unknown print type with success false and a message naming printTypeCode', async () => {
    for (const printTypeCode of ['nope', 'constructor', '__proto__', '']) {
      const res = await t.callAs('100001', common.getPrintTemplateAll, { query: { printTypeCode: printTypeCode as 'purOrder' } });
      expect(res.status).toBe(400);
      expect(res.envelope.success).toBe(false);
      expect(res.envelope.msg).toContain('printTypeCode');
    }
    const none = await t.app.inject({ method: 'GET', url: '/api/baseProxy/api/common/getPrintTemplateAll.do', headers: {} });
    expect(none.statusCode).toBe(401);
  });

  it('has default templates that name only fields their records carry', () => {
    for (const template of defaultPrintTemplates) {
      const known = print.printFields[template.printTypeCode];
      for (const f of [...template.layout.header, ...template.layout.footer])
        expect(known.fields, `${template.templateCode} ${f.field}`).toHaveProperty(f.field);
      for (const c of template.layout.columns) expect(known.lines, `${template.templateCode} ${c.field}`).toHaveProperty(c.field);
      for (const text of [template.layout.title, template.layout.note ?? ''])
        for (const [, name] of text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g))
          expect(known.fields, `${template.templateCode} {{${name}}}`).toHaveProperty(name!);
    }
  });
});

/** The record carries every field its print type declares (what templates may name), as text. */
function expectComplete(record: PrintRecord) {
  const known = print.printFields[record.printTypeCode];
  expect(Object.keys(record.fields).sort()).toEqual(expect.arrayContaining(Object.keys(known.fields).sort()));
  for (const line of record.lines) expect(Object.keys(line)).toEqual(expect.arrayContaining(Object.keys(known.lines)));
}

describe('print records in the caller scope', () => {
  it("prints a supplier's purchase order for its accounts and staff, never for another supplier", async () => {
    const order = await first(
      sql<{ bill_number: string; total_amount: string }>`SELECT bill_number, total_amount::text FROM pur_order
      WHERE supp_code = '100001' ORDER BY bill_number LIMIT 1`.execute(t.database.db),
    );
    for (const user of ['100001', '100001-01', 'admin']) {
      const res = await t.callAs(user, print.getPurOrderPrint, { query: { billNumber: order.bill_number } });
      expect(res.status, user).toBe(200);
      expect(res.data.billNumber).toBe(order.bill_number);
      expect(res.data.fields.suppCode).toBe('100001');
      expect(res.data.fields.totalAmount).toBe(order.total_amount);
      expect(res.data.fields.companyName).toBe('华联优选超市(上海)有限公司');
      expect(res.data.lines.length).toBeGreaterThan(0);
      expectComplete(res.data);
    }
    const other = await t.callAs('100002', print.getPurOrderPrint, { query: { billNumber: order.bill_number } });
    expect(other.status).toBe(404);
    expect(other.envelope.message).toContain(order.bill_number);
    // Asking for another supplier changes nothing for a supplier account.
    const asked = await t.callAs('100002', print.getPurOrderPrint, { query: { billNumber: order.bill_number, suppCode: '100001' } });
    expect(asked.status).toBe(404);
  });

  it("needs the purchase-order module's print button", async () => {
    const order = await first(
      sql<{ bill_number: string }>`SELECT bill_number FROM pur_order WHERE supp_code = '100001' LIMIT 1`.execute(t.database.db),
    );
    await sql`DELETE FROM account_button WHERE module_code = 'ms0022' AND button_code = 'print'
      AND account_id = (SELECT id FROM account WHERE employee_code = '100001-01')`.execute(t.database.db);
    const res = await t.callAs('100001-01', print.getPurOrderPrint, { query: { billNumber: order.bill_number } });
    expect(res.status).toBe(403);
    await sql`INSERT INTO account_button (account_id, module_code, button_code)
      SELECT id, 'ms0022', 'print' FROM account WHERE employee_code = '100001-01'`.execute(t.database.db);
  });

  it("prints a settlement bill and a receiving note of the caller's own only", async () => {
    const bill = await first(
      sql<{ bill_number: string; payable_amount: string }>`SELECT bill_number, payable_amount::text FROM sam_bill
      WHERE supp_code = '100001' ORDER BY line_count DESC, bill_number LIMIT 1`.execute(t.database.db),
    );
    const own = await t.callAs('100001', print.getSamBillPrint, { query: { billNumber: bill.bill_number } });
    expect(own.status).toBe(200);
    expect(own.data.fields.payableAmount).toBe(bill.payable_amount);
    expect(own.data.lines[0]!.docType).toMatch(/验收单|退货单|费用单|预付款冲销/);
    expectComplete(own.data);
    expect((await t.callAs('100002', print.getSamBillPrint, { query: { billNumber: bill.bill_number } })).status).toBe(404);

    const note = await first(
      sql<{ bill_number: string; total: string; n: number }>`SELECT bill_number, sum(amount)::text AS total, count(*)::int AS n
      FROM acceptance WHERE supp_code = '100001' GROUP BY bill_number ORDER BY bill_number LIMIT 1`.execute(t.database.db),
    );
    const receiving = await t.callAs('100001', print.getReceivingPrint, { query: { billNumber: note.bill_number } });
    expect(receiving.status).toBe(200);
    expect(receiving.data.fields.totalAmount).toBe(note.total);
    expect(receiving.data.lines).toHaveLength(note.n);
    expectComplete(receiving.data);
    expect((await t.callAs('100002', print.getReceivingPrint, { query: { billNumber: note.bill_number } })).status).toBe(404);
  });

  it("prints each demo bill's five totals adding up to its payable, and its 结算主体's company as 付款单位 (issue 26)", async () => {
    const cents = (v: string) => Math.round(Number(v) * 100);
    const { rows: bills } = await sql<{ bill_number: string; supp_code: string; unit_name: string; tax_number: string }>`
      SELECT b.bill_number, b.supp_code, u.unit_name, u.tax_number FROM sam_bill b
      JOIN acc_unit u ON u.tenant_id = b.tenant_id AND u.unit_code = b.node_code
      WHERE b.tenant_id = 'demo' AND b.supp_code IN ('100001', '100002') ORDER BY b.bill_number`.execute(t.database.db);
    expect(new Set(bills.map((b) => b.unit_name))).toEqual(new Set(['华联优选超市(上海)有限公司', '华联优选超市(杭州)有限公司']));
    const printed = [];
    for (const bill of bills) {
      const res = await t.callAs(bill.supp_code, print.getSamBillPrint, { query: { billNumber: bill.bill_number } });
      expect(res.status, bill.bill_number).toBe(200);
      const f = res.data.fields;
      expect([f.companyName, f.nodeTaxNumber], bill.bill_number).toEqual([bill.unit_name, bill.tax_number]);
      const parts = [f.goodsAmount!, f.returnAmount!, f.chargeAmount!, f.prepayAmount!];
      expect(
        parts.reduce((sum, v) => sum + cents(v), 0),
        bill.bill_number,
      ).toBe(cents(f.payableAmount!));
      printed.push(f);
    }
    // The demo has bills whose footer needs the return and the prepayment line to add up.
    expect(printed.some((f) => cents(f.returnAmount!) < 0)).toBe(true);
    expect(printed.some((f) => cents(f.prepayAmount!) < 0)).toBe(true);
  });

  it('lists and prints price adjustments and goods changes per supplier, with exact price differences', async () => {
    const own = await t.callAs('100001', print.getPrintableRecords, { query: { printTypeCode: 'adjustPrice' } });
    expect(own.status).toBe(200);
    expect(own.data.length).toBeGreaterThanOrEqual(2);
    expect(own.data.every((r) => r.suppCode === '100001')).toBe(true);
    const staff = await t.callAs('admin', print.getPrintableRecords, { query: { printTypeCode: 'adjustPrice' } });
    expect(new Set(staff.data.map((r) => r.suppCode))).toEqual(new Set(['100001', '100002']));

    const raised = own.data.find((r) => r.lineCount === 3)!;
    const adjust = await t.callAs('100001', print.getAdjustPricePrint, { query: { billNumber: raised.billNumber } });
    expect(adjust.status).toBe(200);
    expect(adjust.data.lines[0]).toMatchObject({
      goodsCode: '600101',
      oldPrice: '8.500000',
      newPrice: '8.800000',
      priceDiff: '0.300000',
      diffRate: '3.53',
    });
    expectComplete(adjust.data);
    expect((await t.callAs('100002', print.getAdjustPricePrint, { query: { billNumber: raised.billNumber } })).status).toBe(404);

    const changes = await t.callAs('100002', print.getPrintableRecords, { query: { printTypeCode: 'goodsChange' } });
    expect(changes.data.every((r) => r.suppCode === '100002')).toBe(true);
    const change = await t.callAs('100002', print.getGoodsChangePrint, { query: { billNumber: changes.data[0]!.billNumber } });
    expect(change.data.lines[0]).toMatchObject({ goodsCode: '600205', changedField: '规格', oldValue: '800g', newValue: '900g' });
    expectComplete(change.data);
    const ownChange = (await t.callAs('100001', print.getPrintableRecords, { query: { printTypeCode: 'goodsChange' } })).data[0]!;
    expect((await t.callAs('100002', print.getGoodsChangePrint, { query: { billNumber: ownChange.billNumber } })).status).toBe(404);
  });

  it('answers bad input with a clear 400 or 404, never a 500', async () => {
    const cases: [string, number, string][] = [
      ['PO\u00000001', 400, 'billNumber: 不能包含空字符'],
      ['x'.repeat(5000), 400, 'billNumber'],
      ['   ', 400, 'billNumber'],
      ['constructor', 404, 'constructor'],
      ["' OR 1=1 --", 404, 'OR 1=1'],
    ];
    for (const [billNumber, status, text] of cases)
      for (const call of [
        print.getPurOrderPrint,
        print.getSamBillPrint,
        print.getReceivingPrint,
        print.getAdjustPricePrint,
        print.getGoodsChangePrint,
      ]) {
        const res = await t.callAs('100001', call, { query: { billNumber } });
        expect(res.status, `${call.path} ${billNumber.slice(0, 20)}`).toBe(status);
        expect(res.envelope.message).toContain(text);
      }
    const badType = await t.callAs('100001', print.getPrintableRecords, { query: { printTypeCode: 'purOrder' as 'adjustPrice' } });
    expect(badType.status).toBe(400);
    expect(badType.envelope.message).toContain('printTypeCode');
    expect((await t.app.inject({ method: 'GET', url: '/api/print/purOrder?billNumber=PO1' })).statusCode).toBe(401);
  });
});
