// SQL of child accounts and their grants; changes run in the transaction the service opens.
import { type EmployeeForm, type EmployeeStatus, employee } from '@portal/contract';
import { type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool, type Transaction, sql } from 'kysely';
import { containing, escapeLike } from '../../db/like';
import type { DB } from '../../db/schema';
import { type ListColumn, serverList } from '../../platform/list/server-list';
import { shanghaiTime } from '../../platform/sql/shanghai-time';
import { inScope } from '../../platform/scope';

const { employeeStatusText } = employee;

export interface Owner {
  tenantId: string;
  suppCode: string | null;
  /** Main account code; null for staff viewing a whole tenant or supplier. */
  parentCode: string | null;
}

/** A column of the child-account list, sortable or not; filtered on its text as the grid shows it. */
const column = (name: string, sortable: boolean, text: RawBuilder<unknown> = sql.ref(name)): ListColumn => ({
  value: sql.ref(name),
  text,
  sortable,
  filterable: true,
});

/** Child accounts of the owner (staff: every child account of the scope). */
function ofOwner<O>(query: SelectQueryBuilder<DB, 'account', O>, owner: Owner) {
  const q = query.where('kind', '=', 'supplier').where('parent_code', 'is not', null);
  return owner.parentCode ? q.where('parent_code', '=', owner.parentCode) : q;
}

const children = (db: Kysely<DB>, owner: Owner) => ofOwner(db.selectFrom('account').where(inScope(owner, 'account')), owner);

export interface EmployeeFilter {
  rawInfo?: string | undefined;
  status?: '' | '0' | '1' | undefined;
  strict: boolean;
}

/** The child-account list: the owner's children under the search, by code. */
export const employeeList = serverList({
  from: (db) => db.selectFrom('account'),
  alias: 'account',
  where: (q, filter: EmployeeFilter, owner: Owner) => {
    q = ofOwner(q, owner);
    const raw = filter.rawInfo;
    if (raw) {
      q = filter.strict
        ? q.where((eb) => eb.or([eb('employee_code', '=', raw), eb('employee_name', '=', raw), eb('mov_phone', '=', raw)]))
        : q.where((eb) =>
            eb.or([
              eb('employee_code', 'ilike', containing(raw)),
              eb('employee_name', 'ilike', containing(raw)),
              eb('mov_phone', 'ilike', containing(raw)),
            ]),
          );
    }
    if (filter.status) q = q.where('is_used', '=', filter.status === '1');
    return q;
  },
  columns: {
    employeeCode: column('employee_code', true),
    employeeName: column('employee_name', true),
    movPhone: column('mov_phone', true),
    email: column('email', false),
    isUsed: column('is_used', true, sql`CASE WHEN is_used THEN ${employeeStatusText['1']} ELSE ${employeeStatusText['0']} END`),
    matureDate: column('mature_date', true, sql`mature_date::text`),
    buildDate: column('build_date', true, shanghaiTime('build_date')),
    closeDate: column('close_date', false, shanghaiTime('close_date')),
    firstLoginTime: column('first_login_time', false, shanghaiTime('first_login_time')),
    lastLoginTime: column('last_login_time', true, shanghaiTime('last_login_time')),
  },
  defaultSort: { field: 'employeeCode', order: 'asc' },
  then: [{ value: sql.ref('employee_code') }],
  nullsLast: true,
  select: (matching) =>
    matching.select([
      'employee_code',
      'employee_name',
      'mov_phone',
      'email',
      'is_used',
      'build_date',
      'close_date',
      'first_login_time',
      'last_login_time',
      'mature_date',
    ]),
});

export function findChild(db: Kysely<DB>, owner: Owner, employeeCode: string) {
  return children(db, owner).selectAll().where('employee_code', '=', employeeCode).executeTakeFirst();
}

/** The owner's child, locked until the transaction ends, with its workflow state. */
export function lockChild(trx: Transaction<DB>, owner: Owner, employeeCode: string) {
  return children(trx, owner)
    .selectAll()
    .select(sql<EmployeeStatus>`CASE WHEN is_used THEN '1' ELSE '0' END`.as('status'))
    .where('employee_code', '=', employeeCode)
    .forUpdate()
    .executeTakeFirst();
}

const profile = (form: EmployeeForm) => ({
  employee_name: form.name,
  mov_phone: form.mobile,
  email: form.email,
  position: form.position,
  remark: form.remark,
  sex: form.sex,
  card_no: form.cardNo,
  profiles: form.profies,
  head_pic_url: form.headPicUrl,
  wx_qr_code: form.wxQRCode,
  login_name: form.loginName,
  dept_code: form.deptCode,
  mature_date: form.matureDate || null,
});

export async function insertChild(
  trx: Transaction<DB>,
  owner: { tenantId: string; suppCode: string; parentCode: string },
  form: EmployeeForm,
  passwordHash: string,
  now: Date,
  modules: readonly string[],
) {
  const { id } = await trx
    .insertInto('account')
    .values({
      tenant_id: owner.tenantId,
      kind: 'supplier',
      employee_code: form.empCode,
      supp_code: owner.suppCode,
      parent_code: owner.parentCode,
      role_code: null,
      password_hash: passwordHash,
      must_change_password: true,
      password_changed_at: now,
      build_date: now,
      ...profile(form),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (modules.length)
    await trx
      .insertInto('account_module')
      .values(modules.map((m) => ({ account_id: id, module_code: m })))
      .execute();
}

export async function updateProfile(trx: Transaction<DB>, accountId: number, form: EmployeeForm) {
  await trx.updateTable('account').set(profile(form)).where('id', '=', accountId).execute();
}

/** Enables or disables an account; disabling ends its sessions. */
export async function setUsed(trx: Transaction<DB>, accountId: number, isUsed: boolean, now: Date) {
  await trx
    .updateTable('account')
    .set({ is_used: isUsed, close_date: isUsed ? null : now })
    .where('id', '=', accountId)
    .execute();
  if (!isUsed) await endSessions(trx, accountId, 'disabled', now);
}

/** A new password that must be changed at next login; the account's sessions end. */
export async function setPassword(trx: Transaction<DB>, accountId: number, passwordHash: string, now: Date) {
  await trx
    .updateTable('account')
    .set({ password_hash: passwordHash, must_change_password: true, password_changed_at: now })
    .where('id', '=', accountId)
    .execute();
  await endSessions(trx, accountId, 'password-reset', now);
}

export async function deleteAccount(trx: Transaction<DB>, accountId: number) {
  await trx.deleteFrom('account').where('id', '=', accountId).execute();
}

export async function codeTaken(db: Kysely<DB>, tenantId: string, employeeCode: string): Promise<boolean> {
  return (
    (await db
      .selectFrom('account')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('kind', '=', 'supplier')
      .where('employee_code', '=', employeeCode)
      .executeTakeFirst()) !== undefined
  );
}

export async function mobileTaken(db: Kysely<DB>, tenantId: string, movPhone: string, exceptCode?: string): Promise<boolean> {
  let q = db
    .selectFrom('account')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', 'supplier')
    .where('mov_phone', '=', movPhone);
  if (exceptCode) q = q.where('employee_code', '<>', exceptCode);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function childCodes(db: Kysely<DB>, tenantId: string, parentCode: string): Promise<string[]> {
  const rows = await db
    .selectFrom('account')
    .select('employee_code')
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', 'supplier')
    .where('employee_code', 'like', `${escapeLike(parentCode)}-%`)
    .execute();
  return rows.map((r) => r.employee_code);
}

async function endSessions(db: Kysely<DB>, accountId: number, reason: string, now: Date) {
  await db
    .updateTable('session')
    .set({ revoked_at: now, revoke_reason: reason })
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function grantsOf(db: Kysely<DB>, accountId: number) {
  const [modules, buttons] = await Promise.all([
    db.selectFrom('account_module').select('module_code').where('account_id', '=', accountId).orderBy('module_code').execute(),
    db
      .selectFrom('account_button')
      .select(['module_code', 'button_code'])
      .where('account_id', '=', accountId)
      .orderBy('module_code')
      .orderBy('button_code')
      .execute(),
  ]);
  return {
    moduleCodes: modules.map((m) => m.module_code),
    buttons: buttons.map((b) => ({ moudleCode: b.module_code, buttonCode: b.button_code })),
  };
}

/**
 * Sets a child's grants to exactly these: what is no longer granted goes, what is new comes, what stays is left alone
 * (so the audit trail shows a change of grants as what changed, not every grant removed and written again).
 */
export async function replaceGrants(
  trx: Transaction<DB>,
  accountId: number,
  moduleCodes: string[],
  buttons: { moudleCode: string; buttonCode: string }[],
) {
  let goneButtons = trx.deleteFrom('account_button').where('account_id', '=', accountId);
  if (buttons.length)
    goneButtons = goneButtons.where(
      sql<SqlBool>`(module_code, button_code) NOT IN (${sql.join(buttons.map((b) => sql`(${b.moudleCode}, ${b.buttonCode})`))})`,
    );
  await goneButtons.execute();
  let goneModules = trx.deleteFrom('account_module').where('account_id', '=', accountId);
  if (moduleCodes.length) goneModules = goneModules.where('module_code', 'not in', moduleCodes);
  await goneModules.execute();
  if (moduleCodes.length)
    await trx
      .insertInto('account_module')
      .values(moduleCodes.map((m) => ({ account_id: accountId, module_code: m })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  if (buttons.length) {
    await trx
      .insertInto('account_button')
      .values(buttons.map((b) => ({ account_id: accountId, module_code: b.moudleCode, button_code: b.buttonCode })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

export function moduleButtons(db: Kysely<DB>, moduleCodes: string[]) {
  if (moduleCodes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('module_button')
    .select(['module_code', 'button_code', 'name'])
    .where('module_code', 'in', moduleCodes)
    .orderBy('module_code')
    .orderBy('button_code')
    .execute();
}
