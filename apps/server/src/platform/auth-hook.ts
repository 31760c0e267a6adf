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
  return cookieOf(request, ClientKeys.tokenCookie);
}

export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of request.headers.cookie?.split(';') ?? []) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** What a call needs beyond a session: a module (menu code) and perhaps a button of it. */
export interface Access {
  module: string;
  button?: string;
}

export interface Gate {
  /** The session of a token; with an access, answers 403 unless the session holds it (in the same query). */
  authenticate(token: string, access?: Access): Promise<SessionContext>;
}

export function registerAuthHook(app: FastifyInstance, gate: Gate): void {
  app.addHook('onRequest', async (request) => {
    const { isPublic, module, button } = request.routeOptions.config;
    if (isPublic) return;
    const token = tokenOf(request);
    if (!token) throw ApiError.unauthorized();
    request.session = await gate.authenticate(token, module ? { module, ...(button ? { button } : {}) } : undefined);
  });
}
