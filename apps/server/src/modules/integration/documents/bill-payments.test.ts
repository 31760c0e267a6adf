// Payments of settlement bills from the finance system (payments, kind 'bill'): applied exactly as the cashier's
// (settlement/review/service.ts recordPayment) with the integration client as the actor. A demo 已审批 bill paid in
// two parts becomes 已支付 with its documents 已结算; more than owed, a bill in another state, another supplier's
// or tenant's bill are refused per document; resent unchanged; an applied payment's bill or amount cannot change.
import { fromUnits, integration, toUnits } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { ingest, type IngestContext, type Sender } from './service';

let t: TestApp;
let ctx: IngestContext;
const finance: Sender = { tenantId: 'demo', source: 'api', clientId: 'fin-client', clientName: '财务系统' };

interface BillRow {
  bill_number: string;
  supp_code: string;
  status: string;
  payable_amount: string;
  paid_amount: string;
}

const billOf = async (billNumber: string, tenantId = 'demo') =>
  (
    await sql<BillRow>`SELECT bill_number, supp_code, status, payable_amount::text, paid_amount::text FROM sam_bill
      WHERE tenant_id = ${tenantId} AND bill_number = ${billNumber}`.execute(t.database.db)
  ).rows[0]!;

/** A demo bill in `status` with something still owed, not one of `taken` (the seed has them: db/seed/settlement.ts). */
const aBill = async (status: string, taken: string[] = []) =>
  (
    await sql<BillRow>`SELECT bill_number, supp_code, status, payable_amount::text, paid_amount::text FROM sam_bill
      WHERE tenant_id = 'demo' AND status = ${status} AND payable_amount > paid_amount AND NOT (bill_number = ANY(${taken}::text[]))
      ORDER BY supp_code, bill_number LIMIT 1`.execute(t.database.db)
  ).rows[0]!;

/** The settle status of every document the bill holds (live lines), as a set. */
const documentStates = async (billNumber: string) =>
  new Set(
    (
      await sql<{ s: string }>`SELECT coalesce(a.settle_status, r.settle_status, c.settle_status, p.settle_status) AS s
        FROM sam_bill_line l
        LEFT JOIN acceptance a ON l.source_type = 'receiving' AND a.tenant_id = l.tenant_id AND a.bill_number = l.source_id
        LEFT JOIN return_note r ON l.source_type = 'return' AND r.tenant_id = l.tenant_id AND r.bill_number = l.source_id
        LEFT JOIN sam_charge c ON l.source_type = 'charge' AND c.tenant_id = l.tenant_id AND c.charge_code = l.source_id
        LEFT JOIN sam_prepay p ON l.source_type = 'prepay' AND p.tenant_id = l.tenant_id AND p.prepay_number = l.source_id
        WHERE l.tenant_id = 'demo' AND l.bill_number = ${billNumber} AND l.live`.execute(t.database.db)
    ).rows.map((r) => r.s),
  );

const payment = (
  key: string,
  version: number,
  bill: Pick<BillRow, 'bill_number' | 'supp_code'>,
  amount: string,
  extra: Record<string, unknown> = {},
) => ({
  key,
  version,
  kind: 'bill',
  supplierCode: bill.supp_code,
  billNumber: bill.bill_number,
  date: '2026-03-15',
  amount,
  payMethod: '银企直连',
  reference: `REF-${key}`,
  ...extra,
});

const paymentsOf = async (billNumber: string) =>
  (
    await sql<{ amount: string; pay_method: string; reference: string; created_by: string }>`SELECT amount::text, pay_method, reference,
      created_by FROM sam_payment WHERE tenant_id = 'demo' AND bill_number = ${billNumber} ORDER BY id`.execute(t.database.db)
  ).rows;

beforeAll(async () => {
  t = await createTestApp({ business: true });
  ctx = { db: t.database.db };
}, 120_000);
afterAll(() => t.close());

describe('payments of settlement bills', () => {
  const used: string[] = [];

  it('pays an 已审批 bill in two parts: 已审批 stays until the rest is paid, then 已支付 with its documents 已结算', async () => {
    const bill = await aBill('已审批');
    used.push(bill.bill_number);
    const owed = toUnits(bill.payable_amount, 2) - toUnits(bill.paid_amount, 2);
    expect(owed).toBeGreaterThan(1n);
    const first = owed / 2n;
    const rest = owed - first;
    expect(await documentStates(bill.bill_number)).toEqual(new Set(['结算中']));

    const one = await ingest(ctx, finance, 'payments', [payment('IT-FK-1', 1, bill, fromUnits(first, 2))]);
    expect(one.results).toEqual([{ key: 'IT-FK-1', outcome: 'created' }]);
    let now = await billOf(bill.bill_number);
    expect(now.status).toBe('已审批');
    expect(toUnits(now.paid_amount, 2)).toBe(toUnits(bill.paid_amount, 2) + first);
    expect(await documentStates(bill.bill_number)).toEqual(new Set(['结算中']));

    const two = await ingest(ctx, finance, 'payments', [payment('IT-FK-2', 1, bill, fromUnits(rest, 2))]);
    expect(two.results).toEqual([{ key: 'IT-FK-2', outcome: 'created' }]);
    now = await billOf(bill.bill_number);
    expect(now.status).toBe('已支付');
    expect(now.paid_amount).toBe(now.payable_amount);
    expect(await documentStates(bill.bill_number)).toEqual(new Set(['已结算']));
    const all = await paymentsOf(bill.bill_number);
    expect(all.slice(-2)).toEqual([
      { amount: fromUnits(first, 2), pay_method: '银企直连', reference: 'REF-IT-FK-1', created_by: 'fin-client' },
      { amount: fromUnits(rest, 2), pay_method: '银企直连', reference: 'REF-IT-FK-2', created_by: 'fin-client' },
    ]);

    // The bill's history: two payment steps, by the client.
    const history = (
      await sql<{
        action: string;
        from_status: string;
        to_status: string;
        actor_code: string;
        actor_name: string;
        key: string;
      }>`SELECT action,
        from_status, to_status, actor_code, actor_name, detail->>'paymentKey' AS key FROM record_history
        WHERE tenant_id = 'demo' AND record_type = 'sam-bill' AND record_id = ${bill.bill_number} ORDER BY id`.execute(t.database.db)
    ).rows.slice(-2);
    expect(history).toEqual([
      {
        action: 'payPart',
        from_status: '已审批',
        to_status: '已审批',
        actor_code: 'fin-client',
        actor_name: '接口 财务系统',
        key: 'IT-FK-1',
      },
      {
        action: 'payFull',
        from_status: '已审批',
        to_status: '已支付',
        actor_code: 'fin-client',
        actor_name: '接口 财务系统',
        key: 'IT-FK-2',
      },
    ]);

    // Resent: unchanged, nothing paid twice; a lower version is stale.
    const again = await ingest(ctx, finance, 'payments', [
      payment('IT-FK-1', 1, bill, fromUnits(first, 2)),
      payment('IT-FK-2', 0, bill, fromUnits(rest, 2)),
    ]);
    expect(again.results.map((r) => r.outcome)).toEqual(['unchanged', 'stale']);
    expect(await paymentsOf(bill.bill_number)).toHaveLength(all.length);
    expect((await billOf(bill.bill_number)).paid_amount).toBe(now.paid_amount);
  });

  it('refuses an applied payment whose later version changes the amount or the bill; the same facts again pay nothing', async () => {
    // Paid 1.00 only: it stays payable for the tests below.
    const bill = await aBill('已审批', used);
    await ingest(ctx, finance, 'payments', [payment('IT-FK-3', 1, bill, '1.00')]);
    const paidBefore = (await billOf(bill.bill_number)).paid_amount;
    const count = (await paymentsOf(bill.bill_number)).length;

    const changed = await ingest(ctx, finance, 'payments', [payment('IT-FK-3', 2, bill, '2.00')]);
    expect(changed.results[0]!.outcome).toBe('refused');
    expect(changed.results[0]!.refusals![0]!.reason['zh-CN']).toContain('不能修改');
    expect(changed.results[0]!.refusals![0]!.reason.en).toContain('cannot change');
    const moved = await ingest(ctx, finance, 'payments', [payment('IT-FK-3', 3, { ...bill, bill_number: 'NO-SUCH-BILL' }, '1.00')]);
    expect(moved.results[0]!.outcome).toBe('refused');
    const renoted = await ingest(ctx, finance, 'payments', [payment('IT-FK-3', 4, bill, '1', { note: '补充说明' })]);
    expect(renoted.results[0]!.outcome).toBe('updated');
    expect((await billOf(bill.bill_number)).paid_amount).toBe(paidBefore);
    expect(await paymentsOf(bill.bill_number)).toHaveLength(count);

    // A key keeps its kind.
    const asPrepay = await ingest(ctx, finance, 'payments', [
      { key: 'IT-FK-3', version: 5, kind: 'prepay', supplierCode: '100001', accUnitCode: 'U01', date: '2026-03-15', amount: '1.00' },
    ]);
    expect(asPrepay.results[0]!.outcome).toBe('refused');
    expect(asPrepay.results[0]!.refusals![0]!.path).toBe('kind');
  });

  it('refuses more than is owed, naming the unpaid amount, and pays nothing', async () => {
    const bill = await aBill('已审批', used);
    used.push(bill.bill_number);
    const owed = toUnits(bill.payable_amount, 2) - toUnits(bill.paid_amount, 2);
    const over = await ingest(ctx, finance, 'payments', [payment('IT-FK-4', 1, bill, fromUnits(owed + 1n, 2))]);
    expect(over.results[0]!.outcome).toBe('refused');
    expect(over.results[0]!.refusals![0]!.reason['zh-CN']).toContain('未付');
    expect(over.results[0]!.refusals![0]!.reason.en).toContain('unpaid');
    expect(await billOf(bill.bill_number)).toEqual(bill);
    // Refused, the key is not taken: the corrected document under it is applied.
    const fixed = await ingest(ctx, finance, 'payments', [payment('IT-FK-4', 1, bill, fromUnits(owed, 2))]);
    expect(fixed.results[0]!.outcome).toBe('created');
    expect((await billOf(bill.bill_number)).status).toBe('已支付');
  });

  it('refuses a bill not in the state payments are taken, a bill unknown or of another supplier, without a 500', async () => {
    const submitted = await aBill('已提交');
    const docs = [
      payment('IT-FK-5', 1, submitted, '1.00'),
      payment('IT-FK-6', 1, { ...submitted, bill_number: 'NO-SUCH-BILL' }, '1.00'),
      payment('IT-FK-7', 1, submitted, '1.00', { supplierCode: submitted.supp_code === '100001' ? '100002' : '100001' }),
      payment('IT-FK-8', 1, submitted, '1.00', { payMethod: '现金' }),
    ];
    const answer = await ingest(ctx, finance, 'payments', docs);
    expect(answer.counts).toEqual({ created: 0, updated: 0, unchanged: 0, stale: 0, refused: 4 });
    const [state, unknown, otherSupplier, method] = answer.results;
    expect(state!.refusals![0]!.reason['zh-CN']).toContain('已提交');
    expect(state!.refusals![0]!.reason.en).toContain('cannot');
    expect(unknown!.refusals![0]!).toMatchObject({ path: 'billNumber', reason: { 'zh-CN': '结算单 NO-SUCH-BILL 不存在' } });
    expect(otherSupplier!.refusals![0]!.path).toBe('billNumber');
    expect(method!.refusals![0]!.path).toBe('payMethod');
    expect(await billOf(submitted.bill_number)).toEqual(submitted);
    const versions = await sql<{ n: number }>`SELECT count(*)::int AS n FROM integration_document
      WHERE tenant_id = 'demo' AND entity = 'payments' AND doc_key = ANY(${['IT-FK-5', 'IT-FK-6', 'IT-FK-7', 'IT-FK-8']}::text[])`.execute(
      t.database.db,
    );
    expect(versions.rows[0]!.n).toBe(0);
  });

  it("another tenant's client cannot pay a demo bill", async () => {
    const bill = await aBill('已审批', used);
    const db = t.database.db;
    await db.insertInto('tenant').values({ id: 'other-pay', name: 'Other', company_name: 'Other Co' }).execute();
    await db
      .insertInto('supplier')
      .values({ tenant_id: 'other-pay', supp_code: bill.supp_code, supp_name: 'O', phone_list: '[]', email_list: '[]' })
      .execute();
    const other: Sender = { tenantId: 'other-pay', source: 'api', clientId: 'other-client', clientName: 'Other' };
    const answer = await ingest(ctx, other, 'payments', [payment('IT-FK-9', 1, bill, '1.00')]);
    expect(answer.results[0]).toMatchObject({ outcome: 'refused', refusals: [{ path: 'billNumber' }] });
    expect(await billOf(bill.bill_number)).toEqual(bill);
  });

  it('the payment call over HTTP records the calling client by name in the history', async () => {
    const bill = await aBill('已审批', used);
    const made = await t.callAs('admin', integration.createClient, {
      body: { name: '财务接口', scopes: ['payments:write'], ratePerMinute: 10_000 },
    });
    expect(made.status).toBe(200);
    const tokenRes = await t.app.inject({
      method: 'POST',
      url: `/api${integration.issueToken.path}`,
      payload: { grant_type: 'client_credentials', client_id: made.data.client.clientId, client_secret: made.data.clientSecret },
    });
    const token = (tokenRes.json() as { access_token: string }).access_token;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${integration.ingestPayments.path}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ documents: [payment('IT-FK-10', 1, bill, '0.01')] }),
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: integration.BatchAnswer }).data.results).toEqual([{ key: 'IT-FK-10', outcome: 'created' }]);
    const last = await sql<{ actor_code: string; actor_name: string }>`SELECT actor_code, actor_name FROM record_history
      WHERE tenant_id = 'demo' AND record_type = 'sam-bill' AND record_id = ${bill.bill_number} ORDER BY id DESC LIMIT 1`.execute(
      t.database.db,
    );
    expect(last.rows[0]).toEqual({ actor_code: made.data.client.clientId, actor_name: '接口 财务接口' });
  });
});
