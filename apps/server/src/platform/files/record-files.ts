// A record's attached files, in the order given: its link table's rows (record, file, seq) and the files' claim.
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { type FileHolder, claimFiles, releaseFiles } from './store';

/** Link tables of records with files, and the column naming the record. */
const recordColumn = { certificate_file: 'certificate_id', goods_apply_file: 'apply_id' } as const;
export type FileLinkTable = keyof typeof recordColumn;

/**
 * Makes `fileIds` the files of record `id` (known to the file store as `reference`), in that order; the files it
 * held before and no longer does are released. Answers the ids it could not claim (nothing is changed then:
 * the caller fails its transaction).
 */
export async function setRecordFiles(
  trx: Transaction<DB>,
  table: FileLinkTable,
  holder: FileHolder,
  record: { id: number; reference: string },
  fileIds: string[],
): Promise<string[]> {
  const missing = await claimFiles(trx, holder, record.reference, fileIds);
  if (missing.length) return missing;
  const column = recordColumn[table];
  await trx.deleteFrom(table).where(column, '=', record.id).execute();
  if (fileIds.length)
    await trx
      .insertInto(table)
      .values(fileIds.map((file_id, seq) => ({ [column]: record.id, file_id, seq })))
      .execute();
  await releaseFiles(trx, holder.tenantId, record.reference, fileIds);
  return [];
}
