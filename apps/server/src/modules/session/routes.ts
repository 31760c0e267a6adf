// HTTP of "My sessions" and of ending an account's sessions.
import { session as contract } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { registerCall } from '../../platform/route';
import * as service from './service';

function originOf(request: FastifyRequest, call: { path: string; module?: string }): service.Origin {
  return { clientIp: request.ip, requestId: request.id, callName: call.path, moduleCode: call.module ?? null };
}

export function sessionRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerCall(app, contract.listMine, ({ session }) => service.listMine(ctx, session));
    registerCall(app, contract.endMine, async ({ session, body, request }) => {
      await service.endMine(ctx, session, body.id, originOf(request, contract.endMine));
      return null;
    });
    registerCall(app, contract.endOthers, ({ session, request }) => service.endOthers(ctx, session, originOf(request, contract.endOthers)));
    registerCall(app, contract.endAccountSessions, ({ session, body, request }) =>
      service.endAccount(ctx, session, body.employeeCode, originOf(request, contract.endAccountSessions)),
    );
  };
}
