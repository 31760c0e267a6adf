// Rules of child accounts: only a main account manages its own children (staff may look), codes and
// mobiles are unique, grants never exceed the main account's, and every change is a transition of the
// account's workflow (employee-flow.ts), recorded in its history.
import { randomInt } from 'node:crypto';
import { type CallBody, type Employee, type EmployeeForm, type ResourceNode, employee as contract } from '@portal/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { hashPassword } from '../../lib/password-hash';
import type { SessionContext } from '../../platform/session-context';
import { businessDay } from '../../platform/clock';
import { englishName, type ModuleRow, modulesOf } from '../../platform/access';
import { historyOf } from '../../platform/workflow/history';
import { start, transition } from '../../platform/workflow/transition';
import { employeeFlow } from './employee-flow';
import * as repo from './employee-repo';

const { everyAccountModules, mainAccountModules } = contract;
const time = (d: Date | null) => (d ? d.toISOString() : '');

/** The main account managing, or 403. */
function manager(session: SessionContext): repo.Owner & { suppCode: string; parentCode: string } {
  if (session.kind !== 'supplier' || session.parentCode || !session.suppCode)
    throw ApiError.forbidden({ 'zh-CN': '只有供应商主账号可以管理子账号', en: "Only a supplier's main account can manage child accounts" });
  return { tenantId: session.tenantId, suppCode: session.suppCode, parentCode: session.employeeCode };
}

/** Whose children a caller may see: a main account its own; staff any supplier's of their tenant. */
function viewer(session: SessionContext, suppCode?: string): repo.Owner {
  if (session.kind === 'staff') return { tenantId: session.tenantId, suppCode: suppCode || null, parentCode: null };
  return manager(session);
}

async function child(ctx: AppContext, owner: repo.Owner, employeeCode: string) {
  const row = await repo.findChild(ctx.db, owner, employeeCode);
  if (!row) throw ApiError.notFound({ 'zh-CN': `子账号 ${employeeCode} 不存在`, en: `Child account ${employeeCode} does not exist` });
  return row;
}

/** The list's search as the repo reads it ('1' or true: the search matches exactly). */
function filterOf(query: Omit<CallBody<typeof contract.getEmployeeColumnValues>, 'field'>): repo.EmployeeFilter {
  return { rawInfo: query.rawInfo, status: query.status, strict: query.isStrict === true || query.isStrict === '1' };
}

/** The list grid's value checklist: a column's texts across every page the search and other filters leave. */
export function columnValues(ctx: AppContext, session: SessionContext, query: CallBody<typeof contract.getEmployeeColumnValues>) {
  return repo.employeeList.columnValues(ctx.db, viewer(session, query.suppCode), filterOf(query), query.filters, query.field);
}

export async function list(ctx: AppContext, session: SessionContext, query: z.infer<typeof contract.employeeListQuery>) {
  const { total, list } = await repo.employeeList.page(ctx.db, viewer(session, query.suppCode), filterOf(query), query);
  const canEdit = session.kind === 'supplier';
  return {
    total,
    list: list.map((r): Employee => ({
      employeeCode: r.employee_code,
      employeeName: r.employee_name,
      movPhone: r.mov_phone,
      email: r.email,
      isUsed: r.is_used ? '1' : '0',
      buildDate: time(r.build_date),
      closeDate: time(r.close_date),
      firstLoginTime: time(r.first_login_time),
      lastLoginTime: time(r.last_login_time),
      matureDate: r.mature_date ?? '',
      isEdit: canEdit ? '1' : '0',
    })),
  };
}

export async function detail(ctx: AppContext, session: SessionContext, employeeCode: string) {
  const row = await child(ctx, viewer(session), employeeCode);
  return {
    empCode: row.employee_code,
    name: row.employee_name,
    mobile: row.mov_phone,
    email: row.email,
    position: row.position,
    remark: row.remark,
    sex: row.sex,
    cardNo: row.card_no,
    profies: row.profiles,
    headPicUrl: row.head_pic_url,
    wxQRCode: row.wx_qr_code,
    loginName: row.login_name,
    deptCode: row.dept_code,
    matureDate: row.mature_date ?? '',
    isUsed: row.is_used ? ('1' as const) : ('0' as const),
    parentCode: row.parent_code ?? '',
    buildDate: time(row.build_date),
    lastLoginTime: time(row.last_login_time),
  };
}

export async function codeFree(ctx: AppContext, session: SessionContext, employeeCode: string): Promise<boolean> {
  viewer(session);
  return !(await repo.codeTaken(ctx.db, session.tenantId, employeeCode));
}

export async function mobileFree(ctx: AppContext, session: SessionContext, movPhone: string, employeeCode?: string): Promise<boolean> {
  viewer(session);
  return !(await repo.mobileTaken(ctx.db, session.tenantId, movPhone, employeeCode));
}

export async function nextChildCode(ctx: AppContext, session: SessionContext): Promise<string> {
  const owner = manager(session);
  const used = new Set((await repo.childCodes(ctx.db, owner.tenantId, owner.parentCode)).map((c) => c.slice(owner.parentCode.length + 1)));
  for (let n = 1; n < 1000; n++) {
    const suffix = String(n).padStart(2, '0');
    if (!used.has(suffix)) return `${owner.parentCode}-${suffix}`;
  }
  throw ApiError.conflict({ 'zh-CN': '子账号数量已达上限', en: 'The number of child accounts has reached its limit' });
}

async function checkForm(ctx: AppContext, owner: repo.Owner & { parentCode: string }, form: EmployeeForm, editing: boolean) {
  if (!form.empCode.startsWith(`${owner.parentCode}-`))
    throw ApiError.badRequest({
      'zh-CN': `body.empCode: 子账号编码须以 ${owner.parentCode}- 开头`,
      en: `body.empCode: a child account's code must start with ${owner.parentCode}-`,
    });
  if (!editing && (await repo.codeTaken(ctx.db, owner.tenantId, form.empCode)))
    throw ApiError.conflict({ 'zh-CN': 'body.empCode: 账号已存在', en: 'body.empCode: the account already exists' });
  if (await repo.mobileTaken(ctx.db, owner.tenantId, form.mobile, form.empCode))
    throw ApiError.conflict({ 'zh-CN': 'body.mobile: 手机号码已被使用', en: 'body.mobile: the mobile number is already in use' });
  if (form.matureDate && form.matureDate < businessDay(ctx.now()))
    throw ApiError.badRequest({
      'zh-CN': 'body.matureDate: 有效期不能早于今天',
      en: 'body.matureDate: the expiry date cannot be before today',
    });
}

/** A random password that meets the policy: 10 characters with lower, upper and digit. */
export function randomPassword(): string {
  const sets = ['abcdefghjkmnpqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789'];
  const all = sets.join('');
  const chars = [...sets.map((s) => s[randomInt(s.length)]!), ...Array.from({ length: 7 }, () => all[randomInt(all.length)]!)];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

export async function create(ctx: AppContext, session: SessionContext, form: EmployeeForm) {
  const owner = manager(session);
  await checkForm(ctx, owner, form, false);
  const initialPassword = randomPassword();
  const passwordHash = await hashPassword(initialPassword);
  await ctx.db.transaction().execute((trx) =>
    start(trx, employeeFlow, {
      action: 'create',
      actor: session,
      id: form.empCode,
      detail: { name: form.name },
      create: () => repo.insertChild(trx, owner, form, passwordHash, ctx.now(), everyAccountModules),
    }),
  );
  return { employeeCode: form.empCode, initialPassword };
}

export async function update(ctx: AppContext, session: SessionContext, form: EmployeeForm) {
  const owner = manager(session);
  await child(ctx, owner, form.empCode);
  await checkForm(ctx, owner, form, true);
  await ctx.db.transaction().execute((trx) =>
    transition(trx, employeeFlow, {
      action: 'update',
      actor: session,
      id: form.empCode,
      lock: () => repo.lockChild(trx, owner, form.empCode),
      apply: (row) => repo.updateProfile(trx, row.id, form),
    }),
  );
}

/**
 * The modules the main account holds, as a tree with their buttons: what it may grant. Staff, who view
 * (never edit) suppliers' accounts, get the tree of a main account to read a child's grants against.
 */
export async function grantable(ctx: AppContext, session: SessionContext): Promise<ResourceNode[]> {
  const holder = session.kind === 'staff' ? { ...session, kind: 'supplier' as const, roleCode: null, parentCode: null } : session;
  if (session.kind !== 'staff') manager(session);
  const modules = (await modulesOf(ctx.db, holder)).filter(
    (m) => !mainAccountModules.includes(m.module_code) && !everyAccountModules.includes(m.module_code),
  );
  const buttons = await repo.moduleButtons(
    ctx.db,
    modules.map((m) => m.module_code),
  );
  const node = (m: ModuleRow): ResourceNode => ({
    moudleCode: m.module_code,
    name: m.name,
    nameEn: englishName(m),
    buttons: buttons.filter((b) => b.module_code === m.module_code).map((b) => ({ buttonCode: b.button_code, name: b.name })),
    children: modules.filter((c) => c.parent_code === m.module_code).map(node),
  });
  const held = new Set(modules.map((m) => m.module_code));
  return modules.filter((m) => !m.parent_code || !held.has(m.parent_code)).map(node);
}

export async function grantsOf(ctx: AppContext, session: SessionContext, employeeCode: string) {
  const row = await child(ctx, viewer(session), employeeCode);
  return { employeeCode, ...(await repo.grantsOf(ctx.db, row.id)) };
}

export async function setGrants(ctx: AppContext, session: SessionContext, grant: z.infer<typeof contract.grant>) {
  const owner = manager(session);
  await child(ctx, owner, grant.employeeCode);
  const modules = await modulesOf(ctx.db, session);
  const byCode = new Map(modules.map((m) => [m.module_code, m]));
  const mainOnly = modules.filter((m) => mainAccountModules.includes(m.module_code) && grant.moduleCodes.includes(m.module_code));
  if (mainOnly.length)
    throw ApiError.badRequest({
      'zh-CN': `body.moduleCodes: ${mainOnly.map((m) => `${m.name}（${m.module_code}）`).join('、')}只属于主账号，不能授予子账号`,
      en: `body.moduleCodes: ${mainOnly.map((m) => `${englishName(m) ?? m.name} (${m.module_code})`).join(', ')} belong${mainOnly.length === 1 ? 's' : ''} to the main account and cannot be granted to a child account`,
    });
  const beyond = grant.moduleCodes.filter((code) => !byCode.has(code));
  if (beyond.length)
    throw ApiError.forbidden({
      'zh-CN': `不能授予自己没有的模块: ${beyond.join(', ')}`,
      en: `You cannot grant modules you do not have: ${beyond.join(', ')}`,
    });
  // A granted module brings its folders along, so the menu can show it; the modules of every account stay.
  const granted = new Set<string>(everyAccountModules);
  for (const code of grant.moduleCodes) {
    for (let m = byCode.get(code); m && !granted.has(m.module_code); m = m.parent_code ? byCode.get(m.parent_code) : undefined)
      granted.add(m.module_code);
  }
  const available = await repo.moduleButtons(ctx.db, [...granted]);
  const key = (m: string, b: string) => `${m}\u0000${b}`;
  const availableKeys = new Set(available.map((b) => key(b.module_code, b.button_code)));
  const badButton = grant.buttons.find((b) => !availableKeys.has(key(b.moudleCode, b.buttonCode)));
  if (badButton)
    throw ApiError.forbidden({
      'zh-CN': `不能授予按钮 ${badButton.moudleCode}/${badButton.buttonCode}`,
      en: `You cannot grant the button ${badButton.moudleCode}/${badButton.buttonCode}`,
    });
  const buttons = [...new Map(grant.buttons.map((b) => [key(b.moudleCode, b.buttonCode), b])).values()];
  await ctx.db.transaction().execute((trx) =>
    transition(trx, employeeFlow, {
      action: 'grant',
      actor: session,
      id: grant.employeeCode,
      detail: () => ({ moduleCodes: [...granted], buttons }),
      lock: () => repo.lockChild(trx, owner, grant.employeeCode),
      apply: (row) => repo.replaceGrants(trx, row.id, [...granted].sort(), buttons),
    }),
  );
}

export async function setUsed(ctx: AppContext, session: SessionContext, employeeCode: string, isUsed: boolean) {
  const owner = manager(session);
  await ctx.db.transaction().execute((trx) =>
    transition(trx, employeeFlow, {
      action: isUsed ? 'enable' : 'disable',
      actor: session,
      id: employeeCode,
      lock: () => repo.lockChild(trx, owner, employeeCode),
      apply: (row) => repo.setUsed(trx, row.id, isUsed, ctx.now()),
    }),
  );
}

export async function resetPassword(ctx: AppContext, session: SessionContext, employeeCode: string) {
  const owner = manager(session);
  const password = randomPassword();
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction().execute((trx) =>
    transition(trx, employeeFlow, {
      action: 'reset-password',
      actor: session,
      id: employeeCode,
      lock: () => repo.lockChild(trx, owner, employeeCode),
      apply: (row) => repo.setPassword(trx, row.id, passwordHash, ctx.now()),
    }),
  );
  return { employeeCode, password };
}

export async function remove(ctx: AppContext, session: SessionContext, employeeCode: string) {
  const owner = manager(session);
  await ctx.db.transaction().execute((trx) =>
    transition(trx, employeeFlow, {
      action: 'delete',
      actor: session,
      id: employeeCode,
      lock: () => repo.lockChild(trx, owner, employeeCode),
      detail: async (row) => ({
        name: row.employee_name,
        mobile: row.mov_phone,
        buildDate: time(row.build_date),
        grants: await repo.grantsOf(trx, row.id),
      }),
      apply: (row) => repo.deleteAccount(trx, row.id),
    }),
  );
}

/** What was done to a child account, for its detail page (staff may look too). */
export async function history(ctx: AppContext, session: SessionContext, employeeCode: string) {
  await child(ctx, viewer(session), employeeCode);
  return historyOf(ctx.db, employeeFlow, session.tenantId, employeeCode);
}
