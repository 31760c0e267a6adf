// Two-factor sign-in (TOTP, RFC 6238): the code step of the login, the user's own enrolment, step-up before a
// sensitive action, and the tenant's policy of who must use it (docs/security.md).
import { z } from 'zod';
import { tenantQuery, loginResult } from './auth';
import { defineCall } from './call';
import { ModuleCode } from './modules';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 s; one step of clock skew either way. */
export const Totp = { algorithm: 'SHA1', digits: 6, periodSeconds: 30, window: 1 } as const;
/** A step-up counts for this long. */
export const stepUpMinutes = 5;
/** The challenge between the password and the code lives this long. */
export const challengeSeconds = 300;
export const recoveryCodeCount = 10;

/**
 * Built-in policy of a tenant that has none stored: required for the staff roles that move money or grant access
 * (admin, the settlement clerk, finance and the cashier), optional for supplier accounts.
 */
export const defaultPolicy = {
  requiredRoles: ['admin', 'sam-clerk', 'sam-finance', 'sam-cashier'],
  supplierMainRequired: false,
  stepUpPassword: true,
} as const;

/** A six-digit code of the authenticator, or a recovery code (xxxxx-xxxxx). */
const code = z
  .string()
  .trim()
  .min(6, '请输入6位动态码或恢复码')
  .max(32, '动态码过长')
  .regex(/^[0-9A-Za-z-\s]+$/, '动态码只能包含数字、字母和连字符');

export const loginCode = defineCall({
  area: 'auth',
  method: 'POST',
  path: '/user/loginCode',
  summary: 'Second step of a login that answered twoFactor: code-needed: the challenge and a TOTP or recovery code give the session',
  public: true,
  changes: true,
  query: tenantQuery,
  body: z.object({ challenge: z.string().min(1, 'challenge 不能为空').max(128), code }),
  data: loginResult,
});

export const mfaStatus = z.object({
  /** Two-factor sign-in is on for this account. */
  enabled: z.boolean(),
  /** The tenant's policy requires it of this account. */
  required: z.boolean(),
  /** Required and not on yet: the session reaches only the enrolment until it is. */
  pending: z.boolean(),
  /** Recovery codes not used yet. */
  recoveryCodesLeft: z.number().int(),
  /** What a sensitive action asks for: a code, the password, or nothing (the tenant does not ask). */
  stepUpWith: z.enum(['code', 'password', 'none']),
});
export type MfaStatus = z.infer<typeof mfaStatus>;

export const status = defineCall({
  area: 'auth',
  method: 'GET',
  path: '/user/mfa/status',
  summary: "The caller's own two-factor state: on or not, required by the policy, recovery codes left",
  signedIn: "the caller's own two-factor state",
  duringEnrolment: true,
  data: mfaStatus,
});

export const startEnrolment = defineCall({
  area: 'auth',
  method: 'POST',
  path: '/user/mfa/enrol',
  summary: 'A new TOTP secret for the caller (replacing one not confirmed yet): otpauth URI, QR code (PNG data URL) and the secret as text',
  signedIn: "enrols the caller's own account",
  duringEnrolment: true,
  changes: true,
  data: z.object({ secret: z.string(), uri: z.string(), qrCode: z.string(), issuer: z.string(), account: z.string() }),
});

export const confirmEnrolment = defineCall({
  area: 'auth',
  method: 'POST',
  path: '/user/mfa/confirm',
  summary: 'Turns two-factor sign-in on with a first code; answers ten one-time recovery codes, shown this once',
  signedIn: "enrols the caller's own account",
  duringEnrolment: true,
  changes: true,
  body: z.object({ code }),
  data: z.object({ recoveryCodes: z.array(z.string()) }),
});

export const disable = defineCall({
  area: 'auth',
  method: 'POST',
  path: '/user/mfa/disable',
  summary: 'Turns two-factor sign-in off with a current code or a recovery code (refused while the policy requires it)',
  signedIn: "the caller's own account",
  changes: true,
  body: z.object({ code }),
  data: z.null(),
});

export const stepUp = defineCall({
  area: 'auth',
  method: 'POST',
  path: '/user/mfa/stepUp',
  summary: `Confirms who is at the keyboard for the next ${stepUpMinutes} minutes of this session: a code (or recovery code), or the password (RSA-OAEP, as the login's) for an account without two-factor sign-in`,
  signedIn: "confirms the caller's own session",
  changes: true,
  body: z.object({ code: code.optional(), password: z.string().min(1).max(1024).optional() }),
  data: z.object({ validUntil: z.string() }),
});

export const policy = z.object({
  requiredRoles: z.array(z.string().trim().min(1).max(32)).max(100),
  supplierMainRequired: z.boolean(),
  stepUpPassword: z.boolean(),
});
export type MfaPolicy = z.infer<typeof policy>;

export const getPolicy = defineCall({
  area: 'auth',
  method: 'GET',
  path: '/system/mfaPolicy',
  summary: "The tenant's two-factor policy (the built-in default when none is stored) and its staff roles",
  module: ModuleCode.mfaPolicy,
  data: policy.extend({
    /** No policy stored: the built-in default applies. */
    isDefault: z.boolean(),
    roles: z.array(z.object({ code: z.string(), name: z.string() })),
  }),
});

export const savePolicy = defineCall({
  area: 'auth',
  method: 'POST',
  path: '/system/mfaPolicy/save',
  summary: "Stores the tenant's two-factor policy",
  module: ModuleCode.mfaPolicy,
  changes: true,
  stepUp: true,
  body: policy,
  data: z.null(),
});
