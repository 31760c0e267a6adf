// Secrets the portal must read back in plain (TOTP secrets to check codes, the signing secrets of webhooks and group
// robots to sign with) are stored sealed with AES-256-GCM under the server's key: DATA_SECRET_KEY, or else a key
// generated once into server_secret. A copy of the tables that hold them then yields no secret (with DATA_SECRET_KEY
// set, not even a copy of the whole database). A sealed value is `v1.<iv>.<tag>.<data>`, each part base64url.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { loadSecret } from './secrets';

/** Where the key comes from: the setting, else the database every server process shares. */
export interface SecretKeySource {
  db: Kysely<DB>;
  config: { dataSecretKey: string };
}

const keys = new WeakMap<Kysely<DB>, Promise<Buffer>>();

function keyOf(source: SecretKeySource): Promise<Buffer> {
  if (source.config.dataSecretKey) return Promise.resolve(Buffer.from(source.config.dataSecretKey, 'base64'));
  let key = keys.get(source.db);
  if (!key) {
    key = loadSecret(source.db, 'data-secret-key', () => randomBytes(32).toString('base64')).then((v) => Buffer.from(v, 'base64'));
    // A failed read is not remembered: the next use asks again.
    key.catch(() => keys.delete(source.db));
    keys.set(source.db, key);
  }
  return key;
}

const sealedShape = /^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*$/;

/** Whether a stored value is sealed (rather than a plain value written before sealing began). */
export function isSealed(value: string): boolean {
  return sealedShape.test(value);
}

export async function seal(source: SecretKeySource, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await keyOf(source), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The plain secret; throws when the value was sealed under another key or altered. */
export async function unseal(source: SecretKeySource, sealed: string): Promise<string> {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('sealed secret: unknown format');
  const decipher = createDecipheriv('aes-256-gcm', await keyOf(source), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** A stored secret in plain: a sealed one opened, a plain one (written before sealing began) as it is, '' as ''. */
export function openStored(source: SecretKeySource, stored: string): Promise<string> {
  return stored !== '' && isSealed(stored) ? unseal(source, stored) : Promise.resolve(stored);
}
