// Password hashing (scrypt, per-password salt) and the RSA-OAEP key that encrypts passwords in transit.
import { constants, createHash, generateKeyPairSync, privateDecrypt, randomBytes, scrypt, timingSafeEqual, type KeyObject, createPrivateKey, createPublicKey } from 'node:crypto';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { loadSecret } from './secrets';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: { N: number; r: number; p: number; maxmem: number }) => Promise<Buffer>;
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
    N: Number(n), r: Number(r), p: Number(p), maxmem: params.maxmem,
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

/** SHA-256 of a session token: the database never holds a usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface TransportKey {
  publicPem: string;
  /** Decrypts a base64 RSA-OAEP (SHA-256) ciphertext; null when it is not one of ours. */
  decrypt(ciphertext: string): string | null;
}

function transportKey(privateKey: KeyObject): TransportKey {
  const publicPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return {
    publicPem,
    decrypt(ciphertext) {
      try {
        const plain = privateDecrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(ciphertext, 'base64'),
        );
        return plain.toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/** The key pair lives in the database so that every server process shares it. */
export async function loadTransportKey(db: Kysely<DB>): Promise<TransportKey> {
  const pem = await loadSecret(db, 'rsa-oaep-private-key', () =>
    generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  );
  return transportKey(createPrivateKey(pem));
}
