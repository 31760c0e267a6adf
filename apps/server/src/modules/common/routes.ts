// HTTP of the legacy common calls (legacy envelope, spec paths).
import { common } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { registerCall } from '../../platform/route';
import { scopeOf } from '../../platform/scope';
import * as baseInfo from '../base-info/service';
import * as repo from './repo';
import * as service from './service';

export function commonRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerCall(app, common.listEnum, async ({ query, language }) => service.enumItems(query.enumName, language));
    registerCall(app, common.allDistributions, async ({ language }) => service.enumItems('deliveryMode', language));
    registerCall(app, common.getDeptList, ({ session, body }) => service.depts(ctx, session, { keyword: body?.keyword }));
    registerCall(app, common.getOnLineDeptList, ({ session, body }) =>
      service.depts(ctx, session, { keyword: body?.keyword, onlineOnly: true }),
    );
    registerCall(app, common.getPickStoreList, ({ session, body }) =>
      service.depts(ctx, session, { keyword: body?.keyword, storesOnly: true, onlineOnly: true }),
    );
    registerCall(app, common.queryMyStore, ({ session }) => service.myStores(ctx, session));
    registerCall(app, common.getBatchStocksList, ({ session, body }) => service.stocks(ctx, session, body.goodsCode, body.deptCode));
    registerCall(app, common.getUserPermission, ({ session }) => service.permissions(ctx, session));
    registerCall(app, common.getSupplierInfo, ({ session, body }) =>
      repo.suppliers(ctx.db, scopeOf(session), body?.keyword, body?.page ?? 1, body?.pageSize ?? 9999),
    );
    registerCall(app, common.queryListByParamCode, ({ session, body }) => repo.systemParams(ctx.db, session.tenantId, body.paramCode));
    registerCall(app, common.getCatalogClassInfo, ({ session }) => service.catalogTree(ctx, session));
    registerCall(app, common.getSupplierCateInfo, ({ session }) => service.supplierTree(ctx, session));
    registerCall(app, common.getBrandInfo, ({ session }) => service.brandTree(ctx, session));
    registerCall(app, common.getGoodInfo, ({ session, body }) =>
      repo.goods(ctx.db, scopeOf(session), body ?? {}, body?.page ?? 1, body?.pageSize ?? 50),
    );
    registerCall(app, common.getPrintTemplateAll, ({ session, query }) =>
      repo.printTemplates(ctx.db, session.tenantId, query.printTypeCode),
    );
    registerCall(app, common.getOcxDownloadUrl, ({ session }) => service.ocxDownloadUrl(ctx, session));
    registerCall(app, common.saveBusOption, ({ session, body }) => baseInfo.saveBusOption(ctx, session, body));
    registerCall(app, common.queryLocationArchivesBatch, ({ session, body }) =>
      service.locations(ctx, session, body.billDirection, body.deptCode),
    );
  };
}
