// HTTP of the order collaboration settings (订单协同设置, ms0124).
import { orderSettings } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { registerCall } from '../../platform/route';
import * as service from './service';

export function orderSettingsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerCall(app, orderSettings.getOrderSettings, ({ session }) => service.get(ctx, session));
    registerCall(app, orderSettings.saveOrderSettings, ({ session, body }) => service.save(ctx, session, body));
  };
}
