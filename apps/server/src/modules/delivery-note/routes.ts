// HTTP of delivery notes (the supplier's ms0114) and receiving against them (the staff's ms0115).
import { deliveryNote } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { registerCall } from '../../platform/route';
import * as receiving from './receiving';
import * as service from './service';

export function deliveryNoteRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerCall(app, deliveryNote.getDeliveryNotePage, ({ session, body }) => service.page(ctx, session, body));
    registerCall(app, deliveryNote.getOpenLines, ({ session, query }) => service.openLines(ctx, session, query.deptCode));
    registerCall(app, deliveryNote.createDeliveryNote, ({ session, body }) => service.create(ctx, session, body));
    registerCall(app, deliveryNote.getDeliveryNoteDetail, ({ session, query }) => service.detail(ctx, session, query.noteNumber));
    registerCall(app, deliveryNote.cancelDeliveryNote, ({ session, body }) => service.cancel(ctx, session, body.noteNumber));
    registerCall(app, deliveryNote.getReceivingNote, ({ session, query }) =>
      service.detailIn(ctx.db, { tenantId: session.tenantId, suppCode: null }, query.noteNumber),
    );
    registerCall(app, deliveryNote.postReceiving, ({ session, body }) => receiving.post(ctx, session, body));
  };
}
