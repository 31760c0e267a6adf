// Brute-force protection of the login: failures counted per account and per client address,
// a captcha after a few, a growing delay, and a lock after many.
import { createHash, randomBytes } from 'node:crypto';
import { Messages, ResultCode } from '@portal/contract';
import svgCaptcha from 'svg-captcha';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { recordEvent } from '../../platform/events';
import type { AccountKind } from '../../db/schema';
import { recordSignInEvent } from '../audit/record';
import * as repo from './throttle-repo';

const windowMinutes = 30;
const captchaMinutes = 5;

export interface ThrottleKeys {
  account: string;
  address: string;
  /** Who the keys are of, for the audit trail's lockout entry. */
  tenantId: string;
  kind: AccountKind;
  username: string;
}

export function throttleKeys(tenantId: string, kind: AccountKind, username: string, ip: string): ThrottleKeys {
  return { account: `account:${tenantId}:${kind}:${username.toLowerCase()}`, address: `ip:${ip}`, tenantId, kind, username };
}

const hashAnswer = (text: string) => createHash('sha256').update(text.trim().toUpperCase()).digest('hex');

export async function newCaptcha(ctx: AppContext): Promise<{ captchaId: string; image: string }> {
  const { text, data } = svgCaptcha.create({ size: 4, noise: 3, ignoreChars: '0oO1ilI', width: 120, height: 40, background: '#f5f7fa' });
  const captchaId = randomBytes(16).toString('base64url');
  const now = ctx.now();
  await repo.insertCaptcha(ctx.db, captchaId, hashAnswer(text), new Date(now.getTime() + captchaMinutes * 60_000), now);
  return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
}

/** A captcha answers once: it is deleted whether the answer was right or not. */
export async function consumeCaptcha(ctx: AppContext, captchaId: string, answer: string): Promise<boolean> {
  const row = await repo.takeCaptcha(ctx.db, captchaId);
  return row !== undefined && row.expires_at > ctx.now() && row.answer_hash === hashAnswer(answer);
}

async function failuresOf(ctx: AppContext, key: string) {
  const row = await repo.throttleOf(ctx.db, key);
  const now = ctx.now();
  if (!row) return { failures: 0, lockedUntil: null };
  const windowOver = now.getTime() - row.window_started_at.getTime() > windowMinutes * 60_000;
  const locked = row.locked_until && row.locked_until > now ? row.locked_until : null;
  return { failures: windowOver && !locked ? 0 : row.failures, lockedUntil: locked };
}

/**
 * Runs before the password is checked: refuses a locked account or address, demands and checks the
 * captcha once failures pass the threshold, and slows the caller down.
 */
export async function guardLogin(
  ctx: AppContext,
  keys: ThrottleKeys,
  captcha: { captchaId?: string | undefined; validCode?: string | undefined },
): Promise<void> {
  const limits = ctx.config.login;
  const [account, address] = await Promise.all([failuresOf(ctx, keys.account), failuresOf(ctx, keys.address)]);
  const lockedUntil = account.lockedUntil ?? address.lockedUntil;
  if (lockedUntil) {
    const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - ctx.now().getTime()) / 60_000));
    throw new ApiError(429, ResultCode.throttled, {
      'zh-CN': `登录失败次数过多，请${minutes}分钟后再试`,
      en: `Too many failed sign-ins. Please try again in ${minutes} minutes.`,
    });
  }
  const over = Math.max(account.failures - limits.captchaAfter, address.failures - limits.ipCaptchaAfter);
  if (over < 0) return;
  if (limits.slowdownMs > 0) await new Promise((r) => setTimeout(r, Math.min(3000, (over + 1) * limits.slowdownMs)));
  if (!captcha.captchaId || !captcha.validCode) throw new ApiError(401, ResultCode.captchaRequired, Messages.captchaRequired);
  if (!(await consumeCaptcha(ctx, captcha.captchaId, captcha.validCode))) {
    await recordFailure(ctx, keys);
    throw new ApiError(401, ResultCode.captchaRequired, Messages.captchaWrong);
  }
}

/** The account a failed sign-in named, when it named exactly one: its lock is news to it (and to its main account). */
export interface FailedAccount {
  id: number;
  tenant_id: string;
  kind: 'supplier' | 'staff';
  employee_code: string;
  employee_name: string;
  supp_code: string | null;
}

export async function recordFailure(ctx: AppContext, keys: ThrottleKeys, account?: FailedAccount): Promise<void> {
  const limits = ctx.config.login;
  const now = ctx.now();
  for (const [key, lockAfter] of [
    [keys.account, limits.lockAfter],
    [keys.address, limits.ipLockAfter],
  ] as const) {
    const windowStart = new Date(now.getTime() - windowMinutes * 60_000);
    const lockUntil = new Date(now.getTime() + limits.lockMinutes * 60_000);
    // The account's lock and its event (outbox: auth.account.locked) commit together.
    await ctx.db.transaction().execute(async (trx) => {
      await repo.countFailure(trx, key, now, windowStart);
      const locked = await repo.lockWhenOver(trx, key, lockAfter, lockUntil, now);
      // The lock is an event of the audit trail too (modules/audit): the account's, or the address's.
      if (locked)
        await recordSignInEvent(
          trx,
          'lockout',
          {
            tenantId: account?.tenant_id ?? keys.tenantId,
            accountId: key === keys.account ? (account?.id ?? null) : null,
            kind: account?.kind ?? keys.kind,
            code: key === keys.account ? (account?.employee_code ?? keys.username) : '',
            name: key === keys.account ? (account?.employee_name ?? '') : '',
            supplierCode: key === keys.account ? (account?.supp_code ?? null) : null,
            roles: '',
          },
          { reason: key === keys.account ? 'account' : 'address', until: lockUntil.toISOString() },
        );
      if (locked && account && key === keys.account)
        await recordEvent(trx, {
          tenantId: account.tenant_id,
          suppCode: account.supp_code,
          topic: 'auth.account.locked',
          subject: account.employee_code,
          payload: {
            accountId: account.id,
            employeeCode: account.employee_code,
            employeeName: account.employee_name,
            kind: account.kind,
            until: lockUntil.toISOString(),
          },
          actor: 'system:login-throttle',
        });
    });
  }
}

/** A successful login clears the account's count (not the address's: one good account must not launder it). */
export async function recordSuccess(ctx: AppContext, keys: ThrottleKeys): Promise<void> {
  await repo.clearThrottle(ctx.db, keys.account);
}
