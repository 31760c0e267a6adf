// The one gate: every API call is public (flag from the contract) or needs a valid session token.
import { ClientKeys } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors';
import type { SessionContext } from './session-context';

/** The token travels in the `token` header (both clients), `Authorization: Bearer`, the `token` query or the cookie. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[ClientKeys.tokenHeader];
  if (typeof header === 'string' && header) return header;
  const bearer = request.headers.authorization;
  if (bearer?.startsWith('Bearer ')) return bearer.slice(7);
  const query = (request.query as Record<string, unknown> | undefined)?.token;
  if (typeof query === 'string' && query) return query;
  const cookie = request.headers.cookie
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === ClientKeys.tokenCookie)?.[1];
  return cookie ? decodeURIComponent(cookie) : undefined;
}

export function registerAuthHook(app: FastifyInstance, authenticate: (token: string) => Promise<SessionContext>): void {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.isPublic) return;
    const token = tokenOf(request);
    if (!token) throw ApiError.unauthorized();
    request.session = await authenticate(token);
  });
}
