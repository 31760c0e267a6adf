// Health of the server and its database.
import { Messages, ResultCode, system } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { ping } from '../../db/database';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { registerCall } from '../../platform/route';

export function systemRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerCall(app, system.health, async () => {
      if (app.inFlight.draining) throw new ApiError(503, ResultCode.unavailable, Messages.serviceUnavailable);
      if (!(await ping(ctx.db, ctx.config.dbConnectTimeoutMs))) throw new ApiError(503, ResultCode.unavailable, Messages.unavailable);
      return { status: 'ok' as const, database: 'postgres' as const, uptimeSeconds: Math.round(process.uptime()) };
    });
  };
}
