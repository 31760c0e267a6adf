// Password hashing: scrypt with a per-password salt, the hash string carrying its own parameters.
// In lib/ because the demo seed (db/) hashes passwords as well as the auth module.
import crypto, { randomBytes, timingSafeEqual } from 'node:crypto';

/** scrypt looked up on the module at each call, so a test can count the hashes a login costs (vi.spyOn). */
const scryptAsync = (password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    crypto.scrypt(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
const params = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const keyLength = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password.normalize('NFC'), salt, keyLength, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(password.normalize('NFC'), Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: params.maxmem,
  });
  return timingSafeEqual(expected, actual);
}

let decoy: Promise<string> | undefined;

/**
 * Verifies a password against a hash of a random one and answers false: a login with no account to check
 * spends the scrypt work a wrong password spends, so the answer time does not tell which names exist.
 */
export async function verifyDecoy(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await decoy);
  return false;
}
