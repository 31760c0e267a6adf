// HTTP of dock slots and delivery appointments (预约送货 ms0116, 月台预约 ms0117).
import { dock } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { registerCall } from '../../platform/route';
import * as service from './service';

export function dockRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerCall(app, dock.listNotes, ({ session }) => service.listNotes(ctx, session));
    registerCall(app, dock.freeSlots, ({ session, query }) => service.freeSlots(ctx, session, query.noteNumber));
    registerCall(app, dock.book, ({ session, body }) => service.book(ctx, session, body));
    registerCall(app, dock.move, ({ session, body }) => service.move(ctx, session, body));
    registerCall(app, dock.cancel, ({ session, body }) => service.cancel(ctx, session, body.bookingId));
    registerCall(app, dock.board, ({ session, query }) => service.board(ctx, session, query));
    registerCall(app, dock.docks, ({ session }) => service.depts(ctx, session));
    registerCall(app, dock.generateSlots, ({ session, body }) => service.generateSlots(ctx, session, body));
    registerCall(app, dock.setCapacity, ({ session, body }) => service.setCapacity(ctx, session, body));
    registerCall(app, dock.closeSlot, ({ session, body }) => service.closeSlot(ctx, session, body));
    registerCall(app, dock.confirm, ({ session, body }) => service.confirm(ctx, session, body.bookingId));
    registerCall(app, dock.refuse, ({ session, body }) => service.refuse(ctx, session, body));
    registerCall(app, dock.reschedule, ({ session, body }) => service.reschedule(ctx, session, body));
  };
}
