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
