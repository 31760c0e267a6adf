// HTTP of usage logs and module stays.
import { usageLog } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { tokenOf } from '../../platform/auth-hook';
import type { AppContext } from '../../platform/context';
import { registerCall } from '../../platform/route';
import { authenticate } from '../auth/service';
import type { UsageLogBuffer } from './buffer';
import * as service from './service';

export function usageLogRoutes(ctx: AppContext, buffer: UsageLogBuffer) {
  return async (app: FastifyInstance) => {
    registerCall(app, usageLog.sendUsageLog, async ({ body, request }) => {
      // Public, so that logging never logs anyone out; the account is attached when the token is good.
      const token = tokenOf(request, ctx.csrfKey);
      const session = token ? await authenticate(ctx, token).catch(() => undefined) : undefined;
      return service.acceptUsage(buffer, session, Array.isArray(body) ? body : [body]);
    });
    registerCall(app, usageLog.saveModuleLog, async ({ session, body, request }) => {
      await service.saveStay(ctx, session, body, request.ip);
      return null;
    });
    registerCall(app, usageLog.getModuleUsage, ({ session, query }) => service.moduleUsage(ctx, session, query.startDate, query.endDate));
  };
}
