// RFC 6238 codes as authenticator apps make them (SHA-1, 6 digits, 30 s) and the recovery codes: pure functions.
import { createHash, randomInt } from 'node:crypto';
import { mfa } from '@portal/contract';
import { Secret, TOTP } from 'otpauth';

const { Totp } = mfa;

export function newSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label = '', issuer = '') {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: Totp.algorithm,
    digits: Totp.digits,
    period: Totp.periodSeconds,
  });
}

export function otpauthUri(secret: string, issuer: string, account: string): string {
  return totpOf(secret, account, issuer).toString();
}

/** The time-step of `at`. */
export const stepOf = (at: Date) => Math.floor(at.getTime() / 1000 / Totp.periodSeconds);

/** The time-step a six-digit code belongs to, within one step either side of `at`; null when it matches none. */
export function matchingStep(secret: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: at.getTime(), window: Totp.window });
  return delta === null ? null : stepOf(at) + delta;
}

// Ten characters of an alphabet without look-alikes (no 0/O, 1/I/L), shown as xxxxx-xxxxx: 50 bits each.
const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function newRecoveryCodes(count = mfa.recoveryCodeCount): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`.toLowerCase();
  });
}

/** How a recovery code is stored and looked up: case, spaces and hyphens do not matter. */
export function recoveryHash(code: string): string {
  return createHash('sha256').update(code.replace(/[\s-]/g, '').toUpperCase()).digest('hex');
}

export const isTotpCode = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));
