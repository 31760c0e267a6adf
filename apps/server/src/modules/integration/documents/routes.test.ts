// The inbound document calls over HTTP (POST /api/integration/v1/<entity>) behind the integration gate: a client
// holding `purchase-orders:write` posts an order the supplier then sees through the purchase-order calls; the same
// batch twice answers all `unchanged`; no scope 403, no token 401; the batch limits 413 (the body limit lets a
// batch at the line limit through to the service's count); a body that is not a batch 400; tenants stay apart.
import { integration, purchaseOrder } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../../platform/clock';
import { createTestApp, type TestApp, tokenFor } from '../../../test/helpers';

let t: TestApp;
let goods: string[];
let today: string;
const url = (entity: integration.DocumentEntity) => `/api${integration.documentCalls[entity].path}`;

beforeAll(async () => {
  t = await createTestApp({ business: true });
  goods = (
    await sql<{ code: string }>`SELECT goods_code AS code FROM goods WHERE tenant_id = 'demo' AND supp_code = '100001'
      ORDER BY goods_code LIMIT 2`.execute(t.database.db)
  ).rows.map((r) => r.code);
  today = businessDay(new Date());
}, 120_000);
afterAll(() => t.close());

let names = 0;
/** A client of the demo tenant with these scopes, and a bearer token of it. */
async function clientWith(scopes: integration.IntegrationScope[], tenantId = 'demo') {
  const made = await t.callAs('admin', integration.createClient, { body: { name: `HTTP ${++names}`, scopes, ratePerMinute: 10_000 } });
  expect(made.status).toBe(200);
  // A client of another tenant: the demo admin makes it, then it moves there before it asks for a token.
  if (tenantId !== 'demo')
    await t.database.db
      .updateTable('integration_client')
      .set({ tenant_id: tenantId })
      .where('id', '=', made.data.client.clientId)
      .execute();
  return { clientId: made.data.client.clientId, token: await tokenOf(made.data.client.clientId, made.data.clientSecret) };
}

async function tokenOf(clientId: string, clientSecret: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${integration.issueToken.path}`,
    payload: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { access_token: string }).access_token;
}

const post = (entity: integration.DocumentEntity, token: string | null, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: url(entity),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const order = (key: string, version: number, extra: Record<string, unknown> = {}) => ({
  key,
  version,
  supplierCode: '100001',
  storeCode: 'S0101',
  orderDate: today,
  deliveryDate: today,
  lines: [
    { lineNo: 1, goodsCode: goods[0]!, qty: '12', price: '2.5', amount: '30.00' },
    { lineNo: 2, goodsCode: goods[1]!, qty: '4', price: '1.25', amount: '5.00' },
  ],
  ...extra,
});

/** A receiving line with every field at its widest: the largest line a batch can hold. */
const widestLine = (lineNo: number) => ({
  lineNo,
  goodsCode: 'G'.repeat(32),
  qty: '99999999999.999',
  freeQty: '99999999999.999',
  rejectedQty: '99999999999.999',
  price: '99999999.999999',
  amount: '999999999999.99',
  amountExcl: '999999999999.99',
  tax: '999999999999.99',
  taxRate: '99.99',
});

describe('POST /api/integration/v1/purchase-orders', () => {
  it('takes a client’s order, which the supplier then sees; the same batch again is all unchanged', async () => {
    const { clientId, token } = await clientWith(['purchase-orders:write']);
    const batch = { documents: [order('HTTP-PO-1', 7)] };
    const first = await post('purchase-orders', token, batch);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      data: { counts: { created: 1, updated: 0, unchanged: 0, stale: 0, refused: 0 }, results: [{ key: 'HTTP-PO-1', outcome: 'created' }] },
    });
    // The batch log names the client.
    const logged = await t.database.db
      .selectFrom('integration_batch')
      .select(['client_id', 'source', 'entity'])
      .where('id', '=', first.json().data.batchId)
      .executeTakeFirstOrThrow();
    expect(logged).toEqual({ client_id: clientId, source: 'api', entity: 'purchase-orders' });

    const page = await t.callAs('100001', purchaseOrder.getPurOrderPage, { body: { page: 1, limit: 10, billNumber: 'HTTP-PO-1' } });
    expect(page.status).toBe(200);
    expect(page.data.list).toHaveLength(1);
    expect(page.data.list[0]).toMatchObject({ billNumber: 'HTTP-PO-1', suppCode: '100001', deptCode: 'S0101', lineCount: 2 });
    expect(Number(page.data.list[0]!.totalAmount)).toBe(35);
    const detail = await t.callAs('100001', purchaseOrder.getPurOrderDetail, { query: { billNumber: 'HTTP-PO-1' } });
    expect(detail.data.lines.map((l) => [l.goodsCode, Number(l.orderQty)])).toEqual([
      [goods[0], 12],
      [goods[1], 4],
    ]);
    // Another supplier does not see it.
    const otherSupplier = await t.callAs('100002', purchaseOrder.getPurOrderPage, {
      body: { page: 1, limit: 10, billNumber: 'HTTP-PO-1' },
    });
    expect(otherSupplier.data.list).toHaveLength(0);

    const again = await post('purchase-orders', token, batch);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.counts).toEqual({ created: 0, updated: 0, unchanged: 1, stale: 0, refused: 0 });
    expect(again.json().data.results).toEqual([{ key: 'HTTP-PO-1', outcome: 'unchanged' }]);
    // An older version is stale and changes nothing; a newer one updates.
    const older = await post('purchase-orders', token, { documents: [order('HTTP-PO-1', 6, { storeCode: 'S0102' })] });
    expect(older.json().data.results[0].outcome).toBe('stale');
    const newer = await post('purchase-orders', token, {
      documents: [order('HTTP-PO-1', 8, { lines: [{ lineNo: 1, goodsCode: goods[0]!, qty: '20', price: '2.5', amount: '50.00' }] })],
    });
    expect(newer.json().data.results[0].outcome).toBe('updated');
    const after = await t.callAs('100001', purchaseOrder.getPurOrderDetail, { query: { billNumber: 'HTTP-PO-1' } });
    expect(after.data.header.deptCode).toBe('S0101');
    expect(after.data.lines.map((l) => Number(l.orderQty))).toEqual([20]);
  });

  it('lists a refused document with its field paths in a 200, beside the documents it takes', async () => {
    const { token } = await clientWith(['purchase-orders:write']);
    const res = await post('purchase-orders', token, {
      documents: [order('HTTP-PO-2', 1), order('HTTP-PO-3', 1, { deliveryDate: '2026-02-30' }), { key: 'HTTP-PO-4' }],
    });
    expect(res.statusCode).toBe(200);
    const { counts, results } = res.json().data as integration.BatchAnswer;
    expect(counts).toMatchObject({ created: 1, refused: 2 });
    expect(results[1]).toMatchObject({ key: 'HTTP-PO-3', outcome: 'refused', refusals: [{ path: 'deliveryDate' }] });
    expect(results[2]!.outcome).toBe('refused');
  });

  it('answers 403 to a client without the scope and 401 without a valid token, writing nothing', async () => {
    const { token } = await clientWith(['receiving:write', 'events:read']);
    const refused = await post('purchase-orders', token, { documents: [order('HTTP-PO-403', 1)] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: '403', success: false, data: null });
    expect(refused.headers['www-authenticate']).toContain('scope="purchase-orders:write"');
    for (const bearer of [null, 'iat_not-a-token']) {
      const res = await post('purchase-orders', bearer, { documents: [order('HTTP-PO-401', 1)] });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: '401', success: false });
    }
    // A staff session is no integration credential either.
    const session = await t.app.inject({
      method: 'POST',
      url: url('purchase-orders'),
      headers: { token: await tokenFor(t.app, 'admin', { staff: true }) },
      payload: { documents: [order('HTTP-PO-401', 1)] },
    });
    expect(session.statusCode).toBe(401);
    const written = await t.database.db
      .selectFrom('pur_order')
      .select('bill_number')
      .where('bill_number', 'in', ['HTTP-PO-403', 'HTTP-PO-401'])
      .execute();
    expect(written).toEqual([]);
  });

  it('answers 400 to a body that is not a batch', async () => {
    const { token } = await clientWith(['purchase-orders:write']);
    for (const body of ['{"documents":', '[]', '{"documents":{}}', '{"docs":[]}', '"x"', '{"documents":"constructor"}']) {
      const res = await post('purchase-orders', token, body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json(), body).toMatchObject({ code: '400', success: false, data: null });
    }
    const nul = await post('purchase-orders', token, { documents: [order('HTTP-PO-NUL', 1, { storeCode: 'S01\u000001' })] });
    expect(nul.statusCode).toBe(400);
  });
});

describe('the batch limits', () => {
  it('passes a batch at the line limit through the body limit, and answers the service’s 413 one line past it', async () => {
    const { token } = await clientWith(['receiving:write']);
    // 50,001 lines at their widest, in documents of 5,000 lines: the body limit must not refuse it first.
    const lines = Array.from({ length: integration.maxDocumentLines }, (_, i) => widestLine(i + 1));
    const documents: unknown[] = Array.from({ length: 10 }, (_, d) => ({
      key: `HTTP-WIDE-${d}`,
      version: 1,
      supplierCode: 'S'.repeat(32),
      storeCode: 'S'.repeat(32),
      date: '2026-03-04',
      purchaseOrder: 'P'.repeat(40),
      lines,
    }));
    documents.push({ key: 'HTTP-WIDE-X', version: 1, lines: [widestLine(1)] });
    const body = JSON.stringify({ documents });
    expect(Buffer.byteLength(body)).toBeLessThan(integration.maxBatchBytes);
    const res = await post('receiving', token, body);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: '413', success: false, data: null });
    expect(res.json().message).toContain('50001');
  });

  it('answers 413 to more than 5,000 documents and to a body over the byte limit, writing nothing', async () => {
    const { token } = await clientWith(['purchase-orders:write']);
    const many = await post('purchase-orders', token, {
      documents: Array.from({ length: integration.maxBatchDocuments + 1 }, (_, i) => ({ key: `HTTP-MANY-${i}` })),
    });
    expect(many.statusCode).toBe(413);
    expect(many.json()).toMatchObject({ code: '413', success: false });
    const huge = await post(
      'purchase-orders',
      token,
      `{"documents":[{"key":"HTTP-HUGE","pad":"${'x'.repeat(integration.maxBatchBytes)}"}]}`,
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: '413', success: false, data: null });
    const written = await sql<{ n: number }>`SELECT count(*)::int AS n FROM integration_document
      WHERE doc_key LIKE 'HTTP-MANY-%' OR doc_key = 'HTTP-HUGE'`.execute(t.database.db);
    expect(written.rows[0]!.n).toBe(0);
  });

  it('refuses a huge body of a client without the scope before reading it', async () => {
    const { token } = await clientWith(['events:read']);
    const res = await post('receiving', token, `{"documents":[],"pad":"${'x'.repeat(integration.maxBatchBytes)}"}`);
    expect(res.statusCode).toBe(403);
  });
});

describe('tenants', () => {
  it('keeps a client of one tenant out of another tenant’s documents and codes', async () => {
    const db = t.database.db;
    await db.insertInto('tenant').values({ id: 'other', name: 'Other', company_name: 'Other Co' }).execute();
    await db
      .insertInto('supplier')
      .values({ tenant_id: 'other', supp_code: 'OT01', supp_name: 'O', phone_list: '[]', email_list: '[]' })
      .execute();
    await db.insertInto('dept').values({ tenant_id: 'other', dept_code: 'OS01', dept_name: 'O', dept_type: 'store' }).execute();

    const demo = await clientWith(['purchase-orders:write']);
    expect((await post('purchase-orders', demo.token, { documents: [order('HTTP-T-1', 1)] })).json().data.counts.created).toBe(1);
    // The demo client names the other tenant's codes, and says it is the other tenant: refused, nothing there.
    const across = await post(
      'purchase-orders',
      demo.token,
      { documents: [order('HTTP-T-2', 1, { supplierCode: 'OT01', storeCode: 'OS01' })] },
      {
        tenantid: 'other',
      },
    );
    expect(across.statusCode).toBe(200);
    expect(across.json().data.results[0]).toMatchObject({
      outcome: 'refused',
      refusals: [{ path: 'supplierCode' }, { path: 'storeCode' }],
    });

    // A client of the other tenant sends the demo order's key with the demo codes and a higher version.
    const other = await clientWith(['purchase-orders:write'], 'other');
    const fromOther = await post('purchase-orders', other.token, { documents: [order('HTTP-T-1', 99, { orderDate: '2026-01-01' })] });
    expect(fromOther.statusCode).toBe(200);
    expect(fromOther.json().data.results[0]).toMatchObject({ outcome: 'refused' });
    const demoOrder = await db
      .selectFrom('integration_document')
      .select(['tenant_id', 'version'])
      .where('entity', '=', 'purchase-orders')
      .where('doc_key', '=', 'HTTP-T-1')
      .execute();
    expect(demoOrder.map((r) => [r.tenant_id, Number(r.version)])).toEqual([['demo', 1]]);
    const inOther = await sql<{ n: number }>`SELECT (SELECT count(*) FROM pur_order WHERE tenant_id = 'other')::int
      + (SELECT count(*) FROM integration_document WHERE tenant_id = 'other')::int AS n`.execute(db);
    expect(inOther.rows[0]!.n).toBe(0);
  });
});

describe('the OpenAPI document', () => {
  it('shows every document call under the integration scheme with its scope and an example batch', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const [entity, call] of Object.entries(integration.documentCalls)) {
      const op = doc.paths[call.path]?.post;
      expect(op, entity).toBeDefined();
      expect(op.security).toEqual([{ integration: [`${entity}:write`] }]);
      const example = op.requestBody.content['application/json'].example as { documents: { key: string }[] };
      expect(example.documents[0]!.key, entity).toMatch(/^[A-Za-z0-9]/);
    }
  });
});
