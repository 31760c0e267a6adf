// Rules of the base data: the category tree, business options, bill numbers.
import type { AccUnitForm, BrandForm, BusOption, CategoryForm, CategoryNode, ColumnFilter } from '@portal/contract';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import type { SessionContext } from '../../platform/session-context';
import { businessDay } from '../../platform/clock';
import * as lists from './lists';
import * as repo from './repo';

type CategoryRow = Awaited<ReturnType<typeof repo.categories>>[number];

/** Nests categories by parent code; labels are `code_name`. A node whose parent is missing stays at the top. */
export function categoryTree(rows: CategoryRow[]): CategoryNode[] {
  const nodes = new Map<string, CategoryNode>();
  for (const row of rows) {
    nodes.set(row.categoryCode, {
      categoryCode: row.categoryCode,
      parentCategoryCode: row.parentCategoryCode,
      categoryName: row.categoryName,
      label: `${row.categoryCode}_${row.categoryName}`,
      children: [],
    });
  }
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentCategoryCode ? nodes.get(node.parentCategoryCode) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export async function saveBusOption(ctx: AppContext, session: SessionContext, option: BusOption): Promise<BusOption> {
  if (session.kind !== 'staff') throw ApiError.forbidden('只有商户员工可以维护业务选项');
  const permission = [...new Set(option.permission)];
  if (option.permissionType === 'all' && permission.length > 0)
    throw ApiError.badRequest('body.permission: 权限类型为全部时不能指定权限列表');
  if (option.permissionType !== 'all') {
    if (permission.length === 0) throw ApiError.badRequest('body.permission: 请至少选择一项');
    const known = await repo.existingCodes(ctx.db, session.tenantId, option.permissionType, permission);
    const unknown = permission.filter((code) => !known.has(code));
    if (unknown.length) throw ApiError.badRequest(`body.permission: 不存在的编码 ${unknown.slice(0, 5).join(', ')}`);
  }
  await repo.upsertBusOption(ctx.db, session.tenantId, { ...option, permission }, session.employeeCode, ctx.now());
  return { ...option, permission };
}

export async function nextBillNumber(ctx: AppContext, session: SessionContext, code: string, digits: number): Promise<string> {
  const day = businessDay(ctx.now());
  const value = await repo.nextSequence(ctx.db, session.tenantId, code, day);
  if (String(value).length > digits) throw ApiError.conflict(`今日 ${code} 单号已用完（${digits} 位）`);
  return `${code}${day.replaceAll('-', '')}${String(value).padStart(digits, '0')}`;
}

export async function systemParam(ctx: AppContext, session: SessionContext, code: string) {
  const param = await repo.systemParam(ctx.db, session.tenantId, code);
  if (!param) throw ApiError.notFound(`系统参数 ${code} 不存在`);
  return param;
}

/** The base-data screens change the tenant's own data: staff only, whatever module a caller holds. */
function tenantScope(session: SessionContext) {
  if (session.kind !== 'staff') throw ApiError.forbidden('只有商户员工可以维护基础资料');
  return { tenantId: session.tenantId, suppCode: null };
}

/** What a base-data list shows the caller: staff their tenant's, a supplier account what concerns its supplier. */
const readScope = (session: SessionContext): lists.BaseDataScope => ({
  tenantId: session.tenantId,
  suppCode: null,
  supplier: session.kind === 'supplier' ? session.suppCode : null,
});

export async function saveBrand(ctx: AppContext, session: SessionContext, form: BrandForm) {
  const { tenantId } = tenantScope(session);
  if (form.isNew) {
    if (!(await lists.insertBrand(ctx.db, tenantId, form))) throw ApiError.conflict(`品牌编码 ${form.brandCode} 已存在`);
  } else if (!(await lists.renameBrand(ctx.db, tenantId, form))) {
    throw ApiError.notFound(`品牌 ${form.brandCode} 不存在`);
  }
  return { brandCode: form.brandCode, brandName: form.brandName };
}

/** Categories nest three levels deep (课类 > 大类 > 小类); a new one goes under an existing parent. */
export const maxCategoryLevel = 3;

export async function saveCategory(ctx: AppContext, session: SessionContext, form: CategoryForm) {
  const { tenantId } = tenantScope(session);
  if (!form.isNew) {
    if (!(await lists.renameCategory(ctx.db, tenantId, form))) throw ApiError.notFound(`类别 ${form.categoryCode} 不存在`);
  } else {
    let level = 1;
    if (form.parentCategoryCode) {
      const parent = await lists.findCategory(ctx.db, tenantId, form.parentCategoryCode);
      if (!parent) throw ApiError.badRequest(`body.parentCategoryCode: 上级类别 ${form.parentCategoryCode} 不存在`);
      level = parent.level + 1;
      if (level > maxCategoryLevel) throw ApiError.badRequest(`body.parentCategoryCode: 类别最多 ${maxCategoryLevel} 级`);
    }
    if (!(await lists.insertCategory(ctx.db, tenantId, form, level))) throw ApiError.conflict(`类别编码 ${form.categoryCode} 已存在`);
  }
  const saved = await lists.findCategory(ctx.db, tenantId, form.categoryCode);
  if (!saved) throw ApiError.notFound(`类别 ${form.categoryCode} 不存在`);
  return saved;
}

type ListQuery = Parameters<ReturnType<typeof lists.brandList>['page']>[3] & { keyword?: string | undefined };
interface ValuesQuery {
  keyword?: string | undefined;
  filters?: Record<string, ColumnFilter> | undefined;
  field: string;
}

export function brandPage(ctx: AppContext, session: SessionContext, query: ListQuery) {
  const scope = readScope(session);
  return lists.brandList(scope).page(ctx.db, scope, query, query);
}

export function brandColumnValues(ctx: AppContext, session: SessionContext, query: ValuesQuery) {
  const scope = readScope(session);
  return lists.brandList(scope).columnValues(ctx.db, scope, query, query.filters, query.field);
}

export const deptPage = (ctx: AppContext, session: SessionContext, query: ListQuery & { deptType?: 'store' | 'dc' | undefined }) =>
  lists.deptList.page(ctx.db, readScope(session), query, query);

export const deptColumnValues = (
  ctx: AppContext,
  session: SessionContext,
  query: ValuesQuery & { deptType?: 'store' | 'dc' | undefined },
) => lists.deptList.columnValues(ctx.db, readScope(session), query, query.filters, query.field);

export function accUnitPage(ctx: AppContext, session: SessionContext, query: ListQuery) {
  const scope = readScope(session);
  return lists.accUnitList(scope).page(ctx.db, scope, query, query);
}

export function accUnitColumnValues(ctx: AppContext, session: SessionContext, query: ValuesQuery) {
  const scope = readScope(session);
  return lists.accUnitList(scope).columnValues(ctx.db, scope, query, query.filters, query.field);
}

export async function saveAccUnit(ctx: AppContext, session: SessionContext, form: AccUnitForm) {
  const { tenantId } = tenantScope(session);
  if (form.isNew) {
    if (!(await lists.insertAccUnit(ctx.db, tenantId, form))) throw ApiError.conflict(`核算单位编码 ${form.unitCode} 已存在`);
  } else if (!(await lists.updateAccUnit(ctx.db, tenantId, form))) {
    throw ApiError.notFound(`核算单位 ${form.unitCode} 不存在`);
  }
  const { isNew: _isNew, ...unit } = form;
  return unit;
}
