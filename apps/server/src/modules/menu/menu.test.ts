// The per-user menu, button codes and permission lookups, for each kind of account.
import { common, menu, type RouteItem } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codes = (routes: RouteItem[]): string[] => routes.flatMap((r) => [r.moudleCode, ...codes(r.children)]);
const menuOf = async (user: string) => (await t.callAs(user, menu.queryMerchantsModuleList)).data;
const buttonsOf = (user: string, menuCode: string) => t.callAs(user, common.getAuthBtnList, { body: { menuCode } });
const permissionOf = (user: string, employeeCode: string) =>
  t.callAs(user, menu.queryPermissionByeEmployeeCode, { query: { employeeCode } });

describe('menu', () => {
  it('gives a supplier main account every supplier module, as route JSON', async () => {
    const routes = await menuOf('100001');
    expect(codes(routes)).toEqual(expect.arrayContaining(['ms0014', 'ms0021', 'ms0022', 'ms0031', 'ms0050']));
    expect(codes(routes)).not.toContain('ms0060');
    const report = routes.find((r) => r.moudleCode === 'ms0020')!;
    expect(report).toMatchObject({
      component: 'Layout',
      alwaysShow: true,
      redirect: 'noRedirect',
      hidden: false,
      meta: { title: '报表查询' },
    });
    // The demo's query pages (issue 17) are published to every supplier: entries named dynamic under the folder.
    expect(report.children.map((c) => c.path)).toEqual([
      '/acceptance',
      '/purOrder',
      'dynamic/query/RECV_BY_STORE_MONTH',
      'dynamic/query/SLOW_MOVERS',
      'dynamic/query/CHARGES_BY_TYPE_MONTH',
      'dynamic/query/STORE_LIST',
    ]);
    expect(report.children.filter((c) => c.name === 'dynamic').map((c) => c.component)).toEqual(Array(4).fill('dynamic/query'));
    expect(routes.find((r) => r.moudleCode === 'ms0014')).toMatchObject({ path: '/dashboard', meta: { title: '首页', affix: true } });
    // Every entry carries an English title for the English menu: built-in modules and the query pages alike.
    const english = (items: RouteItem[]): (string | undefined)[] => items.flatMap((r) => [r.meta.titleEn, ...english(r.children)]);
    expect(english(routes)).not.toContain(undefined);
    expect(report.children.find((c) => c.path === 'dynamic/query/SLOW_MOVERS')?.meta.titleEn).toBe('Slow movers');
    expect(routes.find((r) => r.moudleCode === 'ms0070')?.path).toBe(
      `/iframe/urlPath/ms0070?src=${encodeURIComponent('https://tms.example.com/portal')}`,
    );
  });

  it('gives a child account only what its main account granted', async () => {
    expect(codes(await menuOf('100001-01')).sort()).toEqual([
      'ms0014',
      'ms0020',
      'ms0021',
      'ms0022',
      'ms0116',
      'ms0118',
      'ms0120',
      'ms0121',
    ]);
  });

  it('gives staff the modules of their role', async () => {
    expect(codes(await menuOf('admin'))).toEqual(expect.arrayContaining(['ms0060', 'ms0031', 'ms0050']));
    const buyer = codes(await menuOf('buyer01'));
    expect(buyer).toEqual(expect.arrayContaining(['ms0014', 'ms0021', 'ms0022', 'ms0060']));
    expect(buyer).not.toContain('ms0031');
  });
});

describe('button authority', () => {
  it('answers the button codes on a menu code in the legacy envelope', async () => {
    const res = await buttonsOf('100001', 'ms0050');
    expect(res.envelope).toEqual({
      success: true,
      content: { result: ['add', 'delete', 'edit', 'enable', 'endSessions', 'resetPwd'] },
      msg: 'success',
    });
  });

  it('gives a child account only its granted buttons, and none on modules it lacks', async () => {
    expect((await buttonsOf('100001-01', 'ms0022')).data).toEqual(['print']);
    expect((await buttonsOf('100001-01', 'ms0050')).data).toEqual([]);
    // 预约送货 granted without its buttons: the child sees its notes but cannot book or cancel.
    expect((await buttonsOf('100001-01', 'ms0116')).data).toEqual([]);
  });

  it('gives the buyer role no delete button', async () => {
    expect((await buttonsOf('buyer01', 'ms0022')).data).toEqual(['export', 'print']);
  });
});

describe('permission lookup', () => {
  it('lets a main account read its child account', async () => {
    const res = await permissionOf('100001', '100001-01');
    expect(res.data).toMatchObject({ employeeCode: '100001-01', buttons: [{ moudleCode: 'ms0022', buttonCode: 'print' }] });
  });

  it("does not let a supplier read another supplier's account", async () => {
    const res = await permissionOf('100001', '100002');
    expect(res.status).toBe(403);
  });

  it('does not let a child account read its main account', async () => {
    const res = await permissionOf('100001-01', '100001');
    expect(res.status).toBe(403);
  });

  it('lets staff read any account of the tenant', async () => {
    const res = await permissionOf('admin', '100002');
    expect(res.data.moduleCodes).toContain('ms0050');
  });
});

describe('page check (the web route guard)', () => {
  const check = async (user: string, path: string) => (await t.callAs(user, menu.checkPage, { query: { path } })).data.access;

  it("says forbidden for a page of a module the caller lacks (qc01's 供应商历史), never none", async () => {
    expect(await check('qc01', '/ZeroMaster/historySupplier')).toBe('forbidden');
    expect(await check('admin', '/ZeroMaster/historySupplier')).toBe('held');
    expect(await check('qc01', '/supplierApplyAudit')).toBe('held');
  });

  it('says none for a page that does not exist, and follows a module to the pages below its path', async () => {
    expect(await check('qc01', '/no/such/page')).toBe('none');
    expect(await check('admin', '/employee/userDetail')).toBe('held');
    expect(await check('100001', '/employee/userDetail')).toBe('held');
    expect(await check('qc01', '/employee/userDetail')).toBe('forbidden');
  });
});
