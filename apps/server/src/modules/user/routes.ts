// HTTP of the user's own account.
import { employee, user } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { registerCall } from '../../platform/route';
import * as employees from './employee-service';
import * as service from './service';

export function userRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerCall(app, employee.getEmployeeByParentCodePageQuery, ({ session, body }) => employees.list(ctx, session, body));
    registerCall(app, employee.getEmployeeColumnValues, ({ session, body }) => employees.columnValues(ctx, session, body));
    registerCall(app, employee.getEmployeeDetail, ({ session, query }) => employees.detail(ctx, session, query.employeeCode));
    registerCall(app, employee.checkEmployeeCode, ({ session, query }) => employees.codeFree(ctx, session, query.employeeCode));
    registerCall(app, employee.checkMobileUnique, ({ session, query }) =>
      employees.mobileFree(ctx, session, query.movPhone, query.employeeCode),
    );
    registerCall(app, employee.getChildEmployeeCode, ({ session }) => employees.nextChildCode(ctx, session));
    registerCall(app, employee.insertSupChild, ({ session, body }) => employees.create(ctx, session, body));
    registerCall(app, employee.updateSupChild, async ({ session, body }) => {
      await employees.update(ctx, session, body);
      return null;
    });
    registerCall(app, employee.fetchResource, ({ session }) => employees.grantable(ctx, session));
    registerCall(app, employee.queryChildPermissioByEmpCode, ({ session, query }) => employees.grantsOf(ctx, session, query.employeeCode));
    for (const call of [employee.insertSupChildRole, employee.updateSupChildRole]) {
      registerCall(app, call, async ({ session, body }) => {
        await employees.setGrants(ctx, session, body);
        return null;
      });
    }
    registerCall(app, employee.changeIsUsed, async ({ session, query }) => {
      await employees.setUsed(ctx, session, query.employeeCode, query.isUsed === '1');
      return null;
    });
    registerCall(app, employee.resetPassword, ({ session, query }) => employees.resetPassword(ctx, session, query.employeeCode));
    registerCall(app, employee.deleteEmployee, async ({ session, query }) => {
      await employees.remove(ctx, session, query.employeeCode);
      return null;
    });
    registerCall(app, employee.getEmployeeHistory, ({ session, query }) => employees.history(ctx, session, query.employeeCode));
    registerCall(app, user.getUserInfo, ({ session, query }) => service.userInfoOf(ctx, session, query.employeeCode));
    registerCall(app, user.getQrCode, ({ session }) => service.qrCode(ctx, session));
    registerCall(app, user.updatePassword, async ({ session, body, request }) => {
      await service.changePassword(ctx, session, body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
      return null;
    });
  };
}
