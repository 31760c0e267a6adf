// The identity provider our server plays: a signed, expiring cookie set at staff login, exchanged by
// checkCookieLogin for a one-time code that merchantsLoginForRMC turns into a session.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { hashToken } from '../../platform/passwords';
import * as repo from './repo';

export const identCookieName = 'IDENT_TOKEN';
const codeSeconds = 60;

function sign(key: string, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

export function identCookieValue(ctx: AppContext, accountId: number): { value: string; maxAgeSeconds: number } {
  const maxAgeSeconds = ctx.config.identCookieHours * 3600;
  const expires = Math.floor(ctx.now().getTime() / 1000) + maxAgeSeconds;
  const payload = `${accountId}.${expires}`;
  return { value: `${payload}.${sign(ctx.identKey, payload)}`, maxAgeSeconds };
}

/** The account of a valid, unexpired cookie, or null. */
export function verifyIdentCookie(ctx: AppContext, value: string | undefined): number | null {
  const [account, expires, signature] = value?.split('.') ?? [];
  if (!account || !expires || !signature) return null;
  const expected = Buffer.from(sign(ctx.identKey, `${account}.${expires}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(expires) * 1000 < ctx.now().getTime()) return null;
  const accountId = Number(account);
  return Number.isSafeInteger(accountId) ? accountId : null;
}

export async function issueCode(ctx: AppContext, accountId: number): Promise<{ code: string; exp: number }> {
  const code = randomBytes(24).toString('base64url');
  const expiresAt = new Date(ctx.now().getTime() + codeSeconds * 1000);
  await repo.insertIdentCode(ctx.db, hashToken(code), accountId, expiresAt);
  return { code, exp: expiresAt.getTime() };
}

/** Uses a code once; a used, expired or unknown code is refused. */
export async function redeemCode(ctx: AppContext, code: string, exp: number): Promise<number> {
  const now = ctx.now();
  const row = await repo.useIdentCode(ctx.db, hashToken(code), now);
  if (!row || row.expires_at.getTime() !== exp)
    throw new ApiError(401, '10001', {
      'zh-CN': '登录凭证无效或已过期，请重新登录',
      en: 'Your sign-in credential is invalid or has expired. Please sign in again.',
    });
  return row.account_id;
}
