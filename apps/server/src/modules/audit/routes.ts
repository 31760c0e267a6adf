// HTTP of the audit trail's viewer: 审计日志 (ms0125, staff) and 操作日志 (ms0126, a supplier's main account), each
// with its modules (the module filter's choices), list, one entry and the export.
import { audit } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { registerCall, registerDownload } from '../../platform/route';
import * as service from './service';

const originOf = (request: FastifyRequest): service.Origin => ({ clientIp: request.ip, requestId: String(request.id) });

export function auditRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const screens = [
      {
        viewer: 'staff',
        modules: audit.getAuditModules,
        list: audit.getAuditTrail,
        entry: audit.getAuditEntry,
        export: audit.exportAuditTrail,
      },
      {
        viewer: 'supplier',
        modules: audit.getActivityModules,
        list: audit.getActivityLog,
        entry: audit.getActivityEntry,
        export: audit.exportActivityLog,
      },
    ] as const;
    for (const screen of screens) {
      registerCall(app, screen.modules, ({ session }) => service.modules(ctx, session, screen.viewer));
      registerCall(app, screen.list, ({ session, body }) => service.list(ctx, session, screen.viewer, body));
      registerCall(app, screen.entry, ({ session, query }) => service.entry(ctx, session, screen.viewer, query.id));
      registerDownload(
        app,
        screen.export,
        ({ session, body, language, request }) => service.exportTrail(ctx, session, screen.viewer, body, language, originOf(request)),
        { ownsExportEntry: true },
      );
    }
  };
}
