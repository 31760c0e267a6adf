// Sign-in rules: credentials, identity choice, account and password states, sessions.
import {
  type CodeNeeded,
  type LoginBody,
  type LoginIdentity,
  type LoginResult,
  Messages,
  ResultCode,
  type UserInfo,
} from '@portal/contract';
import type { Access } from '../../platform/auth-hook';
import { ApiError, type Localized } from '../../platform/errors';
import type { AppContext } from '../../platform/context';
import { verifyDecoy, verifyPassword } from '../../lib/password-hash';
import { hashToken, newToken } from '../../platform/passwords';
import type { SessionContext } from '../../platform/session-context';
import { SingleFlight } from '../../platform/single-flight';
import type { AccountKind } from '../../db/schema';
import { recordSignInEvent } from '../audit/record';
import { redeemCode } from './ident';
import { issueChallenge, usesTwoFactor } from './mfa/challenge';
import * as repo from './repo';
import { guardLogin, recordFailure, recordSuccess, throttleKeys } from './throttle';

const dayMs = 86_400_000;

/** One row of the login journal (logins, logouts, password changes), for the modules that journal too. */
export const recordLoginEvent: typeof repo.recordLoginEvent = (db, event) => repo.recordLoginEvent(db, event);

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** Whole days from `from` to the date `to` (YYYY-MM-DD, end of that day in UTC+8 is not modelled: dates are calendar dates). */
function daysUntil(from: Date, to: Date): number {
  const start = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  const end = Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate());
  return Math.round((end - start) / dayMs);
}

/** The audit trail's kind of a login journal's outcome: a session begun, refused while locked, or a failure (none for a step). */
function auditKindOf(outcome: string): 'sign-in' | 'lockout' | 'sign-in-failed' | null {
  if (outcome === 'success') return 'sign-in';
  // Steps of a sign-in that goes on: the identity to choose, the code to give (modules/auth/mfa).
  if (outcome === 'identity-choice' || outcome === 'code-needed') return null;
  return outcome === 'locked' ? 'lockout' : 'sign-in-failed';
}

export type JournalAccount = Pick<repo.LoginCandidate, 'id' | 'kind' | 'employee_code' | 'employee_name' | 'supp_code' | 'role_code'>;

/** A login journal's row and the audit trail's entry of the same (modules/audit): who tried, with what outcome. */
export async function journalSignIn(
  ctx: AppContext,
  event: Parameters<typeof repo.recordLoginEvent>[1],
  kind: AccountKind,
  account: JournalAccount | undefined,
): Promise<void> {
  await repo.recordLoginEvent(ctx.db, event);
  const auditKind = auditKindOf(event.outcome);
  if (!auditKind) return;
  await recordSignInEvent(
    ctx.db,
    auditKind,
    {
      tenantId: event.tenantId,
      accountId: account?.id ?? event.accountId,
      kind: account?.kind ?? kind,
      code: account?.employee_code ?? event.username,
      name: account?.employee_name ?? '',
      supplierCode: account?.supp_code ?? null,
      roles: account?.role_code ?? '',
    },
    { reason: event.outcome, via: event.action, userAgent: event.userAgent.slice(0, 200) },
  );
}

function loginFailure(message: Localized): ApiError {
  return new ApiError(401, ResultCode.loginFailed, message);
}

export async function login(
  ctx: AppContext,
  kind: AccountKind,
  tenantQuery: string,
  body: LoginBody,
  client: ClientInfo,
): Promise<LoginResult | LoginIdentity[] | CodeNeeded> {
  const tenantId = tenantQuery || body.tenantid || '';
  const username = body.username.trim();
  const journal = (outcome: string, accountId: number | null, account?: JournalAccount) =>
    journalSignIn(
      ctx,
      { tenantId, username, accountId, action: `login:${kind}`, outcome, clientIp: client.ip, userAgent: client.userAgent },
      kind,
      account,
    );

  const password = ctx.transportKey.decrypt(body.password);
  if (password === null)
    throw ApiError.badRequest({
      'zh-CN': 'body.password: 密码未按要求加密，请刷新页面后重试',
      en: 'body.password: the password was not encrypted as required; please refresh the page and try again',
    });
  const keys = throttleKeys(tenantId, kind, username, client.ip);
  try {
    await guardLogin(ctx, keys, body);
  } catch (err) {
    await journal(err instanceof ApiError && err.status === 429 ? 'locked' : 'captcha', null);
    throw err;
  }
  if (!(await repo.tenantExists(ctx.db, tenantId))) {
    await verifyDecoy(password);
    await recordFailure(ctx, keys);
    await journal('unknown-tenant', null);
    throw loginFailure(Messages.loginFailed);
  }

  const accountId = body.identityId ? Number.parseInt(body.identityId, 10) : undefined;
  if (accountId !== undefined && !Number.isSafeInteger(accountId))
    throw ApiError.badRequest({ 'zh-CN': 'body.identityId: 身份标识不合法', en: 'body.identityId: invalid identity' });
  const candidates = await repo.findLoginCandidates(ctx.db, {
    tenantId,
    kind,
    username,
    supplierCode: kind === 'supplier' ? body.supplierCode : undefined,
    accountId,
  });
  const matching: repo.LoginCandidate[] = [];
  if (candidates.length === 0) await verifyDecoy(password);
  for (const candidate of candidates) {
    if (await verifyPassword(password, candidate.password_hash)) matching.push(candidate);
  }
  const [account] = matching;
  if (!account) {
    await recordFailure(ctx, keys, candidates.length === 1 ? candidates[0] : undefined);
    await journal(
      'bad-credentials',
      candidates.length === 1 ? candidates[0]!.id : null,
      candidates.length === 1 ? candidates[0] : undefined,
    );
    throw loginFailure(Messages.loginFailed);
  }
  await recordSuccess(ctx, keys);
  if (matching.length > 1) {
    await journal('identity-choice', null);
    return matching.map((a) => ({
      identityId: String(a.id),
      supplierCode: a.supp_code ?? '',
      supplierName: a.supp_name ?? '',
      employeeCode: a.employee_code,
      employeeName: a.employee_name,
    }));
  }
  await refuseInactive(ctx, account, journal);
  // Two-factor sign-in: no session until the code (POST /user/loginCode with this challenge).
  if (await usesTwoFactor(ctx, account.id)) {
    await journal('code-needed', account.id);
    return issueChallenge(ctx, account);
  }
  return startSession(ctx, account, client, journal);
}

type Journal = (outcome: string, accountId: number | null, account?: JournalAccount) => Promise<void>;

/** Refuses (journaled) a disabled or expired account or one of a disabled supplier. */
async function refuseInactive(ctx: AppContext, account: repo.LoginCandidate, journal: Journal): Promise<void> {
  const now = ctx.now();
  if (!account.is_used) {
    await journal('disabled', account.id, account);
    throw loginFailure({ 'zh-CN': '账号已停用，请联系管理员', en: 'This account has been disabled. Please contact your administrator.' });
  }
  if (account.kind === 'supplier' && account.supplier_status === '停用') {
    await journal('supplier-disabled', account.id, account);
    throw loginFailure(Messages.supplierDisabled);
  }
  if (account.mature_date && daysUntil(now, new Date(account.mature_date)) < 0) {
    await journal('expired', account.id, account);
    throw loginFailure({
      'zh-CN': `账号已于${account.mature_date}到期，请联系管理员`,
      en: `This account expired on ${account.mature_date}. Please contact your administrator.`,
    });
  }
}

/** Opens a session for an account whose identity is proven (password, and code when it uses one), after the account-state checks. */
export async function startSession(
  ctx: AppContext,
  account: repo.LoginCandidate,
  client: ClientInfo,
  journal: Journal,
): Promise<LoginResult> {
  await refuseInactive(ctx, account, journal);
  const now = ctx.now();
  const token = newToken();
  const absoluteExpiry = new Date(now.getTime() + ctx.config.sessionAbsoluteHours * 3_600_000);
  await repo.insertSession(ctx.db, {
    tokenHash: hashToken(token),
    accountId: account.id,
    expiresAt: absoluteExpiry,
    clientIp: client.ip,
    userAgent: client.userAgent,
    now,
    endOthers: ctx.config.singleSession,
  });
  await journal('success', account.id, account);

  const passwordExpires = new Date(account.password_changed_at.getTime() + ctx.config.passwordValidDays * dayMs);
  const pwPeriod = daysUntil(now, passwordExpires);
  const accountDaysLeft = account.mature_date ? daysUntil(now, new Date(account.mature_date)) : null;
  return {
    token,
    employeeCode: account.employee_code,
    employeeName: account.employee_name,
    supplierName: account.supp_name ?? '',
    supplierCode: account.supp_code ?? '',
    companyName: account.company_name,
    accountExpireWarn: accountDaysLeft !== null && accountDaysLeft <= ctx.config.accountExpireWarnDays ? String(accountDaysLeft) : '-1',
    matureDate: account.mature_date ?? '',
    isEditPw: account.must_change_password || pwPeriod <= 0 ? '1' : '0',
    pwPeriod: Math.max(pwPeriod, 0),
    staff: account.kind === 'staff',
  };
}

/** Staff login with a one-time code of the identity provider (the frame login of spec section 4). */
export async function loginWithIdentCode(
  ctx: AppContext,
  tenantId: string,
  code: string,
  exp: number,
  client: ClientInfo,
): Promise<LoginResult> {
  const accountId = await redeemCode(ctx, code, exp);
  const [account] = await repo.findLoginCandidates(ctx.db, { tenantId, kind: 'staff', accountId });
  if (!account)
    throw loginFailure({
      'zh-CN': '登录凭证无效或已过期，请重新登录',
      en: 'Your sign-in credential is invalid or has expired. Please sign in again.',
    });
  const journal = (outcome: string, id: number | null) =>
    journalSignIn(
      ctx,
      {
        tenantId,
        username: account.employee_code,
        accountId: id,
        action: 'login:ident',
        outcome,
        clientIp: client.ip,
        userAgent: client.userAgent,
      },
      'staff',
      account,
    );
  return startSession(ctx, account, client, journal);
}

type SessionRow = repo.SessionRow | undefined;
/** Session lookups in flight, per database: a page's burst of calls with one token makes one query. */
const lookups = new WeakMap<AppContext['db'], SingleFlight<SessionRow>>();

function lookUpSession(ctx: AppContext, tokenHash: string, accessKey: string, access?: Access): Promise<SessionRow> {
  let flights = lookups.get(ctx.db);
  if (!flights) lookups.set(ctx.db, (flights = new SingleFlight()));
  return flights.run(`${tokenHash} ${accessKey}`, () => repo.findSession(ctx.db, tokenHash, access));
}

/** Why a session row refuses a call at `now`, or undefined when it lets it through. */
function refusal(ctx: AppContext, row: repo.SessionRow, now: Date): 'revoked' | 'ended' | undefined {
  if (row.revoked_at) return 'revoked';
  const idleLimit = row.last_seen_at.getTime() + ctx.config.sessionIdleMinutes * 60_000;
  const supplierDisabled = row.kind === 'supplier' && row.supplier_status === '停用';
  if (now >= row.expires_at || now.getTime() > idleLimit || !row.is_used || supplierDisabled) return 'ended';
  return undefined;
}

/** Touches in flight, per database: concurrent calls of one session write it once. */
const touches = new WeakMap<AppContext['db'], SingleFlight<void>>();

/** Sliding idle expiry; written at most once a minute to keep reads cheap. */
async function touch(ctx: AppContext, tokenHash: string, row: repo.SessionRow, now: Date): Promise<void> {
  if (now.getTime() - row.last_seen_at.getTime() <= 60_000) return;
  let flights = touches.get(ctx.db);
  if (!flights) touches.set(ctx.db, (flights = new SingleFlight()));
  await flights.run(tokenHash, () => repo.touchSession(ctx.db, tokenHash, now));
}

/**
 * Resolves a token to its session, or throws 401 with the message the clients act on; with an access,
 * 403 unless the session holds it (answered by the session's own query).
 */
export async function authenticate(ctx: AppContext, token: string, access?: Access): Promise<SessionContext> {
  const tokenHash = hashToken(token);
  const accessKey = `${access?.module ?? ''} ${access?.button ?? ''}`;
  const row = await lookUpSession(ctx, tokenHash, accessKey, access);
  if (!row) throw ApiError.unauthorized();
  if (row.revoked_at) {
    throw ApiError.unauthorized(row.revoke_reason === 'replaced' ? Messages.otherUserLoggedIn : Messages.tokenInvalid);
  }
  const now = ctx.now();
  if (refusal(ctx, row, now)) {
    const supplierDisabled = row.kind === 'supplier' && row.supplier_status === '停用';
    await repo.revokeSession(ctx.db, tokenHash, row.is_used && !supplierDisabled ? 'expired' : 'disabled', now);
    throw ApiError.unauthorized(supplierDisabled ? Messages.supplierDisabled : undefined);
  }
  await touch(ctx, tokenHash, row, now);
  if (access && !row.held) {
    // A session that must enrol first hears that, not which modules it lacks (no call of a module is open to it).
    if (row.mfa_required && !row.totp_enabled) throw new ApiError(403, ResultCode.mfaEnrolmentRequired, Messages.mfaEnrolmentRequired);
    throw ApiError.forbidden();
  }
  return sessionOf(tokenHash, row);
}

function sessionOf(tokenHash: string, row: repo.SessionRow): SessionContext {
  return {
    tokenHash,
    accountId: row.account_id,
    tenantId: row.tenant_id,
    kind: row.kind,
    employeeCode: row.employee_code,
    employeeName: row.employee_name,
    suppCode: row.supp_code,
    roleCode: row.role_code,
    parentCode: row.parent_code,
    supplierStatus: row.kind === 'supplier' ? row.supplier_status : null,
    twoFactor: {
      enabled: row.totp_enabled,
      required: row.mfa_required,
      pending: row.mfa_required && !row.totp_enabled,
      stepUpPassword: row.step_up_password,
    },
    profile: {
      companyName: row.company_name,
      suppName: row.supp_name ?? '',
      phoneList: row.phone_list ?? [],
      emailList: row.email_list ?? [],
      qrCode: row.qr_code ?? '',
      logoIcon: row.logo_icon ?? '',
    },
  };
}

export async function logout(ctx: AppContext, session: SessionContext, client: ClientInfo): Promise<void> {
  await repo.revokeSession(ctx.db, session.tokenHash, 'logout', ctx.now());
  await repo.recordLoginEvent(ctx.db, {
    tenantId: session.tenantId,
    username: session.employeeCode,
    accountId: session.accountId,
    action: 'logout',
    outcome: 'success',
    clientIp: client.ip,
    userAgent: client.userAgent,
  });
  await recordSignInEvent(ctx.db, 'sign-out', {
    tenantId: session.tenantId,
    accountId: session.accountId,
    kind: session.kind,
    code: session.employeeCode,
    name: session.employeeName,
    supplierCode: session.suppCode,
    roles: session.roleCode ?? '',
  });
}

export function rolesOf(kind: AccountKind, roleCode: string | null, parentCode: string | null): string[] {
  if (kind === 'supplier') return [parentCode ? 'supplier-child' : 'supplier'];
  return roleCode ? [roleCode] : [];
}

/** The caller's profile, as the session lookup of this very call read it (no query of its own). */
export function userInfo(session: SessionContext): UserInfo {
  const { profile } = session;
  return {
    roles: rolesOf(session.kind, session.roleCode, session.parentCode),
    name: session.employeeName,
    avatar: '',
    introduction: session.kind === 'staff' ? '商户员工' : session.parentCode ? '供应商子账号' : '供应商主账号',
    employeeCode: session.employeeCode,
    employeeName: session.employeeName,
    supplierCode: session.suppCode ?? '',
    supplierName: profile.suppName,
    companyName: profile.companyName,
    tenantid: session.tenantId,
    staff: session.kind === 'staff',
    supInfo: { qrCode: profile.qrCode, phoneList: profile.phoneList, emailList: profile.emailList, logoIcon: profile.logoIcon },
  };
}
