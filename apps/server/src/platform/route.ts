// Registers a contract call as a Fastify route: schemas, envelope and the auth flag in one place.
import { type CallBody, type CallData, type CallDef, type CallQuery, envelopeSchema, failureEnvelopeSchema, legacyEnvelopeSchema } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { legacySuccess, success } from './envelope';
import { ApiError } from './errors';
import type { SessionContext } from './session-context';

export interface CallInput<C> {
  query: CallQuery<C>;
  body: CallBody<C>;
  /** The caller's session; reading it on a call without one answers 401. */
  readonly session: SessionContext;
  request: FastifyRequest;
  /** For headers and cookies only; the envelope is written by registerCall. */
  reply: FastifyReply;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Public calls need no token; every other call passes the auth hook. */
    isPublic?: boolean;
    /** Module code the caller must hold (checked by the auth hook). */
    module?: string;
  }
}

export function registerCall<C extends CallDef<z.ZodType | undefined, z.ZodType | undefined, z.ZodType>>(
  app: FastifyInstance,
  call: C,
  handler: (input: CallInput<C>) => Promise<CallData<C>>,
): void {
  const legacy = call.envelope === 'legacy';
  const failureResponses = Object.fromEntries([400, 401, 403, 404, 409, 429, 500].map((s) => [s, failureEnvelopeSchema]));
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    config: { isPublic: call.public ?? false, ...(call.module ? { module: call.module } : {}) },
    schema: {
      summary: call.summary,
      tags: [call.area],
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      ...(call.public ? {} : { security: [{ token: [] }] }),
      response: { 200: legacy ? legacyEnvelopeSchema(call.data) : envelopeSchema(call.data), ...failureResponses },
    },
    handler: async (request, reply) => {
      const data = await app.inFlight.track(() => handler({
        query: request.query as CallQuery<C>,
        body: request.body as CallBody<C>,
        get session() {
          if (!request.session) throw ApiError.unauthorized();
          return request.session;
        },
        request,
        reply,
      }));
      return legacy ? legacySuccess(data, call.successMessage) : success(data, call.successMessage);
    },
  });
}
