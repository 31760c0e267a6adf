// The one gate of sessions: every API call is public (flag from the contract), an integration call (its own
// bearer gate) or needs a valid session token; a call that changes data (flag from the contract) is refused
// when the browser says it comes from another site, and for the accounts of a frozen supplier.
import { ClientKeys, Messages, ResultCode } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors';
import type { SessionContext } from './session-context';
import { csrfMatches } from './session-cookie';

/**
 * The session token of a request: the `token` header (API clients), `Authorization: Bearer`, the `token`
 * query (the spec's getInfo?token), or the HttpOnly session cookie, which counts only with the matching
 * double-submit header (the web app), never alone: a link or form from another site carries the cookie only.
 */
export function tokenOf(request: FastifyRequest, csrfKey: string): string | undefined {
  const header = request.headers[ClientKeys.tokenHeader];
  if (typeof header === 'string' && header) return header;
  const bearer = request.headers.authorization;
  if (bearer?.startsWith('Bearer ')) return bearer.slice(7);
  const query = (request.query as Record<string, unknown> | undefined)?.token;
  if (typeof query === 'string' && query) return query;
  const cookie = cookieOf(request, ClientKeys.tokenCookie);
  return cookie && csrfMatches(csrfKey, cookie, request.headers[ClientKeys.csrfHeader]) ? cookie : undefined;
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
  /** Key of the double-submit value that lets the session cookie count. */
  csrfKey: string;
  /** Refuses a sensitive call unless the session confirmed its user within the last minutes (two-factor step-up). */
  requireStepUp?(session: SessionContext): Promise<void>;
}

export function registerAuthHook(app: FastifyInstance, gate: Gate): void {
  app.addHook('onRequest', async (request) => {
    const { isPublic, module, button, changes, integration, stepUp, duringEnrolment } = request.routeOptions.config;
    // An integration call has its own gate (a client's bearer token, modules/integration/gate.ts), never a session.
    if (isPublic || integration) return;
    // A second line behind the double submit: the browser says a change comes from another site.
    if (changes && request.headers['sec-fetch-site'] === 'cross-site')
      throw ApiError.forbidden({ 'zh-CN': '不接受来自其他站点的修改请求', en: 'Changes requested from another site are not accepted' });
    const token = tokenOf(request, gate.csrfKey);
    if (!token) throw ApiError.unauthorized();
    request.session = await gate.authenticate(token, module ? { module, ...(button ? { button } : {}) } : undefined);
    // An account the policy requires to use two-factor sign-in reaches only the enrolment until it has.
    if (request.session.twoFactor?.pending && !duringEnrolment)
      throw new ApiError(403, ResultCode.mfaEnrolmentRequired, Messages.mfaEnrolmentRequired);
    if (stepUp && gate.requireStepUp) await gate.requireStepUp(request.session);
    // A frozen supplier reads its modules but changes nothing in them (its password and sign-out stay its own).
    if (changes && module && request.session.supplierStatus === '冻结') throw ApiError.forbidden(Messages.supplierFrozen);
  });
}
