// SQL of the files attached to bills, charges and invoices, through the file store's claim and release.
import type { StoredFile } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { type FileHolder, claimFiles, releaseFiles } from '../../../platform/files/store';

/** Files attached to records, with the record they belong to. */
export function attachmentsOf(db: Kysely<DB>, tenantId: string, owners: { type: 'bill' | 'charge' | 'invoice'; ids: string[] }[]) {
  const wanted = owners.filter((o) => o.ids.length > 0);
  if (wanted.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sam_attachment as a')
    .innerJoin('stored_file as f', 'f.id', 'a.file_id')
    .select(['a.owner_type', 'a.owner_id', 'f.id', 'f.name', 'f.content_type', 'f.size', 'f.sha256', 'f.created_by', 'f.created_at'])
    .where('a.tenant_id', '=', tenantId)
    .where((eb) => eb.or(wanted.map((o) => eb.and([eb('a.owner_type', '=', o.type), eb('a.owner_id', 'in', o.ids)]))))
    .orderBy('f.created_at')
    .orderBy('f.id')
    .execute();
}

/**
 * Replaces the files of a record with these, through the file store's claim and release: a file the record
 * already holds stays whoever uploaded it (a bill holds the supplier's files and those of staff); a new one
 * must be the caller's (`suppCode`: the supplier's, null: staff's) and held by no other record. Answers false
 * when one is not; the caller then fails its transaction.
 */
export async function setAttachments(
  db: Kysely<DB>,
  owner: FileHolder & { type: 'bill' | 'charge' | 'invoice'; id: string },
  fileIds: readonly string[],
): Promise<boolean> {
  const reference = `sam-${owner.type}:${owner.id}`;
  const ids = [...new Set(fileIds)];
  const held = ids.length
    ? (
        await db
          .selectFrom('stored_file')
          .select('id')
          .where('tenant_id', '=', owner.tenantId)
          .where('referenced_by', '=', reference)
          .where('id', 'in', ids)
          .execute()
      ).map((f) => f.id)
    : [];
  const added = ids.filter((id) => !held.includes(id));
  if ((await claimFiles(db, owner, reference, added)).length > 0) return false;
  await releaseFiles(db, owner.tenantId, reference, ids);
  await db
    .deleteFrom('sam_attachment')
    .where('tenant_id', '=', owner.tenantId)
    .where('owner_type', '=', owner.type)
    .where('owner_id', '=', owner.id)
    .execute();
  if (ids.length)
    await db
      .insertInto('sam_attachment')
      .values(ids.map((fileId) => ({ tenant_id: owner.tenantId, owner_type: owner.type, owner_id: owner.id, file_id: fileId })))
      .execute();
  return true;
}

/** A stored file's row as the contract has it. */
export const fileOf = (f: {
  id: string;
  name: string;
  content_type: string;
  size: string | number;
  sha256: string;
  created_by: string;
  created_at: Date;
}): StoredFile => ({
  fileId: f.id,
  fileName: f.name,
  contentType: f.content_type,
  size: Number(f.size),
  sha256: f.sha256,
  createdBy: f.created_by,
  createdAt: f.created_at.toISOString(),
});
