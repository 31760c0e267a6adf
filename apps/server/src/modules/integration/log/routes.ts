// HTTP of 接口日志 (ms0112): the list, one batch with its refusals, the export.
import { integration } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { registerCall, registerDownload } from '../../../platform/route';
import * as service from './service';

export function logRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerCall(app, integration.getIntegrationLog, ({ session, body }) => service.list(ctx, session, body));
    registerCall(app, integration.getIntegrationBatch, ({ session, query }) => service.batch(ctx, session, query.id));
    registerDownload(app, integration.exportIntegrationLog, async ({ session, body, language }) =>
      service.exportLog(ctx, session, body, language),
    );
  };
}
