// HTTP of the menu and permissions.
import { common, menu } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { registerCall } from '../../platform/route';
import * as service from './service';

export function menuRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerCall(app, menu.queryMerchantsModuleList, ({ session }) => service.menuOf(ctx, session));
    registerCall(app, menu.queryPermissionByeEmployeeCode, ({ session, query }) => service.permissionOf(ctx, session, query.employeeCode));
    registerCall(app, menu.getExternalModules, ({ session }) => service.externalModules(ctx, session));
    registerCall(app, menu.getSsoLink, ({ session, query }) => service.ssoLink(ctx, session, query.moudleCode));
    registerCall(app, menu.getSecondVerifyCode, ({ session, query }) => service.secondVerifyCode(ctx, session, query.moudleCode));
    registerCall(app, menu.checkPage, ({ session, query }) => service.checkPage(ctx, session, query.path));
    registerCall(app, common.getAuthBtnList, ({ session, body }) => service.buttonCodes(ctx, session, body.menuCode));
  };
}
