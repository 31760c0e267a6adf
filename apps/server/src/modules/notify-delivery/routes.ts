// HTTP of the channel screens: 通知渠道 (ms0122, staff admins) and 群机器人 (ms0123, a supplier's own robots); the
// same rules behind both, each screen its own calls and module.
import { notifyDelivery } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { registerCall } from '../../platform/route';
import * as service from './service';

function screenRoutes(app: FastifyInstance, ctx: AppContext, calls: notifyDelivery.ScreenCalls, screen: service.Screen) {
  registerCall(app, calls.list, ({ session }) => service.list(ctx, session, screen));
  registerCall(app, calls.create, ({ session, body }) => service.create(ctx, session, screen, body));
  registerCall(app, calls.update, ({ session, body }) => service.update(ctx, session, screen, body));
  registerCall(app, calls.disable, ({ session, body }) => service.setEnabled(ctx, session, screen, body.id, false));
  registerCall(app, calls.enable, ({ session, body }) => service.setEnabled(ctx, session, screen, body.id, true));
  registerCall(app, calls.test, ({ session, body, language }) => service.test(ctx, session, screen, body.id, language));
  registerCall(app, calls.deliveries, ({ session, body }) => service.deliveries(ctx, session, screen, body));
  registerCall(app, calls.attempts, ({ session, query }) => service.attempts(ctx, session, screen, query.id));
  registerCall(app, calls.replay, ({ session, body }) => service.replay(ctx, session, screen, body.id));
}

export function notifyDeliveryRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    screenRoutes(app, ctx, notifyDelivery.staffCalls, 'staff');
    screenRoutes(app, ctx, notifyDelivery.supplierCalls, 'supplier');
    registerCall(app, notifyDelivery.rotateEndpointSecret, ({ session, body }) => service.rotate(ctx, session, body.id));
  };
}
