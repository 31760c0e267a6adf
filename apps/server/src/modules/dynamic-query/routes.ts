// HTTP of server-defined query pages: the designer's calls (module ms0100) and the runner's, which are open in
// the auth hook and decide per definition (public, or the definition's own module) in the service.
import { dynamicQuery } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tokenOf } from '../../platform/auth-hook';
import type { AppContext } from '../../platform/context';
import { registerCall, registerDownload } from '../../platform/route';
import { authenticate } from '../auth/service';
import { ReportRunner } from './runner';
import * as service from './service';

export function dynamicQueryRoutes(ctx: AppContext) {
  const runner = new ReportRunner(ctx.reportPool, ctx.db, ctx.config.dynamicQuery);
  /** The caller of a runner call: its session when its token is good (a stale one counts as signed out). */
  const callerOf = async (request: FastifyRequest, tenantid: string | undefined) => {
    const token = tokenOf(request, ctx.csrfKey);
    const session = token ? await authenticate(ctx, token).catch(() => undefined) : undefined;
    return { session, tenantid, tokenGiven: token !== undefined };
  };
  return async (app: FastifyInstance) => {
    registerCall(app, dynamicQuery.listDefinitions, ({ session, body }) => service.list(ctx, session, body?.keyword));
    registerCall(app, dynamicQuery.getDefinition, ({ session, query }) => service.get(ctx, session, query.queryCode));
    registerCall(app, dynamicQuery.saveDefinition, ({ session, body }) => service.save(ctx, runner, session, body));
    registerCall(app, dynamicQuery.deleteDefinition, ({ session, body }) => service.remove(ctx, session, body.queryCode));
    registerCall(app, dynamicQuery.testRun, ({ session, body }) => service.testRun(ctx, runner, session, body));
    registerCall(app, dynamicQuery.publishTargetOptions, ({ session }) => service.publishOptions(ctx, session));
    registerCall(app, dynamicQuery.publish, ({ session, body }) => service.publish(ctx, session, body));

    registerCall(app, dynamicQuery.getPageDefinition, async ({ request, query }) =>
      service.pageDefinition(ctx, await callerOf(request, query.tenantid), query.queryCode),
    );
    registerCall(app, dynamicQuery.run, async ({ request, query, body }) =>
      service.run(ctx, runner, await callerOf(request, query.tenantid), body),
    );
    registerCall(app, dynamicQuery.runColumnValues, async ({ request, query, body }) =>
      service.columnValues(ctx, runner, await callerOf(request, query.tenantid), body),
    );
    registerDownload(app, dynamicQuery.exportCsv, async ({ request, query, body, language }) =>
      service.exportFile(ctx, runner, await callerOf(request, query.tenantid), body, 'csv', language),
    );
    registerDownload(app, dynamicQuery.exportExcel, async ({ request, query, body, language }) =>
      service.exportFile(ctx, runner, await callerOf(request, query.tenantid), body, 'xlsx', language),
    );
  };
}
