// HTTP of the file store's calls.
import { file } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { registerCall, registerDownload, registerUpload } from '../../platform/route';
import * as service from './service';

export function fileRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerUpload(app, file.uploadFile, ({ session }, files) => service.upload(ctx, session, files));
    // A stored file is a light read (images of a page load several at once), never an export.
    registerDownload(app, file.downloadFile, ({ session, query }) => service.download(ctx, session, query.fileId), { light: true });
    registerCall(app, file.deleteFile, async ({ session, body }) => {
      await service.remove(ctx, session, body.fileId);
      return null;
    });
  };
}
