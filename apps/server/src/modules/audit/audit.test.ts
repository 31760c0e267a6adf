// The audit trail's viewer against the demo database, with audit_entry rows written as fixtures: staff read their
// tenant's entries and no other tenant's; a supplier's main account reads its own accounts' actions and never
// another supplier's or the retailer's, whatever it asks; the filters, paging, the field-by-field diff, bad input,
// and the export (its content, and the export's own entry).
import { audit, businessDay, employee } from '@portal/contract';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tokenFor } from '../../test/helpers';
import { daysOf } from './service';

let t: TestApp;
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

beforeAll(async () => {
  t = await createTestApp();
  // Sign-ins are entries of the trail too (modules/audit/record.ts): every user of this file signs in first, then
  // the trail is emptied (its guard set aside, as a fixture may) so that the lists hold the fixtures below alone.
  for (const user of ['admin', 'buyer01']) await t.callAs(user, audit.getAuditTrail, { body: {} as audit.AuditListQuery });
  for (const user of ['100001', '100001-01', '100002']) await t.callAs(user, audit.getActivityLog, { body: {} as audit.AuditListQuery });
  await Promise.all([staffToken(), buyerToken(), supplierToken()]);
  await t.database.db.transaction().execute(async (trx) => {
    await sql`ALTER TABLE audit_entry DISABLE TRIGGER USER`.execute(trx);
    await sql`DELETE FROM audit_entry`.execute(trx);
    await sql`ALTER TABLE audit_entry ENABLE TRIGGER USER`.execute(trx);
  });
  const base = { tenant_id: 'demo', client_ip: '10.0.0.7', request_id: 'req-1' };
  const supplierActor = (code: string, name: string, supp: string) => ({
    actor_kind: 'supplier' as const,
    actor_code: code,
    actor_name: name,
    actor_supplier_code: supp,
  });
  await t.database.db
    .insertInto('audit_entry')
    .values([
      {
        ...base,
        ...supplierActor('100001-01', '李娜', '100001'),
        at: hoursAgo(1),
        kind: 'change',
        action: 'update',
        call_name: '/user/updateUserInfo',
        object_type: 'account',
        object_id: '100001-01',
        object_supplier_code: '100001',
        before: JSON.stringify({ mov_phone: '13800138001', remark: '', position: '业务员' }),
        after: JSON.stringify({ mov_phone: '13900139001', remark: '=HYPERLINK("x")', position: '业务员', email: 'li@example.com' }),
      },
      {
        ...base,
        ...supplierActor('100001', '张伟', '100001'),
        at: hoursAgo(2),
        kind: 'change',
        action: 'insert',
        module_code: 'ms0116',
        call_name: '/dock/book',
        object_type: 'dock_booking',
        object_id: '42',
        request_id: '=1+1',
        after: JSON.stringify({ note_number: 'SN1', packages: 3 }),
      },
      { ...base, ...supplierActor('100001', '张伟', '100001'), at: hoursAgo(3), kind: 'sign-in', action: 'success' },
      { ...base, ...supplierActor('100002', '王芳', '100002'), at: hoursAgo(1.5), kind: 'sign-in', action: 'success' },
      {
        ...base,
        actor_kind: 'staff',
        actor_code: 'admin',
        actor_name: '系统管理员',
        actor_roles: 'admin',
        at: hoursAgo(4),
        kind: 'change',
        action: 'update',
        module_code: 'ms0031',
        object_type: 'sam_bill',
        object_id: 'JS001',
        object_supplier_code: '100001',
        before: JSON.stringify({ status: '草稿' }),
        after: JSON.stringify({ status: '已提交' }),
        detail: JSON.stringify({ note: 'submitted', lines: 3 }),
      },
      // Twenty days ago: outside the default seven days.
      { ...base, ...supplierActor('100001', '张伟', '100001'), at: hoursAgo(20 * 24), kind: 'sign-in', action: 'success' },
      // Another tenant, with a supplier of the same code.
      { ...base, tenant_id: 'other', ...supplierActor('100001', '别人', '100001'), at: hoursAgo(1), kind: 'sign-in', action: 'success' },
    ])
    .execute();
});
afterAll(() => t.close());

const staffList = async (body: Record<string, unknown>, user = 'admin') =>
  t.callAs(user, audit.getAuditTrail, { body: body as audit.AuditListQuery });
const ownList = async (body: Record<string, unknown>, user = '100001') =>
  t.callAs(user, audit.getActivityLog, { body: body as audit.AuditListQuery });

describe('staff (审计日志)', () => {
  it('reads the tenant’s entries of the last 7 days, newest first, paged, and none of another tenant', async () => {
    const all = await staffList({});
    expect(all.status).toBe(200);
    expect(all.data.total).toBe(5);
    expect(all.data.list.map((r) => [r.accountCode, r.kind])).toEqual([
      ['100001-01', 'change'],
      ['100002', 'sign-in'],
      ['100001', 'change'],
      ['100001', 'sign-in'],
      ['admin', 'change'],
    ]);
    expect(all.data.list.some((r) => r.accountName === '别人')).toBe(false);
    expect(all.data.list[0]).toMatchObject({
      suppCode: '100001',
      suppName: expect.any(String),
      clientIp: '10.0.0.7',
      objectType: 'account',
    });
    expect(all.data.list[0]!.at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(all.data.list[2]).toMatchObject({ moduleCode: 'ms0116', moduleName: '预约送货', moduleNameEn: 'Delivery appointments' });
    const second = await staffList({ page: 2, limit: 2 });
    expect(second.data.total).toBe(5);
    expect(second.data.list.map((r) => r.accountCode)).toEqual(['100001', '100001']);
    expect(second.data.list.map((r) => r.kind)).toEqual(['change', 'sign-in']);
  });

  it('filters by account, supplier, module, kind, object and days', async () => {
    const codes = async (body: Record<string, unknown>) => (await staffList(body)).data.list.map((r) => `${r.accountCode}/${r.kind}`);
    expect(await codes({ account: '李' })).toEqual(['100001-01/change']);
    expect(await codes({ account: '100001' })).toEqual(['100001-01/change', '100001/change', '100001/sign-in']);
    expect(await codes({ suppCode: '100002' })).toEqual(['100002/sign-in']);
    expect(await codes({ moduleCode: 'ms0031' })).toEqual(['admin/change']);
    expect(await codes({ kind: 'sign-in' })).toEqual(['100002/sign-in', '100001/sign-in']);
    expect(await codes({ objectType: 'sam_bill', objectId: 'JS001' })).toEqual(['admin/change']);
    expect(await codes({ objectType: 'sam_bill', objectId: 'JS002' })).toEqual([]);
    expect(await codes({ account: '%' })).toEqual([]);
    const old = businessDay(hoursAgo(20 * 24));
    expect(await codes({ dateFrom: old, dateTo: old })).toEqual(['100001/sign-in']);
  });

  it('answers one entry with its before and after field by field, labelled', async () => {
    const first = (await staffList({ account: '100001-01' })).data.list[0]!;
    const { status, data } = await t.callAs('admin', audit.getAuditEntry, { query: { id: first.id } });
    expect(status).toBe(200);
    // The fields that differ first, then those that stayed; each group by name.
    expect(data.changes).toEqual([
      { field: 'email', label: '邮箱', labelEn: 'E-mail', before: null, after: 'li@example.com', change: 'added' },
      { field: 'mov_phone', label: '手机号', labelEn: 'Mobile phone', before: '13800138001', after: '13900139001', change: 'changed' },
      { field: 'remark', label: '备注', labelEn: 'Remark', before: '', after: '=HYPERLINK("x")', change: 'changed' },
      { field: 'position', label: '职位', labelEn: 'Position', before: '业务员', after: '业务员', change: 'same' },
    ]);
    const booking = (await staffList({ objectType: 'dock_booking' })).data.list[0]!;
    const inserted = await t.callAs('admin', audit.getAuditEntry, { query: { id: booking.id } });
    expect(inserted.data.changes.map((c) => [c.field, c.before, c.after, c.change])).toEqual([
      ['note_number', null, 'SN1', 'added'],
      ['packages', null, '3', 'added'],
    ]);
    const bill = (await staffList({ objectType: 'sam_bill' })).data.list[0]!;
    const billEntry = await t.callAs('admin', audit.getAuditEntry, { query: { id: bill.id } });
    expect(billEntry.data.detail).toEqual([
      { key: 'note', value: 'submitted' },
      { key: 'lines', value: '3' },
    ]);
    expect((await t.callAs('admin', audit.getAuditEntry, { query: { id: '999999999' } })).status).toBe(404);
    expect((await t.callAs('admin', audit.getAuditEntry, { query: { id: '999999999999999999' } })).status).toBe(404);
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    for (const body of [
      { dateFrom: '2026-02-30' },
      { dateFrom: '2026-05-02', dateTo: '2026-05-01' },
      { dateFrom: '2024-01-01', dateTo: '2026-01-01' },
      { kind: 'nonsense' },
      { objectType: 'Robert; DROP' },
      { moduleCode: 'ms 01' },
      { account: 'x'.repeat(65) },
      { suppCode: '1\u00000' },
      { page: 0 },
    ]) {
      const res = await staffList(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.envelope.success).toBe(false);
    }
    const one = await staffList({ dateFrom: '2026-05-02', dateTo: '2026-05-01' });
    expect(one.envelope.message).toContain('dateTo');
    expect((await t.callAs('admin', audit.getAuditEntry, { query: { id: 'constructor' } })).status).toBe(400);
  });

  it('bounds the days: 7 ending today by default, a start alone ends today, never more than the maximum', () => {
    expect(daysOf({}, '2026-11-27')).toEqual({ dateFrom: '2026-11-21', dateTo: '2026-11-27' });
    expect(daysOf({ dateFrom: '2026-11-01' }, '2026-11-27')).toEqual({ dateFrom: '2026-11-01', dateTo: '2026-11-27' });
    expect(daysOf({ dateTo: '2026-03-02' }, '2026-11-27')).toEqual({ dateFrom: '2026-02-24', dateTo: '2026-03-02' });
    expect(() => daysOf({ dateFrom: '2020-01-01' }, '2026-11-27')).toThrow(/366/);
  });

  it('offers every screen as a module to filter by, a supplier the screens open to suppliers', async () => {
    const staff = (await t.callAs('admin', audit.getAuditModules)).data;
    expect(staff).toContainEqual({ moduleCode: 'ms0031', name: '结算单', nameEn: 'Settlement bills' });
    expect(staff).toContainEqual({ moduleCode: 'ms0125', name: '审计日志', nameEn: 'Audit trail' });
    expect(staff.some((m) => m.moduleCode === 'ms0020')).toBe(false);
    const own = (await t.callAs('100001', audit.getActivityModules)).data.map((m) => m.moduleCode);
    expect(own).toContain('ms0116');
    expect(own).toContain('ms0126');
    expect(own).not.toContain('ms0125');
  });

  it('staff without the module and supplier accounts cannot read it', async () => {
    expect((await staffList({}, 'buyer01')).status).toBe(403);
    expect((await staffList({}, '100001')).status).toBe(403);
  });
});

describe('supplier main account (操作日志)', () => {
  it('reads its own accounts’ actions only, whatever supplier it names', async () => {
    const mine = await ownList({});
    expect(mine.status).toBe(200);
    expect(mine.data.list.map((r) => `${r.accountCode}/${r.kind}`)).toEqual(['100001-01/change', '100001/change', '100001/sign-in']);
    // Another supplier's code is ignored: the scope is the caller's own supplier.
    expect((await ownList({ suppCode: '100002' })).data.list.map((r) => r.accountCode)).toEqual(['100001-01', '100001', '100001']);
    // The retailer's change of its bill is not its accounts' action.
    expect((await ownList({ objectType: 'sam_bill' })).data.total).toBe(0);
    expect((await ownList({}, '100002')).data.list.map((r) => r.accountCode)).toEqual(['100002']);
  });

  it('opens its child’s entry, and no entry of another supplier or of the retailer', async () => {
    const child = (await ownList({ account: '100001-01' })).data.list[0]!;
    const entry = await t.callAs('100001', audit.getActivityEntry, { query: { id: child.id } });
    expect(entry.status).toBe(200);
    expect(entry.data.changes.filter((c) => c.change !== 'same').map((c) => c.field)).toEqual(['email', 'mov_phone', 'remark']);
    const others = (await staffList({})).data.list.filter((r) => r.suppCode !== '100001');
    expect(others.length).toBeGreaterThan(0);
    for (const row of others) expect((await t.callAs('100001', audit.getActivityEntry, { query: { id: row.id } })).status).toBe(404);
  });

  it('a child account cannot read it, nor be granted it', async () => {
    expect((await ownList({}, '100001-01')).status).toBe(403);
    const grantable = await t.callAs('100001', employee.fetchResource, { query: {} });
    const codes = JSON.stringify(grantable.data);
    expect(codes).not.toContain(audit.activityLogModule);
    const grant = await t.callAs('100001', employee.updateSupChildRole, {
      body: { employeeCode: '100001-01', moduleCodes: [audit.activityLogModule], buttons: [] },
    });
    expect(grant.status).toBe(400);
    expect(grant.envelope.message).toContain('操作日志（ms0126）只属于主账号');
  });
});

describe('export', () => {
  it('writes the filtered entries with their changes, formulas defused, and records itself as an entry', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/audit/export',
      headers: { token: await staffToken(), 'accept-language': 'en' },
      payload: { format: 'xlsx', suppCode: '100001' },
    });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = workbook.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(audit.auditColumns.map((c) => c.titleEn));
    expect(ws.rowCount).toBe(4);
    const first = (ws.getRow(2).values as unknown[]).slice(1);
    // An empty cell (no module) reads as undefined.
    expect(first.slice(1, 7)).toEqual(['李娜 (100001-01)', expect.stringMatching(/^100001 /), 'Change', 'Updated', undefined, 'Account']);
    expect(first[10]).toBe('E-mail:  → li@example.com; Mobile phone: 13800138001 → 13900139001; Remark:  → =HYPERLINK("x")');

    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/audit/export',
      headers: { token: await staffToken() },
      payload: { kind: 'change' },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(audit.auditColumns.map((c) => c.title).join(','));
    expect(lines).toHaveLength(4);
    expect(lines[3]).toContain(',数据变更,修改,结算单,结算单,JS001,');
    expect(lines[3]).toContain('状态: 草稿 → 已提交');

    const exports = (await staffList({ kind: 'export' })).data.list;
    expect(exports.map((r) => [r.accountCode, r.action, r.moduleCode, r.callName, r.objectType])).toEqual([
      ['admin', 'csv', 'ms0125', '/audit/export', 'audit_entry'],
      ['admin', 'xlsx', 'ms0125', '/audit/export', 'audit_entry'],
    ]);
    const recorded = await t.callAs('admin', audit.getAuditEntry, { query: { id: exports[1]!.id } });
    expect(recorded.data.detail).toContainEqual({ key: 'suppCode', value: '100001' });
    expect(recorded.data.clientIp).not.toBe('');
  });

  it('a main account exports its own accounts’ actions only; a formula in a value gets a leading apostrophe', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/audit/own/export',
      headers: { token: await supplierToken() },
      payload: { suppCode: '100002' },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    // Header, this export's own entry (written before the file streams), its three entries of the days, and nothing of
    // 100002 or of the retailer.
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(',张伟 (100001),100001 ');
    expect(lines[1]).toContain(',导出,CSV,操作日志,');
    expect(res.body).not.toContain('王芳');
    expect(res.body).not.toContain('JS001');
    // The request id '=1+1' would run as a formula: it is written with a leading apostrophe.
    expect(res.body).toContain(",'=1+1,");
    expect((await ownList({ kind: 'export' })).data.list.map((r) => [r.accountCode, r.moduleCode])).toEqual([['100001', 'ms0126']]);
    // The staff's trail sees the supplier's export too.
    expect((await staffList({ kind: 'export', suppCode: '100001' })).data.total).toBe(1);
  });

  it('staff without the export button are refused', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/audit/export', headers: { token: await buyerToken() }, payload: {} });
    expect(res.statusCode).toBe(403);
  });
});

const tokens = new Map<string, Promise<string>>();
const tokenOf = (user: string, staff: boolean) => {
  let token = tokens.get(user);
  if (!token) {
    token = tokenFor(t.app, user, { staff });
    tokens.set(user, token);
  }
  return token;
};
const staffToken = () => tokenOf('admin', true);
const buyerToken = () => tokenOf('buyer01', true);
const supplierToken = () => tokenOf('100001', false);
