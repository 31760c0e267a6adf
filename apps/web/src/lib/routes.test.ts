import type { RouteItem } from '@portal/contract';
import { describe, expect, it } from 'vitest';
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
