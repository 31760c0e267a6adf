// The user's own account, and whose accounts a caller may look at.
import { user, type UserInfoDetail } from '@portal/contract';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../lib/password-hash';
import type { SessionContext } from '../../platform/session-context';
import { recordLoginEvent } from '../auth/service';
import * as repo from './repo';

/**
 * The account behind an employee code, when the caller may see it: anyone their own; a supplier main
 * account its own child accounts; staff any account of their tenant. Otherwise 403 (or 404 for staff),
 * so a supplier cannot learn whether another supplier's account exists.
 */
export async function reachableAccount(
  ctx: AppContext,
  session: SessionContext,
  employeeCode: string | undefined,
): Promise<repo.AccountRow> {
  if (!employeeCode || employeeCode === session.employeeCode) {
    const self = await repo.findAccount(ctx.db, session.tenantId, session.employeeCode, session.kind);
    if (!self) throw ApiError.unauthorized();
    return self;
  }
  if (session.kind === 'staff') {
    const account =
      (await repo.findAccount(ctx.db, session.tenantId, employeeCode, 'supplier')) ??
      (await repo.findAccount(ctx.db, session.tenantId, employeeCode, 'staff'));
    if (!account) throw ApiError.notFound({ 'zh-CN': `账号 ${employeeCode} 不存在`, en: `Account ${employeeCode} does not exist` });
    return account;
  }
  const child = await repo.findAccount(ctx.db, session.tenantId, employeeCode, 'supplier');
  if (child && !session.parentCode && child.parentCode === session.employeeCode && child.suppCode === session.suppCode) return child;
  throw ApiError.forbidden();
}

const timestamp = (d: Date | null) => (d ? d.toISOString() : '');

export async function userInfoOf(ctx: AppContext, session: SessionContext, employeeCode: string | undefined): Promise<UserInfoDetail> {
  const account = await reachableAccount(ctx, session, employeeCode);
  return {
    employeeCode: account.employeeCode,
    employeeName: account.employeeName,
    movPhone: account.movPhone,
    matureDate: account.matureDate ?? '',
    parentCode: account.parentCode ?? '',
    firstLoginTime: timestamp(account.firstLoginTime),
    lastLoginTime: timestamp(account.lastLoginTime),
  };
}

export async function qrCode(ctx: AppContext, session: SessionContext): Promise<string> {
  if (!session.suppCode) return '';
  return repo.qrCodeOf(ctx.db, session.tenantId, session.suppCode);
}

export interface PasswordChange {
  employeeCode: string;
  oldpassword: string;
  newpassword: string;
  password2: string;
}

/** Changes the caller's own password (all three arrive RSA-encrypted) and ends all of its sessions. */
export async function changePassword(
  ctx: AppContext,
  session: SessionContext,
  change: PasswordChange,
  client: { ip: string; userAgent: string },
): Promise<void> {
  if (change.employeeCode !== session.employeeCode)
    throw ApiError.forbidden({ 'zh-CN': '只能修改自己的密码', en: 'You can only change your own password' });
  const decrypt = (field: keyof Omit<PasswordChange, 'employeeCode'>) => {
    const plain = ctx.transportKey.decrypt(change[field]);
    if (plain === null)
      throw ApiError.badRequest({
        'zh-CN': `body.${field}: 密码未按要求加密，请刷新页面后重试`,
        en: `body.${field}: the password was not encrypted as required; please refresh the page and try again`,
      });
    return plain;
  };
  const plain = { oldpassword: decrypt('oldpassword'), newpassword: decrypt('newpassword'), password2: decrypt('password2') };
  const problem = user.passwordChangeProblem(plain);
  if (problem) throw ApiError.badRequest({ 'zh-CN': problem, en: user.passwordChangeProblem(plain, 'en')! });
  const account = await reachableAccount(ctx, session, undefined);
  const journal = (outcome: string) =>
    recordLoginEvent(ctx.db, {
      tenantId: session.tenantId,
      username: session.employeeCode,
      accountId: session.accountId,
      action: 'password-change',
      outcome,
      clientIp: client.ip,
      userAgent: client.userAgent,
    });
  if (!(await verifyPassword(plain.oldpassword, account.passwordHash))) {
    await journal('bad-old-password');
    throw ApiError.badRequest({ 'zh-CN': '原密码错误', en: 'The current password is wrong' });
  }
  if (plain.newpassword === plain.oldpassword)
    throw ApiError.badRequest({ 'zh-CN': '新密码不能与原密码相同', en: 'The new password cannot be the same as the current one' });
  await repo.replacePassword(ctx.db, account.accountId, await hashPassword(plain.newpassword), ctx.now());
  await journal('success');
}
