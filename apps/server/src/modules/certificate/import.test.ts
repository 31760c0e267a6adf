// The certificate import: template, per-row report naming row and field, nothing saved from a sheet with
// errors unless the valid rows are asked for; and the daily expiry job, once a day however often it runs.
import { certificate } from '@portal/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tokenFor } from '../../test/helpers';
import { multipart } from '../../test/multipart';
import { expiryMark, runExpiryJob } from './expiry';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await tokenFor(t.app, '100001');
});
afterAll(() => t.close());

const headers = certificate.importColumns.map(([, header]) => header);

async function sheet(rows: (string | Date)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('证照导入');
  ws.addRow(headers);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const importSheet = async (bytes: Buffer, mode: 'all' | 'valid' = 'all') => {
  const body = multipart([{ name: '证照.xlsx', bytes }]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/ctf/importCtfs?mode=${mode}`,
    headers: { ...body.headers, token },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
};

const count = async () =>
  (
    await t.database.db
      .selectFrom('certificate')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('supp_code', '=', '100001')
      .executeTakeFirstOrThrow()
  ).n;

describe('import', () => {
  it('offers a template whose header is the import columns', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ctf/downloadCtfTemplate', headers: { token } });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect((workbook.worksheets[0]!.getRow(1).values as string[]).slice(1)).toEqual(headers);
    expect(workbook.worksheets[1]!.getColumn(1).values).toContain('营业执照');
  });

  it('reports every bad row by row and field, saves nothing, then saves the valid rows when asked', async () => {
    const bytes = await sheet([
      ['生产许可证', 'SC-IMPORT-1', '食品生产许可证', '上海市市场监督管理局', '2025-01-01', '2029-12-31', '', '', '', ''],
      ['质检报告', 'QT-1', '海苔米饼检验报告', '', '2025/6/1', '2026-02-30', '', '6923456789029', '', ''],
      ['健康证', '', '健康证', '', '', '2027-01-01', '', '', '', ''],
      ['质检报告', 'QT-2', '苏打饼干检验报告', '', '', new Date('2027-06-30T00:00:00Z'), '', '6931234500011', '', ''],
    ]);
    const before = await count();
    const checked = await importSheet(bytes);
    expect(checked.status).toBe(200);
    expect(checked.body.data).toMatchObject({ validCount: 1, errorCount: 3, saved: 0 });
    const errors = checked.body.data.rows.map((r: { row: number; errors: { field: string; message: string }[] }) => [
      r.row,
      r.errors.map((e) => `${e.field}:${e.message}`),
    ]);
    expect(errors).toEqual([
      [2, []],
      [3, ['有效期至:日期「2026-02-30」无效，应为 YYYY-MM-DD']],
      [4, ['证照类型:未知的证照类型「健康证」', '证照编号:请填写证照编号']],
      [5, ['商品条码:商品条码 6931234500011 不是本供应商的商品']],
    ]);
    expect(await count()).toBe(before);

    const saved = await importSheet(bytes, 'valid');
    expect(saved.body.data).toMatchObject({ validCount: 1, errorCount: 3, saved: 1 });
    expect(await count()).toBe(before + 1);
    const overview = (await t.callAs('100001', certificate.getSupplierCtfs, { query: {} })).data;
    const scxk = overview.types.find((x) => x.type.typeCode === 'SCXK')!.certificates[0]!;
    expect(scxk).toMatchObject({ ctfNumber: 'SC-IMPORT-1', status: '未提交', validTo: '2029-12-31', issuer: '上海市市场监督管理局' });
  });

  it('exports the report as a sheet with the errors beside the rows', async () => {
    const rows = [
      {
        row: 3,
        typeName: '=cmd',
        ctfNumber: 'A',
        ctfName: 'B',
        issuer: '',
        validFrom: '',
        validTo: 'x',
        nextReviewDate: '',
        barcode: '',
        goodsName: '',
        approvalNumber: '',
        errors: [{ field: '有效期至', message: '日期「x」无效' }],
      },
    ];
    const res = await t.app.inject({ method: 'POST', url: '/api/ctf/exportImportReport', headers: { token }, payload: { rows } });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const values = workbook.worksheets[0]!.getRow(2).values as unknown[];
    expect(values[1]).toBe(3);
    expect(values[2]).toBe("'=cmd");
    expect(values.at(-1)).toBe('有效期至：日期「x」无效');
  });

  it('says what is wrong with a sheet that is not the template or not a workbook', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('x').addRow(['编号', '名称']);
    const other = await importSheet(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(other.status).toBe(400);
    expect(other.body.message).toMatch(/^file: 第 1 行缺少列：证照类型、/);
    const broken = await importSheet(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]));
    expect(broken.status).toBe(415);
  });
});

describe('the daily expiry job', () => {
  it('marks 到期预警 at 30, 15 and 7 days, 年审预警 and 已过期', () => {
    expect(expiryMark('2026-01-01', '2026-01-31', null, false)).toEqual({ state: '到期预警', level: 30 });
    expect(expiryMark('2026-01-01', '2026-01-16', null, false)).toEqual({ state: '到期预警', level: 15 });
    expect(expiryMark('2026-01-01', '2026-01-08', null, false)).toEqual({ state: '到期预警', level: 7 });
    expect(expiryMark('2026-01-01', '2026-02-01', null, false)).toEqual({ state: '正常', level: null });
    expect(expiryMark('2026-01-01', '2027-01-01', '2026-01-20', true)).toEqual({ state: '年审预警', level: null });
    expect(expiryMark('2026-01-01', '2027-01-01', '2026-01-20', false)).toEqual({ state: '正常', level: null });
    expect(expiryMark('2026-01-01', '2025-12-31', null, false)).toEqual({ state: '已过期', level: null });
  });

  it('runs once a day however many times (and processes) start it, and marks each threshold once', async () => {
    const db = t.database.db;
    const licence = await db
      .selectFrom('certificate')
      .select(['id'])
      .where('ctf_number', '=', 'JY13101090012345')
      .executeTakeFirstOrThrow();
    const marks = () =>
      db
        .selectFrom('record_history')
        .select(['action', 'note'])
        .where('record_type', '=', 'certificate')
        .where('record_id', '=', String(licence.id))
        .where('actor_code', '=', 'system')
        .execute();
    // Eight days on, the licence that had 12 days left crosses the 7-day threshold.
    const later = new Date(Date.now() + 8 * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
    const runs = await Promise.all([runExpiryJob(db, later), runExpiryJob(db, later)]);
    expect(runs.map((r) => r.ran).sort()).toEqual([false, true]);
    expect((await runExpiryJob(db, later)).ran).toBe(false);
    expect((await marks()).map((m) => m.action)).toEqual(['expiry-warn']);
    expect((await marks())[0]!.note).toMatch(/（7 天预警）$/);
    const row = await db
      .selectFrom('certificate')
      .select(['expiry_state', 'warn_level'])
      .where('id', '=', licence.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ expiry_state: '到期预警', warn_level: 7 });
    // The next day the job runs again, and nothing new is marked for the licence.
    const next = new Date(Date.parse(later) + 86_400_000).toISOString().slice(0, 10);
    expect((await runExpiryJob(db, next)).ran).toBe(true);
    expect(await marks()).toHaveLength(1);
  });
});
