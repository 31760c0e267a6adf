// HTTP of "My sessions" and of ending an account's sessions.
import { session as contract } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { registerCall } from '../../platform/route';
import * as service from './service';

export function sessionRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerCall(app, contract.listMine, ({ session }) => service.listMine(ctx, session));
    registerCall(app, contract.endMine, async ({ session, body }) => {
      await service.endMine(ctx, session, body.id);
      return null;
    });
    registerCall(app, contract.endOthers, ({ session }) => service.endOthers(ctx, session));
    registerCall(app, contract.endAccountSessions, ({ session, body }) => service.endAccount(ctx, session, body.employeeCode));
  };
}
