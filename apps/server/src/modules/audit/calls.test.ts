// The audit trail as the calls leave it: a representative call of each area that changes data leaves entries with
// its actor, call, module, object and before/after (never a secret); sign-ins, failures, sign-outs and exports are
// entries; a read-only call leaves none; an integration batch is one entry, not one per row.
import {
  type CallDef,
  ModuleCode,
  baseInfo,
  certificate,
  employee,
  goodsApply,
  integration,
  purchaseOrder,
  settlement,
} from '@portal/contract';
import * as contract from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryTable } from '../../db/schema';
import { demoPng } from '../../db/seed/certificates';
import { createTestApp, login, type TestApp, tokenFor } from '../../test/helpers';
import { multipart } from '../../test/multipart';
import { dayFromNow, goodsOf, orderDoc, sendOrder } from '../../test/orders';
import { insertFixtures, type fixtureDates } from '../settlement/fixtures';

let t: TestApp;
let dates: ReturnType<typeof fixtureDates>;
let start = 0;
beforeAll(async () => {
  t = await createTestApp();
  ({ dates } = await insertFixtures(t.database.db, new Date()));
  // What the fixtures wrote (straight to the database, as no one) is not this file's business.
  start = Number(
    (
      await t.database.db
        .selectFrom('audit_entry')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0,
  );
}, 120_000);
afterAll(() => t.close());

type Entry = { [K in keyof AuditEntryTable]: unknown } & {
  kind: string;
  action: string;
  object_type: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  detail: Record<string, unknown>;
};

/** The entries `work` leaves. */
async function entriesOf(work: () => Promise<unknown>): Promise<Entry[]> {
  const mark = await t.database.db
    .selectFrom('audit_entry')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  await work();
  return (await t.database.db
    .selectFrom('audit_entry')
    .selectAll()
    .where('id', '>', Number(mark?.id ?? 0))
    .orderBy('id')
    .execute()) as unknown as Entry[];
}

const ok = async <R extends { status: number; envelope: unknown }>(answer: Promise<R>): Promise<R> => {
  const res = await answer;
  expect(res.status, JSON.stringify(res.envelope)).toBe(200);
  return res;
};

const asSupplierMain = { actor_kind: 'supplier', actor_code: '100001', actor_supplier_code: '100001' };
const callOf = (call: Pick<CallDef, 'method' | 'path'>) => `${call.method} ${call.path}`;

describe('the calls that change data', () => {
  it('a supplier main account creates, edits and grants a child: account rows, and the grants as grant entries', async () => {
    const created = await entriesOf(() =>
      ok(
        t.callAs('100001', employee.insertSupChild, {
          body: { empCode: '100001-07', name: '王小明', mobile: '13912345677', email: 'wang@example.com' } as never,
        }),
      ),
    );
    const account = created.find((e) => e.kind === 'change' && e.object_type === 'account')!;
    expect(account).toMatchObject({
      kind: 'change',
      action: 'insert',
      ...asSupplierMain,
      call_name: callOf(employee.insertSupChild),
      module_code: ModuleCode.employee,
      object_supplier_code: '100001',
      before: null,
    });
    expect(account.after).toMatchObject({ employee_code: '100001-07', employee_name: '王小明', mov_phone: '13912345677' });
    expect(account.after).not.toHaveProperty('password_hash');
    expect(account.client_ip).toBe('127.0.0.1');
    expect(account.request_id).not.toBe('');

    const edited = await entriesOf(() =>
      ok(
        t.callAs('100001', employee.updateSupChild, {
          body: { empCode: '100001-07', name: '王小明', mobile: '13912345670', email: 'wang@example.com' } as never,
        }),
      ),
    );
    expect(edited).toEqual([
      expect.objectContaining({
        action: 'update',
        object_type: 'account',
        object_id: account.object_id,
        before: { id: Number(account.object_id), mov_phone: '13912345677' },
        after: { id: Number(account.object_id), mov_phone: '13912345670' },
        call_name: callOf(employee.updateSupChild),
      }),
    ]);

    const granted = await entriesOf(() =>
      ok(
        t.callAs('100001', employee.updateSupChildRole, {
          body: { employeeCode: '100001-07', moduleCodes: ['ms0014', 'ms0031'], buttons: [{ moudleCode: 'ms0031', buttonCode: 'save' }] },
        }),
      ),
    );
    const grants = granted.filter((e) => e.kind === 'grant');
    expect(grants.map((e) => `${e.object_type} ${e.action} ${e.object_id}`).sort()).toEqual(
      [
        `account_button insert ${account.object_id}/ms0031/save`,
        `account_module insert ${account.object_id}/ms0014`,
        `account_module insert ${account.object_id}/ms0030`,
        `account_module insert ${account.object_id}/ms0031`,
      ].sort(),
    );
    expect(grants.every((e) => e.actor_code === '100001' && e.call_name === callOf(employee.updateSupChildRole))).toBe(true);

    // Granted again with one module fewer: the trail holds what changed, not every grant removed and written again.
    const narrowed = await entriesOf(() =>
      ok(t.callAs('100001', employee.updateSupChildRole, { body: { employeeCode: '100001-07', moduleCodes: ['ms0014'], buttons: [] } })),
    );
    expect(narrowed.map((e) => `${e.object_type} ${e.action} ${e.object_id}`).sort()).toEqual(
      [
        `account_button delete ${account.object_id}/ms0031/save`,
        `account_module delete ${account.object_id}/ms0030`,
        `account_module delete ${account.object_id}/ms0031`,
      ].sort(),
    );
  });

  it('a settlement bill saved and modified: the bill and its lines, the modification as what changed', async () => {
    const saved = await entriesOf(() =>
      ok(
        t.callAs('100001', settlement.samBillSave, {
          body: {
            nodeCode: 'U01',
            periodStart: dates.periodStart,
            periodEnd: dates.periodEnd,
            sources: [{ sourceType: 'receiving', sourceId: 'YST-0001' }],
          } as never,
        }),
      ),
    );
    const bill = saved.find((e) => e.object_type === 'sam_bill' && e.action === 'insert')!;
    expect(bill).toMatchObject({ ...asSupplierMain, call_name: callOf(settlement.samBillSave), object_supplier_code: '100001' });
    expect(saved.some((e) => e.object_type === 'sam_bill_line' && e.action === 'insert')).toBe(true);
    const billNumber = bill.after!.bill_number as string;
    const version = (
      await t.database.db.selectFrom('sam_bill').select('version').where('bill_number', '=', billNumber).executeTakeFirstOrThrow()
    ).version;
    const modified = await entriesOf(() =>
      ok(
        t.callAs('100001', settlement.samBillModify, {
          body: { samBillNum: billNumber, version, sources: [{ sourceType: 'receiving', sourceId: 'YST-0002' }], remark: '补开' },
        }),
      ),
    );
    const changes = modified.filter((e) => e.object_type === 'sam_bill');
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.every((e) => e.action === 'update' && e.object_id === billNumber && e.actor_code === '100001')).toBe(true);
    // Each entry holds what its statement changed, and the key; together they tell the whole change.
    const before = Object.assign({}, ...changes.map((e) => e.before)) as Record<string, unknown>;
    const after = Object.assign({}, ...changes.reverse().map((e) => e.after)) as Record<string, unknown>;
    expect(after).toMatchObject({ bill_number: billNumber, remark: '补开' });
    expect(before).toMatchObject({ bill_number: billNumber, remark: '' });
    expect(Object.keys(after)).not.toContain('supp_code'); // unchanged fields stay out
  });

  it('an order confirmed by the supplier: the order and its lines before and after', async () => {
    const goods = await goodsOf(t, '100001');
    const key = `AU-${Date.now() % 1_000_000}`;
    await sendOrder(t, {
      key,
      version: 1,
      orderDate: dayFromNow(0),
      deliveryDate: dayFromNow(3),
      validDays: 7,
      lines: [{ goodsCode: goods[0]!, qty: '10', price: '2.5' }],
    });
    const { header } = (await t.callAs('100001', purchaseOrder.getPurOrderDetail, { query: { billNumber: key } })).data;
    const confirmed = await entriesOf(() =>
      ok(
        t.callAs('100001', purchaseOrder.confirmPurOrder, {
          body: {
            billNumber: key,
            version: header.version,
            lines: [{ lineNo: 1, confirmedQty: '10', promisedDate: dayFromNow(2) }],
          } as never,
        }),
      ),
    );
    const order = confirmed.find((e) => e.object_type === 'pur_order')!;
    expect(order).toMatchObject({ action: 'update', object_id: key, ...asSupplierMain, call_name: callOf(purchaseOrder.confirmPurOrder) });
    expect(order.before).toMatchObject({ status: header.status, confirmed_at: null });
    expect(order.after).toMatchObject({ status: '已确认', confirmed_by: '100001' });
    expect(confirmed.some((e) => e.object_type === 'pur_order_line' && e.object_id === `${key}/1`)).toBe(true);
  });

  it('a certificate uploaded and saved: the stored files and the certificate', async () => {
    const token = await tokenFor(t.app, '100001');
    const body = multipart([{ name: '执照.png', bytes: demoPng([200, 80, 80], 40, 30) }]);
    let fileId = '';
    const uploaded = await entriesOf(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ctf/uploadCtfFile',
        headers: { ...body.headers, token },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(200);
      fileId = (res.json().data as { fileId: string }[])[0]!.fileId;
    });
    expect(uploaded).toEqual([
      expect.objectContaining({
        object_type: 'stored_file',
        action: 'insert',
        object_id: fileId,
        call_name: callOf(certificate.uploadCtfFile),
      }),
    ]);
    const saved = await entriesOf(() =>
      ok(
        t.callAs('100001', certificate.saveCtf, {
          body: {
            typeCode: 'SCXK',
            ctfNumber: 'SC10631011000777',
            ctfName: '食品生产许可证',
            validFrom: dayFromNow(-1),
            validTo: dayFromNow(900),
            fileIds: [fileId],
            submit: true,
          },
        }),
      ),
    );
    expect(saved.find((e) => e.object_type === 'certificate' && e.action === 'insert')).toMatchObject({
      ...asSupplierMain,
      call_name: callOf(certificate.saveCtf),
      object_supplier_code: '100001',
    });
    expect(saved.some((e) => e.object_type === 'certificate_file')).toBe(true);
  });

  it('a goods application saved by the supplier', async () => {
    const saved = await entriesOf(() =>
      ok(
        t.callAs('100001', goodsApply.saveApply, {
          body: {
            goodsName: '禾丰芝麻薄脆',
            barcode: '6923456789012',
            spec: '150g',
            unit: '袋',
            caseQty: 20,
            categoryCode: '1001',
            brandCode: 'B001',
            price: '5.800000',
            retailPrice: '8.90',
            taxRate: '13',
            shelfLifeDays: 270,
            origin: '上海',
          },
        }),
      ),
    );
    expect(saved.find((e) => e.object_type === 'goods_apply')).toMatchObject({
      action: 'insert',
      ...asSupplierMain,
      call_name: callOf(goodsApply.saveApply),
      object_supplier_code: '100001',
    });
  });

  it('an integration client created by staff: no secret in the trail', async () => {
    let secret = '';
    const created = await entriesOf(async () => {
      const res = await ok(t.callAs('admin', integration.createClient, { body: { name: 'ERP audit', scopes: ['goods:write'] } }));
      secret = res.data.clientSecret;
    });
    const client = created.find((e) => e.object_type === 'integration_client')!;
    expect(client).toMatchObject({
      action: 'insert',
      actor_kind: 'staff',
      actor_code: 'admin',
      actor_roles: 'admin',
      call_name: callOf(integration.createClient),
    });
    expect(client.after).toMatchObject({ name: 'ERP audit', scopes: ['goods:write'] });
    expect(JSON.stringify(created)).not.toContain(secret);
    expect(client.after).not.toHaveProperty('secret_hash');
  });

  it('a brand created by staff, base data of the tenant', async () => {
    const saved = await entriesOf(() =>
      ok(t.callAs('admin', baseInfo.saveBrand, { body: { brandCode: 'B901', brandName: '审计品牌', isNew: true } })),
    );
    expect(saved).toEqual([
      expect.objectContaining({
        kind: 'change',
        action: 'insert',
        actor_code: 'admin',
        object_type: 'brand',
        object_id: 'B901',
        call_name: callOf(baseInfo.saveBrand),
        after: expect.objectContaining({ brand_code: 'B901', brand_name: '审计品牌' }),
      }),
    ]);
  });

  it("a child's password reset by its main account: the change is named, the hash never stored", async () => {
    let password = '';
    const reset = await entriesOf(async () => {
      password = (await ok(t.callAs('100001', employee.resetPassword, { query: { employeeCode: '100001-01' } }))).data.password;
    });
    const account = reset.find((e) => e.object_type === 'account')!;
    expect(account).toMatchObject({ action: 'update', ...asSupplierMain, detail: { redacted: ['password_hash'] } });
    expect(Object.keys(account.after!)).not.toContain('password_hash');
    expect(JSON.stringify(reset)).not.toContain(password);
  });

  it('a read-only call leaves nothing', async () => {
    expect(await entriesOf(() => ok(t.callAs('100001', employee.getEmployeeDetail, { query: { employeeCode: '100001-01' } })))).toEqual([]);
  });

  it('walks the contract: every area whose calls change data is placed, and every such call runs as its caller', () => {
    const changing = Object.values(contract)
      .flatMap((area: unknown) => (typeof area === 'object' && area !== null ? Object.values(area) : []))
      .filter((v: unknown): v is CallDef => typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'changes' in v)
      .filter((call) => call.changes === true && !call.integration);
    expect(changing.length).toBeGreaterThan(50);
    // Where each area's representative call is checked: in this file, or why its writes leave no row entry.
    const areas: Record<string, string> = {
      auth: "sign-out: events below; two-factor enrolment and step-up write their own 'mfa' entries (modules/auth/mfa), mfa_policy is audited",
      session: "ending sessions writes its own 'session' entries (modules/session); session rows are not audited (technical)",
      'base-info': 'a brand, above',
      certificate: 'a certificate uploaded and saved, above',
      common: 'saveBusOption.do writes bus_option (audited) as base-info does',
      'delivery-note': 'delivery_note, delivery_note_line are audited; receiving posts an integration batch (one entry, below)',
      dock: 'dock_slot, dock_booking are audited',
      'dynamic-query': 'dynamic_query, dynamic_query_supplier are audited',
      user: 'a child account created, edited, granted and its password reset, above',
      file: 'stored_file is audited (the certificate upload above)',
      'goods-apply': 'a goods application, above',
      integration: 'an integration client, above; a batch, below',
      notification: 'notification_pref is audited; read marks of messages are not (technical)',
      'notify-delivery': 'notify_endpoint is audited (its secret redacted by name)',
      'order-settings': 'system_param is audited',
      'purchase-order': 'an order confirmed, above',
      settlement: 'a settlement bill saved and modified, above',
      workflow: 'supplier_apply, supplier_apply_file, supplier are audited',
      'usage-log': 'usage_log is not audited: a log of its own',
    };
    expect([...new Set(changing.map((call) => call.area))].sort()).toEqual(Object.keys(areas).sort());
    // Every one is served by registerCall and its siblings, which run a changing call as its caller (platform/audit-scope.ts).
    const unserved = changing.filter((call) => !t.app.hasRoute({ method: call.method, url: `${t.config.apiPrefix}${call.path}` }));
    expect(unserved.map(callOf)).toEqual([]);
  });
});

describe('attribution', () => {
  it('leaves no write of this file unattributed: every entry names a call, a client or a job', async () => {
    const loose = await t.database.db
      .selectFrom('audit_entry')
      .select(['object_type', 'action', 'detail'])
      .where('id', '>', start)
      .where('call_name', '=', '')
      .where('actor_kind', '=', 'system')
      .execute();
    expect(loose.filter((e) => (e.detail as { job?: string }).job === 'unnamed')).toEqual([]);
  });
});

describe('events', () => {
  it('a sign-in, a failed one with its reason, and a sign-out', async () => {
    const events = await entriesOf(async () => {
      expect((await login(t.app, '100002', { password: 'Wrong1234' })).statusCode).toBe(401);
      const token = await tokenFor(t.app, '100002');
      expect((await t.callAs({ token }, contract.auth.logout)).status).toBe(200);
    });
    expect(events.map((e) => [e.kind, e.action, e.actor_code, e.actor_kind])).toEqual([
      ['sign-in-failed', 'bad-credentials', '100002', 'supplier'],
      ['sign-in', 'success', '100002', 'supplier'],
      ['sign-out', '', '100002', 'supplier'],
    ]);
    expect(events[0]).toMatchObject({ call_name: callOf(contract.auth.login), client_ip: '127.0.0.1', object_type: 'account' });
  });

  it('an export, with its filter', async () => {
    const token = await tokenFor(t.app, '100001');
    const events = await entriesOf(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api${settlement.exportSamBillList.path}`,
        headers: { token },
        payload: { format: 'csv' },
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    });
    expect(events).toEqual([
      expect.objectContaining({ kind: 'export', ...asSupplierMain, call_name: callOf(settlement.exportSamBillList) }),
    ]);
    expect(events[0]!.detail).toMatchObject({ body: { format: 'csv' } });
  });

  it('an integration batch is one entry of its client, not one per row', async () => {
    const goods = await goodsOf(t, '100002');
    const made = await ok(t.callAs('admin', integration.createClient, { body: { name: 'ERP batch', scopes: ['purchase-orders:write'] } }));
    const tokenRes = await t.app.inject({
      method: 'POST',
      url: '/api/integration/oauth/token',
      headers: { authorization: `Basic ${Buffer.from(`${made.data.client.clientId}:${made.data.clientSecret}`).toString('base64')}` },
      payload: { grant_type: 'client_credentials' },
    });
    const bearer = (tokenRes.json() as { access_token: string }).access_token;
    const events = await entriesOf(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api${integration.documentCalls['purchase-orders'].path}`,
        headers: { authorization: `Bearer ${bearer}` },
        payload: {
          documents: [1, 2].map((n) =>
            orderDoc({
              key: `AB-${Date.now() % 100000}-${n}`,
              version: 1,
              supplierCode: '100002',
              orderDate: dayFromNow(0),
              deliveryDate: dayFromNow(2),
              validDays: 7,
              lines: [{ goodsCode: goods[0]!, qty: '1', price: '1' }],
            }),
          ),
        },
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    });
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'change',
        action: 'ingest',
        actor_kind: 'integration',
        actor_code: made.data.client.clientId,
        object_type: 'integration_batch',
        detail: expect.objectContaining({ entity: 'purchase-orders', documents: 2, created: 2 }),
      }),
    ]);
  });
});
