// The outbox and its pull feed on a real database: every supplier action of each kind writes exactly one
// event in its own transaction (none when refused or rolled back), the feed lists a tenant's events in order
// and each once across pages, never skips an event whose transaction commits late, keeps tenants apart and
// answers a bad cursor with a 400.
import { createHash } from 'node:crypto';
import { certificate, goodsApply, integration, settlement, supplierApply } from '@portal/contract';
import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPng } from '../../../db/seed/certificates';
import type { DB } from '../../../db/schema';
import { businessDay } from '../../../platform/clock';
import { ApiError } from '../../../platform/errors';
import { recordEvent } from '../../../platform/events';
import { createTestApp, type TestApp, tokenFor } from '../../../test/helpers';
import { multipart } from '../../../test/multipart';
import { type fixtureDates, insertFixtures } from '../../settlement/fixtures';
import { listEvents } from './service';
import { outboxSettled } from '../../../test/outbox';

let t: TestApp;
let dates: ReturnType<typeof fixtureDates>;
const tokens: Record<string, string> = {};
const s = settlement;
const png = demoPng([200, 80, 80], 40, 30);

beforeAll(async () => {
  t = await createTestApp();
  ({ dates } = await insertFixtures(t.database.db, new Date()));
  tokens['100001'] = await tokenFor(t.app, '100001');
  await t.database.db.insertInto('tenant').values({ id: 'other', name: 'other', company_name: '另一家零售商' }).execute();
}, 120_000);
afterAll(() => t.close());

interface Written {
  id: string;
  topic: string;
  subject: string;
  supp_code: string | null;
  payload: Record<string, unknown>;
  actor: string;
  txid: string;
}

/** The id of the newest event row (of any tenant): events written after it are this step's. */
const mark = async () => (await sql<{ id: string }>`SELECT coalesce(max(id), 0)::text AS id FROM event`.execute(t.database.db)).rows[0]!.id;

const writtenSince = async (since: string) =>
  (
    await sql<Written>`SELECT id::text AS id, topic, subject, supp_code, payload, actor, txid::text AS txid
      FROM event WHERE id > ${since}::bigint ORDER BY id`.execute(t.database.db)
  ).rows;

/** The transaction that last wrote a row: its xmin, the low 32 bits of that transaction's xid8. */
async function writerOf(
  table: 'sam_bill' | 'sam_invoice' | 'sam_charge' | 'certificate' | 'goods_apply' | 'supplier_apply',
  where: string,
) {
  const key = {
    sam_bill: 'bill_number',
    sam_invoice: 'id',
    sam_charge: 'charge_code',
    certificate: 'id',
    goods_apply: 'apply_no',
    supplier_apply: 'apply_no',
  }[table];
  const { rows } = await sql<{
    xmin: string;
  }>`SELECT xmin::text AS xmin FROM ${sql.table(table)} WHERE ${sql.ref(key)}::text = ${where}`.execute(t.database.db);
  return rows[0]!.xmin;
}
const low32 = (txid: string) => String(BigInt(txid) & 0xffffffffn);

/** Runs `action` and answers the events it wrote (there must be exactly `count`). */
async function eventsOf(action: () => Promise<unknown>, count: number): Promise<Written[]> {
  const before = await mark();
  await action();
  const written = await writtenSince(before);
  expect(written.map((e) => e.topic)).toHaveLength(count);
  return written;
}

const ok = async <R extends { status: number; envelope: unknown }>(res: Promise<R>): Promise<R> => {
  const r = await res;
  expect(r.status, JSON.stringify(r.envelope)).toBe(200);
  return r;
};
const refused = async (res: Promise<{ status: number }>, status: number) => expect((await res).status).toBe(status);

const newBill = async (sources: readonly { sourceType: string; sourceId: string }[]) =>
  (
    await ok(
      t.callAs('100001', s.samBillSave, {
        body: { nodeCode: 'U01', periodStart: dates.periodStart, periodEnd: dates.periodEnd, sources } as never,
      }),
    )
  ).data;

describe('settlement actions write their events in their own transaction', () => {
  it('a bill submitted (once, even when submitted twice), invoices entered and deleted, a void by staff', async () => {
    const bill = await newBill([
      { sourceType: 'receiving', sourceId: 'YST-0001' },
      { sourceType: 'receiving', sourceId: 'YST-0002' },
      { sourceType: 'return', sourceId: 'THT-0001' },
      { sourceType: 'charge', sourceId: 'FYT-0001' },
      { sourceType: 'charge', sourceId: 'FYT-0002' },
      { sourceType: 'prepay', sourceId: 'YFT-0001' },
    ]);
    const num = bill.samBillNum;
    const [submitted] = await eventsOf(async () => {
      await ok(t.callAs('100001', s.applySamBill, { body: { samBillNum: num, version: bill.version } }));
      // Submitting again changes nothing, and says nothing.
      await ok(t.callAs('100001', s.applySamBill, { body: { samBillNum: num, version: bill.version } }));
    }, 1);
    const after = (await t.callAs('100001', s.getSamBillDetail, { body: { samBillNum: num } })).data.header;
    expect(submitted).toMatchObject({ topic: 'settlement.bill.submitted', subject: num, supp_code: '100001' });
    expect(submitted!.actor).toMatch(/^account:\d+$/);
    expect(submitted!.payload).toEqual({
      billNumber: num,
      suppCode: '100001',
      billKind: 'normal',
      nodeCode: 'U01',
      periodStart: dates.periodStart,
      periodEnd: dates.periodEnd,
      payableAmount: after.payableAmount,
      paidAmount: '0.00',
      status: '已提交',
      version: after.version,
    });
    expect(low32(submitted!.txid)).toBe(await writerOf('sam_bill', num));

    await ok(t.callAs('clerk01', s.auditSamBill, { body: { samBillNum: num, note: '' } }));
    const invoice = (number: string, tax: string) =>
      t.callAs('100001', s.saveSamBillInvoice, {
        body: {
          samBillNum: num,
          invoice: {
            invoiceType: '增值税专用发票',
            invoiceCode: '3100253130',
            invoiceNumber: number,
            invoiceDate: dates.today,
            taxRate: '13',
            amount: '6602.00',
            amountExcl: '5842.48',
            tax,
          },
        } as never,
      });
    let invoiceId = '';
    const [entered] = await eventsOf(async () => {
      invoiceId = (await ok(invoice('00000001', '759.52'))).data.invoiceId;
      await refused(invoice('00000001', '759.52'), 409); // the same invoice twice
      await refused(invoice('00000002', '700.00'), 400); // excl. + tax is not the amount
    }, 1);
    expect(entered).toMatchObject({ topic: 'settlement.invoice.entered', subject: num, supp_code: '100001' });
    expect(entered!.payload).toEqual({
      billNumber: num,
      invoiceId,
      invoiceType: '增值税专用发票',
      invoiceCode: '3100253130',
      invoiceNumber: '00000001',
      invoiceDate: dates.today,
      taxRate: '13',
      amountExcl: '5842.48',
      tax: '759.52',
      amount: '6602.00',
    });
    expect(low32(entered!.txid)).toBe(await writerOf('sam_invoice', invoiceId));

    const [deleted] = await eventsOf(async () => {
      await ok(t.callAs('100001', s.delSamBillInvoice, { body: { samBillNum: num, invoiceId } }));
      await refused(t.callAs('100001', s.delSamBillInvoice, { body: { samBillNum: num, invoiceId } }), 404);
    }, 1);
    expect(deleted).toMatchObject({ topic: 'settlement.invoice.deleted', subject: num, payload: { billNumber: num, invoiceId } });
    expect(low32(deleted!.txid)).toBe(await writerOf('sam_bill', num));

    const [voided] = await eventsOf(() => ok(t.callAs('clerk01', s.voidSamBill, { body: { samBillNum: num, reason: '重复提交' } })), 1);
    expect(voided).toMatchObject({
      topic: 'settlement.bill.voided',
      subject: num,
      payload: { billNumber: num, status: '作废', voidedBy: 'staff', reason: '重复提交' },
    });
    expect(low32(voided!.txid)).toBe(await writerOf('sam_bill', num));
  });

  it('a charge disputed; a refused dispute or submission writes nothing; a draft voided is nobody’s news', async () => {
    const draft = await newBill([
      { sourceType: 'receiving', sourceId: 'YST-0004' },
      { sourceType: 'charge', sourceId: 'FYT-0003' },
    ]);
    const [disputed] = await eventsOf(
      () => ok(t.callAs('100001', s.disputeCharge, { body: { chargeCode: 'FYT-0003', note: '未参加该档海报' } })),
      1,
    );
    const charge = await t.database.db
      .selectFrom('sam_charge')
      .select(['amount', 'direction'])
      .where('charge_code', '=', 'FYT-0003')
      .executeTakeFirstOrThrow();
    expect(disputed).toMatchObject({ topic: 'settlement.charge.disputed', subject: 'FYT-0003', supp_code: '100001' });
    expect(disputed!.payload).toEqual({
      chargeCode: 'FYT-0003',
      suppCode: '100001',
      billNumber: draft.samBillNum,
      direction: charge.direction,
      amount: charge.amount,
      settleStatus: '结算中',
      disputeStatus: '异议中',
      note: '未参加该档海报',
    });
    expect(low32(disputed!.txid)).toBe(await writerOf('sam_charge', 'FYT-0003'));

    await eventsOf(async () => {
      await refused(t.callAs('100001', s.disputeCharge, { body: { chargeCode: 'FYT-0003', note: '再次' } }), 409);
      await refused(t.callAs('100002', s.disputeCharge, { body: { chargeCode: 'FYT-0003', note: '别人的' } }), 404);
      await refused(t.callAs('100001', s.applySamBill, { body: { samBillNum: draft.samBillNum } }), 409);
      await ok(t.callAs('100001', s.voidSamBill, { body: { samBillNum: draft.samBillNum, reason: '草稿不要了' } }));
    }, 0);
  });

  it('a rejected bill voided by its supplier', async () => {
    const bill = await newBill([{ sourceType: 'receiving', sourceId: 'YST-0005' }]);
    await ok(t.callAs('100001', s.applySamBill, { body: { samBillNum: bill.samBillNum } }));
    await ok(t.callAs('clerk01', s.rejectSamBill, { body: { samBillNum: bill.samBillNum, reason: '金额有误' } }));
    const [voided] = await eventsOf(
      () => ok(t.callAs('100001', s.voidSamBill, { body: { samBillNum: bill.samBillNum, reason: '重新开单' } })),
      1,
    );
    expect(voided).toMatchObject({
      topic: 'settlement.bill.voided',
      supp_code: '100001',
      payload: { billNumber: bill.samBillNum, voidedBy: 'supplier', reason: '重新开单', status: '作废' },
    });
    expect(low32(voided!.txid)).toBe(await writerOf('sam_bill', bill.samBillNum));
  });
});

describe('certificates and applications write their events in their own transaction', () => {
  const upload = async (url: string) => {
    const body = multipart([{ name: '执照.png', bytes: png }]);
    const res = await t.app.inject({ method: 'POST', url, headers: { ...body.headers, token: tokens['100001']! }, payload: body.payload });
    expect(res.statusCode).toBe(200);
    return (res.json().data as { fileId: string }[]).map((f) => f.fileId);
  };
  const day = (offset: number) => new Date(Date.parse(businessDay(new Date())) + offset * 86_400_000).toISOString().slice(0, 10);

  it('a certificate submitted for review (a refused submission writes nothing)', async () => {
    const form = {
      typeCode: 'SCXK',
      ctfNumber: 'SC-EVENT-1',
      ctfName: '食品生产许可证',
      validFrom: day(-1),
      validTo: day(900),
      submit: true,
    };
    await eventsOf(() => refused(t.callAs('100001', certificate.saveCtf, { body: { ...form, fileIds: [] } }), 400), 0);
    const fileIds = await upload('/api/ctf/uploadCtfFile');
    let id = 0;
    const [submitted] = await eventsOf(async () => {
      id = (await ok(t.callAs('100001', certificate.saveCtf, { body: { ...form, fileIds } }))).data.id;
    }, 1);
    expect(submitted).toMatchObject({ topic: 'certificate.certificate.submitted', subject: String(id), supp_code: '100001' });
    expect(submitted!.payload).toMatchObject({
      certificateId: String(id),
      suppCode: '100001',
      typeCode: 'SCXK',
      certificateNumber: 'SC-EVENT-1',
      barcode: '',
      validFrom: day(-1),
      validTo: day(900),
      status: '已提交',
    });
    expect(low32(submitted!.txid)).toBe(await writerOf('certificate', String(id)));
  });

  it('a new-product application submitted and withdrawn (withdrawing twice writes once)', async () => {
    const first12 = '692345670001';
    const sum = [...first12].map(Number).reduce((a, d, i) => a + d * (i % 2 === 0 ? 1 : 3), 0);
    const barcode = `${first12}${(10 - (sum % 10)) % 10}`;
    const fileIds = await upload('/api/goodsApply/uploadApplyFile');
    const form = {
      goodsName: '事件测试薄脆',
      barcode,
      spec: '150g',
      unit: '袋',
      caseQty: 20,
      categoryCode: '1001',
      brandCode: 'B001',
      price: '5.800000',
      retailPrice: '8.90',
      taxRate: '13' as const,
      shelfLifeDays: 270,
      origin: '上海',
      fileIds,
    };
    let applyNo = '';
    const [submitted] = await eventsOf(async () => {
      const res = await ok(t.callAs('100001', goodsApply.startErpProcessWithForm, { body: { processKey: 'goodsApply', form } }));
      applyNo = res.data.applyNo;
    }, 1);
    expect(submitted).toMatchObject({ topic: 'goods-apply.application.submitted', subject: applyNo, supp_code: '100001' });
    expect(submitted!.payload).toMatchObject({ applyNo, goodsName: '事件测试薄脆', barcode, status: '已提交', retailPrice: '8.90' });
    expect(low32(submitted!.txid)).toBe(await writerOf('goods_apply', applyNo));
    const [withdrawn] = await eventsOf(async () => {
      await ok(t.callAs('100001', goodsApply.withdrawApply, { body: { applyNo } }));
      await refused(t.callAs('100001', goodsApply.withdrawApply, { body: { applyNo } }), 409);
    }, 1);
    expect(withdrawn).toMatchObject({
      topic: 'goods-apply.application.withdrawn',
      payload: { applyNo, suppCode: '100001', status: '草稿' },
    });
    expect(low32(withdrawn!.txid)).toBe(await writerOf('goods_apply', applyNo));
  });

  it('a supplier application submitted by a visitor, with no bank details in the event', async () => {
    const captcha = async () => {
      const id = `test-${Math.random().toString(36).slice(2)}`;
      await t.database.db
        .insertInto('captcha')
        .values({ id, answer_hash: createHash('sha256').update('K7PX').digest('hex'), expires_at: new Date(Date.now() + 86_400_000) })
        .execute();
      return { captchaId: id, validCode: 'k7px' };
    };
    const first17 = '91320412MA1Q2W3E9';
    const creditCode = `${first17}${supplierApply.creditCheckChar(first17)}`;
    const body = {
      companyName: '常州事件食品有限公司',
      creditCode,
      legalPerson: '赵好',
      licenceValidTo: '2030-12-31',
      contactName: '赵小味',
      contactPhone: '13912345678',
      contactEmail: 'zhao@haowei-demo.cn',
      bankName: '中国银行常州分行',
      bankAccount: '6217001234567890',
      categories: ['1001', '1002'],
    };
    const send = async (files: { name: string; bytes: Buffer }[]) => {
      const { payload, headers } = multipart(files, { form: JSON.stringify({ ...body, ...(await captcha()) }) });
      return t.app.inject({ method: 'POST', url: '/api/coApply/submit?tenantid=demo', payload, headers });
    };
    await eventsOf(async () => expect((await send([])).statusCode).toBe(400), 0);
    let applyNo = '';
    const [submitted] = await eventsOf(async () => {
      const res = await send([{ name: '营业执照.png', bytes: png }]);
      expect(res.statusCode, res.body).toBe(200);
      applyNo = res.json().data.applyNo;
    }, 1);
    expect(submitted).toMatchObject({ topic: 'supplier-apply.application.submitted', subject: applyNo, supp_code: null });
    expect(submitted!.payload).toEqual({
      applyNo,
      companyName: '常州事件食品有限公司',
      creditCode,
      categories: ['1001', '1002'],
      status: '已提交',
    });
    expect(JSON.stringify(submitted)).not.toContain('6217001234567890');
    expect(low32(submitted!.txid)).toBe(await writerOf('supplier_apply', applyNo));
  });

  it('a transaction that rolls back after recording leaves no event', async () => {
    await eventsOf(async () => {
      await expect(
        t.database.db.transaction().execute(async (trx) => {
          await recordEvent(trx, { ...sample('demo', 'ROLLBACK-1') });
          throw new Error('refused after the event was written');
        }),
      ).rejects.toThrow('refused after');
    }, 0);
  });
});

// ---------------------------------------------------------------------------------------------------------
// The feed

function sample(tenantId: string, subject: string) {
  return {
    tenantId,
    suppCode: '100001',
    topic: 'settlement.invoice.deleted' as const,
    subject,
    payload: { billNumber: subject, invoiceId: '1' },
    actor: 'system:test' as const,
  };
}

const ctx = () => ({ db: t.database.db });

/** Reads the feed from `after` to its end, `limit` at a time: every event and the final cursor. */
/** The transactions under way end first (other test files run beside this one): see test/outbox.ts. */
const settled = () => outboxSettled(t.database.db);

/** Every event after `after`, page by page; first waits for the transactions under way to end (unless `wait` is false). */
async function drain(tenantId: string, after: string | undefined, limit: number, wait = true) {
  if (wait) await settled();
  const events: integration.FeedEvent[] = [];
  let cursor = after;
  for (;;) {
    const page = await listEvents(ctx(), tenantId, cursor, limit);
    expect(page.events.length).toBeLessThanOrEqual(limit);
    events.push(...page.events);
    if (page.events.length === 0) return { events, next: page.next };
    cursor = page.next;
  }
}

/** A transaction that runs `work` and then waits, holding its locks, until released. */
function held(work: (trx: Transaction<DB>) => Promise<void>) {
  let release!: () => void;
  let ready!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const started = new Promise<void>((r) => (ready = r));
  const done = t.database.db.transaction().execute(async (trx) => {
    await work(trx);
    ready();
    await gate;
  });
  return {
    started,
    commit: async () => {
      release();
      await done;
    },
  };
}

describe('the pull feed', () => {
  it('lists a tenant’s events in order and each once across pages', async () => {
    const { next: start } = await drain('demo', undefined, 1000);
    const subjects = Array.from({ length: 23 }, (_, i) => `PAGE-${String(i).padStart(2, '0')}`);
    // Several events per transaction and several transactions.
    for (let i = 0; i < subjects.length; i += 4)
      await t.database.db.transaction().execute(async (trx) => {
        for (const subject of subjects.slice(i, i + 4)) await recordEvent(trx, sample('demo', subject));
      });
    const { events, next } = await drain('demo', start, 7);
    expect(events.map((e) => e.subject)).toEqual(subjects);
    expect(new Set(events.map((e) => e.id)).size).toBe(subjects.length);
    expect(next).toBe(events.at(-1)!.id);
    expect(events[0]).toMatchObject({ topic: 'settlement.invoice.deleted', suppCode: '100001', payload: { billNumber: 'PAGE-00' } });
    expect(new Date(events[0]!.at).toISOString()).toBe(events[0]!.at);
    // The answer is the contract's.
    expect(integration.eventsPage.parse(await listEvents(ctx(), 'demo', start, 5)).events).toHaveLength(5);
    // Nothing new: the same cursor back.
    expect(await listEvents(ctx(), 'demo', next, 10)).toEqual({ events: [], next });
    // From the start, the whole history in the same order.
    const all = await drain('demo', undefined, 1000);
    expect(all.events.slice(-subjects.length).map((e) => e.id)).toEqual(events.map((e) => e.id));
  });

  it('holds back a later event while an earlier one is in flight, then lists both in order', async () => {
    const { next: start } = await drain('demo', undefined, 1000);
    const first = held((trx) => recordEvent(trx, sample('demo', 'LATE-FIRST')).then(() => undefined));
    await first.started;
    await t.database.db.transaction().execute((trx) => recordEvent(trx, sample('demo', 'LATE-SECOND')));
    // The second has committed, but an earlier transaction that wrote an event is still open.
    let meanwhile: string[];
    try {
      meanwhile = (await listEvents(ctx(), 'demo', start, 100)).events.map((e) => e.subject);
    } finally {
      await first.commit();
    }
    expect(meanwhile).toEqual([]);
    const { events } = await drain('demo', start, 1);
    expect(events.map((e) => e.subject)).toEqual(['LATE-FIRST', 'LATE-SECOND']);
  });

  it('never skips an event of a lower id whose transaction commits after a later one was read', async () => {
    const { next: start } = await drain('demo', undefined, 1000);
    // B takes its transaction id first (as a change that writes before it records its event would), then
    // A records event n and stays open, then B records event n+1 and commits: B's event is listable at
    // once (no transaction older than B is open), and A's, with the lower id, commits later.
    let releaseB!: () => void;
    const bWaits = new Promise<void>((r) => (releaseB = r));
    let bHasXid!: () => void;
    const bReady = new Promise<void>((r) => (bHasXid = r));
    const b = t.database.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_current_xact_id()`.execute(trx);
      bHasXid();
      await bWaits;
      await recordEvent(trx, sample('demo', 'SKIP-B'));
    });
    await bReady;
    const a = held((trx) => recordEvent(trx, sample('demo', 'SKIP-A')).then(() => undefined));
    await a.started;
    releaseB();
    await b;
    let early!: Awaited<ReturnType<typeof drain>>;
    try {
      // B is listable once every transaction older than it has ended: the test files running beside this
      // one share the cluster (and its snapshot xmin), and theirs end soon. A stays open all along.
      await expect
        .poll(async () => (early = await drain('demo', start, 100, false)).events.length, { timeout: 20_000, interval: 50 })
        .toBeGreaterThan(0);
    } finally {
      await a.commit();
    }
    expect(early.events.map((e) => e.subject)).toEqual(['SKIP-B']);
    // A's event has the lower id: a feed by id with `txid < xmin` alone would have passed it.
    const ids = await sql<{ subject: string }>`SELECT subject FROM event WHERE subject IN ('SKIP-A', 'SKIP-B') ORDER BY id`.execute(
      t.database.db,
    );
    expect(ids.rows.map((r) => r.subject)).toEqual(['SKIP-A', 'SKIP-B']);
    const late = await drain('demo', early.next, 100);
    expect(late.events.map((e) => e.subject)).toEqual(['SKIP-A']);
  });

  it('keeps tenants apart', async () => {
    const { next: start } = await drain('demo', undefined, 1000);
    await t.database.db.transaction().execute(async (trx) => {
      await recordEvent(trx, sample('other', 'OTHER-1'));
      await recordEvent(trx, sample('demo', 'DEMO-1'));
    });
    expect((await drain('demo', start, 100)).events.map((e) => e.subject)).toEqual(['DEMO-1']);
    const other = await drain('other', undefined, 100);
    expect(other.events.map((e) => e.subject)).toEqual(['OTHER-1']);
    // Another tenant's cursor reads only its own tenant's events after it.
    expect((await listEvents(ctx(), 'other', start, 100)).events.map((e) => e.subject)).toEqual(['OTHER-1']);
    expect((await listEvents(ctx(), 'nobody', undefined, 100)).events).toEqual([]);
  });

  it('answers a bad cursor or limit with a 400, and the contract refuses them too', async () => {
    for (const bad of [
      'abc',
      '12',
      '-1-1',
      '1-',
      '1-2-3',
      '1.5-2',
      '1-9223372036854775808',
      '18446744073709551616-1',
      'x'.repeat(5000),
      '1-2\u0000',
    ]) {
      const error = await listEvents(ctx(), 'demo', bad, 10).catch((e: unknown) => e);
      expect(error, bad).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(400);
      expect(integration.eventsQuery.safeParse({ after: bad }).success, bad).toBe(false);
    }
    for (const limit of [0, 1001, 1.5]) {
      expect(((await listEvents(ctx(), 'demo', undefined, limit).catch((e: unknown) => e)) as ApiError).status).toBe(400);
      expect(integration.eventsQuery.safeParse({ limit }).success).toBe(false);
    }
    // The largest positions are valid, and past the end.
    expect(await listEvents(ctx(), 'demo', '18446744073709551615-9223372036854775807', 10)).toEqual({
      events: [],
      next: '18446744073709551615-9223372036854775807',
    });
    expect(integration.eventsQuery.parse({ limit: '50' })).toEqual({ limit: 50 });
    expect(integration.listEvents.integration?.scope).toBe('events:read');
  });
});
