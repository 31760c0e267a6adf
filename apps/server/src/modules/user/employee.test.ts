// Child account management: who may do what, uniqueness, grants within the granter's own, effects on sessions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp, tokenFor } from '../../test/helpers';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const user of ['100001', '100001-01', '100002']) tokens[user] = await tokenFor(t.app, user);
  tokens.admin = await tokenFor(t.app, 'admin', { staff: true });
});
afterAll(() => t.close());

const call = (user: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/user/${url}`, headers: { token: tokens[user]! }, ...(payload ? { payload } : {}) });
const form = (empCode: string, extra: object = {}) => ({
  empCode,
  name: '王小明',
  mobile: '13912345678',
  email: 'wang@example.com',
  ...extra,
});

describe('list', () => {
  it("lists the main account's children with the employee fields", async () => {
    const { data } = (await call('100001', 'POST', 'getEmployeeByParentCodePageQuery', {})).json();
    expect(data.total).toBe(1);
    expect(data.list[0]).toMatchObject({
      employeeCode: '100001-01',
      employeeName: '李娜',
      isUsed: '1',
      isEdit: '1',
      movPhone: '13800138001',
    });
    expect(Object.keys(data.list[0]).sort()).toEqual([
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
    expect((await call('100001', 'POST', 'getEmployeeByParentCodePageQuery', { rawInfo: '李' })).json().data.total).toBe(1);
    expect((await call('100001', 'POST', 'getEmployeeByParentCodePageQuery', { rawInfo: '李', isStrict: '1' })).json().data.total).toBe(0);
    expect(
      (await call('100001', 'POST', 'getEmployeeByParentCodePageQuery', { rawInfo: '13800138001', isStrict: true })).json().data.total,
    ).toBe(1);
    expect((await call('100001', 'POST', 'getEmployeeByParentCodePageQuery', { status: '0' })).json().data.total).toBe(0);
  });

  it("applies the grid's column filters on the server and names a column it cannot filter", async () => {
    const list = (filters: object) => call('100001', 'POST', 'getEmployeeByParentCodePageQuery', { filters });
    expect((await list({ employeeName: { fType1: 'contains', fVal1: '李' } })).json().data.total).toBe(1);
    expect((await list({ employeeName: { fType1: 'contains', fVal1: '王' } })).json().data.total).toBe(0);
    expect((await list({ isUsed: { checks: ['停用'] } })).json().data.total).toBe(0);
    expect((await list({ movPhone: { fType1: 'endsWith', fVal1: '8001', fMode: 'or', fType2: 'empty' } })).json().data.total).toBe(1);
    const bad = await list({ password_hash: { fType1: 'contains', fVal1: 'a' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg ?? bad.json().message).toBe('body.filters.password_hash: 不能按此列筛选');
  });

  it("lists a column's texts for the grid's checklist: the other filters apply, its own does not, one supplier only", async () => {
    const values = (user: string, body: object) => call(user, 'POST', 'getEmployeeColumnValues', body);
    const names = (
      await t.database.db
        .selectFrom('account')
        .select('employee_name')
        .where('parent_code', '=', '100001')
        .orderBy('employee_name')
        .execute()
    ).map((r) => r.employee_name);
    expect(names.length).toBeGreaterThan(0);
    expect((await values('100001', { field: 'employeeName' })).json().data).toEqual({ values: names, more: false });
    expect(
      (await values('100001', { field: 'employeeName', filters: { employeeName: { checks: [names[0]] } } })).json().data.values,
    ).toEqual(names);
    expect((await values('100001', { field: 'employeeName', filters: { isUsed: { checks: ['停用'] } } })).json().data.values).toEqual([]);
    expect((await values('100001', { field: 'isUsed' })).json().data.values).toEqual(['启用']);
    expect((await values('100002', { field: 'employeeName' })).json().data.values).toEqual([]);
    expect((await values('admin', { field: 'employeeName', suppCode: '100001' })).json().data.values).toEqual(names);
    const bad = await values('100001', { field: 'password_hash' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('body.field: 不能按此列筛选');
    expect((await values('100001-01', { field: 'employeeName' })).statusCode).toBe(403);
  });

  it('shows another supplier nothing of 100001 and lets staff view but not edit', async () => {
    expect((await call('100002', 'POST', 'getEmployeeByParentCodePageQuery', {})).json().data.total).toBe(0);
    const staff = (await call('admin', 'POST', 'getEmployeeByParentCodePageQuery', { suppCode: '100001' })).json().data;
    expect(staff.list[0]).toMatchObject({ employeeCode: '100001-01', isEdit: '0' });
    expect((await call('admin', 'GET', 'resetPassword?employeeCode=100001-01')).statusCode).toBe(403);
    expect((await call('admin', 'GET', 'getChildEmployeeCode')).statusCode).toBe(403);
    // Staff read a child's grants against the tree a main account grants from.
    const tree = (await call('admin', 'GET', 'fetchResource')).json().data;
    expect(tree).toEqual((await call('100001', 'GET', 'fetchResource')).json().data);
    expect(
      (await call('admin', 'GET', 'queryChildPermissioByEmpCode?employeeCode=100001-01')).json().data.moduleCodes.length,
    ).toBeGreaterThan(0);
  });

  it('refuses every call to a child account', async () => {
    for (const [method, url] of [
      ['POST', 'getEmployeeByParentCodePageQuery'],
      ['GET', 'getChildEmployeeCode'],
      ['GET', 'fetchResource'],
      ['GET', 'deleteEmployee?employeeCode=100001-01'],
    ] as const) {
      expect((await call('100001-01', method, url, method === 'POST' ? {} : undefined)).statusCode).toBe(403);
    }
  });
});

describe('create and edit', () => {
  it('proposes the next child code and checks codes and mobiles', async () => {
    expect((await call('100001', 'GET', 'getChildEmployeeCode')).json().data).toBe('100001-02');
    expect((await call('100001', 'GET', 'checkEmployeeCode?employeeCode=100001-01')).json().data).toBe(false);
    expect((await call('100001', 'GET', 'checkEmployeeCode?employeeCode=100001-09')).json().data).toBe(true);
    expect((await call('100001', 'GET', 'checkMobileUnique?movPhone=13800138001')).json().data).toBe(false);
    expect((await call('100001', 'GET', 'checkMobileUnique?movPhone=13800138001&employeeCode=100001-01')).json().data).toBe(true);
  });

  it('creates a child that must change its one-time password at first login', async () => {
    const res = (await call('100001', 'POST', 'insertSupChild', form('100001-02'))).json();
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
  });

  it.each([
    [form('100001-01', { mobile: '13911111111' }), 409, 'body.empCode: 账号已存在'],
    [form('100001-03', { mobile: '13800138001' }), 409, 'body.mobile: 手机号码已被使用'],
    [form('100001-03', { mobile: '12345' }), 400, 'body.mobile: 请输入正确的手机号码'],
    [form('100001-03', { mobile: '13911111112', email: 'not-an-email' }), 400, 'body.email: 请输入正确的邮箱地址'],
    [form('100001-03', { mobile: '13911111113', matureDate: '2020-01-01' }), 400, 'body.matureDate: 有效期不能早于今天'],
    [form('100002-01', { mobile: '13911111114' }), 400, 'body.empCode: 子账号编码须以 100001- 开头'],
  ])('refuses %o with a field message', async (body, status, message) => {
    const res = await call('100001', 'POST', 'insertSupChild', body);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });

  it('edits a child and shows the form back', async () => {
    await call('100001', 'POST', 'updateSupChild', form('100001-02', { name: '王晓明', mobile: '13912345679', position: '业务员' }));
    const { data } = (
      await t.app.inject({
        method: 'GET',
        url: '/api/user/getEmployeeDetail?employeeCode=100001-02',
        headers: { token: tokens['100001']! },
      })
    ).json();
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
    expect((await call('100002', 'POST', 'updateSupChild', form('100001-02', { mobile: '13912345670' }))).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/user/getEmployeeDetail?employeeCode=100001-02',
          headers: { token: tokens['100002']! },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('grants', () => {
  it('offers only what the main account holds, as a tree with buttons', async () => {
    const tree = (await call('100001', 'GET', 'fetchResource')).json().data;
    const report = tree.find((n: { moudleCode: string }) => n.moudleCode === 'ms0020');
    expect(report.children.map((c: { moudleCode: string }) => c.moudleCode)).toEqual(['ms0021', 'ms0022']);
    expect(tree.some((n: { moudleCode: string }) => n.moudleCode === 'ms0060')).toBe(false);
    // Account management is the main account's own: a child could not use it.
    expect(tree.some((n: { moudleCode: string }) => n.moudleCode === 'ms0050')).toBe(false);
  });

  it("grants a module with its folder; the child's menu follows on its next call", async () => {
    const token = (await login(t.app, '100001-01')).json().data.token;
    await call('100001', 'POST', 'updateSupChildRole', {
      employeeCode: '100001-01',
      moduleCodes: ['ms0014', 'ms0031'],
      buttons: [{ moudleCode: 'ms0031', buttonCode: 'save' }],
    });
    const grants = (await call('100001', 'GET', 'queryChildPermissioByEmpCode?employeeCode=100001-01')).json().data;
    expect(grants).toEqual({
      employeeCode: '100001-01',
      moduleCodes: ['ms0014', 'ms0030', 'ms0031'],
      buttons: [{ moudleCode: 'ms0031', buttonCode: 'save' }],
    });
    const menu = (await t.app.inject({ method: 'GET', url: '/api/user/queryMerchantsModuleList', headers: { token } })).json().data;
    expect(menu.map((r: { moudleCode: string }) => r.moudleCode)).toEqual(['ms0014', 'ms0030']);
  });

  it('never grants more than the granter holds', async () => {
    const beyond = await call('100001', 'POST', 'updateSupChildRole', { employeeCode: '100001-01', moduleCodes: ['ms0060'], buttons: [] });
    expect(beyond.statusCode).toBe(403);
    const badButton = await call('100001', 'POST', 'updateSupChildRole', {
      employeeCode: '100001-01',
      moduleCodes: ['ms0014'],
      buttons: [{ moudleCode: 'ms0031', buttonCode: 'save' }],
    });
    expect(badButton.statusCode).toBe(403);
    const management = await call('100001', 'POST', 'updateSupChildRole', {
      employeeCode: '100001-01',
      moduleCodes: ['ms0050'],
      buttons: [],
    });
    expect(management.statusCode).toBe(400);
    expect(management.json().message).toMatch(/^body.moduleCodes: 账号管理/);
  });
});

describe('enable, reset, delete', () => {
  it("ends a disabled child's session at once and refuses its login", async () => {
    const token = (await login(t.app, '100001-01')).json().data.token;
    await call('100001', 'GET', 'changeIsUsed?employeeCode=100001-01&isUsed=0');
    expect((await t.app.inject({ method: 'GET', url: '/api/user/getInfo', headers: { token } })).statusCode).toBe(401);
    expect((await login(t.app, '100001-01')).json().message).toBe('账号已停用，请联系管理员');
    await call('100001', 'GET', 'changeIsUsed?employeeCode=100001-01&isUsed=1');
    expect((await login(t.app, '100001-01')).json().code).toBe('1');
  });

  it('resets a password, shown once, which the child must change', async () => {
    const token = (await login(t.app, '100001-01')).json().data.token;
    const { password } = (await call('100001', 'GET', 'resetPassword?employeeCode=100001-01')).json().data;
    expect((await t.app.inject({ method: 'GET', url: '/api/user/getInfo', headers: { token } })).statusCode).toBe(401);
    expect((await login(t.app, '100001-01', { password })).json().data.isEditPw).toBe('1');
  });

  it('deletes a child and keeps who did it', async () => {
    expect((await call('100001', 'GET', 'deleteEmployee?employeeCode=100001-02')).json().code).toBe('1');
    expect((await call('100001', 'GET', 'checkEmployeeCode?employeeCode=100001-02')).json().data).toBe(true);
    const audit = await t.database.db
      .selectFrom('record_history')
      .select(['actor_code', 'action', 'detail'])
      .where('record_type', '=', 'employee')
      .where('record_id', '=', '100001-02')
      .where('action', '=', 'delete')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_code: '100001', detail: { name: '王晓明' } });
    expect((await call('100001', 'GET', 'deleteEmployee?employeeCode=100001-02')).statusCode).toBe(404);
  });
});
