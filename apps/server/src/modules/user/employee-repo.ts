// SQL of child accounts and their grants; changes run in the transaction the service opens.
import { type ColumnFilter, type EmployeeForm, type EmployeeStatus, employee } from '@portal/contract';
import { type Kysely, type Transaction, sql } from 'kysely';
import { type FilterColumn, columnFilterSql, distinctTexts, filterColumnOf, othersThan } from '../../db/column-filter';
import { containing, escapeLike } from '../../db/like';
import type { DB } from '../../db/schema';

const { employeeStatusText } = employee;

export interface Owner {
  tenantId: string;
  suppCode: string | null;
  /** Main account code; null for staff viewing a whole tenant or supplier. */
  parentCode: string | null;
}


export const sortableColumns = {
  employeeCode: 'employee_code', employeeName: 'employee_name', movPhone: 'mov_phone', buildDate: 'build_date',
  lastLoginTime: 'last_login_time', matureDate: 'mature_date', isUsed: 'is_used',
} as const;

/** Times as the grid shows them, in business time (UTC+8). */
const shownTime = (column: string) => sql`to_char(${sql.ref(column)} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`;

/** Columns of the list the grid may filter on the server, by wire field. */
export const filterColumns: Record<string, FilterColumn> = {
  employeeCode: { text: sql.ref('employee_code') }, employeeName: { text: sql.ref('employee_name') }, movPhone: { text: sql.ref('mov_phone') },
  email: { text: sql.ref('email') }, isUsed: { text: sql`CASE WHEN is_used THEN ${employeeStatusText['1']} ELSE ${employeeStatusText['0']} END` }, matureDate: { text: sql`mature_date::text` },
  buildDate: { text: shownTime('build_date') }, closeDate: { text: shownTime('close_date') },
  firstLoginTime: { text: shownTime('first_login_time') }, lastLoginTime: { text: shownTime('last_login_time') },
};

function children(db: Kysely<DB>, owner: Owner) {
  let q = db.selectFrom('account').where('tenant_id', '=', owner.tenantId).where('kind', '=', 'supplier').where('parent_code', 'is not', null);
  if (owner.suppCode) q = q.where('supp_code', '=', owner.suppCode);
  if (owner.parentCode) q = q.where('parent_code', '=', owner.parentCode);
  return q;
}

export interface EmployeeFilter {
  rawInfo?: string | undefined;
  status?: '' | '0' | '1' | undefined;
  strict: boolean;
  columns?: Record<string, ColumnFilter> | undefined;
}

/** The owner's children that match the search and the column filters. */
function matching(db: Kysely<DB>, owner: Owner, filter: EmployeeFilter) {
  let q = children(db, owner);
  const raw = filter.rawInfo;
  if (raw) {
    q = filter.strict
      ? q.where((eb) => eb.or([eb('employee_code', '=', raw), eb('employee_name', '=', raw), eb('mov_phone', '=', raw)]))
      : q.where((eb) => eb.or([eb('employee_code', 'ilike', containing(raw)), eb('employee_name', 'ilike', containing(raw)), eb('mov_phone', 'ilike', containing(raw))]));
  }
  if (filter.status) q = q.where('is_used', '=', filter.status === '1');
  const columns = columnFilterSql(filter.columns, filterColumns);
  if (columns) q = q.where(columns);
  return q;
}

export async function page(
  db: Kysely<DB>, owner: Owner, filter: EmployeeFilter,
  paging: { page: number; limit: number; sort?: { field: keyof typeof sortableColumns; order: 'asc' | 'desc' } | undefined },
) {
  const q = matching(db, owner, filter);
  const total = (await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
  const column = sql.ref(paging.sort ? sortableColumns[paging.sort.field] : 'employee_code');
  const direction = paging.sort?.order === 'desc' ? sql`DESC NULLS LAST` : sql`ASC NULLS LAST`;
  const list = await q
    .select(['employee_code', 'employee_name', 'mov_phone', 'email', 'is_used', 'build_date', 'close_date', 'first_login_time', 'last_login_time', 'mature_date'])
    .orderBy(sql`${column} ${direction}`).orderBy('employee_code')
    .limit(paging.limit).offset((paging.page - 1) * paging.limit).execute();
  return { total, list };
}

/** Distinct texts of a list column under the filter, without its own column filter (the grid's checklist). */
export function columnValues(db: Kysely<DB>, owner: Owner, filter: EmployeeFilter, field: string) {
  const column = filterColumnOf(filterColumns, field);
  return distinctTexts(matching(db, owner, { ...filter, columns: othersThan(filter.columns, field) }), column);
}

export function findChild(db: Kysely<DB>, owner: Owner, employeeCode: string) {
  return children(db, owner).selectAll().where('employee_code', '=', employeeCode).executeTakeFirst();
}

/** The owner's child, locked until the transaction ends, with its workflow state. */
export function lockChild(trx: Transaction<DB>, owner: Owner, employeeCode: string) {
  return children(trx, owner).selectAll()
    .select(sql<EmployeeStatus>`CASE WHEN is_used THEN '1' ELSE '0' END`.as('status'))
    .where('employee_code', '=', employeeCode).forUpdate().executeTakeFirst();
}

const profile = (form: EmployeeForm) => ({
  employee_name: form.name, mov_phone: form.mobile, email: form.email, position: form.position, remark: form.remark, sex: form.sex,
  card_no: form.cardNo, profiles: form.profies, head_pic_url: form.headPicUrl, wx_qr_code: form.wxQRCode, login_name: form.loginName,
  dept_code: form.deptCode, mature_date: form.matureDate || null,
});

export async function insertChild(
  trx: Transaction<DB>, owner: { tenantId: string; suppCode: string; parentCode: string }, form: EmployeeForm, passwordHash: string, now: Date,
) {
  await trx.insertInto('account').values({
    tenant_id: owner.tenantId, kind: 'supplier', employee_code: form.empCode, supp_code: owner.suppCode, parent_code: owner.parentCode,
    role_code: null, password_hash: passwordHash, must_change_password: true, password_changed_at: now, build_date: now,
    ...profile(form),
  }).execute();
}

export async function updateProfile(trx: Transaction<DB>, accountId: number, form: EmployeeForm) {
  await trx.updateTable('account').set(profile(form)).where('id', '=', accountId).execute();
}

/** Enables or disables an account; disabling ends its sessions. */
export async function setUsed(trx: Transaction<DB>, accountId: number, isUsed: boolean, now: Date) {
  await trx.updateTable('account').set({ is_used: isUsed, close_date: isUsed ? null : now }).where('id', '=', accountId).execute();
  if (!isUsed) await endSessions(trx, accountId, 'disabled', now);
}

/** A new password that must be changed at next login; the account's sessions end. */
export async function setPassword(trx: Transaction<DB>, accountId: number, passwordHash: string, now: Date) {
  await trx.updateTable('account').set({ password_hash: passwordHash, must_change_password: true, password_changed_at: now }).where('id', '=', accountId).execute();
  await endSessions(trx, accountId, 'password-reset', now);
}

export async function deleteAccount(trx: Transaction<DB>, accountId: number) {
  await trx.deleteFrom('account').where('id', '=', accountId).execute();
}

export async function codeTaken(db: Kysely<DB>, tenantId: string, employeeCode: string): Promise<boolean> {
  return (await db.selectFrom('account').select('id').where('tenant_id', '=', tenantId).where('kind', '=', 'supplier')
    .where('employee_code', '=', employeeCode).executeTakeFirst()) !== undefined;
}

export async function mobileTaken(db: Kysely<DB>, tenantId: string, movPhone: string, exceptCode?: string): Promise<boolean> {
  let q = db.selectFrom('account').select('id').where('tenant_id', '=', tenantId).where('kind', '=', 'supplier').where('mov_phone', '=', movPhone);
  if (exceptCode) q = q.where('employee_code', '<>', exceptCode);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function childCodes(db: Kysely<DB>, tenantId: string, parentCode: string): Promise<string[]> {
  const rows = await db.selectFrom('account').select('employee_code').where('tenant_id', '=', tenantId).where('kind', '=', 'supplier')
    .where('employee_code', 'like', `${escapeLike(parentCode)}-%`).execute();
  return rows.map((r) => r.employee_code);
}

async function endSessions(db: Kysely<DB>, accountId: number, reason: string, now: Date) {
  await db.updateTable('session').set({ revoked_at: now, revoke_reason: reason })
    .where('account_id', '=', accountId).where('revoked_at', 'is', null).execute();
}

export async function grantsOf(db: Kysely<DB>, accountId: number) {
  const [modules, buttons] = await Promise.all([
    db.selectFrom('account_module').select('module_code').where('account_id', '=', accountId).orderBy('module_code').execute(),
    db.selectFrom('account_button').select(['module_code', 'button_code']).where('account_id', '=', accountId).orderBy('module_code').orderBy('button_code').execute(),
  ]);
  return { moduleCodes: modules.map((m) => m.module_code), buttons: buttons.map((b) => ({ moudleCode: b.module_code, buttonCode: b.button_code })) };
}

export async function replaceGrants(trx: Transaction<DB>, accountId: number, moduleCodes: string[], buttons: { moudleCode: string; buttonCode: string }[]) {
  await trx.deleteFrom('account_button').where('account_id', '=', accountId).execute();
  await trx.deleteFrom('account_module').where('account_id', '=', accountId).execute();
  if (moduleCodes.length) await trx.insertInto('account_module').values(moduleCodes.map((m) => ({ account_id: accountId, module_code: m }))).execute();
  if (buttons.length) {
    await trx.insertInto('account_button').values(buttons.map((b) => ({ account_id: accountId, module_code: b.moudleCode, button_code: b.buttonCode }))).execute();
  }
}

export function moduleButtons(db: Kysely<DB>, moduleCodes: string[]) {
  if (moduleCodes.length === 0) return Promise.resolve([]);
  return db.selectFrom('module_button').select(['module_code', 'button_code', 'name']).where('module_code', 'in', moduleCodes)
    .orderBy('module_code').orderBy('button_code').execute();
}
