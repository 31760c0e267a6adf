// HTTP of supplier performance (ms0118 for suppliers, ms0119 ranking for staff).
import { performance } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { registerCall } from '../../platform/route';
import * as service from './service';

export function performanceRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerCall(app, performance.getSupplierPerformance, ({ session, query }) => service.supplierOverview(ctx, session, query));
    registerCall(app, performance.getPerformanceRanking, ({ session, body }) => service.ranking(ctx, session, body));
  };
}
