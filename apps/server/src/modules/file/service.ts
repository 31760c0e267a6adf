// Rules of the file store's calls: a supplier's accounts reach their supplier's files only (another
// supplier's answer 404, as if absent); staff read their tenant's; only the owner deletes, and only an
// unreferenced file.
import type { StoredFile } from '@portal/contract';
import type { Selectable } from 'kysely';
import type { StoredFileTable } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { deleteUnreferenced, fileBytes, findFile, saveFile } from '../../platform/files/store';
import type { ReceivedFile } from '../../platform/files/upload';
import type { Download } from '../../platform/route';
import type { SessionContext } from '../../platform/session-context';

const shown = (row: Selectable<StoredFileTable>): StoredFile => ({
  fileId: row.id,
  fileName: row.name,
  contentType: row.content_type,
  size: Number(row.size),
  sha256: row.sha256,
  createdBy: row.created_by,
  createdAt: row.created_at.toISOString(),
});

/** The file as the caller may see it, or 404. */
async function reachable(ctx: AppContext, session: SessionContext, fileId: string) {
  const row = await findFile(ctx.db, session.tenantId, fileId);
  if (!row || (session.kind === 'supplier' && row.supp_code !== session.suppCode))
    throw ApiError.notFound({ 'zh-CN': `文件 ${fileId} 不存在`, en: `File ${fileId} does not exist` });
  return row;
}

export async function upload(ctx: AppContext, session: SessionContext, files: ReceivedFile[]): Promise<StoredFile[]> {
  const owner = {
    tenantId: session.tenantId,
    suppCode: session.kind === 'supplier' ? session.suppCode : null,
    createdBy: session.employeeCode,
  };
  const rows = await ctx.db.transaction().execute(async (trx) => {
    const saved = [];
    for (const file of files) saved.push(await saveFile(trx, owner, file));
    return saved;
  });
  return rows.map(shown);
}

export async function download(ctx: AppContext, session: SessionContext, fileId: string): Promise<Download> {
  const row = await reachable(ctx, session, fileId);
  return { fileName: row.name, contentType: row.content_type, body: fileBytes(ctx.db, row.id) };
}

export async function remove(ctx: AppContext, session: SessionContext, fileId: string): Promise<void> {
  const row = await reachable(ctx, session, fileId);
  const owner = session.kind === 'supplier' ? row.supp_code === session.suppCode : row.supp_code === null;
  if (!owner)
    throw ApiError.forbidden({ 'zh-CN': '只有文件所属的供应商可以删除它', en: 'Only the supplier that owns the file can delete it' });
  if (row.referenced_by || !(await deleteUnreferenced(ctx.db, row.id)))
    throw ApiError.conflict({ 'zh-CN': `文件 ${row.name} 已被引用，不能删除`, en: `File ${row.name} is in use and cannot be deleted` });
}
