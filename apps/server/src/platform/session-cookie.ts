// The browser's credential: the session token in an HttpOnly cookie set at login, and beside it a
// script-readable double-submit value (an HMAC of the token, not the token) that the web app echoes in a
// header. The cookie counts only together with that header, so another site cannot use it (CSRF).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ClientKeys } from '@portal/contract';

export interface CookieOptions {
  /** Served over HTTPS: the cookies are sent only over TLS. */
  secure: boolean;
  maxAgeSeconds: number;
}

export function csrfValue(key: string, token: string): string {
  return createHmac('sha256', key).update(`csrf:${token}`).digest('base64url');
}

/** Whether a header value is the double-submit value of the token. */
export function csrfMatches(key: string, token: string, given: unknown): boolean {
  if (typeof given !== 'string' || !given) return false;
  const expected = Buffer.from(csrfValue(key, token));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

function cookie(name: string, value: string, options: CookieOptions, httpOnly: boolean): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Max-Age=${options.maxAgeSeconds}`,
    'Path=/',
    'SameSite=Lax',
    ...(httpOnly ? ['HttpOnly'] : []),
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/** Set-Cookie values of a new session (empty token: the cookies are removed). */
export function sessionCookies(key: string, token: string, options: CookieOptions): string[] {
  const opts = token ? options : { ...options, maxAgeSeconds: 0 };
  return [
    cookie(ClientKeys.tokenCookie, token, opts, true),
    cookie(ClientKeys.csrfCookie, token ? csrfValue(key, token) : '', opts, false),
  ];
}
