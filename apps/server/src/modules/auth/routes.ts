// HTTP of sign-in, sign-out and user info.
import { auth, type CodeNeeded, type LoginIdentity, type LoginResult, mfa } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { withAuditActor } from '../../db/audit-context';
import { actorOfRequest } from '../../platform/audit-scope';
import { cookieOf } from '../../platform/auth-hook';
import { ApiError } from '../../platform/errors';
import type { AppContext } from '../../platform/context';
import { registerCall } from '../../platform/route';
import { sessionCookies } from '../../platform/session-cookie';
import { identCookieName, identCookieValue, issueCode, verifyIdentCookie } from './ident';
import { clientOf as mfaClientOf, mfaRoutes } from './mfa/routes';
import { loginWithCode } from './mfa/service';
import * as service from './service';
import { newCaptcha } from './throttle';

async function setIdentCookie(reply: FastifyReply, ctx: AppContext, result: LoginResult) {
  const session = await service.authenticate(ctx, result.token);
  const { value, maxAgeSeconds } = identCookieValue(ctx, session.accountId);
  reply.header(
    'set-cookie',
    `${identCookieName}=${value}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax${ctx.config.https ? '; Secure' : ''}`,
  );
}

/**
 * The browser's session cookies after a login (identities to choose from, or a two-factor challenge, are no session
 * yet); removed by an empty token.
 */
function setSessionCookies(reply: FastifyReply, ctx: AppContext, result: LoginResult | LoginIdentity[] | CodeNeeded | { token: '' }) {
  if (Array.isArray(result) || !('token' in result)) return;
  reply.header(
    'set-cookie',
    sessionCookies(ctx.csrfKey, result.token, { secure: ctx.config.https, maxAgeSeconds: ctx.config.sessionAbsoluteHours * 3600 }),
  );
}

/** A sign-in runs as a call the audit trail knows (address, request id, call), though no one is signed in yet. */
const asSignIn = <T>(request: FastifyRequest, call: Pick<typeof auth.login, 'method' | 'path' | 'module'>, work: () => Promise<T>) =>
  withAuditActor(actorOfRequest(request, call), work);

function clientOf(request: FastifyRequest): service.ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}

export function authRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerCall(app, auth.publicKey, async () => ({ publicKey: ctx.transportKey.publicPem, algorithm: 'RSA-OAEP-256' as const }));
    registerCall(app, auth.login, async ({ query, body, request, reply }) => {
      const result = await asSignIn(request, auth.login, () => service.login(ctx, 'supplier', query.tenantid, body, clientOf(request)));
      setSessionCookies(reply, ctx, result);
      return result;
    });
    registerCall(app, auth.merchantsLogin, async ({ query, body, request, reply }) => {
      const result = await asSignIn(request, auth.merchantsLogin, () =>
        service.login(ctx, 'staff', query.tenantid, body, clientOf(request)),
      );
      if (!Array.isArray(result) && 'token' in result) await setIdentCookie(reply, ctx, result);
      setSessionCookies(reply, ctx, result);
      return result;
    });
    registerCall(app, mfa.loginCode, async ({ query, body, request, reply }) => {
      const result = await asSignIn(request, mfa.loginCode, () => loginWithCode(ctx, query.tenantid, body, mfaClientOf(request)));
      if (result.staff) await setIdentCookie(reply, ctx, result);
      setSessionCookies(reply, ctx, result);
      return result;
    });
    registerCall(app, auth.merchantsLoginForRMC, async ({ query, body, request, reply }) => {
      const result = await asSignIn(request, auth.merchantsLoginForRMC, () =>
        service.loginWithIdentCode(ctx, query.tenantid, body.code, body.exp, clientOf(request)),
      );
      setSessionCookies(reply, ctx, result);
      return result;
    });
    registerCall(app, auth.checkCookieLogin, async ({ request }) => {
      const accountId = verifyIdentCookie(ctx, cookieOf(request, identCookieName));
      if (accountId === null)
        throw ApiError.unauthorized({
          'zh-CN': '身份认证已失效，请重新登录',
          en: 'Your authentication has expired. Please sign in again.',
        });
      return issueCode(ctx, accountId);
    });
    registerCall(app, auth.captcha, () => newCaptcha(ctx));
    mfaRoutes(ctx)(app);
    registerCall(app, auth.getInfo, async ({ session }) => service.userInfo(session));
    registerCall(app, auth.logout, async ({ session, request, reply }) => {
      await service.logout(ctx, session, clientOf(request));
      setSessionCookies(reply, ctx, { token: '' });
      return null;
    });
  };
}
