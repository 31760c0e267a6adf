// Rules of the legacy common lookups: which enum, whose stores, the trees under their named roots.
import { type CategoryNode, type Language, common } from '@portal/contract';

type TreeNode = common.TreeNode;
import { buttonsOf, modulesOf } from '../../platform/access';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { scopeOf } from '../../platform/scope';
import { systemParam } from '../../platform/sql/system-param';
import type { SessionContext } from '../../platform/session-context';
import { tenantBrands, tenantCategoryTree } from '../base-info/service';
import * as repo from './repo';

/**
 * An enum's entries: the same codes in every language; the names in English for an English caller, else the
 * Chinese ones old clients (which name no language) have always read.
 */
export function enumItems(enumName: string, language: Language): common.EnumItem[] {
  if (!Object.hasOwn(common.enums, enumName)) {
    throw ApiError.badRequest({
      'zh-CN': `query.enumName: 不存在的枚举 ${enumName}，可用的有 ${Object.keys(common.enums).join(', ')}`,
      en: `query.enumName: no enumeration ${enumName}; available: ${Object.keys(common.enums).join(', ')}`,
    });
  }
  const items = common.enums[enumName]!;
  if (language !== 'en') return items;
  const names = common.enumNamesEn[enumName] ?? {};
  return items.map((item) => ({ code: item.code, name: Object.hasOwn(names, item.code) ? names[item.code]! : item.name }));
}

export const depts = (ctx: AppContext, session: SessionContext, filter: repo.DeptFilter) => repo.depts(ctx.db, scopeOf(session), filter);

/** A staff member's own store (every store when the account has none); a supplier's stores are those it delivers to. */
export async function myStores(ctx: AppContext, session: SessionContext) {
  if (session.kind === 'supplier') return repo.depts(ctx.db, scopeOf(session), { storesOnly: true });
  const own = await repo.accountDept(ctx.db, session.accountId);
  return repo.depts(ctx.db, scopeOf(session), { storesOnly: true, ...(own ? { codes: [own] } : {}) });
}

/** The requested stores and DCs the caller may see (all it may see when none are named). */
async function visibleDeptCodes(ctx: AppContext, session: SessionContext, requested: string[] | undefined): Promise<string[]> {
  const visible = await repo.depts(ctx.db, scopeOf(session), requested?.length ? { codes: requested } : {});
  return visible.map((d) => d.deptCode);
}

export async function stocks(ctx: AppContext, session: SessionContext, goodsCodes: string[], deptCodes: string[] | undefined) {
  return repo.stocks(ctx.db, scopeOf(session), goodsCodes, await visibleDeptCodes(ctx, session, deptCodes));
}

export async function locations(ctx: AppContext, session: SessionContext, billDirection: 'in' | 'out', deptCodes: string[] | undefined) {
  return repo.locations(ctx.db, session.tenantId, billDirection, await visibleDeptCodes(ctx, session, deptCodes));
}

export async function permissions(ctx: AppContext, session: SessionContext) {
  const [modules, buttons] = await Promise.all([modulesOf(ctx.db, session), buttonsOf(ctx.db, session)]);
  return {
    modules: modules.map((m) => ({ moduleCode: m.module_code, moduleName: m.name })),
    buttons: buttons.map((b) => ({ moduleCode: b.module_code, buttonCode: b.button_code })),
  };
}

/** The legacy pickers' trees hang under one named root whose id is empty. */
const rooted = (label: string, children: TreeNode[]): TreeNode[] => [{ id: '', label, children }];

const fromCategory = (node: CategoryNode): TreeNode => ({
  id: node.categoryCode,
  label: node.label,
  children: node.children.map(fromCategory),
});

export async function catalogTree(ctx: AppContext, session: SessionContext): Promise<TreeNode[]> {
  return rooted('所有类别', (await tenantCategoryTree(ctx, session.tenantId)).map(fromCategory));
}

export async function brandTree(ctx: AppContext, session: SessionContext): Promise<TreeNode[]> {
  const brands = await tenantBrands(ctx, session.tenantId);
  return rooted(
    '所有品牌',
    brands.map((b) => ({ id: b.brandCode, label: `${b.brandCode}_${b.brandName}`, children: [] })),
  );
}

/** Suppliers grouped by the top category of most of their goods, each once; a supplier without goods sits under '未分类'. */
export async function supplierTree(ctx: AppContext, session: SessionContext): Promise<TreeNode[]> {
  const rows = await repo.supplierCategories(ctx.db, scopeOf(session));
  const groups = new Map<string, TreeNode>();
  for (const row of rows) {
    const id = row.categoryCode ?? '';
    let group = groups.get(id);
    if (!group) {
      group = { id: `category:${id}`, label: row.categoryCode ? `${row.categoryCode}_${row.categoryName}` : '未分类', children: [] };
      groups.set(id, group);
    }
    group.children.push({ id: row.suppCode, label: `${row.suppCode}_${row.suppName}`, children: [] });
  }
  return rooted('所有供应商', [...groups.values()]);
}

export async function ocxDownloadUrl(ctx: AppContext, session: SessionContext): Promise<string> {
  return (await systemParam(ctx.db, session.tenantId, 'OCX_DOWNLOAD_URL'))?.parameterValue ?? '';
}
