// HTTP of the receiving statistics and their exports.
import { acceptance } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { registerCall, registerDownload } from '../../platform/route';
import * as service from './service';

export function acceptanceRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerCall(app, acceptance.getAccCountByCondition, ({ session, body }) =>
      service.groups(ctx, session, body, body.groupBy, { page: body.page, limit: body.limit }),
    );
    registerCall(app, acceptance.getAccCountSumByCondition, ({ session, body }) => service.totals(ctx, session, body));
    registerCall(app, acceptance.getAccDetailInfo, ({ session, body }) =>
      service.details(ctx, session, body, {
        page: body.page,
        limit: body.limit,
        sort: body.sort,
        filters: body.filters,
        after: body.after,
        before: body.before,
      }),
    );
    registerCall(app, acceptance.getAccDetailColumnValues, ({ session, body }) => service.detailColumnValues(ctx, session, body));
    registerDownload(app, acceptance.exportCsv, async ({ session, body, language }) =>
      service.exportLines(ctx, session, body, 'csv', language),
    );
    registerDownload(app, acceptance.exportExcel, async ({ session, body, language }) =>
      service.exportLines(ctx, session, body, 'xlsx', language),
    );
  };
}
