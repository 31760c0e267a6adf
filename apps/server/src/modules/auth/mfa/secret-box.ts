// TOTP secrets at rest: sealed with AES-256-GCM under the server's key (MFA_SECRET_KEY, or else a key kept in
// server_secret), so a copy of the account tables alone yields no secret. A sealed value is `v1.<iv>.<tag>.<data>`.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { AppContext } from '../../../platform/context';
import { loadSecret } from '../../../platform/secrets';

const keys = new WeakMap<AppContext['db'], Promise<Buffer>>();

function keyOf(ctx: AppContext): Promise<Buffer> {
  if (ctx.config.mfa.secretKey) return Promise.resolve(Buffer.from(ctx.config.mfa.secretKey, 'base64'));
  let key = keys.get(ctx.db);
  if (!key) {
    key = loadSecret(ctx.db, 'totp-secret-key', () => randomBytes(32).toString('base64')).then((v) => Buffer.from(v, 'base64'));
    keys.set(ctx.db, key);
  }
  return key;
}

export async function seal(ctx: AppContext, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await keyOf(ctx), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The plain secret; throws when the value was sealed under another key or altered. */
export async function unseal(ctx: AppContext, sealed: string): Promise<string> {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('sealed TOTP secret: unknown format');
  const decipher = createDecipheriv('aes-256-gcm', await keyOf(ctx), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
