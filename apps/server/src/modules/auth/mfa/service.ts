// Two-factor sign-in rules: enrolment, codes (once each, one step of skew, their own lockout), recovery codes, the
// login's code step, step-up before sensitive actions, and the tenant's policy.
import { type LoginResult, Messages, type MfaPolicy, type MfaStatus, ResultCode, mfa } from '@portal/contract';
import QRCode from 'qrcode';
import type { AppContext } from '../../../platform/context';
import { ApiError } from '../../../platform/errors';
import { hashToken } from '../../../platform/passwords';
import type { SessionContext } from '../../../platform/session-context';
import { verifyPassword } from '../../../lib/password-hash';
import * as authRepo from '../repo';
import { type ClientInfo, journalSignIn, rolesOf, startSession } from '../service';
import * as throttle from '../throttle-repo';
import * as repo from './repo';
import { seal, unseal } from '../../../platform/secret-box';
import { isTotpCode, matchingStep, newRecoveryCodes, newSecret, otpauthUri, recoveryHash } from './totp';

/** Where a request comes from, for the journal and the audit trail. */
export interface Client extends ClientInfo {
  requestId: string;
}

const windowMinutes = 30;
const throttleKey = (accountId: number) => `mfa:${accountId}`;

function actorOf(session: SessionContext): repo.Actor {
  return {
    accountId: session.accountId,
    tenantId: session.tenantId,
    kind: session.kind,
    employeeCode: session.employeeCode,
    employeeName: session.employeeName,
    suppCode: session.suppCode,
    roles: rolesOf(session.kind, session.roleCode, session.parentCode).join(','),
  };
}

/** Refuses while the account's code step is locked (too many wrong codes). */
async function guard(ctx: AppContext, accountId: number): Promise<void> {
  const row = await throttle.throttleOf(ctx.db, throttleKey(accountId));
  const now = ctx.now();
  if (row?.locked_until && row.locked_until > now) {
    const minutes = Math.max(1, Math.ceil((row.locked_until.getTime() - now.getTime()) / 60_000));
    throw new ApiError(429, ResultCode.throttled, {
      'zh-CN': `动态码错误次数过多，请${minutes}分钟后再试`,
      en: `Too many wrong codes. Please try again in ${minutes} minutes.`,
    });
  }
}

/** Counts a wrong code; true when it locked the account's code step. */
async function countFailure(ctx: AppContext, accountId: number): Promise<boolean> {
  const now = ctx.now();
  const key = throttleKey(accountId);
  await throttle.countFailure(ctx.db, key, now, new Date(now.getTime() - windowMinutes * 60_000));
  return throttle.lockWhenOver(ctx.db, key, ctx.config.mfa.lockAfter, new Date(now.getTime() + ctx.config.login.lockMinutes * 60_000), now);
}

/** Whether `code` is a current TOTP code of the account's enabled secret (taken: never again) or an unused recovery code (used up). */
async function codeHolds(ctx: AppContext, accountId: number, code: string): Promise<'totp' | 'recovery' | null> {
  const now = ctx.now();
  const plain = code.replace(/\s/g, '');
  if (isTotpCode(plain)) {
    const row = await repo.totpOf(ctx.db, accountId);
    if (!row?.enabled_at) return null;
    const step = matchingStep(await unseal(ctx, row.secret_sealed), plain, now);
    return step !== null && (await repo.takeStep(ctx.db, accountId, step, now)) ? 'totp' : null;
  }
  return (await repo.useRecoveryCode(ctx.db, accountId, recoveryHash(plain), now)) ? 'recovery' : null;
}

/**
 * Checks a code under the account's own attempt limit: a wrong one is written to the audit trail (and `onWrong`,
 * the login's journal), counted, and refused (`status`), or 429 once it locks the code step.
 */
async function checkCode(
  ctx: AppContext,
  actor: repo.Actor,
  code: string,
  event: { failedAction: string; status: 401 | 403; onWrong?: () => Promise<void> },
): Promise<'totp' | 'recovery'> {
  await guard(ctx, actor.accountId);
  const used = await codeHolds(ctx, actor.accountId, code);
  if (used) {
    await throttle.clearThrottle(ctx.db, throttleKey(actor.accountId));
    if (used === 'recovery') await audit(ctx, actor, 'recovery-code-used');
    return used;
  }
  await event.onWrong?.();
  const locked = await countFailure(ctx, actor.accountId);
  await audit(ctx, actor, event.failedAction, { locked });
  if (locked) await guard(ctx, actor.accountId);
  throw new ApiError(event.status, ResultCode.mfaCodeWrong, Messages.mfaCodeWrong);
}

/** The trail's 'mfa' entry of `actor`; its address, request id and call are the call's own (platform/audit-scope.ts). */
function audit(ctx: AppContext, actor: repo.Actor, action: string, detail?: Record<string, unknown>) {
  return repo.recordAudit(ctx.db, actor, { action, ...(detail ? { detail } : {}) });
}

export async function status(ctx: AppContext, session: SessionContext): Promise<MfaStatus> {
  const state = session.twoFactor ?? { enabled: false, required: false, pending: false, stepUpPassword: false };
  return {
    enabled: state.enabled,
    required: state.required,
    pending: state.pending,
    recoveryCodesLeft: state.enabled ? await repo.recoveryCodesLeft(ctx.db, session.accountId) : 0,
    stepUpWith: state.enabled ? 'code' : state.stepUpPassword ? 'password' : 'none',
  };
}

export async function startEnrolment(ctx: AppContext, session: SessionContext) {
  const secret = newSecret();
  if (!(await repo.startEnrolment(ctx.db, session.accountId, await seal(ctx, secret), ctx.now())))
    throw ApiError.conflict({
      'zh-CN': '双重验证已开启；如需更换验证器，请先关闭',
      en: 'Two-factor sign-in is already on; turn it off first to change the authenticator',
    });
  const issuer = ctx.config.mfa.issuer;
  const account = `${session.employeeCode}@${session.tenantId}`;
  const uri = otpauthUri(secret, issuer, account);
  const qrCode = await QRCode.toDataURL(uri, { type: 'image/png', margin: 1, width: 240, errorCorrectionLevel: 'M' });
  return { secret, uri, qrCode, issuer, account };
}

/** The first code turns two-factor sign-in on; the answer holds the recovery codes, never shown again. */
export async function confirmEnrolment(ctx: AppContext, session: SessionContext, code: string) {
  const row = await repo.totpOf(ctx.db, session.accountId);
  if (!row || row.enabled_at) throw ApiError.conflict({ 'zh-CN': '请先开始绑定身份验证器', en: 'Start linking an authenticator first' });
  const actor = actorOf(session);
  await guard(ctx, session.accountId);
  const now = ctx.now();
  const step = matchingStep(await unseal(ctx, row.secret_sealed), code.replace(/\s/g, ''), now);
  if (step === null || !(await repo.takeStep(ctx.db, session.accountId, step, now, true))) {
    const locked = await countFailure(ctx, session.accountId);
    await audit(ctx, actor, 'enrol-failed', { locked });
    if (locked) await guard(ctx, session.accountId);
    throw new ApiError(403, ResultCode.mfaCodeWrong, Messages.mfaCodeWrong);
  }
  const recoveryCodes = newRecoveryCodes();
  await repo.replaceRecoveryCodes(ctx.db, session.accountId, recoveryCodes.map(recoveryHash), now);
  await repo.markStepUp(ctx.db, session.tokenHash, now);
  await throttle.clearThrottle(ctx.db, throttleKey(session.accountId));
  // The second factor changed: sessions opened elsewhere without it end (ASVS 7.4.3); this one goes on.
  const ended = await repo.endOtherSessions(ctx.db, session.accountId, session.tokenHash, now);
  await audit(ctx, actor, 'enrolled', { endedSessions: ended });
  return { recoveryCodes };
}

export async function disable(ctx: AppContext, session: SessionContext, code: string): Promise<null> {
  if (!session.twoFactor?.enabled) throw ApiError.conflict({ 'zh-CN': '双重验证未开启', en: 'Two-factor sign-in is not on' });
  if (session.twoFactor.required)
    throw ApiError.conflict({
      'zh-CN': '所在租户的策略要求您的账号使用双重验证，不能关闭',
      en: "Your tenant's policy requires two-factor sign-in for your account: it cannot be turned off",
    });
  const actor = actorOf(session);
  await checkCode(ctx, actor, code, { failedAction: 'disable-failed', status: 403 });
  await repo.removeTotp(ctx.db, session.accountId);
  // Sessions opened elsewhere with the factor now gone end too; this one goes on.
  const ended = await repo.endOtherSessions(ctx.db, session.accountId, session.tokenHash, ctx.now());
  await audit(ctx, actor, 'disabled', { endedSessions: ended });
  return null;
}

/** Refuses a sensitive call unless this session confirmed its user within the last minutes (the auth hook). */
export async function requireStepUp(ctx: AppContext, session: SessionContext): Promise<void> {
  const state = session.twoFactor;
  if (!state || (!state.enabled && !state.stepUpPassword)) return;
  const at = await repo.stepUpAt(ctx.db, session.tokenHash);
  if (at && ctx.now().getTime() - at.getTime() < mfa.stepUpMinutes * 60_000) return;
  throw state.enabled
    ? new ApiError(403, ResultCode.stepUpCode, Messages.stepUpCode)
    : new ApiError(403, ResultCode.stepUpPassword, Messages.stepUpPassword);
}

/** Confirms the user of this session: a code when two-factor sign-in is on, else the password (RSA-OAEP as the login's). */
export async function stepUp(ctx: AppContext, session: SessionContext, body: { code?: string | undefined; password?: string | undefined }) {
  const actor = actorOf(session);
  const event = { failedAction: 'step-up-failed', status: 403 } as const;
  if (session.twoFactor?.enabled) {
    if (!body.code)
      throw ApiError.badRequest({
        'zh-CN': 'body.code: 请输入6位动态码或恢复码',
        en: 'body.code: enter the 6-digit code or a recovery code',
      });
    await checkCode(ctx, actor, body.code, event);
  } else {
    if (!body.password) throw ApiError.badRequest({ 'zh-CN': 'body.password: 请输入登录密码', en: 'body.password: enter your password' });
    const password = ctx.transportKey.decrypt(body.password);
    if (password === null)
      throw ApiError.badRequest({
        'zh-CN': 'body.password: 密码未按要求加密，请刷新页面后重试',
        en: 'body.password: the password was not encrypted as required; please refresh the page and try again',
      });
    await guard(ctx, session.accountId);
    const { password_hash } = await repo.passwordHashOf(ctx.db, session.accountId);
    if (!(await verifyPassword(password, password_hash))) {
      const locked = await countFailure(ctx, session.accountId);
      await audit(ctx, actor, 'step-up-failed', { with: 'password', locked });
      if (locked) await guard(ctx, session.accountId);
      throw new ApiError(403, ResultCode.mfaCodeWrong, { 'zh-CN': '密码错误', en: 'Wrong password' });
    }
    await throttle.clearThrottle(ctx.db, throttleKey(session.accountId));
  }
  const now = ctx.now();
  await repo.markStepUp(ctx.db, session.tokenHash, now);
  return { validUntil: new Date(now.getTime() + mfa.stepUpMinutes * 60_000).toISOString() };
}

const challengeGone = () =>
  new ApiError(401, ResultCode.loginFailed, {
    'zh-CN': '登录验证已过期，请重新输入用户名和密码',
    en: 'The sign-in step has expired. Please enter your user name and password again.',
  });

/** The login's second step: the challenge of a correct password and a code (or recovery code) open the session. */
export async function loginWithCode(
  ctx: AppContext,
  tenantId: string,
  body: { challenge: string; code: string },
  client: Client,
): Promise<LoginResult> {
  const challengeHash = hashToken(body.challenge);
  const challenge = await repo.challengeOf(ctx.db, challengeHash, ctx.now());
  if (!challenge) throw challengeGone();
  const [account] = await authRepo
    .findLoginCandidates(ctx.db, { tenantId, kind: 'staff', accountId: challenge.account_id })
    .then(async (staff) =>
      staff.length ? staff : authRepo.findLoginCandidates(ctx.db, { tenantId, kind: 'supplier', accountId: challenge.account_id }),
    );
  if (!account) throw challengeGone();
  // The login journal's row and the audit trail's entry (sign-in, its failure, a lockout) of this step.
  const journal = (outcome: string, accountId: number | null) =>
    journalSignIn(
      ctx,
      {
        tenantId,
        username: account.employee_code,
        accountId,
        action: `login-code:${account.kind}`,
        outcome,
        clientIp: client.ip,
        userAgent: client.userAgent,
      },
      account.kind,
      account,
    );
  const actor: repo.Actor = {
    accountId: account.id,
    tenantId: account.tenant_id,
    kind: account.kind,
    employeeCode: account.employee_code,
    employeeName: account.employee_name,
    suppCode: account.supp_code,
    roles: rolesOf(account.kind, account.role_code, account.parent_code).join(','),
  };
  try {
    await checkCode(ctx, actor, body.code, {
      failedAction: 'sign-in-failed',
      status: 401,
      onWrong: () => journal('bad-code', account.id),
    });
  } catch (err) {
    if (err instanceof ApiError && err.status === 429) await journal('locked', account.id);
    throw err;
  }
  if (!(await repo.takeChallenge(ctx.db, challengeHash))) throw challengeGone();
  const result = await startSession(ctx, account, client, journal);
  // The code was just proven: the new session starts stepped up.
  await repo.markStepUp(ctx.db, hashToken(result.token), ctx.now());
  return result;
}

export async function getPolicy(ctx: AppContext, tenantId: string) {
  const [stored, roles] = await Promise.all([repo.policyOf(ctx.db, tenantId), repo.staffRoles(ctx.db, tenantId)]);
  const policy: MfaPolicy = stored
    ? { requiredRoles: stored.required_roles, supplierMainRequired: stored.supplier_main_required, stepUpPassword: stored.step_up_password }
    : { ...mfa.defaultPolicy, requiredRoles: [...mfa.defaultPolicy.requiredRoles] };
  return { ...policy, isDefault: !stored, roles };
}

export async function savePolicy(ctx: AppContext, session: SessionContext, policy: MfaPolicy): Promise<null> {
  const known = new Set((await repo.staffRoles(ctx.db, session.tenantId)).map((r) => r.code));
  const unknown = policy.requiredRoles.find((code) => !known.has(code));
  if (unknown !== undefined)
    throw ApiError.badRequest({ 'zh-CN': `body.requiredRoles: 没有角色 ${unknown}`, en: `body.requiredRoles: no role ${unknown}` });
  const before = await getPolicy(ctx, session.tenantId);
  const requiredRoles = [...new Set(policy.requiredRoles)].sort();
  await repo.savePolicy(ctx.db, session.tenantId, { ...policy, requiredRoles }, session.employeeCode, ctx.now());
  await audit(ctx, actorOf(session), 'policy-changed', {
    before: {
      requiredRoles: before.requiredRoles,
      supplierMainRequired: before.supplierMainRequired,
      stepUpPassword: before.stepUpPassword,
    },
    after: { requiredRoles, supplierMainRequired: policy.supplierMainRequired, stepUpPassword: policy.stepUpPassword },
  });
  return null;
}
