// Session tokens and the RSA-OAEP key that encrypts passwords in transit (hashing: lib/password-hash.ts).
import {
  constants,
  createHash,
  generateKeyPairSync,
  privateDecrypt,
  randomBytes,
  type KeyObject,
  createPrivateKey,
  createPublicKey,
} from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { loadSecret } from './secrets';

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
