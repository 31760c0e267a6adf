// The menu a user sees and the permissions behind it; the same rules the auth hook enforces.
import type { Permission, RouteItem } from '@portal/contract';
import type { AppContext } from '../../platform/context';
import type { SessionContext } from '../../platform/session-context';
import { rolesOf } from '../auth/service';
import { reachableAccount } from '../user/service';
import * as repo from './repo';

function toRoute(module: repo.ModuleRow, children: RouteItem[], roles: string[]): RouteItem {
  const meta = { title: module.name, icon: module.icon || undefined, affix: module.affix || undefined, roles };
  const base = { name: module.module_code, moudleCode: module.module_code, hidden: module.hidden, meta };
  switch (module.kind) {
    case 'folder':
      return { ...base, path: module.path, component: 'Layout', alwaysShow: true, redirect: 'noRedirect', children };
    case 'frame':
      return { ...base, path: `/iframe/urlPath/${module.module_code}?src=${encodeURIComponent(module.url)}`, component: 'iframe', children: [] };
    case 'dynamic':
      return { ...base, name: 'dynamic', path: module.path, component: 'dynamic/query', children: [] };
    default:
      return { ...base, path: module.path, component: module.component, children };
  }
}

/** Folders without a visible child are left out: they would open nothing. */
export function buildRoutes(modules: repo.ModuleRow[], roles: string[]): RouteItem[] {
  const byParent = new Map<string | null, repo.ModuleRow[]>();
  for (const m of modules) byParent.set(m.parent_code, [...(byParent.get(m.parent_code) ?? []), m]);
  const held = new Set(modules.map((m) => m.module_code));
  const build = (parent: string | null): RouteItem[] =>
    (byParent.get(parent) ?? []).flatMap((m) => {
      const children = build(m.module_code);
      if (m.kind === 'folder' && children.length === 0) return [];
      return [toRoute(m, children, roles)];
    });
  // Modules whose parent is not held hang at the top.
  const orphans = modules.filter((m) => m.parent_code !== null && !held.has(m.parent_code));
  return [...build(null), ...orphans.flatMap((m) => (m.kind === 'folder' ? [] : [toRoute(m, build(m.module_code), roles)]))];
}

export async function menuOf(ctx: AppContext, session: SessionContext): Promise<RouteItem[]> {
  const modules = await repo.modulesOf(ctx.db, session);
  return buildRoutes(modules, rolesOf(session.kind, session.roleCode, session.parentCode));
}

export function holdsModule(ctx: AppContext, session: SessionContext, moduleCode: string): Promise<boolean> {
  return repo.holdsModule(ctx.db, session, moduleCode);
}

export async function buttonCodes(ctx: AppContext, session: SessionContext, menuCode: string): Promise<string[]> {
  const rows = await repo.buttonsOf(ctx.db, session, menuCode);
  return rows.map((r) => r.button_code);
}

/** Permissions of an account within the caller's reach (see reachableAccount). */
export async function permissionOf(ctx: AppContext, session: SessionContext, employeeCode: string | undefined): Promise<Permission> {
  const holder = await reachableAccount(ctx, session, employeeCode);
  const [modules, buttons] = await Promise.all([repo.modulesOf(ctx.db, holder), repo.buttonsOf(ctx.db, holder)]);
  return {
    employeeCode: holder.employeeCode,
    moduleCodes: modules.map((m) => m.module_code),
    buttons: buttons.map((b) => ({ moudleCode: b.module_code, buttonCode: b.button_code })),
  };
}
