// Rules of the base data: the category tree, business options, bill numbers.
import type { AccUnitForm, BrandForm, BusOption, CategoryForm, CategoryNode, ColumnFilter } from '@portal/contract';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import type { SessionContext } from '../../platform/session-context';
import { businessDay } from '../../platform/clock';
import { nextSequence } from '../../platform/sql/sequence';
import { systemParam as storedParam } from '../../platform/sql/system-param';
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

/** The tenant's whole category tree. */
export async function tenantCategoryTree(ctx: AppContext, tenantId: string): Promise<CategoryNode[]> {
  return categoryTree(await repo.categories(ctx.db, tenantId));
}

/** The tenant's brands, those matching `keyword` when one is given. */
export const tenantBrands = (ctx: AppContext, tenantId: string, keyword?: string) => repo.brands(ctx.db, tenantId, keyword);

export async function saveBusOption(ctx: AppContext, session: SessionContext, option: BusOption): Promise<BusOption> {
  if (session.kind !== 'staff')
    throw ApiError.forbidden({ 'zh-CN': '只有商户员工可以维护业务选项', en: "Only the retailer's staff can maintain business options" });
  const permission = [...new Set(option.permission)];
  if (option.permissionType === 'all' && permission.length > 0)
    throw ApiError.badRequest({
      'zh-CN': 'body.permission: 权限类型为全部时不能指定权限列表',
      en: 'body.permission: no permission list may be given when the permission type is all',
    });
  if (option.permissionType !== 'all') {
    if (permission.length === 0)
      throw ApiError.badRequest({ 'zh-CN': 'body.permission: 请至少选择一项', en: 'body.permission: please choose at least one' });
    const known = await repo.existingCodes(ctx.db, session.tenantId, option.permissionType, permission);
    const unknown = permission.filter((code) => !known.has(code));
    if (unknown.length)
      throw ApiError.badRequest({
        'zh-CN': `body.permission: 不存在的编码 ${unknown.slice(0, 5).join(', ')}`,
        en: `body.permission: unknown codes ${unknown.slice(0, 5).join(', ')}`,
      });
  }
  await repo.upsertBusOption(ctx.db, session.tenantId, { ...option, permission }, session.employeeCode, ctx.now());
  return { ...option, permission };
}

export async function nextBillNumber(ctx: AppContext, session: SessionContext, code: string, digits: number): Promise<string> {
  const day = businessDay(ctx.now());
  const value = await nextSequence(ctx.db, session.tenantId, code, day);
  if (String(value).length > digits)
    throw ApiError.conflict({
      'zh-CN': `今日 ${code} 单号已用完（${digits} 位）`,
      en: `Today's ${code} numbers are used up (${digits} digits)`,
    });
  return `${code}${day.replaceAll('-', '')}${String(value).padStart(digits, '0')}`;
}

export async function systemParam(ctx: AppContext, session: SessionContext, code: string) {
  const param = await storedParam(ctx.db, session.tenantId, code);
  if (!param) throw ApiError.notFound({ 'zh-CN': `系统参数 ${code} 不存在`, en: `System parameter ${code} does not exist` });
  return param;
}

/** The base-data screens change the tenant's own data: staff only, whatever module a caller holds. */
function tenantScope(session: SessionContext) {
  if (session.kind !== 'staff')
    throw ApiError.forbidden({ 'zh-CN': '只有商户员工可以维护基础资料', en: "Only the retailer's staff can maintain master data" });
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
    if (!(await lists.insertBrand(ctx.db, tenantId, form)))
      throw ApiError.conflict({ 'zh-CN': `品牌编码 ${form.brandCode} 已存在`, en: `Brand code ${form.brandCode} already exists` });
  } else if (!(await lists.renameBrand(ctx.db, tenantId, form))) {
    throw ApiError.notFound({ 'zh-CN': `品牌 ${form.brandCode} 不存在`, en: `Brand ${form.brandCode} does not exist` });
  }
  return { brandCode: form.brandCode, brandName: form.brandName };
}

/** Categories nest three levels deep (课类 > 大类 > 小类); a new one goes under an existing parent. */
export const maxCategoryLevel = 3;

export async function saveCategory(ctx: AppContext, session: SessionContext, form: CategoryForm) {
  const { tenantId } = tenantScope(session);
  if (!form.isNew) {
    if (!(await lists.renameCategory(ctx.db, tenantId, form)))
      throw ApiError.notFound({ 'zh-CN': `类别 ${form.categoryCode} 不存在`, en: `Category ${form.categoryCode} does not exist` });
  } else {
    let level = 1;
    if (form.parentCategoryCode) {
      const parent = await lists.findCategory(ctx.db, tenantId, form.parentCategoryCode);
      if (!parent)
        throw ApiError.badRequest({
          'zh-CN': `body.parentCategoryCode: 上级类别 ${form.parentCategoryCode} 不存在`,
          en: `body.parentCategoryCode: parent category ${form.parentCategoryCode} does not exist`,
        });
      level = parent.level + 1;
      if (level > maxCategoryLevel)
        throw ApiError.badRequest({
          'zh-CN': `body.parentCategoryCode: 类别最多 ${maxCategoryLevel} 级`,
          en: `body.parentCategoryCode: categories have at most ${maxCategoryLevel} levels`,
        });
    }
    if (!(await lists.insertCategory(ctx.db, tenantId, form, level)))
      throw ApiError.conflict({ 'zh-CN': `类别编码 ${form.categoryCode} 已存在`, en: `Category code ${form.categoryCode} already exists` });
  }
  const saved = await lists.findCategory(ctx.db, tenantId, form.categoryCode);
  if (!saved) throw ApiError.notFound({ 'zh-CN': `类别 ${form.categoryCode} 不存在`, en: `Category ${form.categoryCode} does not exist` });
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
    if (!(await lists.insertAccUnit(ctx.db, tenantId, form)))
      throw ApiError.conflict({
        'zh-CN': `核算单位编码 ${form.unitCode} 已存在`,
        en: `Accounting unit code ${form.unitCode} already exists`,
      });
  } else if (!(await lists.updateAccUnit(ctx.db, tenantId, form))) {
    throw ApiError.notFound({ 'zh-CN': `核算单位 ${form.unitCode} 不存在`, en: `Accounting unit ${form.unitCode} does not exist` });
  }
  const { isNew: _isNew, ...unit } = form;
  return unit;
}
