// Attachments of bills through the file store, and the exports and checklists of the bill and charge grids.
import { settlement } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tokenFor } from '../../../test/helpers';
import { type fixtureDates, insertFixtures } from '../fixtures';

let t: TestApp;
let dates: ReturnType<typeof fixtureDates>;
const s = settlement;

beforeAll(async () => {
  t = await createTestApp();
  ({ dates } = await insertFixtures(t.database.db, new Date()));
}, 120_000);
afterAll(() => t.close());

describe('attachments and exports', () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n', 'latin1');
  async function upload(user: string, staff = false) {
    const boundary = '----settle-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="对账单.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/file/uploadFile',
      headers: { token: await tokenFor(t.app, user, { staff }), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    return (res.json() as { data: { fileId: string }[] }).data[0]!.fileId;
  }

  it('attaches the supplier’s and a review step’s files to a bill and lists them, never another supplier’s file', async () => {
    const bill = await t.callAs('100001', s.samBillSave, {
      body: {
        nodeCode: 'U01',
        periodStart: dates.periodStart,
        periodEnd: dates.periodEnd,
        sources: [{ sourceType: 'receiving', sourceId: 'YST-0001' }],
      },
    });
    const num = bill.data.samBillNum;
    const mine = await upload('100001');
    const theirs = await upload('100002');
    expect((await t.callAs('100001', s.attachSamBillFiles, { body: { samBillNum: num, fileIds: [theirs] } })).status).toBe(400);
    const attached = await t.callAs('100001', s.attachSamBillFiles, { body: { samBillNum: num, fileIds: [mine] } });
    expect(attached.data.map((f) => f.fileName)).toEqual(['对账单.pdf']);
    const listed = await t.callAs('100001', s.getAttachmentLisBySAMChgInv, { query: { billNumber: num, invoiceInside: '1' } });
    expect(listed.data).toEqual([expect.objectContaining({ fileId: mine, attachedTo: 'bill', ref: num })]);
    // A referenced file cannot be deleted through the file store.
    const del = await t.app.inject({
      method: 'POST',
      url: '/api/file/deleteFile',
      headers: { token: await tokenFor(t.app, '100001') },
      payload: { fileId: mine },
    });
    expect(del.statusCode).toBe(409);

    // A review step's staff add their own file beside the supplier's (which stays theirs), never a file of a
    // supplier the bill does not hold; admin owns no step. Detached, the supplier's file may be deleted again.
    const staffFile = await upload('clerk01', true);
    const attach = (user: string, fileIds: string[]) => t.callAs(user, s.attachSamBillFiles, { body: { samBillNum: num, fileIds } });
    expect((await attach('admin', [mine, staffFile])).status).toBe(403);
    expect((await attach('clerk01', [mine, theirs])).status).toBe(400);
    expect((await attach('100001', [mine, staffFile])).status).toBe(400);
    const both = await attach('clerk01', [mine, staffFile]);
    expect(both.data.map((f) => f.fileId).sort()).toEqual([mine, staffFile].sort());
    expect((await attach('100001', [staffFile])).data.map((f) => f.fileId)).toEqual([staffFile]);
    const freed = await t.app.inject({
      method: 'POST',
      url: '/api/file/deleteFile',
      headers: { token: await tokenFor(t.app, '100001') },
      payload: { fileId: mine },
    });
    expect(freed.statusCode).toBe(200);
    const exists = await t.callAs('100001', s.isExistBill, {
      body: { nodeCode: 'U01', periodStart: dates.periodStart, periodEnd: dates.periodEnd },
    });
    expect(exists.data).toEqual({ exists: true, samBillNums: [num] });
  });

  it('exports the bill list as CSV and .xlsx, only with the export button', async () => {
    const token = await tokenFor(t.app, '100001');
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/samData/exportSamBillList',
      headers: { token },
      payload: { format: 'csv' },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace('\uFEFF', '').trim().split('\n');
    expect(lines[0]).toContain('结算单号');
    expect(lines).toHaveLength(2);
    const xlsx = await t.app.inject({
      method: 'POST',
      url: '/api/samData/exportSamBillList',
      headers: { token },
      payload: { format: 'xlsx' },
    });
    expect(xlsx.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    const child = await tokenFor(t.app, '100001-01');
    const refused = await t.app.inject({ method: 'POST', url: '/api/samData/exportSamBillList', headers: { token: child }, payload: {} });
    expect(refused.statusCode).toBe(403);
  });

  it('answers the charge grid’s checklist for every column, of the caller’s charges only, and exports them', async () => {
    const values = async (field: string) => {
      const res = await t.callAs('100001', s.getChargeColumnValues, { body: { field } });
      expect(res.status, field).toBe(200);
      return res.data.values;
    };
    expect(await values('suppName')).toEqual(['上海禾丰食品有限公司']);
    expect(await values('deptName')).toEqual(['上海虹口店']);
    expect(await values('taxRate')).toEqual(['6%']);
    expect(await values('signedAmount')).toEqual(expect.arrayContaining(['-2000.00', '-312.00', '-300.00']));
    expect(await values('samBillNum')).toEqual(expect.arrayContaining(['']));
    const filtered = await t.callAs('100001', s.getChargeList, { body: { filters: { taxRate: { checks: ['6%'] } } as never } });
    expect(filtered.data.list.map((c) => c.chargeCode)).toEqual(expect.arrayContaining(['FYT-0001', 'FYT-0002', 'FYT-0003']));
    expect((await t.callAs('100001', s.getChargeColumnValues, { body: { field: 'clause' } })).status).toBe(400);

    const token = await tokenFor(t.app, '100001');
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/samData/exportChargeList',
      headers: { token },
      payload: { format: 'csv' },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace('\uFEFF', '').trim().split('\n');
    expect(lines[0]).toBe(s.chargeExportColumns.map((c) => c.title).join(','));
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual(['FYT-0001', 'FYT-0002', 'FYT-0003']);
    expect(lines.find((l) => l.startsWith('FYT-0001'))).toContain(',扣款,-2000.00,6%,');
    const xlsx = await t.app.inject({
      method: 'POST',
      url: '/api/samData/exportChargeList',
      headers: { token },
      payload: { format: 'xlsx' },
    });
    expect(xlsx.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    const child = await tokenFor(t.app, '100001-01');
    const refused = await t.app.inject({ method: 'POST', url: '/api/samData/exportChargeList', headers: { token: child }, payload: {} });
    expect(refused.statusCode).toBe(403);
  });

  it('answers the grid’s checklist and filters on the server', async () => {
    const values = await t.callAs('100001', s.getSamBillColumnValues, { body: { field: 'status' } });
    expect(values.data.values).toEqual(['草稿']);
    const filtered = await t.callAs('100001', s.querySamBillQueryList, {
      body: { filters: { payableAmount: { fType1: 'gt', fVal1: '100000' } } as never },
    });
    expect(filtered.data.total).toBe(0);
    const bad = await t.callAs('100001', s.querySamBillQueryList, { body: { periodStart: dates.today, periodEnd: dates.periodStart } });
    expect(bad.status).toBe(400);
  });
});
