// HTTP of 数据导入 (ms0111): the template, the check (a dry run), the import and the report as .xlsx.
import { integration } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { registerDownload, registerUpload } from '../../../platform/route';
import * as service from './service';

export function importRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerDownload(app, integration.downloadImportTemplate, async ({ session, query, language }) =>
      service.template(session, query.entity, query.language ?? language),
    );
    registerUpload(app, integration.checkImport, ({ session, query }, files) =>
      service.importFile(ctx, session, query.entity, files[0]!, 'check'),
    );
    registerUpload(app, integration.runImport, ({ session, query }, files) =>
      service.importFile(ctx, session, query.entity, files[0]!, 'import'),
    );
    // A report of maxReportLines lines, each reason in both languages, is several megabytes of JSON.
    registerDownload(
      app,
      integration.exportImportReport,
      async ({ body, language }) => service.reportFile(body.entity, body.lines, language),
      {
        bodyLimit: 16 * 1024 * 1024,
      },
    );
  };
}
