// The audit trail's actor of a call that changes data (contract: `changes: true`): the signed-in account (or none
// on a public call such as the login), its address, the request id, the call and its module. registerCall and its
// siblings run such a call's handler inside it, so the triggers of migration 0048 know who acted.
import type { CallDef } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type AuditActor, withAuditActor } from '../db/audit-context';

type AnyCall = CallDef<z.ZodType | undefined, z.ZodType | undefined, z.ZodType>;

/** The call's name in the trail: its method and path, as the contract writes them. */
export const callNameOf = (call: Pick<AnyCall, 'method' | 'path'>) => `${call.method} ${call.path}`;

/** The actor of a request: its session's account, or the system for a public call (the login, before anyone is known). */
export function actorOfRequest(request: FastifyRequest, call: Pick<AnyCall, 'method' | 'path' | 'module'>): AuditActor {
  const session = request.session;
  return {
    tenantId: session?.tenantId ?? '',
    actorKind: session?.kind ?? 'system',
    accountId: session?.accountId ?? null,
    code: session?.employeeCode ?? '',
    name: session?.employeeName ?? '',
    supplierCode: session?.suppCode ?? null,
    roles: session?.roleCode ?? '',
    clientIp: request.ip,
    requestId: String(request.id),
    callName: callNameOf(call),
    moduleCode: call.module ?? null,
    ...(session ? {} : { detail: { signedIn: false } }),
  };
}

/** Runs a call's work as its caller when the call changes data; a read-only call runs as it is (no setting, no round trip). */
export function auditScope<T>(request: FastifyRequest, call: AnyCall, work: () => Promise<T>): Promise<T> {
  return call.changes ? withAuditActor(actorOfRequest(request, call), work) : work();
}

/** Writes the trail's entries that platform code asks for (an export); the app decorates itself with the audit module's. */
export interface AuditEvents {
  /** An export (a download of a list, a report, a file the portal made): who, which call, which filter. */
  exported(actor: AuditActor, detail: Record<string, unknown>): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    auditEvents: AuditEvents;
  }
}

/** A request's filter as the trail keeps it: its query and body when small, their size otherwise. */
export function filterOf(request: FastifyRequest): Record<string, unknown> {
  const text = JSON.stringify({ query: request.query ?? null, body: request.body ?? null });
  return text.length <= 4000 ? (JSON.parse(text) as Record<string, unknown>) : { size: text.length };
}

/**
 * Runs work as the request's caller whatever the call: for a read that may write (the first look of a supplier
 * marks an order read), at the cost of one statement on the connection it takes.
 */
export function asCaller<T>(request: FastifyRequest, call: AnyCall, work: () => Promise<T>): Promise<T> {
  return withAuditActor(actorOfRequest(request, call), work);
}
