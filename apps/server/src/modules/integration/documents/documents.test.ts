// The inbound documents service against the demo database: versions (created, updated, unchanged, stale), one
// document refused without its neighbours, the rules that protect settled receiving and received orders,
// concurrent batches, tenant isolation, the batch limits, bad input and the receiving rollups.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { ingest, type IngestContext, type Sender } from './service';

let t: TestApp;
let ctx: IngestContext;
const demo: Sender = { tenantId: 'demo', source: 'api', clientId: 'test-client' };
let goods: { code: string; taxRate: string; category: string; brand: string }[];

beforeAll(async () => {
  t = await createTestApp({ business: true });
  ctx = { db: t.database.db };
  goods = (
    await sql<{ code: string; taxRate: string; category: string; brand: string }>`SELECT goods_code AS code, tax_rate::text AS "taxRate",
      category_code AS category, brand_code AS brand FROM goods WHERE tenant_id = 'demo' AND supp_code = '100001' ORDER BY goods_code LIMIT 3`.execute(
      t.database.db,
    )
  ).rows;
});
afterAll(() => t.close());

const order = (key: string, version: number, qty = '10', extra: Record<string, unknown> = {}) => ({
  key,
  version,
  supplierCode: '100001',
  storeCode: 'S0101',
  orderDate: '2026-03-02',
  deliveryDate: '2026-03-05',
  lines: [
    { lineNo: 1, goodsCode: goods[0]!.code, qty, price: '2.5', amount: (Number(qty) * 2.5).toFixed(2) },
    { lineNo: 2, goodsCode: goods[1]!.code, qty: '4', price: '1.000001', amount: '4.00' },
  ],
  ...extra,
});

const receipt = (key: string, version: number, qty = '6', extra: Record<string, unknown> = {}) => ({
  key,
  version,
  supplierCode: '100001',
  storeCode: 'S0101',
  date: '2026-03-04',
  lines: [{ lineNo: 1, goodsCode: goods[0]!.code, qty, rejectedQty: '1', price: '2.5', amount: (Number(qty) * 2.5).toFixed(2) }],
  ...extra,
});

const orderState = async (key: string) => {
  const db = t.database.db;
  const head = await db
    .selectFrom('pur_order')
    .selectAll()
    .where('tenant_id', '=', 'demo')
    .where('bill_number', '=', key)
    .executeTakeFirst();
  const lines = await db
    .selectFrom('pur_order_line')
    .selectAll()
    .where('tenant_id', '=', 'demo')
    .where('bill_number', '=', key)
    .orderBy('line_no')
    .execute();
  const version = await db
    .selectFrom('integration_document')
    .select('version')
    .where('tenant_id', '=', 'demo')
    .where('entity', '=', 'purchase-orders')
    .where('doc_key', '=', key)
    .executeTakeFirst();
  return { head, lines, version: version?.version };
};

describe('versions', () => {
  it('a batch sent twice gives the same state, the second answer all unchanged', async () => {
    const docs = [order('IT-PO-1', 1), order('IT-PO-2', 5), receipt('IT-YS-1', 1, '6', { purchaseOrder: 'IT-PO-1' })];
    const first = await ingest(ctx, demo, 'purchase-orders', docs.slice(0, 2));
    expect(first.counts).toEqual({ created: 2, updated: 0, unchanged: 0, stale: 0, refused: 0 });
    const rec = await ingest(ctx, demo, 'receiving', docs.slice(2));
    expect(rec.results[0]).toEqual({ key: 'IT-YS-1', outcome: 'created' });
    const before = [await orderState('IT-PO-1'), await orderState('IT-PO-2')];
    expect(before[0]!.head).toMatchObject({
      status: '部分到货',
      total_qty: '14.000',
      total_amount: '29.00',
      category_code: goods[0]!.category,
    });
    expect(before[0]!.lines[0]).toMatchObject({ order_qty: '10.000', received_qty: '6.000' });

    const again = await ingest(ctx, demo, 'purchase-orders', docs.slice(0, 2));
    expect(again.results.map((r) => r.outcome)).toEqual(['unchanged', 'unchanged']);
    expect((await ingest(ctx, demo, 'receiving', docs.slice(2))).results[0]!.outcome).toBe('unchanged');
    expect([await orderState('IT-PO-1'), await orderState('IT-PO-2')]).toEqual(before);
  });

  it('ignores a stale version and applies a higher one', async () => {
    await ingest(ctx, demo, 'purchase-orders', [order('IT-PO-3', 10, '10')]);
    const stale = await ingest(ctx, demo, 'purchase-orders', [order('IT-PO-3', 9, '99')]);
    expect(stale.results[0]).toEqual({ key: 'IT-PO-3', outcome: 'stale' });
    expect((await orderState('IT-PO-3')).lines[0]!.order_qty).toBe('10.000');
    const newer = await ingest(ctx, demo, 'purchase-orders', [order('IT-PO-3', 11, '20', { state: 'changed' })]);
    expect(newer.results[0]).toEqual({ key: 'IT-PO-3', outcome: 'updated' });
    const state = await orderState('IT-PO-3');
    expect(state.lines[0]!.order_qty).toBe('20.000');
    expect(state.version).toBe(11);
    const cancelled = await ingest(ctx, demo, 'purchase-orders', [order('IT-PO-3', 12, '20', { state: 'cancelled' })]);
    expect(cancelled.results[0]!.outcome).toBe('updated');
    expect((await orderState('IT-PO-3')).head!.status).toBe('已关闭');
  });

  it('concurrent batches on one order end at the highest version', async () => {
    const versions = Array.from({ length: 12 }, (_, i) => i + 1).sort(() => Math.random() - 0.5);
    const answers = await Promise.all(
      versions.map((v) => ingest(ctx, demo, 'purchase-orders', [order('IT-PO-C', v, String(v * 10)), order(`IT-PO-C${v}`, 1)])),
    );
    expect(answers.flatMap((a) => a.results).filter((r) => r.outcome === 'refused')).toEqual([]);
    const state = await orderState('IT-PO-C');
    expect(state.version).toBe(12);
    expect(state.lines[0]!.order_qty).toBe('120.000');
    const outcomes = answers.map((a) => a.results[0]!.outcome);
    expect(outcomes.filter((o) => o === 'created')).toHaveLength(1);
  });

  it('orders and their receiving sent at once: every order ends with what was received', async () => {
    for (let round = 0; round < 3; round++) {
      const keys = Array.from({ length: 300 }, (_, i) => `IT-RACE${round}-${i}`);
      const [po, rec] = await Promise.all([
        ingest(
          ctx,
          demo,
          'purchase-orders',
          keys.map((k) => order(`PO-${k}`, 1, '10')),
        ),
        ingest(
          ctx,
          demo,
          'receiving',
          keys.map((k) => receipt(`YS-${k}`, 1, '7', { purchaseOrder: `PO-${k}` })),
        ),
      ]);
      expect(po.counts.created + rec.counts.created).toBe(600);
      const wrong = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pur_order_line WHERE tenant_id = 'demo'
        AND bill_number LIKE ${`PO-IT-RACE${round}-%`} AND line_no = 1 AND received_qty <> 7`.execute(t.database.db);
      expect(wrong.rows[0]!.n).toBe(0);
    }
  });

  it('writes one batch row per call with its counts', async () => {
    const answer = await ingest(ctx, { ...demo, clientId: 'log-client' }, 'purchase-orders', [order('IT-PO-L', 1), { key: 'IT-PO-BAD' }]);
    const row = await t.database.db.selectFrom('integration_batch').selectAll().where('id', '=', answer.batchId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      tenant_id: 'demo',
      source: 'api',
      client_id: 'log-client',
      entity: 'purchase-orders',
      document_count: 2,
      created_count: 1,
      refused_count: 1,
      line_count: 3,
    });
    expect(row.refusals[0]!.key).toBe('IT-PO-BAD');
  });
});

describe('rules', () => {
  it('refuses a settled receiving line that would change or go, naming the bill', async () => {
    const db = t.database.db;
    const billed = await db
      .selectFrom('sam_bill_line')
      .select(['source_id', 'bill_number'])
      .where('tenant_id', '=', 'demo')
      .where('source_type', '=', 'receiving')
      .where('live', '=', true)
      .orderBy('source_id')
      .executeTakeFirstOrThrow();
    const lines = await sql<{
      line_no: number;
      supp_code: string;
      dept_code: string;
      acc_date: string;
      goods_code: string;
      accepted_qty: string;
      price: string;
      amount: string;
      amount_excl: string;
      tax: string;
      tax_rate: string;
      settle_status: string;
    }>`SELECT line_no, supp_code, dept_code, acc_date::text, goods_code, accepted_qty::text, price::text, amount::text, amount_excl::text,
      tax::text, tax_rate::text, settle_status FROM acceptance WHERE tenant_id = 'demo' AND bill_number = ${billed.source_id} ORDER BY line_no`.execute(
      db,
    );
    const doc = (mutate: (l: Record<string, unknown>[]) => Record<string, unknown>[], version: number) => ({
      key: billed.source_id,
      version,
      supplierCode: lines.rows[0]!.supp_code,
      storeCode: lines.rows[0]!.dept_code,
      date: lines.rows[0]!.acc_date,
      lines: mutate(
        lines.rows.map((l) => ({
          lineNo: l.line_no,
          goodsCode: l.goods_code,
          qty: l.accepted_qty,
          price: l.price,
          amount: l.amount,
          amountExcl: l.amount_excl,
          tax: l.tax,
          taxRate: l.tax_rate,
        })),
      ),
    });
    const changedQty = await ingest(ctx, demo, 'receiving', [doc((ls) => ls.map((l, i) => (i === 0 ? { ...l, qty: '99999' } : l)), 5)]);
    expect(changedQty.results[0]!.outcome).toBe('refused');
    expect(changedQty.results[0]!.refusals![0]!.reason.en).toContain(billed.bill_number);
    const gone = await ingest(ctx, demo, 'receiving', [doc((ls) => ls.slice(1), 6)]);
    expect(gone.results[0]!.outcome).toBe('refused');
    if (lines.rows.length > 1) expect(gone.results[0]!.refusals![0]!.reason['zh-CN']).toContain(billed.bill_number);
    const after = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM acceptance WHERE tenant_id = 'demo' AND bill_number = ${billed.source_id}
      AND settle_status = ${lines.rows[0]!.settle_status}`.execute(db);
    expect(after.rows[0]!.n).toBe(lines.rows.length);
    // The same quantities and amounts with another rejected quantity: applied, the settle state kept.
    const same = await ingest(ctx, demo, 'receiving', [doc((ls) => ls.map((l) => ({ ...l, rejectedQty: '1' })), 7)]);
    expect(same.results[0]!.outcome).not.toBe('refused');
    const kept = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM acceptance WHERE tenant_id = 'demo' AND bill_number = ${billed.source_id}
      AND settle_status = ${lines.rows[0]!.settle_status} AND rejected_qty = 1`.execute(db);
    expect(kept.rows[0]!.n).toBe(lines.rows.length);
  });

  it('refuses a purchase-order line below its received quantity, or its removal', async () => {
    await ingest(ctx, demo, 'purchase-orders', [order('IT-PO-R', 1, '10')]);
    await ingest(ctx, demo, 'receiving', [receipt('IT-YS-R', 1, '8', { purchaseOrder: 'IT-PO-R' })]);
    expect((await orderState('IT-PO-R')).lines[0]!.received_qty).toBe('8.000');
    const below = await ingest(ctx, demo, 'purchase-orders', [order('IT-PO-R', 2, '7')]);
    expect(below.results[0]).toMatchObject({ outcome: 'refused', refusals: [{ path: 'lines.0.qty' }] });
    const removed = await ingest(ctx, demo, 'purchase-orders', [{ ...order('IT-PO-R', 3), lines: order('IT-PO-R', 3).lines.slice(1) }]);
    expect(removed.results[0]!.outcome).toBe('refused');
    const atReceived = await ingest(ctx, demo, 'purchase-orders', [order('IT-PO-R', 4, '8')]);
    expect(atReceived.results[0]!.outcome).toBe('updated');
    const state = await orderState('IT-PO-R');
    expect(state.lines[0]).toMatchObject({ order_qty: '8.000', received_qty: '8.000' });
    expect(state.version).toBe(4);
  });

  it('an unknown supplier, store or goods code refuses that document only', async () => {
    const answer = await ingest(ctx, demo, 'purchase-orders', [
      order('IT-PO-U1', 1, '10', { supplierCode: 'NOPE01' }),
      order('IT-PO-U2', 1),
      order('IT-PO-U3', 1, '10', { storeCode: 'NOSTORE' }),
      { ...order('IT-PO-U4', 1), lines: [{ lineNo: 1, goodsCode: 'NOGOODS', qty: '1', price: '1', amount: '1' }] },
    ]);
    expect(answer.results.map((r) => r.outcome)).toEqual(['refused', 'created', 'refused', 'refused']);
    expect(answer.results[0]!.refusals).toEqual([
      { path: 'supplierCode', reason: { 'zh-CN': '供应商编码 NOPE01 不存在', en: 'Unknown supplier code NOPE01' } },
    ]);
    expect(answer.results[3]!.refusals![0]).toMatchObject({ path: 'lines.0.goodsCode' });
    expect((await orderState('IT-PO-U1')).head).toBeUndefined();
    expect((await orderState('IT-PO-U1')).version).toBeUndefined();
  });

  it('a sender of one tenant cannot reach another tenant', async () => {
    const db = t.database.db;
    await db.insertInto('tenant').values({ id: 'other', name: 'Other', company_name: 'Other Co' }).execute();
    await db
      .insertInto('supplier')
      .values({ tenant_id: 'other', supp_code: 'OT01', supp_name: 'O', phone_list: '[]', email_list: '[]' })
      .execute();
    await db.insertInto('dept').values({ tenant_id: 'other', dept_code: 'OS01', dept_name: 'O', dept_type: 'store' }).execute();
    const answer = await ingest(ctx, demo, 'purchase-orders', [order('IT-PO-X', 1, '10', { supplierCode: 'OT01', storeCode: 'OS01' })]);
    expect(answer.results[0]!.outcome).toBe('refused');
    const other: Sender = { tenantId: 'other', source: 'api' };
    const fromOther = await ingest(ctx, other, 'purchase-orders', [order('IT-PO-1', 99, '1')]);
    expect(fromOther.results[0]!.outcome).toBe('refused');
    expect((await orderState('IT-PO-1')).version).toBe(1);
    const rows = await sql<{ n: number }>`SELECT (SELECT count(*) FROM pur_order WHERE tenant_id = 'other')
      + (SELECT count(*) FROM integration_document WHERE tenant_id = 'other')::int AS n`.execute(db);
    expect(Number(rows.rows[0]!.n)).toBe(0);
  });
});

describe('inside a transaction of the caller', () => {
  it('runs in a savepoint: a refused-by-database document leaves the rest applied, and all commits or rolls back with the caller', async () => {
    const huge = order('IT-PO-TX-HUGE', 1);
    huge.lines = huge.lines.map((l) => ({ ...l, amount: '999999999999.00' }));
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        const answer = await ingest({ db: trx }, demo, 'purchase-orders', [order('IT-PO-TX1', 1), huge]);
        expect(answer.results.map((r) => r.outcome)).toEqual(['created', 'refused']);
        expect(
          await trx.selectFrom('pur_order').select('bill_number').where('bill_number', '=', 'IT-PO-TX1').executeTakeFirst(),
        ).toBeDefined();
        throw new Error('caller rolls back');
      }),
    ).rejects.toThrow('caller rolls back');
    expect((await orderState('IT-PO-TX1')).head).toBeUndefined();
    expect((await orderState('IT-PO-TX1')).version).toBeUndefined();
    await t.database.db.transaction().execute(async (trx) => {
      await ingest({ db: trx }, demo, 'purchase-orders', [order('IT-PO-TX2', 1)]);
    });
    expect((await orderState('IT-PO-TX2')).version).toBe(1);
  });
});

describe('limits and bad input', () => {
  it('answers 413 beyond 5,000 documents or 50,000 lines', async () => {
    await expect(
      ingest(
        ctx,
        demo,
        'charges',
        Array.from({ length: 5001 }, () => ({})),
      ),
    ).rejects.toMatchObject({ status: 413 });
    const big = { lines: Array.from({ length: 5000 }, () => ({})) };
    await expect(
      ingest(
        ctx,
        demo,
        'receiving',
        Array.from({ length: 11 }, () => big),
      ),
    ).rejects.toMatchObject({ status: 413 });
  });

  it('refuses NUL, huge strings, impossible dates, odd keys and wrong types per document, never throwing', async () => {
    const good = order('IT-PO-OK', 1);
    const bad: unknown[] = [
      { ...good, key: 'IT-PO-N1', storeCode: 'S01\u000001' },
      { ...good, key: 'IT-PO-N2', deliveryMode: 'x'.repeat(100_000) },
      { ...good, key: 'IT-PO-N3', orderDate: '2026-02-30' },
      JSON.parse('{"constructor": {"prototype": {"polluted": 1}}, "__proto__": {"polluted": 1}, "key": "IT-PO-N4"}'),
      { ...good, key: 'IT-PO-N5', version: -1 },
      { ...good, key: 'IT-PO-N6', version: 1.5 },
      { ...good, key: 'IT-PO-N7', version: Number.MAX_SAFE_INTEGER + 2 },
      { ...good, key: 'IT-PO-N8', lines: [{ ...good.lines[0], qty: 12 }] },
      { ...good, key: 'IT-PO-N9', lines: [{ ...good.lines[0], qty: '1e5' }] },
      null,
      'text',
      [],
      { ...good, key: 'bad key with spaces' },
      { ...good, key: 'IT-PO-N10', lines: [good.lines[0], good.lines[0]] },
      good,
    ];
    const answer = await ingest(ctx, demo, 'purchase-orders', bad);
    expect(answer.results.map((r) => r.outcome)).toEqual([...Array<string>(bad.length - 1).fill('refused'), 'created']);
    expect(answer.results[0]!.refusals![0]!.path).toBe('storeCode');
    expect(answer.results[2]!.refusals![0]).toMatchObject({ path: 'orderDate', reason: { en: 'no such date' } });
    expect(answer.results[9]!.key).toBe('#9');
    expect(answer.results[13]!.refusals![0]).toMatchObject({ path: 'lines.1.lineNo', reason: { en: 'line number 1 appears twice' } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const texts = answer.results.flatMap((r) => r.refusals ?? []).flatMap((r) => [r.reason['zh-CN'], r.reason.en]);
    expect(texts.every((s) => s.length > 0 && s.length < 400)).toBe(true);
  });

  it('a document only the database refuses (a total beyond its column) is refused alone, its neighbours applied', async () => {
    const huge = order('IT-PO-HUGE', 1);
    huge.lines = huge.lines.map((l) => ({ ...l, amount: '999999999999.00' }));
    const answer = await ingest(ctx, demo, 'purchase-orders', [order('IT-PO-NB1', 1), huge, order('IT-PO-NB2', 1)]);
    expect(answer.results.map((r) => r.outcome)).toEqual(['created', 'refused', 'created']);
    expect(answer.results[1]!.refusals![0]!.reason.en).toContain('database refused');
    expect((await orderState('IT-PO-HUGE')).version).toBeUndefined();
    expect((await orderState('IT-PO-NB2')).version).toBe(1);
  });

  it('refuses a key sent twice in one batch, the first one applied', async () => {
    const answer = await ingest(ctx, demo, 'purchase-orders', [order('IT-PO-D', 1), order('IT-PO-D', 2, '3')]);
    expect(answer.results.map((r) => r.outcome)).toEqual(['created', 'refused']);
  });
});

describe('receiving, returns and charges', () => {
  const daily = async (goodsCode: string, date: string) => {
    const rows = await sql<{ qty: string | null; lines: number | null }>`SELECT sum(qty)::text AS qty, sum(line_count)::int AS lines
      FROM acceptance_daily WHERE tenant_id = 'demo' AND supp_code = '100001' AND dept_code = 'S0102' AND acc_date = ${date}
      AND goods_code = ${goodsCode}`.execute(t.database.db);
    return rows.rows[0]!;
  };

  it('the rollups reflect a batch as soon as it answers, and follow its updates', async () => {
    const g = goods[2]!;
    const before = await daily(g.code, '2026-03-09');
    const doc = (version: number, qty: string) => ({
      key: 'IT-YS-ROLL',
      version,
      supplierCode: '100001',
      storeCode: 'S0102',
      date: '2026-03-09',
      lines: [
        { lineNo: 1, goodsCode: g.code, qty, price: '1', amount: qty },
        { lineNo: 2, goodsCode: g.code, qty: '1', price: '1', amount: '1', amountExcl: '0.90', tax: '0.10' },
      ],
    });
    await ingest(ctx, demo, 'receiving', [doc(1, '5')]);
    const base = Number(before.qty ?? 0);
    expect(Number((await daily(g.code, '2026-03-09')).qty)).toBe(base + 6);
    await ingest(ctx, demo, 'receiving', [doc(2, '40')]);
    expect(Number((await daily(g.code, '2026-03-09')).qty)).toBe(base + 41);
    const line = await t.database.db
      .selectFrom('acceptance')
      .select(['amount_excl', 'tax', 'category_code', 'brand_code', 'tax_rate'])
      .where('tenant_id', '=', 'demo')
      .where('bill_number', '=', 'IT-YS-ROLL')
      .orderBy('line_no')
      .execute();
    expect(line[0]).toMatchObject({ category_code: g.category, brand_code: g.brand, tax_rate: g.taxRate });
    expect(line[1]).toMatchObject({ amount_excl: '0.90', tax: '0.10' });
    // A new version without the second line removes it from the rollup.
    await ingest(ctx, demo, 'receiving', [{ ...doc(3, '40'), lines: doc(3, '40').lines.slice(0, 1) }]);
    expect(Number((await daily(g.code, '2026-03-09')).qty)).toBe(base + 40);
  });

  it('a bill new to the registry whose lines are stored (written before the registry) still loses the lines it no longer holds', async () => {
    const g = goods[2]!;
    const doc = (version: number, lines: number) => ({
      key: 'IT-YS-LEGACY',
      version,
      supplierCode: '100001',
      storeCode: 'S0102',
      date: '2026-03-10',
      lines: Array.from({ length: lines }, (_, i) => ({ lineNo: i + 1, goodsCode: g.code, qty: '2', price: '1', amount: '2' })),
    });
    const lines = () =>
      t.database.db
        .selectFrom('acceptance')
        .select('line_no')
        .where('tenant_id', '=', 'demo')
        .where('bill_number', '=', 'IT-YS-LEGACY')
        .execute();
    await ingest(ctx, demo, 'receiving', [doc(1, 3)]);
    await t.database.db.deleteFrom('integration_document').where('tenant_id', '=', 'demo').where('doc_key', '=', 'IT-YS-LEGACY').execute();
    const answer = await ingest(ctx, demo, 'receiving', [doc(1, 1)]);
    expect(answer.results[0]).toMatchObject({ outcome: 'created' });
    expect(await lines()).toEqual([{ line_no: 1 }]);
  });

  it('writes returns and charges, keeping a charge dispute on update', async () => {
    const ret = await ingest(ctx, demo, 'returns', [
      {
        key: 'IT-TH-1',
        version: 1,
        supplierCode: '100001',
        storeCode: 'S0101',
        date: '2026-03-10',
        reason: '破损',
        lines: [{ lineNo: 1, goodsCode: goods[0]!.code, askedQty: '3', returnedQty: '2', price: '2.5', amount: '5.00' }],
      },
    ]);
    expect(ret.results[0]!.outcome).toBe('created');
    const charge = (version: number, amount: string) => ({
      key: 'IT-FY-1',
      version,
      supplierCode: '100001',
      storeCode: 'S0101',
      chargeType: '促销费',
      chargeName: '堆头费',
      period: '2026-03',
      direction: 'deduct',
      amount,
      taxRate: '6',
      clause: '合同第 3 条',
      calculation: '固定 500 元',
      date: '2026-03-10',
    });
    expect((await ingest(ctx, demo, 'charges', [charge(1, '500')])).results[0]!.outcome).toBe('created');
    await t.database.db
      .updateTable('sam_charge')
      .set({ dispute_status: '异议中', dispute_note: 'too much' })
      .where('tenant_id', '=', 'demo')
      .where('charge_code', '=', 'IT-FY-1')
      .execute();
    expect((await ingest(ctx, demo, 'charges', [charge(2, '450')])).results[0]!.outcome).toBe('updated');
    const row = await t.database.db
      .selectFrom('sam_charge')
      .selectAll()
      .where('tenant_id', '=', 'demo')
      .where('charge_code', '=', 'IT-FY-1')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ amount: '450.00', dispute_status: '异议中', created_by: 'integration:test-client' });
    const forbidden = await ingest(ctx, demo, 'charges', [{ ...charge(1, '5'), key: 'IT-FY-2', chargeName: '节庆费' }]);
    expect(forbidden.results[0]!.outcome).toBe('refused');
  });
});

describe('payments and master data', () => {
  it('a new supplier, its goods, a store and an order arrive through the front door', async () => {
    const db = t.database.db;
    const send = (entity: Parameters<typeof ingest>[2], docs: unknown[]) => ingest(ctx, demo, entity, docs);
    expect((await send('acc-units', [{ key: 'IT-U9', version: 1, name: '测试结算主体' }])).counts.created).toBe(1);
    expect(
      (await send('stores', [{ key: 'IT-S9', version: 1, name: '测试门店', city: '上海', accUnitCode: 'IT-U9' }])).counts.created,
    ).toBe(1);
    expect((await send('stores', [{ key: 'IT-S8', version: 1, name: '无主体门店', accUnitCode: 'NOUNIT' }])).counts.refused).toBe(1);
    expect((await send('brands', [{ key: 'IT-B9', version: 1, name: '测试品牌' }])).counts.created).toBe(1);
    const cats = await send('categories', [
      { key: 'IT-C9', version: 1, name: '测试大类' },
      { key: 'IT-C901', version: 1, name: '测试小类', parentCode: 'IT-C9' },
      { key: 'IT-C902', version: 1, name: '孤儿', parentCode: 'IT-NONE' },
    ]);
    expect(cats.results.map((r) => r.outcome)).toEqual(['created', 'created', 'refused']);
    expect(await db.selectFrom('category').select('level').where('category_code', '=', 'IT-C901').executeTakeFirst()).toEqual({ level: 2 });
    const sup = await send('suppliers', [
      { key: 'IT-SUP9', version: 1, name: '测试供应商', contactName: '张三', phone: '13800000009', email: 'z@example.com' },
    ]);
    expect(sup.counts.created).toBe(1);
    const account = await db
      .selectFrom('account')
      .select(['password_hash', 'must_change_password', 'employee_name', 'supp_code'])
      .where('tenant_id', '=', 'demo')
      .where('kind', '=', 'supplier')
      .where('employee_code', '=', 'IT-SUP9')
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ must_change_password: true, employee_name: '张三', supp_code: 'IT-SUP9' });
    expect(account.password_hash.startsWith('scrypt$')).toBe(false);
    // The supplier's new name applies; its account stays as it was.
    expect((await send('suppliers', [{ key: 'IT-SUP9', version: 2, name: '测试供应商(新)' }])).results[0]!.outcome).toBe('updated');
    const goodsDoc = {
      key: 'IT-G9',
      version: 1,
      barcode: '6900000000099',
      name: '测试商品',
      unit: '个',
      caseQty: 12,
      categoryCode: 'IT-C901',
      brandCode: 'IT-B9',
      supplierCode: 'IT-SUP9',
      taxRate: '13',
      price: '3.2',
      retailPrice: '4.50',
    };
    expect((await send('goods', [goodsDoc, { ...goodsDoc, key: 'IT-G8', brandCode: 'NOBRAND' }])).results.map((r) => r.outcome)).toEqual([
      'created',
      'refused',
    ]);
    const po = await send('purchase-orders', [
      {
        key: 'IT-PO-NEW',
        version: 1,
        supplierCode: 'IT-SUP9',
        storeCode: 'IT-S9',
        orderDate: '2026-03-02',
        deliveryDate: '2026-03-04',
        lines: [{ lineNo: 1, goodsCode: 'IT-G9', qty: '24', price: '3.2', amount: '76.80' }],
      },
    ]);
    expect(po.results[0]!.outcome).toBe('created');
    const line = await db
      .selectFrom('pur_order_line')
      .select(['tax_rate'])
      .where('bill_number', '=', 'IT-PO-NEW')
      .executeTakeFirstOrThrow();
    expect(line.tax_rate).toBe('13.00');
  });

  it('takes prepayments, refusing a change of one inside a live bill', async () => {
    const prepay = (key: string, version: number, amount: string) => ({
      key,
      version,
      supplierCode: '100001',
      accUnitCode: 'U01',
      date: '2026-03-01',
      amount,
    });
    expect((await ingest(ctx, demo, 'payments', [prepay('IT-YF-1', 1, '1000')])).results[0]!.outcome).toBe('created');
    expect((await ingest(ctx, demo, 'payments', [prepay('IT-YF-1', 2, '1200.50')])).results[0]!.outcome).toBe('updated');
    const billed = await t.database.db
      .selectFrom('sam_bill_line')
      .innerJoin('sam_prepay', (j) =>
        j.onRef('sam_prepay.tenant_id', '=', 'sam_bill_line.tenant_id').onRef('sam_prepay.prepay_number', '=', 'sam_bill_line.source_id'),
      )
      .select([
        'sam_prepay.prepay_number',
        'sam_prepay.supp_code',
        'sam_prepay.node_code',
        'sam_prepay.pay_date',
        'sam_prepay.amount',
        'sam_bill_line.bill_number',
      ])
      .where('sam_bill_line.tenant_id', '=', 'demo')
      .where('sam_bill_line.source_type', '=', 'prepay')
      .where('sam_bill_line.live', '=', true)
      .executeTakeFirst();
    expect(billed).toBeDefined();
    if (!billed) return;
    const doc = {
      ...prepay(billed.prepay_number, 1, billed.amount),
      supplierCode: billed.supp_code,
      accUnitCode: billed.node_code,
      date: billed.pay_date,
    };
    const changed = await ingest(ctx, demo, 'payments', [{ ...doc, version: 2, amount: '1.00' }]);
    expect(changed.results[0]!.outcome).toBe('refused');
    expect(changed.results[0]!.refusals![0]!.reason.en).toContain(billed.bill_number);
    // The seed sent it as version 1 through the service: the same money with a new note is an update.
    expect((await ingest(ctx, demo, 'payments', [{ ...doc, version: 3, note: 'same money' }])).results[0]!.outcome).toBe('updated');
    const note = await t.database.db
      .selectFrom('sam_prepay')
      .select('note')
      .where('prepay_number', '=', billed.prepay_number)
      .executeTakeFirst();
    expect(note?.note).toBe('same money');
  });
});
