// Receiving statistics checked against sums computed here from the raw lines, scope, and exports read back.
import { type AccDetail, acceptance, settlement } from '@portal/contract';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tokenFor } from '../../test/helpers';
import { indexPlan } from '../../test/plans';
import { listExport } from '../../platform/list-export';
import { exportColumns } from './service';
import * as repo from './repo';

let t: TestApp;
const tokens: Record<string, string> = {};
const range = { startDate: '2026-01-01', endDate: '2026-06-30' };

interface RawLine {
  bill_number: string;
  supp_code: string;
  dept_code: string;
  category_code: string;
  brand_code: string;
  acc_date: string;
  accepted_qty: string;
  amount_excl: string;
  tax: string;
  amount: string;
}
let raw: RawLine[];

beforeAll(async () => {
  t = await createTestApp({ business: true });
  tokens['100001'] = await tokenFor(t.app, '100001');
  tokens.admin = await tokenFor(t.app, 'admin', { staff: true });
  raw = (await t.database.db
    .selectFrom('acceptance')
    .select([
      'bill_number',
      'supp_code',
      'dept_code',
      'category_code',
      'brand_code',
      'acc_date',
      'accepted_qty',
      'amount_excl',
      'tax',
      'amount',
    ])
    .where('acc_date', '>=', range.startDate)
    .where('acc_date', '<=', range.endDate)
    .execute()) as RawLine[];
});
afterAll(() => t.close());

/** Exact sum of decimal strings with up to `scale` places, as a string with that scale. */
function sum(values: string[], scale: number): string {
  const unit = 10n ** BigInt(scale);
  const total = values.reduce((acc, v) => {
    const [whole, frac = ''] = v.replace('-', '').split('.');
    const n = BigInt(whole!) * unit + BigInt((frac + '0'.repeat(scale)).slice(0, scale) || '0');
    return acc + (v.startsWith('-') ? -n : n);
  }, 0n);
  const sign = total < 0n ? '-' : '';
  const abs = total < 0n ? -total : total;
  return `${sign}${abs / unit}.${String(abs % unit).padStart(scale, '0')}`;
}
const num = (text: string) => Number(text);
/** Downloads answer files, not envelopes: they are read as HTTP answers. */
const post = (url: string, user: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { token: tokens[user]! }, payload });
/** A call as a user; bodies the contract refuses are sent as they are, to see the refusal. */
const ask = <C extends Parameters<TestApp['callAs']>[1]>(call: C, user: string, body: object) =>
  t.callAs(user, call, { body: body as never } as never);

describe('totals', () => {
  it("adds up quantity, amounts and tax of the supplier's lines exactly", async () => {
    const mine = raw.filter((r) => r.supp_code === '100001');
    const { data } = await ask(acceptance.getAccCountSumByCondition, '100001', range);
    expect(data).toEqual({
      billCount: new Set(mine.map((r) => r.bill_number)).size,
      lineCount: mine.length,
      qty: expect.any(String),
      amountExcl: expect.any(String),
      tax: expect.any(String),
      amount: expect.any(String),
    });
    expect(num(data.qty)).toBe(
      num(
        sum(
          mine.map((r) => r.accepted_qty),
          3,
        ),
      ),
    );
    expect(data.amount).toBe(
      sum(
        mine.map((r) => r.amount),
        2,
      ),
    );
    expect(data.amountExcl).toBe(
      sum(
        mine.map((r) => r.amount_excl),
        2,
      ),
    );
    expect(data.tax).toBe(
      sum(
        mine.map((r) => r.tax),
        2,
      ),
    );
    expect(sum([data.amountExcl, data.tax], 2)).toBe(data.amount);
  });

  it('filters by store, category subtree and brand', async () => {
    const mine = raw.filter(
      (r) =>
        r.supp_code === '100001' && ['S0101', 'S0201'].includes(r.dept_code) && r.category_code.startsWith('10') && r.brand_code === 'B001',
    );
    const { data } = await ask(acceptance.getAccCountSumByCondition, '100001', {
      ...range,
      deptCodes: ['S0101', 'S0201'],
      categoryCode: '10',
      brandCodes: ['B001'],
    });
    expect(data.lineCount).toBe(mine.length);
    expect(data.amount).toBe(
      sum(
        mine.map((r) => r.amount),
        2,
      ),
    );
  });

  it('answers zeros, not nulls, when nothing matches', async () => {
    const { data } = await ask(acceptance.getAccCountSumByCondition, '100001', { ...range, goods: 'no such goods' });
    expect(data).toEqual({ billCount: 0, lineCount: 0, qty: '0', amountExcl: '0', tax: '0', amount: '0' });
  });
});

describe('groups', () => {
  it.each(['dept', 'brand', 'category', 'month'] as const)('groups by %s with totals that add up to the whole', async (groupBy) => {
    const mine = raw.filter((r) => r.supp_code === '100001');
    const keyOf = (r: RawLine) =>
      ({ dept: r.dept_code, brand: r.brand_code, category: r.category_code, month: r.acc_date.slice(0, 7) })[groupBy];
    const expected = new Map<string, string[]>();
    for (const r of mine) expected.set(keyOf(r), [...(expected.get(keyOf(r)) ?? []), r.amount]);
    const { data } = await ask(acceptance.getAccCountByCondition, '100001', { ...range, groupBy, limit: 1000 });
    expect(data.total).toBe(expected.size);
    for (const group of data.list) expect(group.amount).toBe(sum(expected.get(group.groupKey)!, 2));
    expect(data.list[0]!.groupName).not.toBe('');
  });

  it('orders months by time and others by amount', async () => {
    const months = (await ask(acceptance.getAccCountByCondition, '100001', { ...range, groupBy: 'month' })).data.list;
    expect(months.map((m: { groupKey: string }) => m.groupKey)).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06']);
    const depts = (await ask(acceptance.getAccCountByCondition, '100001', { ...range, groupBy: 'dept' })).data.list;
    const amounts = depts.map((d: { amount: string }) => num(d.amount));
    expect([...amounts].sort((a, b) => b - a)).toEqual(amounts);
  });

  it('pages groups', async () => {
    const all = (await ask(acceptance.getAccCountByCondition, '100001', { ...range, groupBy: 'day', limit: 1000 })).data;
    const second = (await ask(acceptance.getAccCountByCondition, '100001', { ...range, groupBy: 'day', page: 2, limit: 10 })).data;
    expect(second.total).toBe(all.total);
    expect(second.list).toEqual(all.list.slice(10, 20));
  });
});

describe('detail and scope', () => {
  it('pages detail lines with names', async () => {
    const { data } = await ask(acceptance.getAccDetailInfo, '100001', { ...range, limit: 5, sort: { field: 'amount', order: 'desc' } });
    expect(data.total).toBe(raw.filter((r) => r.supp_code === '100001').length);
    expect(data.list).toHaveLength(5);
    expect(data.list[0]!.goodsName).not.toBe('');
    const amounts = data.list.map((l: { amount: string }) => num(l.amount));
    expect([...amounts].sort((a, b) => b - a)).toEqual(amounts);
  });

  it('counts the lines exactly, from the rollups or under the cap, and says the count is not capped', async () => {
    const mine = raw.filter((r) => r.supp_code === '100001');
    const { data } = await ask(acceptance.getAccDetailInfo, '100001', { ...range, limit: 5 });
    expect(data).toMatchObject({ total: mine.length, totalCapped: false });
    // A bill number (which the rollups cannot answer) and a column filter count the lines themselves, up to the cap.
    const bill = mine[0]!.bill_number;
    const byBill = await ask(acceptance.getAccDetailInfo, '100001', { ...range, limit: 5, billNumber: bill });
    expect(byBill.data).toMatchObject({ total: mine.filter((r) => r.bill_number.includes(bill)).length, totalCapped: false });
    const filters = { billNumber: { fType1: 'equals', fVal1: bill } };
    const filtered = await ask(acceptance.getAccDetailInfo, '100001', { ...range, limit: 5, filters });
    expect(filtered.data).toMatchObject({ total: mine.filter((r) => r.bill_number === bill).length, totalCapped: false });
  });

  it('reads the next page by keyset: the same lines as the page by number, in every sort', async () => {
    const sorts = acceptance.accDetailSortFields.flatMap((field) =>
      (acceptance.accDetailSortOrders[field] ?? (['desc', 'asc'] as const)).map((order) => ({ field, order })),
    );
    for (const sort of [undefined, ...sorts]) {
      const body = { ...range, limit: 7, ...(sort ? { sort } : {}) };
      const first = await ask(acceptance.getAccDetailInfo, '100001', body);
      const second = await ask(acceptance.getAccDetailInfo, '100001', { ...body, page: 2 });
      expect(first.data.next, `${sort?.field} ${sort?.order}`).toEqual(expect.any(String));
      const after = await ask(acceptance.getAccDetailInfo, '100001', { ...body, after: first.data.next });
      expect(after.data.list, `${sort?.field} ${sort?.order}`).toEqual(second.data.list);
    }
    const wrong = await ask(acceptance.getAccDetailInfo, '100001', { ...range, limit: 7, after: 'e30' });
    expect(wrong.status).toBe(400);
  });

  it('sorts bill numbers newest first only: the other way is a 400 naming the direction, for the page and the export', async () => {
    expect(acceptance.accDetailSortOrders.billNumber).toEqual(['desc']);
    const sort = { field: 'billNumber', order: 'asc' } as const;
    const page = await ask(acceptance.getAccDetailInfo, '100001', { ...range, limit: 7, sort });
    expect(page.status).toBe(400);
    expect(page.envelope.message).toContain('billNumber 只能降序排序');
    const exported = await post('/api/acceptance/exportCsv', '100001', { ...range, sort });
    expect(exported.statusCode).toBe(400);
    const descending = await ask(acceptance.getAccDetailInfo, '100001', { ...range, limit: 7, sort: { ...sort, order: 'desc' } });
    expect(descending.status).toBe(200);
  });

  /** The first 200 of 100001's lines in the range (bill/line), by `column` in `order`, then the newest bill and line. */
  const firstLinesOf100001 = async (column: 'acc_date' | 'dept_code' | 'goods_code', order: 'asc' | 'desc') =>
    (
      await t.database.db
        .selectFrom('acceptance')
        .select(['bill_number', 'line_no'])
        .where('tenant_id', '=', 'demo')
        .where('supp_code', '=', '100001')
        .where('acc_date', '>=', range.startDate)
        .where('acc_date', '<=', range.endDate)
        .orderBy(column, order)
        .orderBy('bill_number', 'desc')
        .orderBy('line_no', 'desc')
        .limit(200)
        .execute()
    ).map((r) => `${r.bill_number}/${r.line_no}`);

  it('lists the newest day first, its last bill and line first, read from an index with no sort step', async () => {
    const { data } = await ask(acceptance.getAccDetailInfo, '100001', { ...range, limit: 200 });
    expect(data.list.map((l: AccDetail) => `${l.billNumber}/${l.lineNo}`)).toEqual(await firstLinesOf100001('acc_date', 'desc'));
    // Either direction of the date, for a supplier and for staff: the index walked forward or backward is the order.
    for (const [supplier, index] of [
      ['100001', 'acceptance_supp_order'],
      [null, 'acceptance_tenant_order'],
    ] as const)
      for (const direction of ['DESC', 'ASC']) {
        const order = sql.raw(['a.acc_date', 'a.bill_number', 'a.line_no'].map((c) => `${c} ${direction}`).join(', '));
        const plan = await indexPlan(
          t.database.db,
          sql`SELECT a.bill_number FROM acceptance a WHERE a.tenant_id = 'demo' ${supplier ? sql`AND a.supp_code = ${supplier}` : sql``}
            AND a.acc_date BETWEEN ${range.startDate} AND ${range.endDate} ORDER BY ${order} LIMIT 50`,
        );
        expect(plan, `${supplier} ${direction}`).toContain(index);
        expect(plan, `${supplier} ${direction}`).not.toMatch(/\bSort\b/);
      }
  });

  it("lists each store's (goods item's) newest lines first in either order, read from an index with no sort step", async () => {
    for (const [field, column, index] of [
      ['deptCode', 'dept_code', 'acceptance_sort_dept'],
      ['goodsCode', 'goods_code', 'acceptance_sort_goods'],
    ] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const { data } = await ask(acceptance.getAccDetailInfo, '100001', { ...range, limit: 200, sort: { field, order } });
        expect(data.list.map((l: AccDetail) => `${l.billNumber}/${l.lineNo}`)).toEqual(await firstLinesOf100001(column, order));
      }
      // Ascending reads migration 0059's index forward, descending 0052's backward.
      for (const [direction, name] of [
        ['ASC', `${index}_newest`],
        ['DESC', index],
      ] as const) {
        const plan = await indexPlan(
          t.database.db,
          sql`SELECT a.bill_number FROM acceptance a WHERE a.tenant_id = 'demo' AND a.supp_code = '100001'
            AND a.acc_date BETWEEN ${range.startDate} AND ${range.endDate}
            ORDER BY a.${sql.raw(column)} ${sql.raw(direction)}, a.bill_number DESC, a.line_no DESC LIMIT 50`,
        );
        expect(plan, `${field} ${direction}`).toMatch(new RegExp(`\\b${name}\\b`));
        expect(plan, `${field} ${direction}`).not.toMatch(/\bSort\b/);
      }
    }
  });

  it('never shows supplier 100001 the lines of 100002, whatever suppCode says', async () => {
    const { data } = await ask(acceptance.getAccDetailInfo, '100001', { ...range, suppCode: '100002', limit: 1000 });
    expect(data.list.every((l: { suppCode: string }) => l.suppCode === '100001')).toBe(true);
    const totals = (await ask(acceptance.getAccCountSumByCondition, '100001', { ...range, suppCode: '100002' })).data;
    expect(totals.amount).toBe(
      sum(
        raw.filter((r) => r.supp_code === '100001').map((r) => r.amount),
        2,
      ),
    );
  });

  it('shows staff the whole tenant, or one supplier', async () => {
    const all = (await ask(acceptance.getAccCountSumByCondition, 'admin', range)).data;
    expect(all.amount).toBe(
      sum(
        raw.map((r) => r.amount),
        2,
      ),
    );
    const one = (await ask(acceptance.getAccCountSumByCondition, 'admin', { ...range, suppCode: '100002' })).data;
    expect(one.amount).toBe(
      sum(
        raw.filter((r) => r.supp_code === '100002').map((r) => r.amount),
        2,
      ),
    );
  });

  it('refuses bad conditions with the field named', async () => {
    expect((await ask(acceptance.getAccCountSumByCondition, '100001', { startDate: '2026-02-01' })).envelope.message).toMatch(
      /^body\.endDate/,
    );
    expect((await ask(acceptance.getAccCountSumByCondition, '100001', { startDate: '2026-02-01', endDate: '2026-01-01' })).status).toBe(
      400,
    );
    expect((await ask(acceptance.getAccCountByCondition, '100001', { ...range, groupBy: 'colour' })).envelope.message).toMatch(
      /^body\.groupBy/,
    );
    expect((await ask(acceptance.getAccDetailInfo, '100001', { ...range, sort: { field: 'x; drop', order: 'asc' } })).status).toBe(400);
  });
});

describe('detail column filters', () => {
  /** The supplier's lines of the range, whole. */
  const allLines = async () => (await ask(acceptance.getAccDetailInfo, '100001', { ...range, limit: 1000 })).data.list as AccDetail[];

  it('filters by any column, a joined name included, as the grid does: checklist and conditions', async () => {
    const lines = await allLines();
    const name = lines[0]!.goodsName;
    const named = lines.filter((l) => l.goodsName === name);
    const byName = await ask(acceptance.getAccDetailInfo, '100001', { ...range, limit: 1000, filters: { goodsName: { checks: [name] } } });
    expect(byName.status, JSON.stringify(byName.envelope)).toBe(200);
    expect(byName.data.total).toBe(named.length);
    expect(new Set((byName.data.list as AccDetail[]).map((l) => l.goodsName))).toEqual(new Set([name]));
    const big = await ask(acceptance.getAccDetailInfo, '100001', {
      ...range,
      limit: 1000,
      filters: { amount: { fType1: 'gt', fVal1: '1000' }, deptName: { fType1: 'contains', fVal1: lines[0]!.deptName.slice(0, 2) } },
    });
    const expected = lines.filter((l) => Number(l.amount) > 1000 && l.deptName.includes(lines[0]!.deptName.slice(0, 2)));
    expect(big.data.total).toBe(expected.length);
  });

  it("lists a column's texts under the other filters, and exports the filtered lines", async () => {
    const lines = await allLines();
    const values = await ask(acceptance.getAccDetailColumnValues, '100001', { ...range, field: 'goodsName' });
    expect(values.status, JSON.stringify(values.envelope)).toBe(200);
    expect(values.data.values).toEqual([...new Set(lines.map((l) => l.goodsName))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const store = lines[0]!.deptCode;
    const narrowed = await ask(acceptance.getAccDetailColumnValues, '100001', {
      ...range,
      field: 'goodsName',
      filters: { deptCode: { checks: [store] } },
    });
    expect(new Set(narrowed.data.values)).toEqual(new Set(lines.filter((l) => l.deptCode === store).map((l) => l.goodsName)));
    const csv = await post('/api/acceptance/exportCsv', '100001', { ...range, filters: { deptCode: { checks: [store] } } });
    const [, ...rows] = parse(csv.body, { bom: true }) as string[][];
    expect(rows).toHaveLength(lines.filter((l) => l.deptCode === store).length);
  });

  it('refuses a filter of an unknown column', async () => {
    expect((await ask(acceptance.getAccDetailColumnValues, '100001', { ...range, field: 'secret' })).status).toBe(400);
    expect((await ask(acceptance.getAccDetailInfo, '100001', { ...range, filters: { secret: { checks: ['x'] } } })).status).toBe(400);
  });
});

describe('exports', () => {
  it('streams every matching line as CSV that reads back to the query', async () => {
    const res = await post('/api/acceptance/exportCsv', '100001', range);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('验收明细_20260101_20260630.csv');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parse(res.body, { bom: true }) as string[][];
    expect(header).toEqual(acceptance.accDetailColumns.map((c) => c.title));
    const mine = raw.filter((r) => r.supp_code === '100001');
    expect(rows.length).toBe(mine.length);
    const amountIndex = header!.indexOf('含税金额');
    expect(
      sum(
        rows.map((r) => r[amountIndex]!),
        2,
      ),
    ).toBe(
      sum(
        mine.map((r) => r.amount),
        2,
      ),
    );
    // Every line as the detail grid shows it, in its default order (newest first).
    expect(rows).toEqual(await detailRows({}));
  });

  /** The first sheet of a workbook, a list of cell values per row (the header first). */
  async function readSheet(payload: Buffer) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(payload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  /** The lines of the detail call with this sort, as the export writes their fields. */
  async function detailRows(sort: { sort?: { field: acceptance.AccDetailSortField; order: 'asc' | 'desc' } }) {
    const { data } = await ask(acceptance.getAccDetailInfo, '100001', { ...range, limit: 1000, ...sort });
    const fields = acceptance.accDetailColumns.map((c) => c.field);
    return (data.list as AccDetail[]).map((l) => fields.map((f) => String(l[f])));
  }

  it("exports in the detail grid's sort, as CSV and .xlsx", async () => {
    for (const sort of [
      { field: 'amount', order: 'desc' },
      { field: 'goodsCode', order: 'asc' },
    ] as const) {
      const expected = await detailRows({ sort });
      expect(expected.length).toBeGreaterThan(10);
      const csv = await post('/api/acceptance/exportCsv', '100001', { ...range, sort });
      const [, ...rows] = parse(csv.body, { bom: true }) as string[][];
      expect(rows).toEqual(expected);
      const xlsx = await post('/api/acceptance/exportExcel', '100001', { ...range, sort });
      const sheet = await readSheet(xlsx.rawPayload);
      const at = acceptance.accDetailColumns.findIndex((c) => c.field === 'billNumber');
      const lineAt = acceptance.accDetailColumns.findIndex((c) => c.field === 'lineNo');
      expect(sheet.slice(1).map((r) => `${r[at]}/${r[lineAt]}`)).toEqual(expected.map((r) => `${r[at]}/${r[lineAt]}`));
    }
  });

  /** Runs `check` while a goods item of 100001's lines has a name with a formula, commas, quotes and a line break. */
  async function withOddGoods(check: (goodsCode: string, odd: { goods_name: string; spec: string; unit: string }) => Promise<void>) {
    const { goods_code: goodsCode } = await t.database.db
      .selectFrom('acceptance')
      .select('goods_code')
      .where('supp_code', '=', '100001')
      .where('acc_date', '>=', range.startDate)
      .where('acc_date', '<=', range.endDate)
      .executeTakeFirstOrThrow();
    const before = await t.database.db
      .selectFrom('goods')
      .select(['goods_name', 'spec', 'unit'])
      .where('goods_code', '=', goodsCode)
      .executeTakeFirstOrThrow();
    const odd = { goods_name: '=HYPERLINK("http://x", "点我"), 特价\n第二行', spec: '-5', unit: '' };
    await t.database.db.updateTable('goods').set(odd).where('goods_code', '=', goodsCode).execute();
    try {
      await check(goodsCode, odd);
    } finally {
      await t.database.db.updateTable('goods').set(before).where('goods_code', '=', goodsCode).execute();
    }
  }

  it('writes texts with commas, quotes, line breaks and formulas so that a spreadsheet reads them back as text', () =>
    withOddGoods(async (goodsCode, odd) => {
      const res = await post('/api/acceptance/exportCsv', '100001', range);
      const [header, ...rows] = parse(res.body, { bom: true }) as string[][];
      const at = (title: string) => header!.indexOf(title);
      const mine = rows.filter((r) => r[at('商品编码')] === goodsCode);
      expect(mine.length).toBeGreaterThan(0);
      for (const row of mine) {
        expect(row[at('商品名称')]).toBe(`'${odd.goods_name}`);
        expect(row[at('规格')]).toBe('-5');
        expect(row[at('单位')]).toBe('');
      }
      expect(res.body).toContain('"\'=HYPERLINK(""http://x"", ""点我""), 特价\n第二行"');
    }));

  it('writes the same bytes through COPY as through keyset batches', () =>
    withOddGoods(async () => {
      const scope = { tenantId: 'demo', suppCode: '100001' };
      const read = async (stream: NodeJS.ReadableStream) => {
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
        return Buffer.concat(chunks).toString('utf8');
      };
      const csv = (rows: Parameters<typeof listExport<AccDetail>>[0]['rows']) =>
        read(listExport({ format: 'csv', name: 'lines', columns: exportColumns('zh-CN'), rows }).body);
      const grid = { sort: { field: 'amount', order: 'desc' as const } };
      const viaCopy = await csv({ copy: t.database.copyCsv(repo.exportQuery(t.database.db, scope, range, grid).compile()) });
      const viaBatches = await csv({ batches: repo.allDetails(t.database.db, scope, range, grid, repo.csvColumns, 7) });
      expect(viaCopy).toContain(',"",');
      expect(viaBatches).toBe(viaCopy);
    }));

  it('ends the connection of a download stopped half-way, and the pool goes on', async () => {
    const query = repo
      .exportQuery(t.database.db, { tenantId: 'demo', suppCode: null }, { startDate: '2020-01-01', endDate: '2030-12-31' })
      .compile();
    for (let i = 0; i < 6; i++) {
      const copy = t.database.copyCsv(query);
      expect((await copy.next()).done).toBe(false);
      await copy.return(undefined);
    }
    const running = () =>
      sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'COPY (%' AND state = 'active'`
        .execute(t.database.db)
        .then((r) => r.rows[0]!.n);
    await expect.poll(running).toBe(0);
    expect((await ask(acceptance.getAccCountSumByCondition, '100001', range)).status).toBe(200);
  });

  it('lets the event loop turn between batches, so an export never holds other requests', async () => {
    let turns = 0;
    let counting: NodeJS.Immediate;
    const count = () => {
      turns++;
      counting = setImmediate(count);
    };
    counting = setImmediate(count);
    try {
      const seen: number[] = [];
      for await (const _batch of repo.allDetails(t.database.db, { tenantId: 'demo', suppCode: null }, range, {}, repo.detailColumns, 5)) {
        seen.push(turns);
        if (seen.length === 4) break;
      }
      // Each batch came after at least one more turn of the loop (timers, sockets, signals) than the one before.
      for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]!);
    } finally {
      clearImmediate(counting);
    }
  });

  it('streams an .xlsx workbook that reads back to the query', async () => {
    const res = await post('/api/acceptance/exportExcel', '100001', { ...range, deptCodes: ['S0101'] });
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('验收明细')!;
    const mine = raw.filter((r) => r.supp_code === '100001' && r.dept_code === 'S0101');
    expect(sheet.rowCount - 1).toBe(mine.length);
    const header = (sheet.getRow(1).values as string[]).slice(1);
    const amountColumn = header.indexOf('含税金额') + 1;
    const cents = Array.from({ length: mine.length }, (_, i) =>
      Math.round(Number(sheet.getRow(i + 2).getCell(amountColumn).value) * 100),
    ).reduce((a, b) => a + b, 0);
    expect((cents / 100).toFixed(2)).toBe(
      sum(
        mine.map((r) => r.amount),
        2,
      ),
    );
  });

  it("writes the user's language: English titles, name, sheet and settle states for English, today's Chinese bytes otherwise", async () => {
    const inLanguage = (url: string, language: string | undefined) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { token: tokens['100001']!, ...(language ? { 'accept-language': language } : {}) },
        payload: range,
      });
    const plain = await inLanguage('/api/acceptance/exportCsv', undefined);
    const chinese = await inLanguage('/api/acceptance/exportCsv', 'zh-CN');
    expect(chinese.rawPayload.equals(plain.rawPayload)).toBe(true);
    expect(chinese.headers['content-disposition']).toBe(plain.headers['content-disposition']);
    const english = await inLanguage('/api/acceptance/exportCsv', 'en');
    expect(decodeURIComponent(String(english.headers['content-disposition']))).toContain('Receiving lines_20260101_20260630.csv');
    const [zhHeader, ...zhRows] = parse(plain.body, { bom: true }) as string[][];
    const [enHeader, ...enRows] = parse(english.body, { bom: true }) as string[][];
    expect(zhHeader!.join(',')).toBe(
      '验收单号,行号,验收日期,供应商编码,门店编码,门店,订单号,商品编码,条码,商品名称,规格,单位,品类编码,品类,品牌编码,品牌,验收数量,赠品数量,含税进价,税率(%),不含税金额,税额,含税金额,结算状态',
    );
    expect(enHeader).toEqual(acceptance.accDetailColumns.map((c) => c.titleEn));
    expect(enHeader!.join(' ')).not.toMatch(/\p{Script=Han}/u);
    // The same lines; only the settle state reads in English.
    const state = zhHeader!.indexOf('结算状态');
    expect(enRows.length).toBe(zhRows.length);
    expect(zhRows.length).toBeGreaterThan(0);
    enRows.forEach((row, i) => {
      const zh = zhRows[i]!;
      expect(row[state]).toBe(settlement.settleStatusTextEn[zh[state] as settlement.SettleStatus]);
      expect(row.filter((_, c) => c !== state)).toEqual(zh.filter((_, c) => c !== state));
    });
    const xlsx = await inLanguage('/api/acceptance/exportExcel', 'en-GB,en;q=0.9');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Receiving lines')!;
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual(enHeader);
    expect(String(sheet.getRow(2).getCell(state + 1).value)).toBe(enRows[0]![state]);
  });

  it('answers an error envelope, not a file, for a bad condition', async () => {
    const res = await post('/api/acceptance/exportCsv', '100001', { startDate: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('needs the export button: a child granted the page but not the button reads lines but cannot export', async () => {
    const child = await tokenFor(t.app, '100001-01');
    const as = (url: string) => t.app.inject({ method: 'POST', url, headers: { token: child }, payload: range });
    expect((await ask(acceptance.getAccDetailInfo, '100001-01', range)).status).toBe(200);
    for (const url of ['/api/acceptance/exportCsv', '/api/acceptance/exportExcel']) {
      const res = await as(url);
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toContain('application/json');
    }
    const { id } = await t.database.db
      .selectFrom('account')
      .select('id')
      .where('employee_code', '=', '100001-01')
      .executeTakeFirstOrThrow();
    await t.database.db.insertInto('account_button').values({ account_id: id, module_code: 'ms0021', button_code: 'export' }).execute();
    const granted = await as('/api/acceptance/exportCsv');
    expect(granted.statusCode).toBe(200);
    expect(granted.headers['content-type']).toContain('text/csv');
  });

  it('needs the module', async () => {
    const child = await tokenFor(t.app, '100001-01');
    await t.database.db.deleteFrom('account_module').where('module_code', '=', 'ms0021').execute();
    const res = await t.app.inject({ method: 'POST', url: '/api/acceptance/exportCsv', headers: { token: child }, payload: range });
    expect(res.statusCode).toBe(403);
  });
});
