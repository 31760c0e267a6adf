// Settlement bills from draft to paid: settle once (also under concurrency and as a database constraint),
// optimistic versions, idempotent submit, totals against independent sums, 409s naming the state, invoices,
// payments, and nothing of one supplier reachable by another.
import { dashboard, settlement } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitTax } from '../../../db/seed/money';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { type fixtureDates, insertFixtures, mainSources } from '../fixtures';

let t: TestApp;
let dates: ReturnType<typeof fixtureDates>;
const s = settlement;

beforeAll(async () => {
  t = await createTestApp();
  ({ dates } = await insertFixtures(t.database.db, new Date()));
  // A child of 100001 with the bill page and its save button, but not apply.
  const child = await t.database.db.selectFrom('account').select('id').where('employee_code', '=', '100001-01').executeTakeFirstOrThrow();
  await t.database.db.insertInto('account_module').values({ account_id: child.id, module_code: 'ms0031' }).execute();
  await t.database.db.insertInto('account_button').values({ account_id: child.id, module_code: 'ms0031', button_code: 'save' }).execute();
}, 120_000);
afterAll(() => t.close());

const cents = (text: string) => {
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
  return text.startsWith('-') ? -value : value;
};

const billForm = (sources: readonly { sourceType: string; sourceId: string }[], extra: Record<string, unknown> = {}) => ({
  body: { nodeCode: 'U01', periodStart: dates.periodStart, periodEnd: dates.periodEnd, sources, ...extra } as never,
});

async function newBill(sources: readonly { sourceType: string; sourceId: string }[] = mainSources, user = '100001') {
  const res = await t.callAs(user, s.samBillSave, billForm(sources));
  expect(res.status, JSON.stringify(res.envelope)).toBe(200);
  return res.data;
}

const statusOf = async (table: 'acceptance' | 'sam_charge' | 'sam_prepay' | 'return_note', column: string, id: string) =>
  (
    await sql<{ settle_status: string }>`SELECT DISTINCT settle_status FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${id}`.execute(
      t.database.db,
    )
  ).rows.map((r) => r.settle_status);

const detail = async (billNumber: string, user = '100001') =>
  (await t.callAs(user, s.getSamBillDetail, { body: { samBillNum: billNumber } })).data;
/** The demo staff accounts holding the role of each review step (seed: settlementRoles). */
const clerk = 'clerk01';
const invoiceDesk = 'invoice01';
const finance = 'finance01';
const cashier = 'cashier01';
const reviewCall = { 审核: s.auditSamBill, 发票确认: s.confirmSamBillInvoice, 审批: s.approveSamBill } as const;
const stepAccount = { 审核: clerk, 发票确认: invoiceDesk, 审批: finance } as const;
const review = (step: keyof typeof reviewCall, samBillNum: string, user: string = stepAccount[step]) =>
  t.callAs(user, reviewCall[step], { body: { samBillNum, note: '' } });

describe('making a bill', () => {
  it('lists the supplier’s due, unsettled documents of the unit and period with signed amounts', async () => {
    const res = await t.callAs('100001', s.getSamCostData, {
      body: { nodeCode: 'U01', periodStart: dates.periodStart, periodEnd: dates.periodEnd },
    });
    expect(res.status).toBe(200);
    const ids = res.data.list.map((d) => `${d.sourceType}:${d.sourceId}:${d.amount}`).sort();
    expect(ids).toEqual(
      [
        'charge:FYT-0001:-2000.00',
        'charge:FYT-0002:-312.00',
        'charge:FYT-0003:-300.00',
        'prepay:YFT-0001:-500.00',
        'receiving:YST-0001:1203.00',
        'receiving:YST-0002:5650.00',
        'receiving:YST-0004:452.00',
        'receiving:YST-0005:113.00',
        'return:THT-0001:-51.00',
      ].sort(),
    );
    expect(res.data.total).toBe(9);
    expect(res.data.totalAmount).toBe('4255.00');
    expect(res.data.list.find((d) => d.sourceId === 'YST-0001')!.taxRates).toBe('13,9');
  });

  it('dates each document due by the term of the supplier asked about, and answers 404 for a supplier that does not exist', async () => {
    const body = { nodeCode: 'U01', periodStart: dates.periodStart, periodEnd: dates.periodEnd };
    for (const [user, suppCode] of [
      ['100001', undefined],
      ['admin', '100001'],
      ['admin', '100002'],
    ] as const) {
      const { pay_term_days: term } = await t.database.db
        .selectFrom('supplier')
        .select('pay_term_days')
        .where('tenant_id', '=', 'demo')
        .where('supp_code', '=', suppCode ?? user)
        .executeTakeFirstOrThrow();
      const res = await t.callAs(user, s.getSamCostData, { body: { ...body, ...(suppCode ? { suppCode } : {}) } });
      expect(res.status).toBe(200);
      const receipts = res.data.list.filter((d) => d.sourceType === 'receiving');
      expect(receipts.length, `${user} ${suppCode}`).toBeGreaterThan(0);
      for (const d of receipts) expect(d.dueDate).toBe(new Date(Date.parse(d.docDate) + term * 86_400_000).toISOString().slice(0, 10));
    }
    const missing = await t.callAs('admin', s.getSamCostData, { body: { ...body, suppCode: 'NOSUCH' } });
    expect(missing.status).toBe(404);
    expect(missing.envelope.message).toContain('供应商 NOSUCH 不存在');
  });

  it('computes totals per tax rate that match independent sums, and payable = the sum of the lines', async () => {
    const bill = await newBill();
    expect(bill.status).toBe('草稿');
    const got = await detail(bill.samBillNum);
    // Independent: the fixture amounts, and the charges split with the seed's own integer arithmetic.
    const dm = splitTax(200_000, 6);
    const short = splitTax(31_200, 6);
    const expected = new Map<string | null, { payable: number; excl: number; tax: number }>([
      ['13', { payable: 100_300 + 565_000 - 5_100, excl: 88_761 + 500_000 - 4_513, tax: 11_539 + 65_000 - 587 }],
      ['9', { payable: 20_000, excl: 18_349, tax: 1_651 }],
      ['6', { payable: -231_200, excl: -(dm.exclCents + short.exclCents), tax: -(dm.taxCents + short.taxCents) }],
      [null, { payable: -50_000, excl: -50_000, tax: 0 }],
    ]);
    expect(got.totals).toHaveLength(4);
    for (const row of got.totals) {
      const want = expected.get(row.taxRate)!;
      expect([row.taxRate, cents(row.payableAmount), cents(row.payableExcl), cents(row.payableTax)]).toEqual([
        row.taxRate,
        want.payable,
        want.excl,
        want.tax,
      ]);
    }
    const lineSum = got.lines.reduce((sum, l) => sum + cents(l.amount), 0);
    const rateSum = got.totals.reduce((sum, r) => sum + cents(r.payableAmount), 0);
    expect(cents(got.header.payableAmount)).toBe(lineSum);
    expect(rateSum).toBe(lineSum);
    expect(got.header.payableAmount).toBe('3990.00');
    expect(got.header.goodsAmount).toBe('6853.00');
    expect(got.header.returnAmount).toBe('-51.00');
    expect(got.header.chargeAmount).toBe('-2312.00');
    expect(got.header.prepayAmount).toBe('-500.00');
    expect(got.lines).toHaveLength(6);
    expect(got.charges.map((c) => c.chargeCode)).toEqual(['FYT-0001', 'FYT-0002']);
    expect(got.history.map((h) => h.toText)).toEqual(['草稿']);
    expect(got.actions).toEqual(expect.arrayContaining(['modify', 'apply', 'delete', 'void']));
    expect(await statusOf('acceptance', 'bill_number', 'YST-0001')).toEqual(['结算中']);
    expect(await statusOf('sam_prepay', 'prepay_number', 'YFT-0001')).toEqual(['结算中']);
    // The editor's live totals say the same before saving.
    const calc = await t.callAs('100001', s.calcSamBillTotals, { body: { nodeCode: 'U01', sources: [...mainSources] } });
    expect(calc.data.payableAmount).toBe('3990.00');
    // Delete gives every document back.
    expect((await t.callAs('100001', s.delSamBill, { query: { samBillNum: bill.samBillNum } })).status).toBe(200);
    expect(await statusOf('acceptance', 'bill_number', 'YST-0001')).toEqual(['未结算']);
    expect(await statusOf('sam_charge', 'charge_code', 'FYT-0001')).toEqual(['未结算']);
  });

  it('settles a document once: of two concurrent saves of the same documents one wins', async () => {
    const sources = [{ sourceType: 'receiving', sourceId: 'YST-0002' }] as const;
    const answers = await Promise.all([
      t.callAs('100001', s.samBillSave, billForm(sources)),
      t.callAs('100001', s.samBillSave, billForm(sources)),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.envelope.message).toContain(s.SettlementMessages.settledOnce['zh-CN']);
    const live = await sql<{ n: number }>`SELECT count(*)::int AS n FROM sam_bill_line WHERE source_id = 'YST-0002' AND live`.execute(
      t.database.db,
    );
    expect(live.rows[0]!.n).toBe(1);
    // A third try, and the database itself, refuse it too.
    const again = await t.callAs('100001', s.samBillSave, billForm(sources));
    expect(again.status).toBe(409);
    const winner = answers.find((a) => a.status === 200)!.data.samBillNum;
    const other = await newBill([{ sourceType: 'receiving', sourceId: 'YST-0001' }]);
    await expect(
      sql`INSERT INTO sam_bill_line (tenant_id, bill_number, source_type, source_id, doc_date, due_date, amount, amount_excl, tax)
        VALUES ('demo', ${other.samBillNum}, 'receiving', 'YST-0002', current_date, current_date, 0, 0, 0)`.execute(t.database.db),
    ).rejects.toThrow(/sam_bill_line_live/);
    await t.callAs('100001', s.delSamBill, { query: { samBillNum: other.samBillNum } });
    await t.callAs('100001', s.delSamBill, { query: { samBillNum: winner } });
  });

  it('refuses a stale version on modify and changes nothing; a current one replaces the documents', async () => {
    const bill = await newBill([{ sourceType: 'receiving', sourceId: 'YST-0001' }]);
    const modified = await t.callAs('100001', s.samBillModify, {
      body: { samBillNum: bill.samBillNum, version: bill.version, sources: [{ sourceType: 'receiving', sourceId: 'YST-0002' }] },
    });
    expect(modified.status).toBe(200);
    expect(modified.data.version).toBe(bill.version + 1);
    expect(await statusOf('acceptance', 'bill_number', 'YST-0001')).toEqual(['未结算']);
    expect(await statusOf('acceptance', 'bill_number', 'YST-0002')).toEqual(['结算中']);
    const stale = await t.callAs('100001', s.samBillModify, {
      body: {
        samBillNum: bill.samBillNum,
        version: bill.version,
        sources: [{ sourceType: 'receiving', sourceId: 'YST-0001' }],
        remark: 'x',
      },
    });
    expect(stale.status).toBe(409);
    expect(stale.envelope.message).toContain(s.SettlementMessages.staleVersion['zh-CN']);
    const now = await detail(bill.samBillNum);
    expect(now.lines.map((l) => l.sourceId)).toEqual(['YST-0002']);
    expect(now.header.version).toBe(bill.version + 1);
    await t.callAs('100001', s.delSamBill, { query: { samBillNum: bill.samBillNum } });
  });

  it('checks the documents: not due for a normal bill, advance bills only when allowed, period and unit', async () => {
    const notDue = await t.callAs('100001', s.samBillSave, {
      body: {
        nodeCode: 'U01',
        periodStart: dates.advanceStart,
        periodEnd: dates.today,
        sources: [{ sourceType: 'receiving', sourceId: 'YST-0009' }],
      },
    });
    expect(notDue.status).toBe(400);
    expect(notDue.envelope.message).toContain('预付结算');
    const advance = await t.callAs('100001', s.samBillSave, {
      body: {
        billKind: 'advance',
        nodeCode: 'U01',
        periodStart: dates.advanceStart,
        periodEnd: dates.today,
        sources: [{ sourceType: 'receiving', sourceId: 'YST-0009' }],
      },
    });
    expect(advance.status).toBe(200);
    const advanceList = await t.callAs('100001', s.getSamAdvanceBillList, { body: {} });
    expect(advanceList.data.list.map((b) => b.samBillNum)).toEqual([advance.data.samBillNum]);
    expect((await t.callAs('100002', s.isAdvanceSAM, { query: {} })).data).toBe(false);
    const refused = await t.callAs('100002', s.getSamCostData, {
      body: { billKind: 'advance', nodeCode: 'U01', periodStart: dates.advanceStart, periodEnd: dates.today },
    });
    expect(refused.status).toBe(403);
    const otherUnit = await t.callAs('100001', s.samBillSave, billForm([{ sourceType: 'receiving', sourceId: 'YST-0003' }]));
    expect(otherUnit.status).toBe(400);
    const outside = await t.callAs('100001', s.samBillSave, {
      body: {
        nodeCode: 'U01',
        periodStart: dates.today,
        periodEnd: dates.today,
        sources: [{ sourceType: 'receiving', sourceId: 'YST-0001' }],
      },
    });
    expect(outside.status).toBe(400);
    await t.callAs('100001', s.delSamBill, { query: { samBillNum: advance.data.samBillNum } });
  });

  it('gives unique bill numbers under concurrency', async () => {
    const numbers = await Promise.all(Array.from({ length: 12 }, () => t.callAs('100001', s.newBillNumber)));
    const values = numbers.map((n) => n.data);
    expect(new Set(values).size).toBe(12);
    expect(values.every((v) => /^JS\d{6}-\d{4}$/.test(v))).toBe(true);
  });
});

describe('the workflow', () => {
  it('runs from 草稿 to 已支付 with invoices within tolerance and payments never beyond what is owed', async () => {
    const bill = await newBill();
    const num = bill.samBillNum;
    // Submit twice: one change of state, one history row.
    const first = await t.callAs('100001', s.applySamBill, { body: { samBillNum: num, version: bill.version } });
    const second = await t.callAs('100001', s.applySamBill, { body: { samBillNum: num, version: bill.version } });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.data.version).toBe(first.data.version);
    const applied = (await detail(num)).history.filter((h) => h.action === 'apply');
    expect(applied).toHaveLength(1);

    // A call that does not fit the state: 409 naming the state.
    const del = await t.callAs('100001', s.delSamBill, { query: { samBillNum: num } });
    expect(del.status).toBe(409);
    expect(del.envelope.message).toContain('「已提交」');
    expect((await review('审批', num)).status).toBe(409);
    // The supplier cannot audit its own bill; staff can.
    expect((await review('审核', num, '100001')).status).toBe(403);
    expect((await review('审核', num)).status).toBe(200);
    expect((await t.callAs('100001', s.applySamBill, { body: { samBillNum: num } })).envelope.message).toContain('「已审核」');

    // Invoices: 13% and 9% of goods and returns; a wrong amount is refused at confirmation.
    const invoice = (number: string, rate: string, amount: string, excl: string, tax: string, extra: Record<string, unknown> = {}) =>
      t.callAs('100001', s.saveSamBillInvoice, {
        body: {
          samBillNum: num,
          invoice: {
            invoiceType: '增值税专用发票',
            invoiceCode: '3100253130',
            invoiceNumber: number,
            invoiceDate: dates.today,
            taxRate: rate,
            amount,
            amountExcl: excl,
            tax,
            ...extra,
          },
        } as never,
      });
    expect((await invoice('00000001', '13', '6602.00', '5842.48', '759.52')).status).toBe(200);
    const duplicate = await invoice('00000001', '13', '6602.00', '5842.48', '759.52');
    expect(duplicate.status).toBe(409);
    const digitalWithCode = await invoice('12345678901234567890', '9', '200.00', '183.49', '16.51', { invoiceType: '数电发票(专用)' });
    expect(digitalWithCode.status).toBe(400);
    const wrongSum = await invoice('00000003', '9', '200.00', '183.49', '16.00');
    expect(wrongSum.status).toBe(400);
    const nine = await invoice('00000002', '9', '150.00', '137.61', '12.39');
    expect(nine.status).toBe(200);
    const mismatch = await review('发票确认', num);
    expect(mismatch.status).toBe(409);
    expect(mismatch.envelope.message).toContain(s.SettlementMessages.invoiceMismatch['zh-CN']);
    expect((await t.callAs('100001', s.delSamBillInvoice, { body: { samBillNum: num, invoiceId: nine.data.invoiceId } })).status).toBe(200);
    const digital = await invoice('12345678901234567890', '9', '200.00', '183.49', '16.51', {
      invoiceType: '数电发票(专用)',
      invoiceCode: '',
    });
    expect(digital.status).toBe(200);
    expect((await review('发票确认', num)).status).toBe(200);
    // Send back one step and forward again.
    expect((await t.callAs(finance, s.returnSamBill, { body: { samBillNum: num, reason: '发票抬头有误' } })).data.status).toBe('已审核');
    expect((await review('发票确认', num)).status).toBe(200);
    expect((await review('审批', num)).data.status).toBe('已审批');
    // Finance may send it back to the invoice desk while nothing is paid.
    expect((await t.callAs(cashier, s.returnSamBill, { body: { samBillNum: num, reason: '付款账户待确认' } })).data.status).toBe(
      '发票确认',
    );
    expect((await review('审批', num)).data.status).toBe('已审批');

    // Payments: partial, then never beyond what is owed, then the rest.
    const pay = (amount: string) =>
      t.callAs(cashier, s.recordSamBillPayment, { body: { samBillNum: num, payment: { amount, payDate: dates.today } } as never });
    const part = await pay('1000.00');
    expect(part.data).toMatchObject({ status: '已审批', paidAmount: '1000.00', unpaidAmount: '2990.00' });
    const over = await pay('2990.01');
    expect(over.status).toBe(409);
    expect(over.envelope.message).toContain(s.SettlementMessages.overpaid['zh-CN']);
    expect((await t.callAs(cashier, s.returnSamBill, { body: { samBillNum: num, reason: '退回' } })).status).toBe(409);
    const rest = await pay('2990.00');
    expect(rest.data).toMatchObject({ status: '已支付', paidAmount: '3990.00', unpaidAmount: '0.00' });
    expect((await pay('0.01')).envelope.message).toContain('「已支付」');

    const done = await detail(num);
    expect(done.history.map((h) => `${h.actionText}:${h.toText}`)).toEqual([
      '新建:草稿',
      '提交:已提交',
      '审核:已审核',
      '录入发票:已审核',
      '录入发票:已审核',
      '录入发票:已审核',
      '录入发票:已审核',
      '发票确认:发票确认',
      '退回:已审核',
      '发票确认:发票确认',
      '审批:已审批',
      '退回:发票确认',
      '审批:已审批',
      '部分付款:已审批',
      '付款:已支付',
    ]);
    expect(done.payments.map((p) => p.amount)).toEqual(['1000.00', '2990.00']);
    expect(done.invoices.every((i) => i.confirmed)).toBe(true);
    const pays = await t.callAs('100001', s.getSamBillPayList, { body: { samBillNum: num } });
    expect(pays.data).toMatchObject({ payableAmount: '3990.00', paidAmount: '3990.00', unpaidAmount: '0.00' });
    expect(await statusOf('acceptance', 'bill_number', 'YST-0001')).toEqual(['已结算']);
    expect(await statusOf('sam_charge', 'charge_code', 'FYT-0002')).toEqual(['已结算']);
    // Paid documents are in no cost list, and cannot be taken again.
    const again = await t.callAs('100001', s.samBillSave, billForm([{ sourceType: 'receiving', sourceId: 'YST-0001' }]));
    expect(again.status).toBe(409);
    expect(again.envelope.message).toContain(s.SettlementMessages.settledOnce['zh-CN']);
    const checks = await t.callAs('100001', s.getAllSamBillCheckDetails, { body: { samBillNum: num } });
    expect(checks.data).toHaveLength(6);
    expect(checks.data.every((c) => c.difference === '0.00')).toBe(true);
    expect(checks.data.find((c) => c.sourceId === 'YST-0001')!.deliveredQty).toBe('20');
  });

  it('rejects and voids: the documents return to 未结算, another bill may take them, the rejected one then cannot', async () => {
    const sources = [{ sourceType: 'receiving', sourceId: 'YST-0003' }] as const;
    const unitTwo = (extra = {}) => ({
      body: { nodeCode: 'U02', periodStart: dates.periodStart, periodEnd: dates.periodEnd, sources, ...extra } as never,
    });
    const rejected = (await t.callAs('100001', s.samBillSave, unitTwo())).data;
    await t.callAs('100001', s.applySamBill, { body: { samBillNum: rejected.samBillNum } });
    const reject = await t.callAs(clerk, s.rejectSamBill, { body: { samBillNum: rejected.samBillNum, reason: '缺少退货单' } });
    expect(reject.data.status).toBe('已驳回');
    expect(await statusOf('acceptance', 'bill_number', 'YST-0003')).toEqual(['未结算']);
    const other = await t.callAs('100001', s.samBillSave, unitTwo());
    expect(other.status).toBe(200);
    const resubmit = await t.callAs('100001', s.applySamBill, { body: { samBillNum: rejected.samBillNum } });
    expect(resubmit.status).toBe(409);
    expect(resubmit.envelope.message).toContain(s.SettlementMessages.settledOnce['zh-CN']);
    // The supplier voids only a draft; staff void the other after submission.
    expect((await t.callAs('100001', s.voidSamBill, { body: { samBillNum: other.data.samBillNum, reason: '重开' } })).data.status).toBe(
      '作废',
    );
    expect(await statusOf('acceptance', 'bill_number', 'YST-0003')).toEqual(['未结算']);
    const resubmitted = await t.callAs('100001', s.applySamBill, { body: { samBillNum: rejected.samBillNum } });
    expect(resubmitted.data.status).toBe('已提交');
    expect(await statusOf('acceptance', 'bill_number', 'YST-0003')).toEqual(['结算中']);
    const supplierVoid = await t.callAs('100001', s.voidSamBill, { body: { samBillNum: rejected.samBillNum, reason: '不要了' } });
    expect(supplierVoid.status).toBe(409);
    expect((await t.callAs(clerk, s.voidSamBill, { body: { samBillNum: rejected.samBillNum, reason: '作废' } })).data.status).toBe('作废');
    expect(await statusOf('acceptance', 'bill_number', 'YST-0003')).toEqual(['未结算']);
  });

  it('counts a rejected bill as owing nothing, names the documents another bill settled since, and lets its supplier void it', async () => {
    const sources = [{ sourceType: 'receiving', sourceId: 'YST-0003' }] as const;
    const form = { body: { nodeCode: 'U02', periodStart: dates.periodStart, periodEnd: dates.periodEnd, sources } as never };
    const rejected = (await t.callAs('100001', s.samBillSave, form)).data;
    await t.callAs('100001', s.applySamBill, { body: { samBillNum: rejected.samBillNum } });
    await t.callAs(clerk, s.rejectSamBill, { body: { samBillNum: rejected.samBillNum, reason: '缺少退货单' } });
    const other = (await t.callAs('100001', s.samBillSave, form)).data;

    // The rejected bill holds nothing: it owes nothing, on its detail, in the list and on the dashboard.
    const shown = await detail(rejected.samBillNum);
    expect(shown.header).toMatchObject({ status: '已驳回', payableAmount: rejected.payableAmount, unpaidAmount: '0.00' });
    expect(shown.lines.map((l) => [l.sourceId, l.heldBy])).toEqual([['YST-0003', other.samBillNum]]);
    expect((await detail(other.samBillNum)).lines.map((l) => l.heldBy)).toEqual(['']);
    const listed = await t.callAs('100001', s.querySamBillQueryList, { body: { page: 1, limit: 1000 } });
    expect(listed.data.list.find((b) => b.samBillNum === rejected.samBillNum)?.unpaidAmount).toBe('0.00');
    const overview = (await t.callAs('100001', dashboard.getOverview, { query: {} })).data.settlement;
    const sum = (values: string[]) => values.reduce((total, v) => total + cents(v), 0);
    expect(cents(overview.unpaidAmount)).toBe(sum(listed.data.list.map((b) => b.unpaidAmount)));
    // Waiting on the supplier: drafts for their payable, rejected bills for the documents still free.
    const waiting = await Promise.all(
      listed.data.list
        .filter((b) => b.status === '草稿' || b.status === '已驳回')
        .map(async (b) =>
          b.status === '草稿' ? [b.payableAmount] : (await detail(b.samBillNum)).lines.filter((l) => !l.heldBy).map((l) => l.amount),
        ),
    );
    expect(cents(overview.waitingAmount)).toBe(sum(waiting.flat()));

    // Submitting it again says which document went where, and what to do; its supplier may void it.
    const resubmit = await t.callAs('100001', s.applySamBill, { body: { samBillNum: rejected.samBillNum } });
    expect(resubmit.status).toBe(409);
    expect(resubmit.envelope.message).toContain(s.SettlementMessages.settledOnce['zh-CN']);
    expect(resubmit.envelope.message).toContain(`验收单 YST-0003（结算单 ${other.samBillNum}）`);
    expect((await detail(rejected.samBillNum)).actions).toEqual(expect.arrayContaining(['modify', 'apply', 'void']));
    const voided = await t.callAs('100001', s.voidSamBill, { body: { samBillNum: rejected.samBillNum, reason: '单据已在其他结算单结算' } });
    expect(voided.data.status).toBe('作废');
    expect((await detail(rejected.samBillNum)).header.unpaidAmount).toBe('0.00');
    expect(await statusOf('acceptance', 'bill_number', 'YST-0003')).toEqual(['结算中']);
    // Through the workflow: its history names the supplier's step, and the outbox tells the retailer.
    const history = await t.database.db
      .selectFrom('record_history')
      .select(['action', 'from_status', 'to_status', 'actor_code', 'note'])
      .where('record_type', '=', 'sam-bill')
      .where('record_id', '=', rejected.samBillNum)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(history).toEqual({
      action: 'discard',
      from_status: '已驳回',
      to_status: '作废',
      actor_code: '100001',
      note: '单据已在其他结算单结算',
    });
    const event = await t.database.db
      .selectFrom('event')
      .select(['topic', 'payload'])
      .where('subject', '=', rejected.samBillNum)
      .where('topic', '=', 'settlement.bill.voided')
      .executeTakeFirstOrThrow();
    expect(event.payload).toMatchObject({ status: '作废', voidedBy: 'supplier', reason: '单据已在其他结算单结算' });
    const removed = await t.callAs('100001', s.delSamBill, { query: { samBillNum: other.samBillNum } });
    expect(removed.status, JSON.stringify(removed.envelope)).toBe(200);
  });

  it('gives reconciliation lines quantities only for goods: a charge or prepayment line has none (not 0/0)', async () => {
    const bills = await t.callAs('100001', s.querySamBillQueryList, { body: { page: 1, limit: 1000 } });
    const withCharges = bills.data.list.find((b) => b.chargeAmount !== '0.00' && b.goodsAmount !== '0.00');
    expect(withCharges).toBeDefined();
    const checks = await t.callAs('100001', s.getSamBillCheckDetails, {
      body: { samBillNum: withCharges!.samBillNum, page: 1, limit: 100 },
    });
    const byType = (type: string) => checks.data.list.filter((c) => c.sourceType === type);
    expect(byType('charge').length).toBeGreaterThan(0);
    for (const line of [...byType('charge'), ...byType('prepay')]) expect([line.orderedQty, line.deliveredQty]).toEqual([null, null]);
    for (const line of byType('receiving')) expect(Number(line.deliveredQty)).toBeGreaterThan(0);
  });

  it('names the 结算主体 as the paying company, with its own taxpayer number', async () => {
    const saved = await t.callAs('100001', s.samBillSave, {
      body: {
        nodeCode: 'U02',
        periodStart: dates.periodStart,
        periodEnd: dates.periodEnd,
        sources: [{ sourceType: 'receiving', sourceId: 'YST-0003' }],
      } as never,
    });
    expect(saved.status, JSON.stringify(saved.envelope)).toBe(200);
    const bill = saved.data;
    const unit = await t.database.db
      .selectFrom('acc_unit')
      .select(['unit_name', 'tax_number'])
      .where('tenant_id', '=', 'demo')
      .where('unit_code', '=', 'U02')
      .executeTakeFirstOrThrow();
    const { header } = await detail(bill.samBillNum);
    expect([header.companyName, header.nodeTaxNumber]).toEqual([unit.unit_name, unit.tax_number]);
    await t.callAs('100001', s.delSamBill, { query: { samBillNum: bill.samBillNum } });
  });

  it('keeps a disputed charge out of bills until staff answer', async () => {
    const disputed = await t.callAs('100001', s.disputeCharge, { body: { chargeCode: 'FYT-0002', note: '本月满足率 96%' } });
    expect(disputed.status).toBe(409);
    const sources = [
      { sourceType: 'receiving', sourceId: 'YST-0004' },
      { sourceType: 'charge', sourceId: 'FYT-0003' },
    ] as const;
    const bill = await newBill(sources);
    const dispute = await t.callAs('100001', s.disputeCharge, { body: { chargeCode: 'FYT-0003', note: '未参加该档海报' } });
    expect(dispute.data.disputeStatus).toBe('异议中');
    expect((await t.callAs('100001', s.disputeCharge, { body: { chargeCode: 'FYT-0003', note: '再次' } })).status).toBe(409);
    const blocked = await t.callAs('100001', s.applySamBill, { body: { samBillNum: bill.samBillNum } });
    expect(blocked.status).toBe(409);
    expect(blocked.envelope.message).toContain(s.SettlementMessages.disputedCharge['zh-CN']);
    const answered = await t.callAs(clerk, s.answerChargeDispute, { body: { chargeCode: 'FYT-0003', answer: '已核实参加，附排期表' } });
    expect(answered.data).toMatchObject({ disputeStatus: '已答复', answerNote: '已核实参加，附排期表', disputeNote: '未参加该档海报' });
    expect((await t.callAs('100001', s.applySamBill, { body: { samBillNum: bill.samBillNum } })).status).toBe(200);
    const list = await t.callAs('100001', s.getChargeList, { body: { disputeStatus: '已答复' } });
    expect(list.data.list.map((c) => c.chargeCode)).toEqual(['FYT-0003']);
    await t.callAs(clerk, s.voidSamBill, { body: { samBillNum: bill.samBillNum, reason: '测试' } });
  });

  it('refuses fees barred by the fair-trade rules when a charge is raised', async () => {
    const form = (chargeName: string) => ({
      body: {
        suppCode: '100001',
        deptCode: 'S0101',
        chargeType: '其他',
        chargeName,
        period: dates.docDate.slice(0, 7),
        amount: '800.00',
        clause: '无',
        calculation: '无',
        chargeDate: dates.docDate,
      } as never,
    });
    for (const name of s.barredChargeNames) {
      const res = await t.callAs(clerk, s.saveCharge, form(`2026${name}`));
      expect(res.status).toBe(400);
      expect(res.envelope.message).toContain(s.SettlementMessages.barredCharge['zh-CN']);
    }
    const allowed = await t.callAs(clerk, s.saveCharge, form('DM海报费 12月档'));
    expect(allowed.status).toBe(200);
    expect(allowed.data.signedAmount).toBe('-800.00');
    expect((await t.callAs('100001', s.saveCharge, form('价差'))).status).toBe(403);
  });

  it('lets a child account save but not submit without the apply button', async () => {
    const bill = await newBill([{ sourceType: 'receiving', sourceId: 'YST-0005' }], '100001-01');
    const apply = await t.callAs('100001-01', s.applySamBill, { body: { samBillNum: bill.samBillNum } });
    expect(apply.status).toBe(403);
    expect((await detail(bill.samBillNum, '100001-01')).actions).not.toContain('apply');
    expect((await t.callAs('100001-01', s.delSamBill, { query: { samBillNum: bill.samBillNum } })).status).toBe(403);
    expect((await t.callAs('100001', s.delSamBill, { query: { samBillNum: bill.samBillNum } })).status).toBe(200);
  });
});

describe('review steps and their roles', () => {
  it('gives each step to its role: admin, the supplier and the other steps’ roles get 403 and change nothing', async () => {
    const bill = await newBill([{ sourceType: 'receiving', sourceId: 'YST-0005' }]);
    const num = bill.samBillNum;
    const body = (extra: Record<string, unknown> = {}) => ({ body: { samBillNum: num, reason: '不是我的步骤', ...extra } as never });
    type ReviewCall = typeof s.auditSamBill | typeof s.rejectSamBill | typeof s.voidSamBill | typeof s.recordSamBillPayment;
    const refused = async (users: string[], call: ReviewCall, extra?: Record<string, unknown>) => {
      for (const user of users) expect((await t.callAs(user, call, body(extra))).status, `${user} ${call.path}`).toBe(403);
    };
    const stateIs = async (status: string) => expect((await detail(num)).header.status).toBe(status);
    await t.callAs('100001', s.applySamBill, { body: { samBillNum: num } });

    // 审核: the clerk's (audit, reject, void); admin reads the bill and may do nothing to it.
    await refused(['admin', invoiceDesk, finance, cashier, '100001'], s.auditSamBill);
    await refused(['admin', invoiceDesk, finance, cashier], s.rejectSamBill);
    await refused(['admin', invoiceDesk, finance, cashier], s.voidSamBill);
    await stateIs('已提交');
    expect((await detail(num, 'admin')).actions).toEqual([]);
    expect((await detail(num, clerk)).actions).toEqual(['void', 'audit', 'reject']);
    expect((await review('审核', num)).data.status).toBe('已审核');

    // 发票确认: the invoice desk's (confirm, or reject an audited bill).
    const invoice = { invoiceType: '增值税专用发票', invoiceCode: '3100253130', invoiceNumber: '00000005', invoiceDate: dates.today };
    const saved = await t.callAs('100001', s.saveSamBillInvoice, {
      body: { samBillNum: num, invoice: { ...invoice, taxRate: '13', amount: '113.00', amountExcl: '100.00', tax: '13.00' } } as never,
    });
    expect(saved.status).toBe(200);
    await refused(['admin', clerk, finance, cashier], s.confirmSamBillInvoice);
    await refused(['admin', clerk, finance, cashier], s.rejectSamBill);
    expect((await detail(num, invoiceDesk)).actions).toEqual(['reject', 'confirmInvoice']);
    await stateIs('已审核');
    expect((await review('发票确认', num)).data.status).toBe('发票确认');

    // 审批: finance's (approve, or return to the invoice desk).
    await refused(['admin', clerk, invoiceDesk, cashier], s.approveSamBill);
    await refused(['admin', clerk, invoiceDesk, cashier], s.returnSamBill);
    await stateIs('发票确认');
    expect((await review('审批', num)).data.status).toBe('已审批');

    // 支付: the cashier's (pay, or return to finance).
    const payment = { payment: { amount: '113.00', payDate: dates.today } };
    await refused(['admin', clerk, invoiceDesk, finance], s.recordSamBillPayment, payment);
    await refused(['admin', clerk, invoiceDesk, finance], s.returnSamBill);
    await stateIs('已审批');
    expect((await detail(num, cashier)).actions).toEqual(['returnBack', 'pay']);
    expect((await t.callAs(cashier, s.recordSamBillPayment, body(payment))).data.status).toBe('已支付');
    const actors = (await detail(num)).history.filter((h) => h.actorCode !== '100001').map((h) => `${h.action}:${h.actorCode}`);
    expect(actors).toEqual([`audit:${clerk}`, `confirmInvoice:${invoiceDesk}`, `approve:${finance}`, `payFull:${cashier}`]);
  });

  it('gives charges to the clerk: only the clerk raises them and answers disputes', async () => {
    const form = {
      body: {
        suppCode: '100003',
        deptCode: 'S0101',
        chargeType: '价差',
        chargeName: '价差 补差',
        period: dates.docDate.slice(0, 7),
        amount: '12.00',
        clause: '合同第 3 条',
        calculation: '12 × 1.00',
        chargeDate: dates.docDate,
      } as never,
    };
    for (const user of ['admin', invoiceDesk, finance, cashier]) expect((await t.callAs(user, s.saveCharge, form)).status, user).toBe(403);
    const charge = (await t.callAs(clerk, s.saveCharge, form)).data;
    expect((await t.callAs('100003', s.disputeCharge, { body: { chargeCode: charge.chargeCode, note: '单价有误' } })).status).toBe(200);
    const answer = { body: { chargeCode: charge.chargeCode, answer: '已核实' } };
    for (const user of ['admin', invoiceDesk, finance, cashier])
      expect((await t.callAs(user, s.answerChargeDispute, answer)).status, user).toBe(403);
    expect((await t.callAs(clerk, s.answerChargeDispute, answer)).data.disputeStatus).toBe('已答复');
  });
});

describe('scope', () => {
  it('shows another supplier nothing of a bill and lets it change nothing', async () => {
    const bill = await newBill([{ sourceType: 'receiving', sourceId: 'YST-0004' }]);
    const ref = { body: { samBillNum: bill.samBillNum } };
    const reads = [
      await t.callAs('100002', s.getSamBillDetail, ref),
      await t.callAs('100002', s.getSamBillQueryDetail, { body: { samBillNum: bill.samBillNum, suppCode: '100001' } }),
      await t.callAs('100002', s.getSamBillPayList, ref),
      await t.callAs('100002', s.getSamBillCharges, ref),
      await t.callAs('100002', s.getSamBillCheckDetails, ref),
      await t.callAs('100002', s.getAllSamBillCheckDetails, ref),
      await t.callAs('100002', s.getAllChargesDetailByBillNum, { query: { samBillNum: bill.samBillNum } }),
      await t.callAs('100002', s.getAttachmentLisBySAMChgInv, { query: { billNumber: bill.samBillNum } }),
      await t.callAs('100002', s.getChargesDetailByBillNum, { query: { billNumber: 'FYT-0001', suppCode: '100001' } }),
    ];
    expect(reads.map((r) => r.status)).toEqual(reads.map(() => 404));
    const writes = [
      await t.callAs('100002', s.samBillModify, {
        body: { samBillNum: bill.samBillNum, version: bill.version, sources: [{ sourceType: 'receiving', sourceId: 'YST-0101' }] },
      }),
      await t.callAs('100002', s.applySamBill, ref),
      await t.callAs('100002', s.delSamBill, { query: { samBillNum: bill.samBillNum } }),
      await t.callAs('100002', s.voidSamBill, { body: { samBillNum: bill.samBillNum, reason: 'x' } }),
      await t.callAs('100002', s.disputeCharge, { body: { chargeCode: 'FYT-0001', note: 'x' } }),
      await t.callAs('100002', s.attachSamBillFiles, { body: { samBillNum: bill.samBillNum, fileIds: [] } }),
    ];
    expect(writes.map((r) => r.status)).toEqual(writes.map(() => 404));
    const invoice = await t.callAs('100002', s.saveSamBillInvoice, {
      body: {
        samBillNum: bill.samBillNum,
        invoice: {
          invoiceType: '数电发票(普通)',
          invoiceNumber: '12345678901234567899',
          invoiceDate: dates.today,
          taxRate: '13',
          amount: '1.13',
          amountExcl: '1.00',
          tax: '0.13',
        },
      } as never,
    });
    expect(invoice.status).toBe(404);
    expect((await t.callAs('100002', s.delSamBillInvoice, { body: { samBillNum: bill.samBillNum, invoiceId: '1' } })).status).toBe(404);
    // Staff steps are not the supplier's, its own or another's.
    expect((await t.callAs('100002', s.auditSamBill, { body: { samBillNum: bill.samBillNum } })).status).toBe(403);
    expect(
      (
        await t.callAs('100002', s.recordSamBillPayment, {
          body: { samBillNum: bill.samBillNum, payment: { amount: '1', payDate: dates.today } } as never,
        })
      ).status,
    ).toBe(403);
    expect((await t.callAs('100002', s.answerChargeDispute, { body: { chargeCode: 'FYT-0001', answer: 'x' } })).status).toBe(403);
    const calc = await t.callAs('100002', s.calcSamBillTotals, {
      body: { nodeCode: 'U01', sources: [{ sourceType: 'receiving', sourceId: 'YST-0004' }] },
    });
    expect(calc.status).toBe(400);
    const charges = await t.callAs('100002', s.getChargeList, { body: { suppCode: '100001' } });
    expect(charges.data.list.map((c) => c.chargeCode)).toEqual(['FYT-0101']);
    expect((await t.callAs('100002', s.getContractBySupp, { query: { suppCode: '100001' } })).data.suppCode).toBe('100002');
    expect((await t.callAs('100002', s.samBillSave, billForm([{ sourceType: 'receiving', sourceId: 'YST-0004' }]))).status).toBe(400);
    const list = await t.callAs('100002', s.querySamBillQueryList, { body: { suppCode: '100001' } });
    expect(list.data.list.every((b) => b.suppCode === '100002')).toBe(true);
    const exists = await t.callAs('100002', s.isExistBill, { body: { samBillNum: bill.samBillNum } });
    expect(exists.data.exists).toBe(false);
    const costs = await t.callAs('100002', s.getSamCostData, {
      body: { nodeCode: 'U01', periodStart: dates.periodStart, periodEnd: dates.periodEnd, suppCode: '100001' },
    });
    expect(costs.data.list.map((d) => d.sourceId).sort()).toEqual(['FYT-0101', 'YST-0101']);
    expect((await detail(bill.samBillNum)).header.status).toBe('草稿');
    // Staff see it, through the supplier picker or across the tenant.
    const staff = await t.callAs('admin', s.querySamBillQueryList, {
      body: { statuses: ['草稿'], sort: { field: 'payableAmount', order: 'desc' } },
    });
    expect(staff.data.list.map((b) => b.samBillNum)).toContain(bill.samBillNum);
    const badSort = await t.callAs('admin', s.querySamBillQueryList, { body: { sort: { field: 'constructor', order: 'asc' } } as never });
    expect(badSort.status).toBe(400);
    // Sorts no index serves (issue #34: billSortFields, chargeSortFields) are refused, before any SQL runs.
    for (const field of ['suppName', 'status', 'unpaidAmount'])
      expect((await t.callAs('admin', s.querySamBillQueryList, { body: { sort: { field, order: 'asc' } } as never })).status, field).toBe(
        400,
      );
    for (const field of ['suppName', 'deptName', 'samBillNum'])
      expect((await t.callAs('admin', s.getChargeList, { body: { sort: { field, order: 'desc' } } as never })).status, field).toBe(400);
    await t.callAs('100001', s.delSamBill, { query: { samBillNum: bill.samBillNum } });
  });
});
