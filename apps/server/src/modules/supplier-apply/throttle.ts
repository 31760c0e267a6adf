// The per-address limit of the public application calls: a counter per client address and call in the
// login's throttle table (so every server process shares it and it survives a restart), over an hour.
// The address is Fastify's request.ip, which trusts X-Forwarded-For only from the proxies of TRUST_PROXY.
import { ResultCode } from '@portal/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';

const windowMs = 3_600_000;

/** Counts one call of `what` from `ip`; past `limit` in the hour answers 429 with the minutes to wait. */
export async function countCall(ctx: AppContext, what: 'apply' | 'apply-query', ip: string, limit: number): Promise<void> {
  const now = ctx.now();
  const windowStart = new Date(now.getTime() - windowMs);
  const { rows } = await sql<{ failures: number; window_started_at: Date }>`
    INSERT INTO login_throttle (key, failures, window_started_at) VALUES (${`${what}:ip:${ip}`}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN login_throttle.window_started_at < ${windowStart} THEN 1 ELSE login_throttle.failures + 1 END,
      window_started_at = CASE WHEN login_throttle.window_started_at < ${windowStart} THEN ${now} ELSE login_throttle.window_started_at END
    RETURNING failures, window_started_at`.execute(ctx.db);
  const row = rows[0]!;
  if (row.failures <= limit) return;
  const minutes = Math.max(1, Math.ceil((row.window_started_at.getTime() + windowMs - now.getTime()) / 60_000));
  throw new ApiError(429, ResultCode.throttled, {
    'zh-CN': `${what === 'apply' ? '提交' : '查询'}过于频繁，请${minutes}分钟后再试`,
    en: `Too many ${what === 'apply' ? 'submissions' : 'queries'}. Please try again in ${minutes} minutes.`,
  });
}
