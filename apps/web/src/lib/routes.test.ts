import type { RouteItem } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { subPages } from '../app/page-registry';
import { pageRoutes, titleAt } from './routes';

const item = (over: Partial<RouteItem>): RouteItem => ({
  name: 'x',
  path: '/x',
  component: 'x/index',
  meta: { title: 'X' },
  hidden: false,
  moudleCode: 'm',
  children: [],
  ...over,
});

describe('pageRoutes', () => {
  const menu = [
    item({
      name: 'report',
      path: '/report',
      component: 'Layout',
      moudleCode: 'ms0020',
      children: [item({ path: '/acceptance', component: 'acceptance/index', moudleCode: 'ms0021', meta: { title: '验收统计' } })],
    }),
    item({ path: '/employee', component: 'user/employee', moudleCode: 'ms0050', meta: { title: '账号管理' } }),
    item({ name: 'dynamic', path: 'dynamic/query/Q1', component: 'dynamic/query', moudleCode: 'q1', meta: { title: '查询' } }),
  ];

  it('flattens the menu, skipping layout folders and prefixing dynamic pages with /scmQuery', () => {
    expect(pageRoutes(menu).map((r) => r.path)).toEqual(['/acceptance', '/employee', '/scmQuery/dynamic/query/Q1']);
  });

  it('adds the hidden pages of a module below its path, under its module code', () => {
    const routes = pageRoutes(menu, { 'user/employee': [{ path: 'userDetail', title: '用户详情', component: 'user/user-detail' }] });
    expect(routes.find((r) => r.path === '/employee/userDetail')).toEqual({
      path: '/employee/userDetail',
      title: '用户详情',
      component: 'user/user-detail',
      moudleCode: 'ms0050',
      hidden: true,
      noCache: false,
      parentPath: '/employee',
    });
  });

  it('serves a hidden page at its own absolute path when it names one', () => {
    const routes = pageRoutes(menu, { 'user/employee': [{ path: '/ctfImport', title: '导入', component: 'x/import' }] });
    expect(routes.find((r) => r.component === 'x/import')).toMatchObject({ path: '/ctfImport', parentPath: '/employee', hidden: true });
  });
});

describe('titleAt', () => {
  const detail = { title: '结算单详情', titleEn: 'Settlement bill', titleParam: 'samBillNum' };

  it("adds the record's number from the query, so two open records are two tabs one can tell apart", () => {
    expect(titleAt(detail, '?samBillNum=JS202610-0002', 'zh-CN')).toBe('结算单详情 JS202610-0002');
    expect(titleAt(detail, '?samBillNum=JS202610-0002', 'en')).toBe('Settlement bill JS202610-0002');
  });

  it('is the plain title without the parameter, or for a page that names no parameter', () => {
    expect(titleAt(detail, '', 'zh-CN')).toBe('结算单详情');
    expect(titleAt({ title: '结算单' }, '?samBillNum=JS1', 'zh-CN')).toBe('结算单');
  });
});

describe('shell tab titles', () => {
  const routes = pageRoutes(
    [
      item({ path: '/samBill', component: 'settlement/index', moudleCode: 'ms0031', meta: { title: '结算单' } }),
      item({ path: '/purOrder', component: 'purchase-order/index', moudleCode: 'ms0022', meta: { title: '采购订单' } }),
      item({ path: '/employee', component: 'user/employee', moudleCode: 'ms0050', meta: { title: '账号管理' } }),
    ],
    subPages,
  );
  const titleOf = (address: string, language: string) => {
    const url = new URL(address, 'http://portal');
    return titleAt(
      routes.find((r) => r.path === url.pathname)!,
      url.search,
      language,
    );
  };

  it.each([
    ['/samBill/edit', '新建结算单', 'New settlement bill'],
    ['/samBill/edit?kind=advance', '新建预付结算单', 'New advance bill'],
    ['/samBill/edit?samBillNum=JS202610-0002', '编辑结算单 JS202610-0002', 'Edit settlement bill JS202610-0002'],
    ['/samBill/detail?samBillNum=JS202610-0002', '结算单详情 JS202610-0002', 'Settlement bill JS202610-0002'],
    ['/purOrder/detail?billNumber=PO20261120-0003', '采购订单详情 PO20261120-0003', 'Purchase order detail PO20261120-0003'],
    ['/employee/userDetail', '新增子账号', 'New child account'],
    ['/employee/userDetail?employeeCode=100001-01&readOnly=1', '查看子账号 100001-01', 'Child account 100001-01'],
    ['/employee/userDetail?employeeCode=100001-01&isEdit=1', '修改子账号 100001-01', 'Edit child account 100001-01'],
    ['/employee/userDetail?employeeCode=100001-01&isCopy=1', '复制子账号 100001-01', 'Copy child account 100001-01'],
  ])('tells %s apart in both languages', (address, zh, en) => {
    expect(titleOf(address, 'zh-CN')).toBe(zh);
    expect(titleOf(address, 'en')).toBe(en);
  });

  it('gives every page below a module a title of its own', () => {
    const addresses = [
      '/samBill',
      '/samBill/edit',
      '/samBill/edit?kind=advance',
      '/samBill/edit?samBillNum=JS1',
      '/samBill/detail?samBillNum=JS1',
      '/samBill/review',
      '/purOrder',
      '/purOrder/detail?billNumber=PO1',
      '/employee',
      '/employee/userDetail',
      '/employee/userDetail?employeeCode=E1&readOnly=1',
      '/employee/userDetail?employeeCode=E1&isEdit=1',
      '/employee/userDetail?employeeCode=E1&isCopy=1',
    ];
    for (const language of ['zh-CN', 'en']) expect(new Set(addresses.map((a) => titleOf(a, language))).size).toBe(addresses.length);
  });
});
