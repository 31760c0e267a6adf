// The gate of the integration calls (/integration/v1/…): a client's bearer token instead of a session. Each
// call is checked before its body is read: token, enabled client, source address, scope and the client's rate.
import { type AuditActor, withAuditActor } from '../../db/audit-context';
import { callNameOf } from '../../platform/audit-scope';
import { type CallBody, type CallData, type CallDef, type CallQuery, type Language, envelopeSchema, languageOf } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { success } from '../../platform/envelope';
import { accessOf, routeSchema } from '../../platform/route';
import { CallRefused, type IntegrationCaller, callerOf } from './clients/service';

export type { IntegrationCaller };

declare module 'fastify' {
  interface FastifyRequest {
    /** The client of an integration call, set by its gate. */
    integrationCaller?: IntegrationCaller;
  }
}

/** What an integration call's handler gets: its checked input and the client calling, never a session. */
export interface IntegrationInput<C> {
  query: CallQuery<C>;
  body: CallBody<C>;
  /** The client and its tenant: every read and write of the call stays in this tenant, whatever the payload says. */
  caller: IntegrationCaller;
  language: Language;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The bearer token of a request (RFC 6750 §2.1: the Authorization header only). */
function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer[ ]+([\x21-\x7e]+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** The gate as an onRequest hook: sets request.integrationCaller or answers 401/403/429 (with the RFC 6750 and Retry-After headers). */
export function integrationGate(ctx: AppContext, scope: string | undefined) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      request.integrationCaller = await callerOf(ctx, bearerOf(request), request.ip, scope);
    } catch (err) {
      if (err instanceof CallRefused) {
        if (err.reason === 'invalid_token') void reply.header('www-authenticate', 'Bearer realm="integration", error="invalid_token"');
        if (err.reason === 'insufficient_scope')
          void reply.header('www-authenticate', `Bearer realm="integration", error="insufficient_scope", scope="${scope ?? ''}"`);
        if (err.reason === 'rate') void reply.header('retry-after', String(err.retryAfter));
      }
      throw err;
    }
  };
}

/**
 * Registers an integration call of the contract (one with `integration: { scope }`): the gate above, then the
 * call's validation and the envelope as registerCall gives them; the OpenAPI document names the bearer scheme
 * and the scope. The handler reads the caller's tenant from `caller`, never from the payload. The gate runs before
 * the body is read, so `bodyLimit` (a call's own, above Fastify's 1 MiB) is only ever spent on a known client.
 */
export function registerIntegrationCall<C extends CallDef<z.ZodType | undefined, z.ZodType | undefined, z.ZodType>>(
  app: FastifyInstance,
  ctx: AppContext,
  call: C,
  handler: (input: IntegrationInput<C>) => Promise<CallData<C>>,
  options: { bodyLimit?: number } = {},
): void {
  if (!call.integration) throw new Error(`${call.path} is not an integration call of the contract`);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    // A call taking more than Fastify's 1 MiB names its own limit (a larger body is a 413 in the envelope).
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    config: accessOf(call),
    schema: routeSchema(call, envelopeSchema(call.data)),
    onRequest: integrationGate(ctx, call.integration.scope),
    handler: async (request, reply) => {
      const caller = request.integrationCaller;
      if (!caller) throw ApiError.unauthorized();
      // What the client's call writes is the client's in the audit trail (an ingest writes one entry per batch).
      const actor: AuditActor = {
        tenantId: caller.tenantId,
        actorKind: 'integration',
        accountId: null,
        code: caller.clientId,
        name: caller.clientName,
        supplierCode: null,
        roles: caller.scopes.join(','),
        clientIp: request.ip,
        requestId: String(request.id),
        callName: callNameOf(call),
        moduleCode: null,
      };
      const data = await app.inFlight.track(() =>
        withAuditActor(actor, () =>
          handler({
            query: request.query as CallQuery<C>,
            body: request.body as CallBody<C>,
            caller,
            language: languageOf(request.headers['accept-language']),
            request,
            reply,
          }),
        ),
      );
      return success(data, call.successMessage);
    },
  });
}
