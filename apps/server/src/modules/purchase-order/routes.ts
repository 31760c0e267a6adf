// HTTP of purchase orders.
import { purchaseOrder } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { asCaller } from '../../platform/audit-scope';
import { registerCall } from '../../platform/route';
import { scopeOf } from '../../platform/scope';
import * as repo from './repo';
import * as service from './service';

export function purchaseOrderRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerCall(app, purchaseOrder.getPurOrderPage, ({ session, body }) => service.page(ctx, session, body));
    registerCall(app, purchaseOrder.getPurOrderColumnValues, ({ session, body }) => service.columnValues(ctx, session, body));
    // A supplier's first look marks the order read: a write the audit trail names the supplier of.
    registerCall(app, purchaseOrder.getPurOrderDetail, ({ session, query, request }) => {
      const read = () => service.detail(ctx, session, query.billNumber, query.suppCode);
      return session.kind === 'supplier' ? asCaller(request, purchaseOrder.getPurOrderDetail, read) : read();
    });
    registerCall(app, purchaseOrder.getPurOrderDetailSplitSubGoods, ({ session, query }) =>
      service.splitSubGoods(ctx, session, query.billNumber),
    );
    registerCall(app, purchaseOrder.confirmPurOrder, ({ session, body }) => service.confirm(ctx, session, body));
    registerCall(app, purchaseOrder.declinePurOrder, ({ session, body }) => service.decline(ctx, session, body));
    registerCall(app, purchaseOrder.getConfirmMonitorPage, ({ session, body }) => service.monitor(ctx, session, body));
    registerCall(app, purchaseOrder.getDept, ({ session }) => repo.deptsOnOrders(ctx.db, scopeOf(session)));
  };
}
