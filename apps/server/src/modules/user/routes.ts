// HTTP of the user's own account.
import { user } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { registerCall } from '../../platform/route';
import * as service from './service';

export function userRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerCall(app, user.getUserInfo, ({ session, query }) => service.userInfoOf(ctx, session, query.employeeCode));
    registerCall(app, user.getQrCode, ({ session }) => service.qrCode(ctx, session));
    registerCall(app, user.updatePassword, async ({ session, body, request }) => {
      await service.changePassword(ctx, session, body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
      return null;
    });
  };
}
