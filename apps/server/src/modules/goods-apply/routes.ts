// HTTP of new-product applications (supplier module ms0061) and their review (staff module ms0060).
import { goodsApply } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { registerCall, registerUpload } from '../../platform/route';
import * as files from '../file/service';
import * as service from './service';

export function goodsApplyRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerCall(app, goodsApply.getApplyPage, ({ session, body }) => service.page(ctx, session, body));
    registerCall(app, goodsApply.getApplyColumnValues, ({ session, body }) => service.columnValues(ctx, session, body));
    registerCall(app, goodsApply.getApplyDetail, ({ session, query }) => service.detail(ctx, session, query.applyNo));
    registerCall(app, goodsApply.getLinkableCtfs, ({ session }) => service.linkable(ctx, session));
    registerUpload(app, goodsApply.uploadApplyFile, ({ session }, received) => {
      if (session.kind !== 'supplier')
        throw ApiError.forbidden({
          'zh-CN': '只有供应商账号可以提交新品申请',
          en: 'Only a supplier account can submit new product applications',
        });
      return files.upload(ctx, session, received);
    });
    registerCall(app, goodsApply.saveApply, ({ session, body }) => service.save(ctx, session, body));
    registerCall(app, goodsApply.startErpProcessWithForm, ({ session, body }) => service.submit(ctx, session, body.form));
    registerCall(app, goodsApply.withdrawApply, ({ session, body }) => service.withdraw(ctx, session, body.applyNo));
    registerCall(app, goodsApply.deleteApply, ({ session, body }) => service.remove(ctx, session, body.applyNo));

    registerCall(app, goodsApply.getAuditPage, ({ session, body }) => service.page(ctx, session, body));
    registerCall(app, goodsApply.getAuditColumnValues, ({ session, body }) => service.columnValues(ctx, session, body));
    registerCall(app, goodsApply.getAuditDetail, ({ session, query }) => service.detail(ctx, session, query.applyNo));
    registerCall(app, goodsApply.acceptApply, ({ session, body }) => service.review(ctx, session, body.applyNo, 'accept', body.comment));
    registerCall(app, goodsApply.approveApply, ({ session, body }) => service.review(ctx, session, body.applyNo, 'approve', body.comment));
    registerCall(app, goodsApply.rejectApply, ({ session, body }) => service.review(ctx, session, body.applyNo, 'reject', body.comment));
    registerCall(app, goodsApply.getNewAppInfo, ({ session }) => service.newAppInfo(ctx, session));
  };
}
