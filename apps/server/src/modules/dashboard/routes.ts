// HTTP of the dashboard.
import { certificate, dashboard } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { registerCall } from '../../platform/route';
import * as certificates from '../certificate/service';
import * as service from './service';

export function dashboardRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerCall(app, dashboard.getOverview, ({ session, query }) => service.overview(ctx, session, query.suppCode));
    registerCall(app, dashboard.getDeliveryOverview, ({ session, query }) => service.deliveries(ctx, session, query.suppCode));
    registerCall(app, certificate.getCertificateSummary, ({ session, query }) => certificates.summary(ctx, session, query));
  };
}
