// Brute-force protection of the login: failures counted per account and per client address,
// a captcha after a few, a growing delay, and a lock after many.
import { createHash, randomBytes } from 'node:crypto';
import { Messages, ResultCode } from '@portal/contract';
import { sql } from 'kysely';
import svgCaptcha from 'svg-captcha';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';

const windowMinutes = 30;
const captchaMinutes = 5;

export interface ThrottleKeys {
  account: string;
  address: string;
}

export function throttleKeys(tenantId: string, kind: string, username: string, ip: string): ThrottleKeys {
  return { account: `account:${tenantId}:${kind}:${username.toLowerCase()}`, address: `ip:${ip}` };
}

const hashAnswer = (text: string) => createHash('sha256').update(text.trim().toUpperCase()).digest('hex');

export async function newCaptcha(ctx: AppContext): Promise<{ captchaId: string; image: string }> {
  const { text, data } = svgCaptcha.create({ size: 4, noise: 3, ignoreChars: '0oO1ilI', width: 120, height: 40, background: '#f5f7fa' });
  const captchaId = randomBytes(16).toString('base64url');
  const now = ctx.now();
  await ctx.db.deleteFrom('captcha').where('expires_at', '<', now).execute();
  await ctx.db
    .insertInto('captcha')
    .values({ id: captchaId, answer_hash: hashAnswer(text), expires_at: new Date(now.getTime() + captchaMinutes * 60_000) })
    .execute();
  return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
}

/** A captcha answers once: it is deleted whether the answer was right or not. */
export async function consumeCaptcha(ctx: AppContext, captchaId: string, answer: string): Promise<boolean> {
  const row = await ctx.db.deleteFrom('captcha').where('id', '=', captchaId).returning(['answer_hash', 'expires_at']).executeTakeFirst();
  return row !== undefined && row.expires_at > ctx.now() && row.answer_hash === hashAnswer(answer);
}

async function failuresOf(ctx: AppContext, key: string) {
  const row = await ctx.db.selectFrom('login_throttle').selectAll().where('key', '=', key).executeTakeFirst();
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
    throw new ApiError(429, ResultCode.throttled, `登录失败次数过多，请${minutes}分钟后再试`);
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

export async function recordFailure(ctx: AppContext, keys: ThrottleKeys): Promise<void> {
  const limits = ctx.config.login;
  const now = ctx.now();
  for (const [key, lockAfter] of [
    [keys.account, limits.lockAfter],
    [keys.address, limits.ipLockAfter],
  ] as const) {
    const windowStart = new Date(now.getTime() - windowMinutes * 60_000);
    const lockUntil = new Date(now.getTime() + limits.lockMinutes * 60_000);
    await sql`
      INSERT INTO login_throttle (key, failures, window_started_at) VALUES (${key}, 1, ${now})
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN login_throttle.window_started_at < ${windowStart} AND coalesce(login_throttle.locked_until, ${windowStart}) < ${now}
                        THEN 1 ELSE login_throttle.failures + 1 END,
        window_started_at = CASE WHEN login_throttle.window_started_at < ${windowStart} AND coalesce(login_throttle.locked_until, ${windowStart}) < ${now}
                                 THEN ${now} ELSE login_throttle.window_started_at END`.execute(ctx.db);
    await ctx.db
      .updateTable('login_throttle')
      .set({ locked_until: lockUntil, failures: 0, window_started_at: now })
      .where('key', '=', key)
      .where('failures', '>=', lockAfter)
      .execute();
  }
}

/** A successful login clears the account's count (not the address's: one good account must not launder it). */
export async function recordSuccess(ctx: AppContext, keys: ThrottleKeys): Promise<void> {
  await ctx.db.deleteFrom('login_throttle').where('key', '=', keys.account).execute();
}
