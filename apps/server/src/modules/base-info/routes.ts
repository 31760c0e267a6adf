// HTTP of the base data lookups and system parameters.
import { baseInfo, system } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { registerCall } from '../../platform/route';
import { systemParam } from '../../platform/sql/system-param';
import * as repo from './repo';
import * as service from './service';

export function baseInfoRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerCall(app, baseInfo.getAllBrandInfo, ({ session, body }) => service.tenantBrands(ctx, session.tenantId, body?.keyword));
    registerCall(app, baseInfo.getAllDeptInfo, ({ session, body }) => repo.depts(ctx.db, session.tenantId, body?.keyword));
    registerCall(app, baseInfo.getCategoryInfo, ({ session, body }) => repo.categories(ctx.db, session.tenantId, body ?? {}));
    registerCall(app, baseInfo.getCategoryTreeInfo, ({ session }) => service.tenantCategoryTree(ctx, session.tenantId));
    registerCall(app, baseInfo.getAccUnitCodeInfo, ({ session }) => repo.accUnits(ctx.db, session.tenantId));
    registerCall(app, baseInfo.queryBusOption, ({ session, body }) => repo.busOptions(ctx.db, session.tenantId, body?.busShortName));
    registerCall(app, baseInfo.saveBusOption, ({ session, body }) => service.saveBusOption(ctx, session, body));
    registerCall(app, baseInfo.getBrandPage, ({ session, body }) => service.brandPage(ctx, session, body));
    registerCall(app, baseInfo.getBrandColumnValues, ({ session, body }) => service.brandColumnValues(ctx, session, body));
    registerCall(app, baseInfo.saveBrand, ({ session, body }) => service.saveBrand(ctx, session, body));
    registerCall(app, baseInfo.saveCategory, ({ session, body }) => service.saveCategory(ctx, session, body));
    registerCall(app, baseInfo.getDeptPage, ({ session, body }) => service.deptPage(ctx, session, body));
    registerCall(app, baseInfo.getDeptColumnValues, ({ session, body }) => service.deptColumnValues(ctx, session, body));
    registerCall(app, baseInfo.getAccUnitPage, ({ session, body }) => service.accUnitPage(ctx, session, body));
    registerCall(app, baseInfo.getAccUnitColumnValues, ({ session, body }) => service.accUnitColumnValues(ctx, session, body));
    registerCall(app, baseInfo.saveAccUnit, ({ session, body }) => service.saveAccUnit(ctx, session, body));
    registerCall(app, baseInfo.getBillNumber, ({ session, query }) => service.nextBillNumber(ctx, session, query.code, query.digits));
    registerCall(
      app,
      system.useMiddlePlatform,
      async ({ session }) => (await systemParam(ctx.db, session.tenantId, 'USE_MIDDLE_PLATFORM'))?.parameterValue === '1',
    );
    registerCall(app, system.querySystemParam, ({ session, query }) => service.systemParam(ctx, session, query.parameterCode));
  };
}
