// The events notifications are made of, on a real database: a representative change of each area writes its event
// exactly once in its own transaction (the changed row and the event share the writing transaction) and none when
// refused; the jobs' notices are given once; and every topic of the contract has its texts, its group, its audience
// and a link, in both languages.
import { integration, notification, settlement, certificate } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../test/helpers';
import { runExpiryJob } from '../certificate/expiry';
import { ingest } from '../integration/documents/service';
import { audienceOf } from './audience';
import { noticeExpiringPasswords, noticeOverdueOrders } from './notices';
import { renderEvent } from './render';

let t: TestApp;
const s = settlement;

beforeAll(async () => {
  // A low lock threshold, below the captcha's, so that the lock comes from failures alone.
  t = await createTestApp({ business: true, env: { LOGIN_LOCK_AFTER: '3', LOGIN_CAPTCHA_AFTER: '5', LOGIN_SLOWDOWN_MS: '0' } });
  // The business template (two years of orders and bills) takes minutes on a loaded machine.
}, 900_000);
afterAll(() => t.close());

interface Written {
  id: string;
  topic: string;
  subject: string;
  supp_code: string | null;
  payload: Record<string, unknown>;
  txid: string;
}

const mark = async () => (await sql<{ id: string }>`SELECT coalesce(max(id), 0)::text AS id FROM event`.execute(t.database.db)).rows[0]!.id;
const writtenSince = async (since: string) =>
  (
    await sql<Written>`SELECT id::text AS id, topic, subject, supp_code, payload, txid::text AS txid
      FROM event WHERE id > ${since}::bigint ORDER BY id`.execute(t.database.db)
  ).rows;

/** Runs `action`; answers the events it wrote, whose topics must be `topics`. */
async function eventsOf(action: () => Promise<unknown>, topics: string[]): Promise<Written[]> {
  const before = await mark();
  await action();
  const written = await writtenSince(before);
  expect(written.map((e) => e.topic)).toEqual(topics);
  return written;
}

/** The low 32 bits of the transaction that last wrote the row: the event's txid must match (same transaction). */
async function sameTransaction(event: Written, table: string, keyColumn: string, key: string) {
  const { rows } = await sql<{ xmin: string }>`SELECT xmin::text AS xmin FROM ${sql.table(table)}
    WHERE ${sql.ref(keyColumn)}::text = ${key}`.execute(t.database.db);
  expect(rows[0]!.xmin).toBe(String(BigInt(event.txid) & 0xffffffffn));
}

const ok = async <R extends { status: number; envelope: unknown }>(res: Promise<R>): Promise<R> => {
  const r = await res;
  expect(r.status, JSON.stringify(r.envelope)).toBe(200);
  return r;
};

const billIn = async (status: string) =>
  (
    await sql<{ bill_number: string; supp_code: string; payable_amount: string; paid_amount: string }>`
      SELECT bill_number, supp_code, payable_amount::text AS payable_amount, paid_amount::text AS paid_amount FROM sam_bill
      WHERE tenant_id = 'demo' AND status = ${status} ORDER BY bill_number DESC LIMIT 1`.execute(t.database.db)
  ).rows[0]!;

describe('changes write their event once, in their transaction', () => {
  it('a bill approved, sent back and paid (part and in full); a refused step writes nothing', async () => {
    const approving = await billIn('发票确认');
    const [approved] = await eventsOf(
      () =>
        ok(
          t.callAs('finance01', s.approveSamBill, { body: { samBillNum: approving.bill_number, suppCode: approving.supp_code, note: '' } }),
        ),
      ['settlement.bill.approved'],
    );
    expect(approved!.payload).toMatchObject({ billNumber: approving.bill_number, status: '已审批' });
    await sameTransaction(approved!, 'sam_bill', 'bill_number', approving.bill_number);
    // Approving it again: 409, nothing written.
    await eventsOf(async () => {
      const again = await t.callAs('finance01', s.approveSamBill, {
        body: { samBillNum: approving.bill_number, suppCode: approving.supp_code, note: '' },
      });
      expect(again.status).toBe(409);
    }, []);

    const [returned] = await eventsOf(
      () =>
        ok(
          t.callAs('cashier01', s.returnSamBill, {
            body: { samBillNum: approving.bill_number, suppCode: approving.supp_code, reason: '金额待核' },
          }),
        ),
      ['settlement.bill.returned'],
    );
    expect(returned!.payload).toMatchObject({ toSupplier: false, reason: '金额待核', status: '发票确认' });
    await ok(
      t.callAs('finance01', s.approveSamBill, { body: { samBillNum: approving.bill_number, suppCode: approving.supp_code, note: '' } }),
    );

    const owed = (BigInt(approving.payable_amount.replace('.', '')) - BigInt(approving.paid_amount.replace('.', ''))).toString();
    const pay = (amount: string) =>
      t.callAs('cashier01', s.recordSamBillPayment, {
        body: { samBillNum: approving.bill_number, suppCode: approving.supp_code, payment: { amount, payDate: '2026-01-05' } },
      });
    // More than is owed: 409, no event.
    await eventsOf(async () => expect((await pay('99999999.00')).status).toBe(409), []);
    const [part] = await eventsOf(() => ok(pay('0.01')), ['settlement.bill.paid']);
    expect(part!.payload).toMatchObject({ paymentAmount: '0.01', fully: false });
    await sameTransaction(part!, 'sam_bill', 'bill_number', approving.bill_number);
    const left = (BigInt(owed) - 1n).toString();
    const [full] = await eventsOf(
      () => ok(pay(`${left.slice(0, -2) || '0'}.${left.slice(-2).padStart(2, '0')}`)),
      ['settlement.bill.paid'],
    );
    expect(full!.payload).toMatchObject({ fully: true, status: '已支付', paidAmount: approving.payable_amount });
  });

  it('a charge raised and a dispute answered; a barred charge writes nothing', async () => {
    const form = {
      suppCode: '100001',
      deptCode: 'S0101',
      chargeType: 'DM海报费',
      chargeName: 'DM海报费 测试档',
      period: '2026-01',
      direction: 'deduct' as const,
      amount: '120.00',
      taxRate: '6',
      clause: '合同第 5 条',
      calculation: '按档期',
      chargeDate: '2026-01-10',
    };
    await eventsOf(async () => {
      const barred = await t.callAs('clerk01', s.saveCharge, { body: { ...form, chargeName: '店庆费' } as never });
      expect(barred.status).toBe(400);
    }, []);
    const [raised] = await eventsOf(() => ok(t.callAs('clerk01', s.saveCharge, { body: form as never })), ['settlement.charge.raised']);
    const code = raised!.subject;
    expect(raised!.payload).toMatchObject({ chargeCode: code, suppCode: '100001', amount: '120.00', direction: 'deduct' });
    await sameTransaction(raised!, 'sam_charge', 'charge_code', code);
    await eventsOf(
      () => ok(t.callAs('100001', s.disputeCharge, { body: { chargeCode: code, note: '档期未执行' } })),
      ['settlement.charge.disputed'],
    );
    const [answered] = await eventsOf(
      () =>
        ok(
          t.callAs('clerk01', s.answerChargeDispute, {
            body: { chargeCode: code, suppCode: '100001', answer: '已核实，按 100 元收取', amount: '100.00' },
          }),
        ),
      ['settlement.charge.answered'],
    );
    expect(answered!.payload).toMatchObject({ amount: '100.00', disputeStatus: '已答复' });
  });

  it('a certificate reviewed', async () => {
    // The demo's certificates are all reviewed: one waits for review again (as a resubmission would leave it).
    const { rows } = await sql<{ id: number }>`UPDATE certificate SET status = '已提交'
      WHERE id = (SELECT min(id) FROM certificate WHERE tenant_id = 'demo' AND supp_code = '100001' AND is_current) RETURNING id`.execute(
      t.database.db,
    );
    const id = rows[0]!.id;
    const [reviewed] = await eventsOf(
      () => ok(t.callAs('admin', certificate.returnCtf, { body: { id, reason: '图片不清晰' } })),
      ['certificate.certificate.reviewed'],
    );
    expect(reviewed!.payload).toMatchObject({ certificateId: String(id), status: '审核退回', reason: '图片不清晰' });
    await sameTransaction(reviewed!, 'certificate', 'id', String(id));
  });

  it('an account locked after too many failed sign-ins, once', async () => {
    const written = await eventsOf(async () => {
      for (let i = 0; i < 3; i++) expect((await login(t.app, '100001-01', { password: 'Wrong-password-1' })).statusCode).toBe(401);
    }, ['auth.account.locked']);
    expect(written[0]!.payload).toMatchObject({ employeeCode: '100001-01', kind: 'supplier' });
    expect(written[0]!.supp_code).toBe('100001');
    // Locked: further attempts are refused before counting, nothing more is written.
    await eventsOf(async () => expect((await login(t.app, '100001-01', { password: 'Wrong-password-1' })).statusCode).toBe(429), []);
  });

  it('an order issued and changed through the integration service (not by the seed)', async () => {
    const goods = (
      await sql<{
        code: string;
      }>`SELECT goods_code AS code FROM goods WHERE tenant_id = 'demo' AND supp_code = '100001' ORDER BY goods_code LIMIT 1`.execute(
        t.database.db,
      )
    ).rows[0]!.code;
    const order = (version: number, qty: string) => ({
      key: 'NT-PO-1',
      version,
      supplierCode: '100001',
      storeCode: 'S0101',
      orderDate: '2026-03-02',
      deliveryDate: '2026-03-05',
      lines: [{ lineNo: 1, goodsCode: goods, qty, price: '2.5', amount: (Number(qty) * 2.5).toFixed(2) }],
    });
    const sender = { tenantId: 'demo', source: 'api' as const, clientId: 'erp' };
    const [issued] = await eventsOf(
      () => ingest({ db: t.database.db }, sender, 'purchase-orders', [order(1, '10')]),
      ['purchase-order.order.issued'],
    );
    expect(issued!.payload).toMatchObject({ billNumber: 'NT-PO-1', suppCode: '100001', totalAmount: '25.00' });
    await eventsOf(() => ingest({ db: t.database.db }, sender, 'purchase-orders', [order(2, '12')]), ['purchase-order.order.changed']);
    await eventsOf(() => ingest({ db: t.database.db }, sender, 'purchase-orders', [order(2, '12')]), []);
  });
});

describe('the jobs give each notice once', () => {
  it('orders past their confirmation deadline: once per version', async () => {
    const overdue = await sql<{ n: string }>`SELECT count(*)::text AS n FROM pur_order WHERE tenant_id = 'demo'
      AND status IN ('已下达', '已阅读') AND confirm_due_at < now()`.execute(t.database.db);
    const before = await mark();
    expect(await noticeOverdueOrders(t.database.db, new Date())).toBe(Number(overdue.rows[0]!.n));
    const written = await writtenSince(before);
    expect(written.length).toBeGreaterThan(0);
    expect(new Set(written.map((e) => e.topic))).toEqual(new Set(['purchase-order.order.overdue']));
    expect(await noticeOverdueOrders(t.database.db, new Date())).toBe(0);
  });

  it('certificates at 30, 7 and 0 days: the nearest threshold once per end date', async () => {
    const { rows } = await sql<{ id: number; valid_to: string }>`SELECT id, valid_to::text AS valid_to FROM certificate
      WHERE tenant_id = 'demo' AND is_current AND valid_to >= current_date ORDER BY valid_to LIMIT 1`.execute(t.database.db);
    const cert = rows[0]!;
    const dayBefore = (days: number) => new Date(Date.parse(`${cert.valid_to}T04:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
    const noticesOf = async () =>
      (
        await sql<{ days: number }>`SELECT (payload->>'daysLeft')::int AS days FROM event WHERE topic = 'certificate.certificate.expiring'
          AND subject = ${String(cert.id)} ORDER BY id`.execute(t.database.db)
      ).rows.map((r) => r.days);
    const seen = (await noticesOf()).length;
    // Each day the job runs once (job_run); days between thresholds add nothing.
    for (const days of [20, 19, 7, 3, 0]) await runExpiryJob(t.database.db, dayBefore(days));
    expect((await noticesOf()).slice(seen)).toEqual([30, 7, 0]);
  });

  it('passwords about to expire: once a day, once per password', async () => {
    const before = await mark();
    const given = await noticeExpiringPasswords(t.database.db, new Date(), t.config.passwordValidDays);
    expect(given).not.toBeNull();
    expect(await noticeExpiringPasswords(t.database.db, new Date(), t.config.passwordValidDays)).toBeNull();
    const written = await writtenSince(before);
    expect(written.every((e) => e.topic === 'auth.password.expiring')).toBe(true);
    expect(written.length).toBe(given);
  });
});

describe('every topic can be told', () => {
  /** A payload that reads as something for any field: texts 'X', lists empty, numbers 7. */
  const anyPayload = new Proxy({} as Record<string, unknown>, {
    get: (_target, key) => (key === 'changedLines' || key === 'lines' ? [] : key === 'daysLeft' || key === 'accountId' ? 7 : 'X'),
  });

  it.each(integration.eventTopics.map((topic) => [topic]))('%s', (topic) => {
    expect(integration.eventTopicText[topic]).toBeTruthy();
    expect(integration.eventTopicTextEn[topic]).toBeTruthy();
    const info = notification.topicInfo[topic];
    expect(notification.notificationGroups).toContain(info.group);
    expect(info.supplier || info.staff).toBe(true);
    for (const language of ['zh-CN', 'en'] as const)
      for (const audience of ['supplier', 'staff'] as const) {
        const r = renderEvent({ topic, subject: 'S-1', suppCode: '100001', payload: anyPayload }, language, audience);
        expect(r.title).toMatch(/(S-1|X)$/);
        expect(r.body.length).toBeGreaterThan(3);
        expect(r.link).toMatch(/^\/[A-Za-z]/);
      }
    expect(() => audienceOf(topic, anyPayload)).not.toThrow();
  });
});
