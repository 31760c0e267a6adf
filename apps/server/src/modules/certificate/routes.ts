// HTTP of certificates (module ms0040).
import { certificate } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { registerCall, registerDownload, registerUpload } from '../../platform/route';
import * as files from '../file/service';
import * as service from './service';

export function certificateRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerCall(app, certificate.getCtfTypes, ({ session }) => service.types(ctx, session));
    registerCall(app, certificate.saveCtfType, ({ session, body }) => service.saveType(ctx, session, body));
    registerCall(app, certificate.getSupplierCtfs, ({ session, query }) => service.supplierOverview(ctx, session, query.suppCode));
    registerCall(app, certificate.getCtfDetail, ({ session, query }) => service.detail(ctx, session, query.id));
    registerUpload(app, certificate.uploadCtfFile, ({ session }, received) => {
      if (session.kind !== 'supplier') throw ApiError.forbidden(service.supplierOnly);
      return files.upload(ctx, session, received);
    });
    registerCall(app, certificate.saveCtf, ({ session, body }) => service.save(ctx, session, body));
    registerCall(app, certificate.submitCtf, ({ session, body }) => service.submit(ctx, session, body.id));
    registerCall(app, certificate.approveCtf, ({ session, body }) => service.review(ctx, session, body.id, { approve: true }));
    registerCall(app, certificate.returnCtf, ({ session, body }) => service.review(ctx, session, body.id, { reason: body.reason }));
    registerCall(app, certificate.getCtfReviewList, ({ session, body }) => service.reviewList(ctx, session, body));
    registerCall(app, certificate.getCtfReviewColumnValues, ({ session, body }) => service.reviewColumnValues(ctx, session, body));
    registerCall(app, certificate.getProblemSuppliers, ({ session }) => service.problemSuppliers(ctx, session));
    registerDownload(app, certificate.downloadCtfTemplate, ({ session, language }) => service.template(ctx, session, language));
    registerUpload(app, certificate.importCtfs, ({ session, query, language }, received) =>
      service.importSheet(ctx, session, received[0]!.bytes, query.mode, language),
    );
    registerDownload(app, certificate.exportImportReport, async ({ body, language }) => service.importReport(body.rows, language));
  };
}
