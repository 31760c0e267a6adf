// Registers a contract call as a Fastify route: schemas, envelope and the auth flag in one place.
import { type CallBody, type CallData, type CallDef, type CallQuery, envelopeSchema, failureEnvelopeSchema } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { success } from './envelope';
import { ApiError } from './errors';
import type { SessionContext } from './session-context';

export interface CallInput<C> {
  query: CallQuery<C>;
  body: CallBody<C>;
  /** The caller's session; reading it on a call without one answers 401. */
  readonly session: SessionContext;
  request: FastifyRequest;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Public calls need no token; every other call passes the auth hook. */
    isPublic?: boolean;
  }
}

export function registerCall<C extends CallDef<z.ZodType | undefined, z.ZodType | undefined, z.ZodType>>(
  app: FastifyInstance,
  call: C,
  handler: (input: CallInput<C>) => Promise<CallData<C>>,
): void {
  const failureResponses = Object.fromEntries([400, 401, 403, 404, 409, 429, 500].map((s) => [s, failureEnvelopeSchema]));
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    config: { isPublic: call.public ?? false },
    schema: {
      summary: call.summary,
      tags: [call.area],
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      ...(call.public ? {} : { security: [{ token: [] }] }),
      response: { 200: envelopeSchema(call.data), ...failureResponses },
    },
    handler: async (request) => {
      const data = await app.inFlight.track(() => handler({
        query: request.query as CallQuery<C>,
        body: request.body as CallBody<C>,
        get session() {
          if (!request.session) throw ApiError.unauthorized();
          return request.session;
        },
        request,
      }));
      return success(data);
    },
  });
}
