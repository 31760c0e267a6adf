// 数据导入 against the demo database: templates in both languages, the check (a dry run: every problem named by
// sheet row and column in both languages, nothing written), the import through the documents service (the
// supplier then sees the order), the report as .xlsx, the file limits, and who may call it.
import { integration } from '@portal/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tokenFor } from '../../../test/helpers';
import { multipart } from '../../../test/multipart';

let t: TestApp;
let admin: string;
let supplier: string;
let buyer: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t.app, 'admin', { staff: true });
  supplier = await tokenFor(t.app, '100001');
  buyer = await tokenFor(t.app, 'buyer01', { staff: true });
});
afterAll(() => t.close());

type Language = 'zh-CN' | 'en';
const orderColumns = integration.importEntityOf('purchase-orders')!.columns;
const headerZh = orderColumns.map((c) => c.title);
const headerEn = orderColumns.map((c) => c.titleEn);

/** A purchase-order row by field path (the others empty). */
const orderRow = (cells: Record<string, string>) => orderColumns.map((c) => cells[c.path] ?? '');
const line = (key: string, lineNo: string, extra: Record<string, string> = {}) =>
  orderRow({
    key,
    supplierCode: '100001',
    storeCode: 'S0101',
    orderDate: '2026-03-02',
    deliveryDate: '2026-03-05',
    'lines.lineNo': lineNo,
    'lines.goodsCode': '600101',
    'lines.qty': '12',
    'lines.price': '8.5',
    'lines.amount': '102.00',
    ...extra,
  });

async function xlsx(rows: string[][], header = headerZh): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('导入');
  ws.addRow(header);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const csv = (rows: string[][], header = headerZh) =>
  Buffer.from(
    `\uFEFF${[header, ...rows].map((r) => r.map((v) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v)).join(',')).join('\r\n')}\r\n`,
  );

async function send(step: 'check' | 'run', name: string, bytes: Buffer, options: { token?: string; entity?: string } = {}) {
  const body = multipart([{ name, bytes }]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/integration/import/${step}?entity=${options.entity ?? 'purchase-orders'}`,
    headers: { ...body.headers, token: options.token ?? admin },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() as { code: string; msg: string; data: integration.ImportReport } };
}

const problems = (report: integration.ImportReport, language: Language = 'zh-CN') =>
  report.lines.filter((l) => l.outcome === 'refused').map((l) => [l.row, l.key, l.column?.[language] ?? '', l.reason?.[language] ?? '']);

const orderCount = async (key: string) =>
  Number(
    (
      await t.database.db
        .selectFrom('pur_order')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('tenant_id', '=', 'demo')
        .where('bill_number', '=', key)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('templates', () => {
  it.each([
    ['zh-CN', headerZh, '采购订单_导入模板.xlsx'],
    ['en', headerEn, 'Purchase orders import template.xlsx'],
  ] as const)('%s: one sheet, the header in the language and one example row', async (language, header, fileName) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/integration/import/template?entity=purchase-orders&language=${language}`,
      headers: { token: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(decodeURIComponent(res.headers['content-disposition'] as string)).toContain(fileName);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets).toHaveLength(1);
    const ws = workbook.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(header);
    expect(ws.rowCount).toBe(2);
    expect((ws.getRow(2).values as unknown[]).slice(1, 2)).toEqual(['PO202603001']);
  });

  it('follows Accept-Language without a language, and every entity has one', async () => {
    for (const e of integration.importEntities) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/integration/import/template?entity=${e.entity}`,
        headers: { token: admin, 'accept-language': 'en' },
      });
      expect(res.statusCode, e.entity).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(e.columns.map((c) => c.titleEn));
    }
  });

  it.each(integration.importEntities.map((e) => e.entity))('the example row of the %s template passes the check', async (entity) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/integration/import/template?entity=${entity}`, headers: { token: admin } });
    const checked = await send('check', 'template.xlsx', res.rawPayload, { entity });
    expect(checked.status).toBe(200);
    expect(problems(checked.body.data)).toEqual([]);
    expect(checked.body.data).toMatchObject({ rows: 1, documents: 1, valid: 1, refused: 0, counts: null, batchId: null });
  });
});

describe('check (dry run)', () => {
  it('names each bad row by row and column in both languages, and writes nothing', async () => {
    const before = await t.database.db
      .selectFrom('integration_batch')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const file = await xlsx([
      line('IMP-OK-1', '1'),
      line('IMP-OK-1', '2', { 'lines.goodsCode': '600102', 'lines.price': '6.8', 'lines.amount': '81.60' }),
      line('IMP-BAD-DATE', '1', { deliveryDate: '2026-02-30' }),
      line('IMP-BAD-CODE', '1', { 'lines.goodsCode': 'NOSUCH' }),
      line('IMP-BAD-CODE', '2', { 'lines.goodsCode': '600102', storeCode: '' }),
      line('IMP-BAD-QTY', '1', { 'lines.qty': '1.2345' }),
      line('IMP-BAD-STORE', '1', { storeCode: 'X999' }),
      line('IMP-BAD-INT', '1', { validDays: 'seven' }),
      line('constructor', '1'),
      line('__proto__', '1'),
      line('IMP-OK-1', '3', { storeCode: 'S0102' }),
    ]);
    const { status, body } = await send('check', 'orders.xlsx', file);
    expect(status).toBe(200);
    const report = body.data;
    expect(report).toMatchObject({ rows: 11, documents: 8, valid: 1, refused: 7 });
    expect(problems(report)).toEqual([
      [4, 'IMP-BAD-DATE', '送货日期', '日期不存在'],
      [5, 'IMP-BAD-CODE', '商品编码', '商品编码 NOSUCH 不存在'],
      [7, 'IMP-BAD-QTY', '数量', '数量须为最多三位小数的非负数'],
      [8, 'IMP-BAD-STORE', '门店编码', '门店编码 X999 不存在'],
      [9, 'IMP-BAD-INT', '有效天数', '必须是整数'],
      [11, '__proto__', '订单号', '只能包含字母、数字和 . _ / -'],
      [12, 'IMP-OK-1', '门店编码', '同一单号的表头字段须与第 2 行一致'],
    ]);
    expect(problems(report, 'en')).toContainEqual([5, 'IMP-BAD-CODE', 'Goods code', 'Unknown goods code NOSUCH']);
    expect(problems(report, 'en')).toContainEqual([4, 'IMP-BAD-DATE', 'Delivery date', 'no such date']);
    // A document named constructor is a document like any other.
    expect(report.lines.find((l) => l.key === 'constructor')).toMatchObject({ row: 10, outcome: 'valid' });
    expect(await orderCount('constructor')).toBe(0);
    const after = await t.database.db
      .selectFrom('integration_batch')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('reads CSV (UTF-8 with BOM, English headers) and refuses a NUL in a cell, naming its row and column', async () => {
    const file = csv([line('IMP-CSV-1', '1'), line('IMP-CSV-2', '1', { 'lines.goodsCode': '6001\u000001' })], headerEn);
    const { status, body } = await send('check', 'orders.csv', file);
    expect(status).toBe(200);
    expect(problems(body.data, 'en')).toEqual([[3, 'IMP-CSV-2', 'Goods code', 'only letters, digits and . _ -']]);
    expect(body.data.valid).toBe(1);
  });

  it('reads CSV in GB18030 (Excel on a Chinese Windows): the text cells keep their Chinese', async () => {
    const viaDc = Buffer.from([0xc5, 0xe4, 0xcb, 0xcd]); // 配送 in GB18030 (not the default 直送)
    const rows = [line('IMP-GB-1', '1', { deliveryMode: 'MODE' })].map((r) => r.join(','));
    const text = `${headerEn.join(',')}\r\n${rows.join('\r\n')}\r\n`;
    const [before, after] = text.split('MODE') as [string, string];
    const { status, body } = await send('run', 'orders.csv', Buffer.concat([Buffer.from(before), viaDc, Buffer.from(after)]));
    expect(status).toBe(200);
    expect(body.data.lines).toMatchObject([{ key: 'IMP-GB-1', outcome: 'created' }]);
    const order = await t.database.db
      .selectFrom('pur_order')
      .select('delivery_mode')
      .where('tenant_id', '=', 'demo')
      .where('bill_number', '=', 'IMP-GB-1')
      .executeTakeFirstOrThrow();
    expect(order.delivery_mode).toBe('配送');
  });

  it('refuses a header without the template columns, a file that is not a sheet, too many rows (413) and too large a file (413)', async () => {
    const missing = await send('check', 'orders.xlsx', await xlsx([line('X', '1').slice(0, 3)], headerZh.slice(0, 3)));
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toContain('表头缺少以下列');
    const binary = await send('check', 'orders.csv', Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x01]));
    expect(binary.status).toBe(415);
    const many = Array.from({ length: integration.maxImportRows + 1 }, (_, i) => `K${i},1`).join('\n');
    const tooMany = await send('check', 'orders.csv', Buffer.from(`${headerZh.join(',')}\n${many}\n`));
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.msg).toContain(`最多 ${integration.maxImportRows} 行`);
    const huge = await send('check', 'orders.csv', Buffer.alloc(integration.maxImportBytes + 10, 'a'));
    expect(huge.status).toBe(413);
  });
});

it('reads a receiving file made from the template before 送货单号 and 拒收原因 (optional columns), and names them in both languages', async () => {
  const columns = integration.importEntityOf('receiving')!.columns;
  const added = columns.filter((c) => c.optional).map((c) => [c.path, c.title, c.titleEn]);
  expect(added).toEqual([
    ['deliveryNote', '送货单号', 'Delivery note'],
    ['lines.rejectReason', '拒收原因', 'Reject reason'],
  ]);
  const older = columns.filter((c) => !c.optional);
  const cells: Record<string, string> = {
    key: 'IMP-RC-OLD',
    supplierCode: '100001',
    storeCode: 'S0101',
    date: '2026-03-04',
    'lines.lineNo': '1',
    'lines.goodsCode': '600101',
    'lines.qty': '12',
    'lines.price': '8.5',
    'lines.amount': '102.00',
  };
  const file = csv(
    [older.map((c) => cells[c.path] ?? '')],
    older.map((c) => c.title),
  );
  const { status, body } = await send('check', 'receiving.csv', file, { entity: 'receiving' });
  expect(status).toBe(200);
  expect(body.data).toMatchObject({ documents: 1, valid: 1, refused: 0 });
});

describe('import', () => {
  it('writes the valid documents through the documents service; the supplier sees the order; the log names the staff account', async () => {
    const file = await xlsx([
      line('IMP-PO-1', '1'),
      line('IMP-PO-1', '2', { 'lines.goodsCode': '600102', 'lines.price': '6.8', 'lines.amount': '81.60' }),
      line('IMP-PO-BAD', '1', { 'lines.goodsCode': 'NOSUCH' }),
      line('IMP-PO-ODD', '1', { validDays: 'x' }),
    ]);
    const { status, body } = await send('run', 'orders.xlsx', file);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ documents: 3, valid: 1, refused: 2, counts: { created: 1, refused: 2 } });
    expect(body.data.batchId).toMatch(/^\d+$/);
    expect(body.data.lines.find((l) => l.key === 'IMP-PO-1')).toMatchObject({ row: 2, outcome: 'created' });
    expect(await orderCount('IMP-PO-1')).toBe(1);
    expect(await orderCount('IMP-PO-BAD')).toBe(0);

    const page = await t.app.inject({
      method: 'POST',
      url: '/api/purOrderBill/getPurOrderPage',
      headers: { token: supplier },
      payload: { billNumber: 'IMP-PO-1' },
    });
    const orders = page.json() as { data: { list: { billNumber: string; totalQty: string; lineCount: number }[] } };
    expect(orders.data.list).toMatchObject([{ billNumber: 'IMP-PO-1', lineCount: 2 }]);

    const batch = await t.database.db
      .selectFrom('integration_batch')
      .selectAll()
      .where('id', '=', body.data.batchId!)
      .executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ source: 'import', entity: 'purchase-orders', created_count: 1, refused_count: 1 });
    expect(batch.account_id).not.toBeNull();

    // The same file with a version given: the second import of version 1 is unchanged, a lower one stale.
    const versioned = await xlsx([line('IMP-PO-V', '1', { version: '5' })]);
    expect((await send('run', 'v.xlsx', versioned)).body.data.lines[0]!.outcome).toBe('created');
    expect((await send('run', 'v.xlsx', versioned)).body.data.lines[0]!.outcome).toBe('unchanged');
    expect((await send('run', 'v.xlsx', await xlsx([line('IMP-PO-V', '1', { version: '4' })]))).body.data.lines[0]!.outcome).toBe('stale');
  });

  it('the report downloads as .xlsx in the language asked', async () => {
    const { body } = await send('check', 'orders.xlsx', await xlsx([line('IMP-R-1', '1', { storeCode: 'X999' })]));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/integration/import/report',
      headers: { token: admin, 'accept-language': 'en' },
      payload: { entity: 'purchase-orders', lines: body.data.lines },
    });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = workbook.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['Row', 'Key', 'Outcome', 'Column', 'Reason']);
    expect((ws.getRow(2).values as unknown[]).slice(1)).toEqual([2, 'IMP-R-1', 'Refused', 'Store code', 'Unknown store code X999']);
  });
});

describe('a report of the most lines', () => {
  it('downloads as .xlsx (several megabytes of JSON), and one line more is refused', async () => {
    const line = (row: number): integration.ReportLine => ({
      row,
      key: `PO-${String(row).padStart(8, '0')}-LONGER-KEY-FOR-SIZE`,
      outcome: 'refused',
      column: { 'zh-CN': '商品编码', en: 'Goods code' },
      reason: { 'zh-CN': `商品编码 G${row} 不存在, 请先导入商品主数据`, en: `Unknown goods code G${row}: import the goods first` },
    });
    const lines = Array.from({ length: integration.maxReportLines }, (_, i) => line(i + 2));
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/integration/import/report', headers: { token: admin }, payload });
    const res = await post({ entity: 'purchase-orders', lines });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(integration.maxReportLines + 1);
    expect((await post({ entity: 'purchase-orders', lines: [...lines, line(1)] })).statusCode).toBe(400);
  }, 60_000);
});

describe('access', () => {
  it('a supplier account and staff without the module get 403', async () => {
    const file = await xlsx([line('IMP-X-1', '1')]);
    for (const token of [supplier, buyer]) {
      expect((await send('check', 'orders.xlsx', file, { token })).status).toBe(403);
      expect((await send('run', 'orders.xlsx', file, { token })).status).toBe(403);
      const res = await t.app.inject({ method: 'GET', url: '/api/integration/import/template?entity=brands', headers: { token } });
      expect(res.statusCode).toBe(403);
    }
    expect(await orderCount('IMP-X-1')).toBe(0);
  });

  it('refuses an unknown entity with 400', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/integration/import/template?entity=constructor',
      headers: { token: admin },
    });
    expect(res.statusCode).toBe(400);
  });
});
