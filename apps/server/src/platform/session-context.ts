// Who is calling: resolved from the token by the auth hook, never from request parameters.
import type { AccountKind, ContactEmail, ContactPhone } from '../db/schema';

export interface SessionContext {
  tokenHash: string;
  accountId: number;
  tenantId: string;
  kind: AccountKind;
  employeeCode: string;
  employeeName: string;
  /** The supplier of a supplier account; null for merchant staff. */
  suppCode: string | null;
  roleCode: string | null;
  parentCode: string | null;
  /**
   * The supplier's status (启用/冻结/停用) for a supplier account, null for staff: a 停用 supplier has no session,
   * a 冻结 one reads but changes nothing in a module (the auth hook refuses those calls).
   */
  supplierStatus?: string | null;
  /** Two-factor sign-in of the account, read by the same lookup (absent: a session made without it, in tests). */
  twoFactor?: TwoFactorState;
  /** Names and the supplier's card, read by the same lookup, so that getInfo needs no query of its own. */
  profile: SessionProfile;
}

export interface TwoFactorState {
  /** TOTP is on for the account. */
  enabled: boolean;
  /** The tenant's policy requires it of the account. */
  required: boolean;
  /** The tenant's policy requires it and it is not on yet: the session reaches only the enrolment. */
  pending: boolean;
  /** Sensitive actions of an account without TOTP ask for the password again. */
  stepUpPassword: boolean;
}

export interface SessionProfile {
  companyName: string;
  suppName: string;
  phoneList: ContactPhone[];
  emailList: ContactEmail[];
  qrCode: string;
  logoIcon: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    session?: SessionContext;
  }
}
