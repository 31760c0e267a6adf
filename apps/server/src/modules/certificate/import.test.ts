// The certificate import: template, per-row report naming row and field, nothing saved from a sheet with
// errors unless the valid rows are asked for, all in the caller's language (a sheet in either language's
// header imports); and the daily expiry job, once a day however often it runs.
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

// Written out, not read from the contract: a Chinese user's template stays exactly what it was.
const headers = [
  '证照类型',
  '证照编号',
  '证照名称',
  '发证机关',
  '生效日期',
  '有效期至',
  '下次年审日期',
  '商品条码',
  '商品名称',
  '批准文号',
];
const headersEn = [
  'Certificate type',
  'Certificate number',
  'Certificate name',
  'Issued by',
  'Valid from',
  'Valid to',
  'Next annual review',
  'Barcode',
  'Goods name',
  'Approval number',
];

async function sheet(rows: (string | Date)[][], header = headers): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('证照导入');
  ws.addRow(header);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

type Language = 'zh-CN' | 'en';

const importSheet = async (bytes: Buffer, mode: 'all' | 'valid' = 'all', language: Language = 'zh-CN') => {
  const body = multipart([{ name: '证照.xlsx', bytes }]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/ctf/importCtfs?mode=${mode}`,
    headers: { ...body.headers, token, 'accept-language': language },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
};

const errorsOf = (rows: { row: number; errors: { field: string; message: string }[] }[]) =>
  rows.map((r) => [r.row, r.errors.map((e) => `${e.field}:${e.message}`)]);

async function template(language: Language) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/ctf/downloadCtfTemplate',
    headers: { token, 'accept-language': language },
  });
  expect(res.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const [main, types] = workbook.worksheets;
  const cells = (ws: ExcelJS.Worksheet, row: number) => (ws.getRow(row).values as unknown[]).slice(1);
  return {
    fileName: decodeURIComponent(String(res.headers['content-disposition']).replace(/^.*filename\*=UTF-8''/, '')),
    sheets: workbook.worksheets.map((ws) => ws.name),
    header: cells(main!, 1),
    example: cells(main!, 2),
    typesHeader: cells(types!, 1),
    types: types!
      .getSheetValues()
      .slice(2)
      .map((r) => (r as unknown[]).slice(1)),
  };
}

const count = async () =>
  (
    await t.database.db
      .selectFrom('certificate')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('supp_code', '=', '100001')
      .executeTakeFirstOrThrow()
  ).n;

describe('import', () => {
  it('offers a Chinese user the Chinese template, as it always was', async () => {
    const zh = await template('zh-CN');
    expect(zh.fileName).toBe('资质证照导入模板.xlsx');
    expect(zh.sheets).toEqual(['证照导入', '证照类型']);
    expect(zh.header).toEqual(headers);
    expect(zh.example).toEqual([
      '营业执照',
      '91310000MA1FL0AB1X',
      '营业执照',
      '上海市市场监督管理局',
      '2024-01-01',
      '2034-01-01',
      '2026-06-30',
    ]);
    expect(zh.typesHeader).toEqual(['证照类型', '归属', '必备', '需年审']);
    expect(zh.types).toEqual([
      ['营业执照', '供应商', '是', '是'],
      ['食品经营许可证', '供应商', '是', '否'],
      ['生产许可证', '供应商', '否', '是'],
      ['商标注册证', '供应商', '否', '否'],
      ['质检报告', '商品', '否', '否'],
    ]);
    // No Accept-Language: Chinese, the spec's language.
    const res = await t.app.inject({ method: 'GET', url: '/api/ctf/downloadCtfTemplate', headers: { token } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect((workbook.worksheets[0]!.getRow(1).values as string[]).slice(1)).toEqual(headers);
  });

  it('offers an English user an English template listing the types by their English names', async () => {
    const en = await template('en');
    expect(en.fileName).toBe('Certificate import template.xlsx');
    expect(en.sheets).toEqual(['Certificates', 'Certificate types']);
    expect(en.header).toEqual(headersEn);
    expect(en.example.slice(0, 4)).toEqual([
      '营业执照',
      '91310000MA1FL0AB1X',
      'Business licence',
      'Shanghai Administration for Market Regulation',
    ]);
    expect(en.typesHeader).toEqual(['Certificate type', 'Belongs to', 'Mandatory', 'Annual review']);
    expect(en.types).toEqual([
      ['Business licence', 'Supplier', 'Yes', 'Yes'],
      ['Food business licence', 'Supplier', 'Yes', 'No'],
      ['Production licence', 'Supplier', 'No', 'Yes'],
      ['Trademark registration', 'Supplier', 'No', 'No'],
      ['Quality inspection report', 'Goods', 'No', 'No'],
    ]);
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
    // The imported draft follows the approved licence, which stays in force until the draft is approved.
    const [inForce, scxk] = overview.types.find((x) => x.type.typeCode === 'SCXK')!.certificates;
    expect(inForce).toMatchObject({ ctfNumber: 'SC10631011000123', status: '已审核', inForce: true });
    expect(scxk).toMatchObject({ ctfNumber: 'SC-IMPORT-1', status: '未提交', validTo: '2029-12-31', issuer: '上海市市场监督管理局' });
    expect(scxk).toMatchObject({ inForce: false, current: true });
  });

  it('reads an English header, in any order, and answers an English user in English', async () => {
    const order = [1, 0, 2, 3, 4, 5, 6, 7, 8, 9];
    const reordered = (row: string[]) => order.map((i) => row[i]!);
    const bytes = await sheet(
      [
        reordered(['生产许可证', 'SC-EN-1', '食品生产许可证', '', '2025-01-01', '2029-12-31', '', '', '', '']),
        // A type named by its English name is the same type.
        reordered(['Quality inspection report', 'QT-EN-1', '检验报告', '', '2026-01-01', '2025-12-31', '', '', '', '']),
        reordered(['健康证', '', '健康证', '', '', '2027-01-01', '', '', '', '']),
      ],
      reordered(headersEn),
    );
    const before = await count();
    const checked = await importSheet(bytes, 'all', 'en');
    expect(checked.status).toBe(200);
    expect(checked.body.data).toMatchObject({ validCount: 1, errorCount: 2, saved: 0 });
    expect(checked.body.data.rows[0]).toMatchObject({ typeName: '生产许可证', ctfNumber: 'SC-EN-1', validTo: '2029-12-31' });
    expect(errorsOf(checked.body.data.rows)).toEqual([
      [2, []],
      [3, ['Valid to:valid to cannot be earlier than valid from', 'Barcode:Quality inspection report needs a goods barcode']],
      [4, ['Certificate type:unknown certificate type "健康证"', 'Certificate number:enter the certificate number']],
    ]);
    expect(await count()).toBe(before);
  });

  it('reads a Chinese header for an English user and an English one for a Chinese user', async () => {
    const rows = [['健康证', 'H-1', '健康证', '', '', '2027-01-01', '', '', '', '']];
    const chineseSheet = await importSheet(await sheet(rows), 'all', 'en');
    expect(chineseSheet.status).toBe(200);
    expect(errorsOf(chineseSheet.body.data.rows)).toEqual([[2, ['Certificate type:unknown certificate type "健康证"']]]);
    const englishSheet = await importSheet(await sheet(rows, headersEn), 'all', 'zh-CN');
    expect(englishSheet.status).toBe(200);
    expect(errorsOf(englishSheet.body.data.rows)).toEqual([[2, ['证照类型:未知的证照类型「健康证」']]]);
  });

  it("refuses a header that mixes the languages or names other columns, in the caller's language", async () => {
    const mixed = [...headers.slice(0, 5), ...headersEn.slice(5)];
    const zh = await importSheet(await sheet([['生产许可证']], mixed), 'all', 'zh-CN');
    expect(zh.status).toBe(400);
    expect(zh.body.message).toBe('file: 第 1 行缺少列：有效期至、下次年审日期、商品条码、商品名称、批准文号（请使用导入模板）');
    const en = await importSheet(await sheet([['生产许可证']], ['Type', 'Number']), 'all', 'en');
    expect(en.status).toBe(400);
    expect(en.body.message).toBe(`file: row 1 lacks the columns ${headersEn.join(', ')} (use the import template)`);
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
    expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(['行号', ...headers, '校验结果']);
    expect(workbook.worksheets[0]!.name).toBe('校验结果');

    const english = await t.app.inject({
      method: 'POST',
      url: '/api/ctf/exportImportReport',
      headers: { token, 'accept-language': 'en-GB,en;q=0.9' },
      payload: {
        rows: [
          {
            ...rows[0]!,
            errors: [
              { field: 'Valid to', message: 'bad' },
              { field: 'Barcode', message: 'missing' },
            ],
          },
          { ...rows[0]!, row: 4, errors: [] },
        ],
      },
    });
    expect(english.headers['content-disposition']).toContain(encodeURIComponent('Certificate import check.xlsx'));
    const report = new ExcelJS.Workbook();
    await report.xlsx.load(english.rawPayload as unknown as ArrayBuffer);
    const ws = report.worksheets[0]!;
    expect(ws.name).toBe('Import check');
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['Row', ...headersEn, 'Result']);
    expect((ws.getRow(2).values as unknown[]).at(-1)).toBe('Valid to: bad; Barcode: missing');
    expect((ws.getRow(3).values as unknown[]).at(-1)).toBe('OK');
  });

  it("refuses a staff account in the caller's language, and in Chinese to a caller that names none", async () => {
    const staffToken = await tokenFor(t.app, 'admin', { staff: true });
    const bytes = await sheet([['营业执照', 'N-STAFF', '营业执照', '', '', '2030-01-01', '', '', '', '']]);
    const asStaff = async (language?: Language) => {
      const body = multipart([{ name: '证照.xlsx', bytes }]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ctf/importCtfs?mode=all',
        headers: { ...body.headers, token: staffToken, ...(language ? { 'accept-language': language } : {}) },
        payload: body.payload,
      });
      return [res.statusCode, res.json().code, res.json().message];
    };
    expect(await asStaff('en')).toEqual([403, '403', 'Only a supplier account can upload certificates']);
    expect(await asStaff('zh-CN')).toEqual([403, '403', '只有供应商账号可以上传证照']);
    expect(await asStaff()).toEqual([403, '403', '只有供应商账号可以上传证照']);
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
