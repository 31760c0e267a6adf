// The exports of the bill list and the charge list hold what their grids show: the search, the column
// filters and the sort of the grid, over the demo tenant's year of bills and charges.
import { settlement } from '@portal/contract';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tokenFor } from '../../test/helpers';

let t: TestApp;
const s = settlement;

beforeAll(async () => {
  t = await createTestApp({ business: true });
}, 120_000);
afterAll(() => t.close());

async function exported(user: string, path: string, body: object) {
  const token = await tokenFor(t.app, user, { staff: user === 'admin' });
  const csv = await t.app.inject({ method: 'POST', url: `/api/samData/${path}`, headers: { token }, payload: { ...body, format: 'csv' } });
  expect(csv.statusCode, csv.body).toBe(200);
  const xlsx = await t.app.inject({
    method: 'POST',
    url: `/api/samData/${path}`,
    headers: { token },
    payload: { ...body, format: 'xlsx' },
  });
  expect(xlsx.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
  const sheet: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => sheet.push((row.values as unknown[]).slice(1).map(String)));
  return { csv: (parse(csv.body, { bom: true }) as string[][]).slice(1), xlsx: sheet.slice(1) };
}

describe('bill list export', () => {
  const filters = { status: { checks: ['已支付', '已审批'] }, payableAmount: { fType1: 'gt', fVal1: '1000' } };

  for (const user of ['100001', 'admin']) {
    it(`exports only the rows of the grid's filters, in the grid's sort (${user})`, async () => {
      for (const sort of [
        { field: 'payableAmount', order: 'desc' },
        { field: 'periodStart', order: 'asc' },
      ] as const) {
        const grid = { filters, sort };
        const page = await t.callAs(user, s.querySamBillQueryList, { body: { ...grid, limit: 1000 } as never });
        expect(page.status).toBe(200);
        const shown = page.data.list.map((b) => b.samBillNum);
        const all = await t.callAs(user, s.querySamBillQueryList, { body: { limit: 1000 } });
        // The filters leave some bills out and keep some.
        expect(shown.length).toBeGreaterThan(1);
        expect(shown.length).toBeLessThan(all.data.total);
        for (const bill of page.data.list) {
          expect(['已支付', '已审批']).toContain(bill.status);
          expect(Number(bill.payableAmount)).toBeGreaterThan(1000);
        }
        const { csv, xlsx } = await exported(user, 'exportSamBillList', grid);
        expect(csv.map((r) => r[0])).toEqual(shown);
        expect(xlsx.map((r) => r[0])).toEqual(shown);
      }
    });
  }

  it('refuses a filter or a sort of no column with a 400, before any byte of the file', async () => {
    const token = await tokenFor(t.app, '100001');
    for (const body of [{ filters: { nothing: { checks: ['x'] } } }, { sort: { field: 'remark', order: 'asc' } }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/samData/exportSamBillList', headers: { token }, payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
  });
});

describe('charge list export', () => {
  it("exports only the rows of the grid's filters, in the grid's sort", async () => {
    const all = await t.callAs('admin', s.getChargeList, { body: { limit: 1000 } });
    const names = [...new Set(all.data.list.map((c) => c.chargeName))];
    expect(names.length).toBeGreaterThan(1);
    const grid = { filters: { chargeName: { checks: names.slice(1) } }, sort: { field: 'signedAmount', order: 'asc' } } as const;
    const page = await t.callAs('admin', s.getChargeList, { body: { ...grid, limit: 1000 } as never });
    const shown = page.data.list.map((c) => c.chargeCode);
    expect(shown.length).toBeGreaterThan(1);
    expect(shown.length).toBeLessThan(all.data.total);
    const amounts = page.data.list.map((c) => Number(c.signedAmount));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const { csv, xlsx } = await exported('admin', 'exportChargeList', grid);
    expect(csv.map((r) => r[0])).toEqual(shown);
    expect(xlsx.map((r) => r[0])).toEqual(shown);
  });
});

describe("exports in the user's language", () => {
  async function inLanguage(user: string, path: string, format: 'csv' | 'xlsx', language?: string) {
    const token = await tokenFor(t.app, user, { staff: user === 'admin' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/samData/${path}`,
      headers: { token, ...(language ? { 'accept-language': language } : {}) },
      payload: { format, sort: { field: path === 'exportSamBillList' ? 'samBillNum' : 'chargeCode', order: 'asc' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { res, name: decodeURIComponent(String(res.headers['content-disposition'])) };
  }
  const rowsOf = (body: string) => parse(body, { bom: true }) as string[][];
  const han = /\p{Script=Han}/u;

  it("keeps today's Chinese file for Chinese or no language, and writes English titles, states and name for English", async () => {
    const plain = await inLanguage('100001', 'exportSamBillList', 'csv');
    const chinese = await inLanguage('100001', 'exportSamBillList', 'csv', 'zh-CN,zh;q=0.9,en;q=0.8');
    expect(chinese.res.rawPayload.equals(plain.res.rawPayload)).toBe(true);
    expect(plain.name).toMatch(/''结算单_\d{8}\.csv$/);
    const [zhHeader, ...zhRows] = rowsOf(plain.res.body);
    expect(zhHeader!.join(',')).toBe(
      '结算单号,类型,供应商编码,供应商,结算主体,结算期起,结算期止,付款到期日,状态,货款,退货,费用,预付款冲销,应付金额,已付金额,未付金额,发票金额,单据数,制单时间',
    );

    const english = await inLanguage('100001', 'exportSamBillList', 'csv', 'en');
    expect(english.name).toMatch(/''Settlement bills_\d{8}\.csv$/);
    const [enHeader, ...enRows] = rowsOf(english.res.body);
    expect(enHeader).toEqual(s.billColumns.map((c) => c.titleEn));
    expect(enHeader!.join(',')).not.toMatch(han);
    const status = s.billColumns.findIndex((c) => c.field === 'status');
    const kind = s.billColumns.findIndex((c) => c.field === 'billKind');
    expect(enRows.length).toBe(zhRows.length);
    expect(new Set(zhRows.map((r) => r[status])).size).toBeGreaterThan(1);
    // The kind in the Chinese file is the word the bill screens show, never the stored code.
    const kindOf = Object.fromEntries(s.billKinds.map((k) => [s.billKindText[k], k]));
    expect(zhRows.map((r) => r[kind]!).every((k) => k in kindOf)).toBe(true);
    expect(zhRows.map((r) => r[kind])).toContain('普通结算');
    enRows.forEach((row, i) => {
      const zh = zhRows[i]!;
      expect(row[status]).toBe(s.billStatusTextEn[zh[status] as settlement.BillStatus]);
      expect(row[kind]).toBe(s.billKindTextEn[kindOf[zh[kind]!]!]);
      // Everything else (numbers, codes, names, dates) as in the Chinese file.
      expect(row.filter((_, c) => c !== status && c !== kind)).toEqual(zh.filter((_, c) => c !== status && c !== kind));
    });

    const xlsx = await inLanguage('100001', 'exportSamBillList', 'xlsx', 'en-US,en;q=0.9');
    expect(xlsx.name).toMatch(/''Settlement bills_\d{8}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toMatch(/^Settlement bills_/);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(enHeader);
    const states = new Set<string>();
    sheet.eachRow((row, n) => n > 1 && states.add(String(row.getCell(status + 1).value)));
    expect([...states].every((state) => Object.values(s.billStatusTextEn).includes(state))).toBe(true);

    const zhXlsx = await inLanguage('100001', 'exportSamBillList', 'xlsx');
    const zhBook = new ExcelJS.Workbook();
    await zhBook.xlsx.load(zhXlsx.res.rawPayload as unknown as ArrayBuffer);
    const zhKinds = new Set<string>();
    zhBook.worksheets[0]!.eachRow((row, n) => n > 1 && zhKinds.add(String(row.getCell(kind + 1).value)));
    expect(zhKinds.has('普通结算')).toBe(true);
    expect([...zhKinds].every((k) => k in kindOf)).toBe(true);
  });

  it('writes the charge types, directions and states of the charges in English for English', async () => {
    const plain = await inLanguage('admin', 'exportChargeList', 'csv');
    expect(plain.name).toMatch(/''费用明细_\d{8}\.csv$/);
    const [zhHeader, ...zhRows] = rowsOf(plain.res.body);
    expect(zhHeader!.join(',')).toBe(
      '费用单号,供应商编码,供应商,门店,费用类型,费用名称,费用月份,方向,金额,税率,费用日期,结算状态,异议,结算单号,合同条款,计算方式',
    );
    const english = await inLanguage('admin', 'exportChargeList', 'csv', 'en');
    expect(english.name).toMatch(/''Charges_\d{8}\.csv$/);
    const [enHeader, ...enRows] = rowsOf(english.res.body);
    expect(enHeader).toEqual(s.chargeExportColumns.map((c) => c.titleEn));
    const at = (field: string) => s.chargeExportColumns.findIndex((c) => c.field === field);
    const directions: Record<string, string> = { 扣款: 'Deducted', 返还: 'Refunded' };
    const types = s.chargeTypeTextEn as Record<string, string>;
    expect(enRows.length).toBe(zhRows.length);
    expect(zhRows.some((r) => r[at('chargeType')]! in types)).toBe(true);
    enRows.forEach((row, i) => {
      const zh = zhRows[i]!;
      expect(row[at('chargeCode')]).toBe(zh[at('chargeCode')]);
      expect(row[at('chargeType')]).toBe(types[zh[at('chargeType')]!] ?? zh[at('chargeType')]);
      expect(row[at('direction')]).toBe(directions[zh[at('direction')]!]);
      expect(row[at('settleStatus')]).toBe(s.settleStatusTextEn[zh[at('settleStatus')] as settlement.SettleStatus]);
      expect(row[at('disputeStatus')]).toBe(s.disputeStatusTextEn[zh[at('disputeStatus')] as settlement.DisputeStatus]);
      expect(row[at('signedAmount')]).toBe(zh[at('signedAmount')]);
    });
  });
});
