// Child account management: who may do what, uniqueness, grants within the granter's own, effects on sessions.
import { auth, employee, menu } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The child list as a user; bodies the contract refuses are sent as they are, to see the refusal. */
const page = (user: string, body: object) => t.callAs(user, employee.getEmployeeByParentCodePageQuery, { body: body as never });
const form = (empCode: string, extra: object = {}) => ({
  empCode,
  name: '王小明',
  mobile: '13912345678',
  email: 'wang@example.com',
  ...extra,
});

describe('list', () => {
  it("lists the main account's children with the employee fields", async () => {
    const { data } = await page('100001', {});
    expect(data.total).toBe(1);
    expect(data.list[0]).toMatchObject({
      employeeCode: '100001-01',
      employeeName: '李娜',
      isUsed: '1',
      isEdit: '1',
      movPhone: '13800138001',
    });
    expect(Object.keys(data.list[0]!).sort()).toEqual([
      'buildDate',
      'closeDate',
      'email',
      'employeeCode',
      'employeeName',
      'firstLoginTime',
      'isEdit',
      'isUsed',
      'lastLoginTime',
      'matureDate',
      'movPhone',
    ]);
  });

  it('matches rawInfo loosely or exactly, and filters by status', async () => {
    expect((await page('100001', { rawInfo: '李' })).data.total).toBe(1);
    expect((await page('100001', { rawInfo: '李', isStrict: '1' })).data.total).toBe(0);
    expect((await page('100001', { rawInfo: '13800138001', isStrict: true })).data.total).toBe(1);
    expect((await page('100001', { status: '0' })).data.total).toBe(0);
  });

  it("applies the grid's column filters on the server and names a column it cannot filter", async () => {
    const list = (filters: object) => page('100001', { filters });
    expect((await list({ employeeName: { fType1: 'contains', fVal1: '李' } })).data.total).toBe(1);
    expect((await list({ employeeName: { fType1: 'contains', fVal1: '王' } })).data.total).toBe(0);
    expect((await list({ isUsed: { checks: ['停用'] } })).data.total).toBe(0);
    expect((await list({ movPhone: { fType1: 'endsWith', fVal1: '8001', fMode: 'or', fType2: 'empty' } })).data.total).toBe(1);
    const bad = await list({ password_hash: { fType1: 'contains', fVal1: 'a' } });
    expect(bad.status).toBe(400);
    expect(bad.envelope.msg ?? bad.envelope.message).toBe('body.filters.password_hash: 不能按此列筛选');
  });

  it("lists a column's texts for the grid's checklist: the other filters apply, its own does not, one supplier only", async () => {
    const values = (user: string, body: object) => t.callAs(user, employee.getEmployeeColumnValues, { body: body as never });
    const names = (
      await t.database.db
        .selectFrom('account')
        .select('employee_name')
        .where('parent_code', '=', '100001')
        .orderBy('employee_name')
        .execute()
    ).map((r) => r.employee_name);
    expect(names.length).toBeGreaterThan(0);
    expect((await values('100001', { field: 'employeeName' })).data).toEqual({ values: names, more: false });
    expect((await values('100001', { field: 'employeeName', filters: { employeeName: { checks: [names[0]] } } })).data.values).toEqual(
      names,
    );
    expect((await values('100001', { field: 'employeeName', filters: { isUsed: { checks: ['停用'] } } })).data.values).toEqual([]);
    expect((await values('100001', { field: 'isUsed' })).data.values).toEqual(['启用']);
    expect((await values('100002', { field: 'employeeName' })).data.values).toEqual([]);
    expect((await values('admin', { field: 'employeeName', suppCode: '100001' })).data.values).toEqual(names);
    const bad = await values('100001', { field: 'password_hash' });
    expect(bad.status).toBe(400);
    expect(bad.envelope.message).toBe('body.field: 不能按此列筛选');
    expect((await values('100001-01', { field: 'employeeName' })).status).toBe(403);
  });

  it('shows another supplier nothing of 100001 and lets staff view but not edit', async () => {
    expect((await page('100002', {})).data.total).toBe(0);
    const staff = (await page('admin', { suppCode: '100001' })).data;
    expect(staff.list[0]).toMatchObject({ employeeCode: '100001-01', isEdit: '0' });
    expect((await t.callAs('admin', employee.resetPassword, { query: { employeeCode: '100001-01' } })).status).toBe(403);
    expect((await t.callAs('admin', employee.getChildEmployeeCode, { query: {} })).status).toBe(403);
    // Staff read a child's grants against the tree a main account grants from.
    const tree = (await t.callAs('admin', employee.fetchResource, { query: {} })).data;
    expect(tree).toEqual((await t.callAs('100001', employee.fetchResource, { query: {} })).data);
    expect(
      (await t.callAs('admin', employee.queryChildPermissioByEmpCode, { query: { employeeCode: '100001-01' } })).data.moduleCodes.length,
    ).toBeGreaterThan(0);
  });

  it('refuses every call to a child account', async () => {
    for (const answer of [
      () => page('100001-01', {}),
      () => t.callAs('100001-01', employee.getChildEmployeeCode, { query: {} }),
      () => t.callAs('100001-01', employee.fetchResource, { query: {} }),
      () => t.callAs('100001-01', employee.deleteEmployee, { query: { employeeCode: '100001-01' } }),
    ]) {
      expect((await answer()).status).toBe(403);
    }
  });
});

describe('create and edit', () => {
  it('proposes the next child code and checks codes and mobiles', async () => {
    expect((await t.callAs('100001', employee.getChildEmployeeCode, { query: {} })).data).toBe('100001-02');
    expect((await t.callAs('100001', employee.checkEmployeeCode, { query: { employeeCode: '100001-01' } })).data).toBe(false);
    expect((await t.callAs('100001', employee.checkEmployeeCode, { query: { employeeCode: '100001-09' } })).data).toBe(true);
    expect((await t.callAs('100001', employee.checkMobileUnique, { query: { movPhone: '13800138001' } })).data).toBe(false);
    expect(
      (await t.callAs('100001', employee.checkMobileUnique, { query: { movPhone: '13800138001', employeeCode: '100001-01' } })).data,
    ).toBe(true);
  });

  it('creates a child that must change its one-time password at first login', async () => {
    const res = await t.callAs('100001', employee.insertSupChild, { body: form('100001-02') });
    expect(res.data.employeeCode).toBe('100001-02');
    expect(res.data.initialPassword).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{10}$/);
    const first = (await login(t.app, '100001-02', { password: res.data.initialPassword })).json();
    expect(first.data).toMatchObject({ isEditPw: '1', supplierCode: '100001' });
    const audit = await t.database.db
      .selectFrom('record_history')
      .select(['actor_code', 'action'])
      .where('record_type', '=', 'employee')
      .where('record_id', '=', '100001-02')
      .execute();
    expect(audit).toEqual([{ actor_code: '100001', action: 'create' }]);
    // Every account's modules (消息中心, 通知设置) come with the account, before any grant.
    const granted = (await t.callAs('100001', employee.queryChildPermissioByEmpCode, { query: { employeeCode: '100001-02' } })).data;
    expect(granted.moduleCodes).toEqual(['ms0120', 'ms0121']);
  });

  it.each([
    [form('100001-01', { mobile: '13911111111' }), 409, 'body.empCode: 账号已存在'],
    [form('100001-03', { mobile: '13800138001' }), 409, 'body.mobile: 手机号码已被使用'],
    [form('100001-03', { mobile: '12345' }), 400, 'body.mobile: 请输入正确的手机号码'],
    [form('100001-03', { mobile: '13911111112', email: 'not-an-email' }), 400, 'body.email: 请输入正确的邮箱地址'],
    [form('100001-03', { mobile: '13911111113', matureDate: '2020-01-01' }), 400, 'body.matureDate: 有效期不能早于今天'],
    [form('100002-01', { mobile: '13911111114' }), 400, 'body.empCode: 子账号编码须以 100001- 开头'],
  ])('refuses %o with a field message', async (body, status, message) => {
    const res = await t.callAs('100001', employee.insertSupChild, { body: body as never });
    expect(res.status).toBe(status);
    expect(res.envelope.message).toBe(message);
  });

  it('edits a child and shows the form back', async () => {
    await t.callAs('100001', employee.updateSupChild, {
      body: form('100001-02', { name: '王晓明', mobile: '13912345679', position: '业务员' }),
    });
    const { data } = await t.callAs('100001', employee.getEmployeeDetail, { query: { employeeCode: '100001-02' } });
    expect(data).toMatchObject({
      empCode: '100001-02',
      name: '王晓明',
      mobile: '13912345679',
      position: '业务员',
      parentCode: '100001',
      isUsed: '1',
    });
  });

  it("does not let another supplier edit or read 100001's child", async () => {
    expect((await t.callAs('100002', employee.updateSupChild, { body: form('100001-02', { mobile: '13912345670' }) })).status).toBe(404);
    expect((await t.callAs('100002', employee.getEmployeeDetail, { query: { employeeCode: '100001-02' } })).status).toBe(404);
  });
});

describe('grants', () => {
  it('offers only what the main account holds, as a tree with buttons', async () => {
    const tree = (await t.callAs('100001', employee.fetchResource, { query: {} })).data;
    const report = tree.find((n: { moudleCode: string }) => n.moudleCode === 'ms0020')!;
    // The demo's query pages published to every supplier (issue 17) are the main account's to grant as well.
    expect(report.children!.map((c: { moudleCode: string }) => c.moudleCode)).toEqual([
      'ms0021',
      'ms0022',
      'ms0101',
      'ms0102',
      'ms0103',
      'ms0104',
    ]);
    expect(tree.some((n: { moudleCode: string }) => n.moudleCode === 'ms0060')).toBe(false);
    // Account management is the main account's own: a child could not use it.
    expect(tree.some((n: { moudleCode: string }) => n.moudleCode === 'ms0050')).toBe(false);
    // Nor are every account's own modules the main account's to give or take.
    expect(tree.some((n: { moudleCode: string }) => ['ms0120', 'ms0121'].includes(n.moudleCode))).toBe(false);
  });

  it("grants a module with its folder; the child's menu follows on its next call", async () => {
    const token = (await login(t.app, '100001-01')).json().data.token;
    await t.callAs('100001', employee.updateSupChildRole, {
      body: {
        employeeCode: '100001-01',
        moduleCodes: ['ms0014', 'ms0031'],
        buttons: [{ moudleCode: 'ms0031', buttonCode: 'save' }],
      },
    });
    const grants = (await t.callAs('100001', employee.queryChildPermissioByEmpCode, { query: { employeeCode: '100001-01' } })).data;
    expect(grants).toEqual({
      employeeCode: '100001-01',
      moduleCodes: ['ms0014', 'ms0030', 'ms0031', 'ms0120', 'ms0121'],
      buttons: [{ moudleCode: 'ms0031', buttonCode: 'save' }],
    });
    const modules = (await t.callAs({ token }, menu.queryMerchantsModuleList, { query: {} })).data;
    expect(modules.map((r: { moudleCode: string }) => r.moudleCode)).toEqual(['ms0014', 'ms0030', 'ms0120', 'ms0121']);
  });

  it('never grants more than the granter holds', async () => {
    const grant = (body: object) => t.callAs('100001', employee.updateSupChildRole, { body: body as never });
    const beyond = await grant({ employeeCode: '100001-01', moduleCodes: ['ms0060'], buttons: [] });
    expect(beyond.status).toBe(403);
    const badButton = await grant({
      employeeCode: '100001-01',
      moduleCodes: ['ms0014'],
      buttons: [{ moudleCode: 'ms0031', buttonCode: 'save' }],
    });
    expect(badButton.status).toBe(403);
    const management = await grant({
      employeeCode: '100001-01',
      moduleCodes: ['ms0050'],
      buttons: [],
    });
    expect(management.status).toBe(400);
    expect(management.envelope.message).toMatch(/^body.moduleCodes: 账号管理/);
  });
});

describe('enable, reset, delete', () => {
  it("ends a disabled child's session at once and refuses its login", async () => {
    const token = (await login(t.app, '100001-01')).json().data.token;
    await t.callAs('100001', employee.changeIsUsed, { query: { employeeCode: '100001-01', isUsed: '0' } });
    expect((await t.callAs({ token }, auth.getInfo, { query: {} })).status).toBe(401);
    expect((await login(t.app, '100001-01')).json().message).toBe('账号已停用，请联系管理员');
    await t.callAs('100001', employee.changeIsUsed, { query: { employeeCode: '100001-01', isUsed: '1' } });
    expect((await login(t.app, '100001-01')).json().code).toBe('1');
  });

  it('resets a password, shown once, which the child must change', async () => {
    const token = (await login(t.app, '100001-01')).json().data.token;
    const { password } = (await t.callAs('100001', employee.resetPassword, { query: { employeeCode: '100001-01' } })).data;
    expect((await t.callAs({ token }, auth.getInfo, { query: {} })).status).toBe(401);
    expect((await login(t.app, '100001-01', { password })).json().data.isEditPw).toBe('1');
  });

  it('deletes a child and keeps who did it', async () => {
    expect((await t.callAs('100001', employee.deleteEmployee, { query: { employeeCode: '100001-02' } })).envelope.code).toBe('1');
    expect((await t.callAs('100001', employee.checkEmployeeCode, { query: { employeeCode: '100001-02' } })).data).toBe(true);
    const audit = await t.database.db
      .selectFrom('record_history')
      .select(['actor_code', 'action', 'detail'])
      .where('record_type', '=', 'employee')
      .where('record_id', '=', '100001-02')
      .where('action', '=', 'delete')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_code: '100001', detail: { name: '王晓明' } });
    expect((await t.callAs('100001', employee.deleteEmployee, { query: { employeeCode: '100001-02' } })).status).toBe(404);
  });
});
