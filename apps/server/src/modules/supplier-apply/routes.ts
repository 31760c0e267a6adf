// HTTP of supplier admission: the public cooperation application (/coApply), its review (module ms0063)
// and the supplier history (module ms0064).
import { supplierApply } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { registerCall, registerFormUpload } from '../../platform/route';
import * as service from './service';
import * as history from './supplier-history';
import { countCall } from './throttle';

export function supplierApplyRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerCall(app, supplierApply.applyCategories, ({ query }) => service.categories(ctx, query.tenantid));
    registerFormUpload(
      app,
      supplierApply.submitApply,
      ({ query, body, request }, files) => service.submit(ctx, query.tenantid, body, files, request.ip),
      (request) => countCall(ctx, 'apply', request.ip, ctx.config.apply.perHour),
    );
    registerCall(app, supplierApply.queryApply, async ({ query, body, request }) => {
      await countCall(ctx, 'apply-query', request.ip, ctx.config.apply.queriesPerHour);
      return service.lookUp(ctx, query.tenantid, body.applyNo, body.creditCode);
    });

    registerCall(app, supplierApply.getApplyList, ({ session, body }) => service.list(ctx, session, body));
    registerCall(app, supplierApply.getApplyColumnValues, ({ session, body }) => service.columnValues(ctx, session, body));
    registerCall(app, supplierApply.getApplyDetail, ({ session, query }) => service.detail(ctx, session, query.applyNo));
    registerCall(app, supplierApply.acceptApply, ({ session, body }) => service.accept(ctx, session, body.applyNo, body.note));
    registerCall(app, supplierApply.approveApply, ({ session, body }) => service.approve(ctx, session, body.applyNo, body.note));
    registerCall(app, supplierApply.returnApply, ({ session, body }) => service.returnApplication(ctx, session, body.applyNo, body.note));

    registerCall(app, supplierApply.getSupplierHistoryList, ({ session, body }) => history.list(ctx, session, body));
    registerCall(app, supplierApply.getSupplierHistoryColumnValues, ({ session, body }) => history.columnValues(ctx, session, body));
    registerCall(app, supplierApply.getSupplierHistory, ({ session, query }) => history.detail(ctx, session, query.suppCode));
    registerCall(app, supplierApply.changeSupplierStatus, ({ session, body }) =>
      history.changeStatus(ctx, session, body.suppCode, body.status, body.note),
    );
  };
}
