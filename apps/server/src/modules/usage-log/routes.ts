// HTTP of usage logs and module stays.
import { ResultCode, usageLog } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { tokenOf } from '../../platform/auth-hook';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { registerCall } from '../../platform/route';
import { authenticate } from '../auth/service';
import type { UsageLogBuffer } from './buffer';
import * as service from './service';

export function usageLogRoutes(ctx: AppContext, buffer: UsageLogBuffer) {
  return async (app: FastifyInstance) => {
    // The call is public: a flood is refused before it reaches the buffer (per process), counted per account
    // for a good token and per client address without one.
    const limits = { max: ctx.config.usageLogPerMinute, timeWindow: 60_000 };
    const perAddress = app.createRateLimit(limits);
    const perAccount = app.createRateLimit({ ...limits, keyGenerator: (request) => `account:${request.session?.accountId}` });
    registerCall(app, usageLog.sendUsageLog, async ({ body, request }) => {
      // Logging never logs anyone out: a bad token only leaves the records without an account.
      const token = tokenOf(request, ctx.csrfKey);
      const session = token ? await authenticate(ctx, token).catch(() => undefined) : undefined;
      if (session) request.session = session;
      const verdict = await (session ? perAccount : perAddress)(request);
      if (!verdict.isAllowed && verdict.isExceeded) {
        throw new ApiError(429, ResultCode.throttled, {
          'zh-CN': `日志上报过于频繁，请${verdict.ttlInSeconds}秒后再试`,
          en: `Usage logs are reported too often. Please try again in ${verdict.ttlInSeconds} seconds.`,
        });
      }
      return service.acceptUsage(buffer, session, Array.isArray(body) ? body : [body]);
    });
    registerCall(app, usageLog.saveModuleLog, async ({ session, body, request }) => {
      await service.saveStay(ctx, session, body, request.ip);
      return null;
    });
    registerCall(app, usageLog.getModuleUsage, ({ session, query }) => service.moduleUsage(ctx, session, query.startDate, query.endDate));
  };
}
