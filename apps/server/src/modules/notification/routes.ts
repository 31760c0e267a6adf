// HTTP of the message centre (ms0120), the bell's unread count and the notification settings (ms0121).
import { notification } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { registerCall } from '../../platform/route';
import * as service from './service';

export function notificationRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerCall(app, notification.getMessages, ({ session, body, language }) => service.page(ctx, session, body, language));
    registerCall(app, notification.getUnreadCount, ({ session }) => service.unreadCount(ctx, session));
    registerCall(app, notification.markRead, ({ session, body }) => service.markRead(ctx, session, body.ids));
    registerCall(app, notification.markAllRead, ({ session, body }) => service.markAllRead(ctx, session, body.group));
    registerCall(app, notification.getPreferences, ({ session }) => service.preferences(ctx, session));
    registerCall(app, notification.savePreferences, ({ session, body }) => service.savePreferences(ctx, session, body));
    registerCall(app, notification.saveLanguage, ({ session, body }) => service.saveLanguage(ctx, session, body.language));
  };
}
