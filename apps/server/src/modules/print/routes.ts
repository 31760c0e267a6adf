// HTTP of the print records (print preview).
import { print } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { registerCall } from '../../platform/route';
import * as service from './service';

export function printRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerCall(app, print.getPurOrderPrint, ({ session, query }) => service.purOrder(ctx, session, query.billNumber, query.suppCode));
    registerCall(app, print.getReceivingPrint, ({ session, query }) => service.receiving(ctx, session, query.billNumber, query.suppCode));
    registerCall(app, print.getSamBillPrint, ({ session, query }) => service.samBill(ctx, session, query.billNumber, query.suppCode));
    registerCall(app, print.getAdjustPricePrint, ({ session, query }) =>
      service.adjustPrice(ctx, session, query.billNumber, query.suppCode),
    );
    registerCall(app, print.getGoodsChangePrint, ({ session, query }) =>
      service.goodsChange(ctx, session, query.billNumber, query.suppCode),
    );
    registerCall(app, print.getPrintableRecords, ({ session, query }) =>
      service.records(ctx, session, query.printTypeCode, query.suppCode),
    );
  };
}
