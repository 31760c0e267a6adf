// The menu a user sees and the permissions behind it; the same rules the auth hook enforces.
import { createHmac, randomBytes } from 'node:crypto';
import type { ExternalModule, Permission, RouteItem } from '@portal/contract';
import { buttonsOf, englishName, type ModuleRow, modulesOf } from '../../platform/access';
import { ApiError } from '../../platform/errors';
import { isSealed, openStored, seal, type SecretKeySource } from '../../platform/secret-box';
import type { AppContext } from '../../platform/context';
import type { SessionContext } from '../../platform/session-context';
import { rolesOf } from '../auth/service';
import { reachableAccount } from '../user/service';
import * as repo from './repo';

function toRoute(module: ModuleRow, children: RouteItem[], roles: string[]): RouteItem {
  const meta = {
    title: module.name,
    titleEn: englishName(module),
    icon: module.icon || undefined,
    affix: module.affix || undefined,
    roles,
  };
  const base = { name: module.module_code, moudleCode: module.module_code, hidden: module.hidden, meta };
  switch (module.kind) {
    case 'folder':
      return { ...base, path: module.path, component: 'Layout', alwaysShow: true, redirect: 'noRedirect', children };
    case 'frame':
      return {
        ...base,
        path: `/iframe/urlPath/${module.module_code}?src=${encodeURIComponent(module.external_url)}`,
        component: 'iframe',
        children: [],
      };
    case 'dynamic':
      return { ...base, name: 'dynamic', path: module.path, component: 'dynamic/query', children: [] };
    default:
      return { ...base, path: module.path, component: module.component, children };
  }
}

/** Folders without a visible child are left out: they would open nothing. */
export function buildRoutes(modules: ModuleRow[], roles: string[]): RouteItem[] {
  const byParent = new Map<string | null, ModuleRow[]>();
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
  const modules = await modulesOf(ctx.db, session);
  return buildRoutes(modules, rolesOf(session.kind, session.roleCode, session.parentCode));
}

export async function buttonCodes(ctx: AppContext, session: SessionContext, menuCode: string): Promise<string[]> {
  const rows = await buttonsOf(ctx.db, session, menuCode);
  return rows.map((r) => r.button_code);
}

/** Permissions of an account within the caller's reach (see reachableAccount). */
export async function permissionOf(ctx: AppContext, session: SessionContext, employeeCode: string | undefined): Promise<Permission> {
  const holder = await reachableAccount(ctx, session, employeeCode);
  const [modules, buttons] = await Promise.all([modulesOf(ctx.db, holder), buttonsOf(ctx.db, holder)]);
  return {
    employeeCode: holder.employeeCode,
    moduleCodes: modules.map((m) => m.module_code),
    buttons: buttons.map((b) => ({ moudleCode: b.module_code, buttonCode: b.button_code })),
  };
}

export async function externalModules(ctx: AppContext, session: SessionContext): Promise<ExternalModule[]> {
  const rows = await repo.externalModules(ctx.db, session);
  return rows.map((r) => ({ moudleCode: r.moudleCode, name: r.name, url: r.url, kind: r.kind === 'sso' ? 'sso' : 'frame' }));
}

/** A single-sign-on module the caller holds, with its shared secret opened (it is stored sealed: platform/secret-box.ts). */
async function ssoModule(ctx: AppContext, session: SessionContext, moduleCode: string) {
  const module = (await repo.externalModules(ctx.db, session)).find((m) => m.moudleCode === moduleCode && m.kind === 'sso');
  if (!module)
    throw ApiError.forbidden({
      'zh-CN': `没有单点登录模块 ${moduleCode} 的权限`,
      en: `No access to the single sign-on module ${moduleCode}`,
    });
  return { ...module, ssoSecret: await openStored(ctx, module.ssoSecret) };
}

/**
 * Seals the single-sign-on secrets still stored in plain (the demo seed writes them so, as did releases before
 * sealing); every process does it at start, and once all are sealed it only reads. Answers how many it sealed.
 */
export async function sealPlainSsoSecrets(source: SecretKeySource): Promise<number> {
  let count = 0;
  for (const row of await repo.storedSsoSecrets(source.db)) {
    if (isSealed(row.secret)) continue;
    const { numUpdatedRows } = await repo.replaceSsoSecret(source.db, row, await seal(source, row.secret));
    count += Number(numUpdatedRows);
  }
  return count;
}

const ssoTicketSeconds = 120;
const verifyCodeSeconds = 300;

/** A link carrying who the user is, signed with the partner's shared secret and valid for two minutes. */
export async function ssoLink(ctx: AppContext, session: SessionContext, moduleCode: string): Promise<{ url: string }> {
  const module = await ssoModule(ctx, session, moduleCode);
  const params = new URLSearchParams({
    tenantid: session.tenantId,
    employeeCode: session.employeeCode,
    supplierCode: session.suppCode ?? '',
    timestamp: String(Math.floor(ctx.now().getTime() / 1000)),
    expires: String(ssoTicketSeconds),
    nonce: randomBytes(8).toString('hex'),
  });
  params.set('sign', createHmac('sha256', module.ssoSecret).update(params.toString()).digest('hex'));
  const url = new URL(module.url);
  for (const [k, v] of params) url.searchParams.set(k, v);
  return { url: url.toString() };
}

/** A six-digit code the partner can check with the shared secret (time-based, five-minute steps). */
export async function secondVerifyCode(ctx: AppContext, session: SessionContext, moduleCode: string) {
  const module = await ssoModule(ctx, session, moduleCode);
  const step = Math.floor(ctx.now().getTime() / 1000 / verifyCodeSeconds);
  const digest = createHmac('sha256', module.ssoSecret).update(`${session.tenantId}:${session.employeeCode}:${step}`).digest();
  const code = String(digest.readUInt32BE(0) % 1_000_000).padStart(6, '0');
  return { code, expiresInSeconds: verifyCodeSeconds - (Math.floor(ctx.now().getTime() / 1000) % verifyCodeSeconds) };
}

/**
 * Whether the caller may open a page of the web app: held when it holds the module whose path the page is or
 * lies below; forbidden when such a module exists but is not held (the web shows 403, never the 404 of a page
 * that does not exist); none when there is no such page.
 */
export async function checkPage(
  ctx: AppContext,
  session: SessionContext,
  path: string,
): Promise<{ access: 'held' | 'forbidden' | 'none' }> {
  const modules = await repo.pageModulesAt(ctx.db, path.split('?')[0]!);
  if (modules.length === 0) return { access: 'none' };
  const held = await repo.heldOf(
    ctx.db,
    session,
    modules.map((m) => m.module_code),
  );
  return { access: held.size > 0 ? 'held' : 'forbidden' };
}
