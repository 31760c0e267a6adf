// HTTP of sign-in, sign-out and user info.
import { auth } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { registerCall } from '../../platform/route';
import * as service from './service';

function clientOf(request: FastifyRequest): service.ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}

export function authRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerCall(app, auth.publicKey, async () => ({ publicKey: ctx.transportKey.publicPem, algorithm: 'RSA-OAEP-256' as const }));
    registerCall(app, auth.login, ({ query, body, request }) => service.login(ctx, 'supplier', query.tenantid, body, clientOf(request)));
    registerCall(app, auth.merchantsLogin, ({ query, body, request }) => service.login(ctx, 'staff', query.tenantid, body, clientOf(request)));
    registerCall(app, auth.getInfo, ({ session }) => service.userInfo(ctx, session));
    registerCall(app, auth.logout, async ({ session, request }) => {
      await service.logout(ctx, session, clientOf(request));
      return null;
    });
  };
}
