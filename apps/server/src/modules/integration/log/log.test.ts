// 接口日志 against the demo database: the list (newest first, the retailer's clock, client or user), its filters,
// one batch's refusals, the export, who may read it, and the daily retention by the tenant's integrationLogDays.
import { businessDay, integration } from '@portal/contract';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tokenFor } from '../../../test/helpers';
import { ingest } from '../documents/service';
import { runRetentionJob } from './service';

let t: TestApp;
let admin: string;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t.app, 'admin', { staff: true });
  adminId = (await t.database.db.selectFrom('account').select('id').where('employee_code', '=', 'admin').executeTakeFirstOrThrow()).id;
  const ctx = { db: t.database.db };
  await t.database.db
    .insertInto('integration_client')
    .values({
      id: 'erp-main',
      tenant_id: 'demo',
      name: '总部ERP',
      scopes: ['brands:write'],
      secret_hash: Buffer.alloc(32),
      created_by: 'admin',
    })
    .execute();
  await ingest(ctx, { tenantId: 'demo', source: 'api', clientId: 'erp-main' }, 'brands', [
    { key: 'LOGB1', version: 1, name: '日志品牌' },
    { key: 'LOGB2', version: 1, name: '' },
  ]);
  await ingest(ctx, { tenantId: 'demo', source: 'import', accountId: adminId }, 'brands', [{ key: 'LOGB3', version: 1, name: '导入品牌' }]);
  // An old batch: 100 days ago.
  await ingest(ctx, { tenantId: 'demo', source: 'feed' }, 'brands', [{ key: 'LOGB4', version: 1, name: '旧' }]);
  await sql`UPDATE integration_batch SET at = now() - interval '100 days' WHERE source = 'feed'`.execute(t.database.db);
});
afterAll(() => t.close());

const list = async (body: Record<string, unknown>, token = admin) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/integration/log/list', headers: { token }, payload: body });
  return { status: res.statusCode, body: res.json() as { data: { total: number; list: integration.LogRow[] } } };
};

describe('list', () => {
  it('newest first, with the sender (the client’s name and id, or the staff name) and counts', async () => {
    const { status, body } = await list({});
    expect(status).toBe(200);
    expect(body.data.total).toBe(3);
    const [imported, api] = body.data.list;
    expect(imported).toMatchObject({
      source: 'import',
      entity: 'brands',
      documents: 1,
      created: 1,
      refused: 0,
      sender: '系统管理员 (admin)',
    });
    expect(api).toMatchObject({ source: 'api', clientId: 'erp-main', sender: '总部ERP (erp-main)', documents: 2, created: 1, refused: 1 });
    expect(imported!.at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('filters by source, entity, sender, refusals only and days', async () => {
    expect((await list({ source: 'api' })).body.data.list.map((r) => r.clientId)).toEqual(['erp-main']);
    expect((await list({ entity: 'goods' })).body.data.total).toBe(0);
    expect((await list({ sender: 'ERP' })).body.data.total).toBe(1);
    expect((await list({ sender: '总部' })).body.data.list.map((r) => r.clientId)).toEqual(['erp-main']);
    expect((await list({ sender: 'admin' })).body.data.list.map((r) => r.source)).toEqual(['import']);
    expect((await list({ refusedOnly: true })).body.data.list.map((r) => r.source)).toEqual(['api']);
    // The filter's days are the retailer's (Shanghai): from 16:00 UTC the UTC date is a day behind.
    const old = businessDay(new Date(Date.now() - 100 * 86_400_000));
    expect((await list({ dateFrom: '2000-01-01', dateTo: old })).body.data.list.map((r) => r.source)).toEqual(['feed']);
    expect((await list({ dateFrom: '2026-02-30' })).status).toBe(400);
    expect((await list({ sender: 'a\u0000b' })).status).toBe(400);
    expect((await list({ sender: '%' })).body.data.total).toBe(0);
  });

  it('one batch lists its refusals (key, path, reason in both languages)', async () => {
    const api = (await list({ source: 'api' })).body.data.list[0]!;
    const res = await t.app.inject({ method: 'GET', url: `/api/integration/log/batch?id=${api.id}`, headers: { token: admin } });
    expect(res.statusCode).toBe(200);
    const data = (res.json() as { data: { refusals: integration.BatchRefusal[] } }).data;
    expect(data.refusals).toEqual([{ key: 'LOGB2', path: 'name', reason: { 'zh-CN': '不能为空', en: 'must not be empty' } }]);
    const missing = await t.app.inject({ method: 'GET', url: '/api/integration/log/batch?id=999999999', headers: { token: admin } });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/integration/log/batch?id=constructor', headers: { token: admin } });
    expect(bad.statusCode).toBe(400);
  });

  it('exports the filtered rows as .xlsx and CSV in the language asked', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/integration/log/export',
      headers: { token: admin, 'accept-language': 'en' },
      payload: { format: 'xlsx', source: 'api' },
    });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = workbook.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(integration.logColumns.map((c) => c.titleEn));
    expect((ws.getRow(2).values as unknown[]).slice(2, 5)).toEqual(['API', '总部ERP (erp-main)', 'Brands']);
    expect(ws.rowCount).toBe(2);
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/integration/log/export',
      headers: { token: admin },
      payload: { format: 'csv' },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(integration.logColumns.map((c) => c.title).join(','));
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(',导入,');
  });

  it('a supplier account and staff without the module get 403', async () => {
    for (const token of [await tokenFor(t.app, '100001'), await tokenFor(t.app, 'buyer01', { staff: true })]) {
      expect((await list({}, token)).status).toBe(403);
      const res = await t.app.inject({ method: 'POST', url: '/api/integration/log/export', headers: { token }, payload: {} });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('retention', () => {
  it('removes batches older than the tenant’s days once a day; the days follow integrationLogDays', async () => {
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('integration_batch')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('tenant_id', '=', 'demo')
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(3);
    const param = await t.database.db
      .selectFrom('system_param')
      .select('parameter_value')
      .where('tenant_id', '=', 'demo')
      .where('parameter_code', '=', integration.logDaysParam)
      .executeTakeFirst();
    expect(param?.parameter_value).toBe('90');
    // Kept for 200 days: nothing goes.
    await sql`UPDATE system_param SET parameter_value = '200' WHERE tenant_id = 'demo' AND parameter_code = 'integrationLogDays'`.execute(
      t.database.db,
    );
    expect(await runRetentionJob(t.database.db, today())).toBe(0);
    // Back to 90: the 100-day-old batch goes, but only on a day not yet run.
    await sql`UPDATE system_param SET parameter_value = '90' WHERE tenant_id = 'demo' AND parameter_code = 'integrationLogDays'`.execute(
      t.database.db,
    );
    expect(await runRetentionJob(t.database.db, today())).toBeNull();
    expect(await count()).toBe(3);
    await sql`DELETE FROM job_run WHERE job = 'integration-log-retention'`.execute(t.database.db);
    const [first, second] = await Promise.all([runRetentionJob(t.database.db, today()), runRetentionJob(t.database.db, today())]);
    expect([first, second].sort()).toEqual([1, null]);
    expect(await count()).toBe(2);
    expect((await list({ source: 'feed' })).body.data.total).toBe(0);
    // A value that is no positive number keeps the default (90): the recent batches stay.
    await sql`UPDATE system_param SET parameter_value = 'abc' WHERE tenant_id = 'demo' AND parameter_code = 'integrationLogDays'`.execute(
      t.database.db,
    );
    await sql`DELETE FROM job_run WHERE job = 'integration-log-retention'`.execute(t.database.db);
    expect(await runRetentionJob(t.database.db, today())).toBe(0);
    expect(await count()).toBe(2);
  });
});

const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
