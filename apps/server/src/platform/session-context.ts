// Who is calling: resolved from the token by the auth hook, never from request parameters.
import type { AccountKind } from '../db/schema';

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
}

declare module 'fastify' {
  interface FastifyRequest {
    session?: SessionContext;
  }
}
