// SQL of the file store: a file's row and its bytes in 256 KiB chunks (written in the caller's
// transaction, streamed back chunk by chunk so a download never holds a whole file in memory).
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { ReceivedFile } from './upload';

const chunkBytes = 256 * 1024;

export interface FileOwner {
  tenantId: string;
  /** null: a file of staff. */
  suppCode: string | null;
  createdBy: string;
}

/** Saves a checked file; answers its row. Run it in a transaction so that a failure keeps nothing. */
export async function saveFile(db: Kysely<DB>, owner: FileOwner, file: Pick<ReceivedFile, 'name' | 'contentType' | 'bytes' | 'sha256'>) {
  const row = await db
    .insertInto('stored_file')
    .values({
      tenant_id: owner.tenantId,
      supp_code: owner.suppCode,
      name: file.name,
      content_type: file.contentType,
      size: file.bytes.length,
      sha256: file.sha256,
      created_by: owner.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  for (let seq = 0; seq * chunkBytes < file.bytes.length; seq++) {
    const bytes = file.bytes.subarray(seq * chunkBytes, (seq + 1) * chunkBytes);
    await db.insertInto('stored_file_chunk').values({ file_id: row.id, seq, bytes }).execute();
  }
  return row;
}

/** A file of the tenant (and of the supplier, when one is given). */
export function findFile(db: Kysely<DB>, tenantId: string, fileId: string) {
  return db.selectFrom('stored_file').selectAll().where('tenant_id', '=', tenantId).where('id', '=', fileId).executeTakeFirst();
}

/** The file's bytes as a stream, one chunk query at a time. */
export function fileBytes(db: Kysely<DB>, fileId: string): Readable {
  async function* chunks() {
    for (let seq = 0; ; seq++) {
      const chunk = await db
        .selectFrom('stored_file_chunk')
        .select('bytes')
        .where('file_id', '=', fileId)
        .where('seq', '=', seq)
        .executeTakeFirst();
      if (!chunk) return;
      yield chunk.bytes;
    }
  }
  return Readable.from(chunks());
}

/** Deletes a file no record refers to (its chunks go with it); false when it is referenced meanwhile. */
export async function deleteUnreferenced(db: Kysely<DB>, fileId: string): Promise<boolean> {
  const deleted = await db.deleteFrom('stored_file').where('id', '=', fileId).where('referenced_by', 'is', null).executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** Whose uploads a record may take: a supplier's (its code), or the tenant's staff's (null). */
export interface FileHolder {
  tenantId: string;
  suppCode: string | null;
}

/**
 * Makes these files the record `reference`'s: each must have been uploaded by the holder (a supplier's files for a
 * supplier's record, staff files for staff) and be referenced by no other record. Answers the ids it could not
 * take; the caller then fails its transaction, which undoes the others' claim.
 */
export async function claimFiles(db: Kysely<DB>, holder: FileHolder, reference: string, fileIds: string[]): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const taken = await db
    .updateTable('stored_file')
    .set({ referenced_by: reference })
    .where('tenant_id', '=', holder.tenantId)
    .where((eb) => (holder.suppCode === null ? eb('supp_code', 'is', null) : eb('supp_code', '=', holder.suppCode)))
    .where('id', 'in', fileIds)
    .where((eb) => eb.or([eb('referenced_by', 'is', null), eb('referenced_by', '=', reference)]))
    .returning('id')
    .execute();
  return fileIds.filter((f) => !taken.some((t) => t.id === f));
}

/**
 * Files of the tenant's record `reference` other than `keep` are no longer referenced (their owner may delete
 * them). References are unique within a tenant (settlement's bill numbers repeat across tenants).
 */
export async function releaseFiles(db: Kysely<DB>, tenantId: string, reference: string, keep: string[] = []): Promise<void> {
  let freed = db
    .updateTable('stored_file')
    .set({ referenced_by: null })
    .where('tenant_id', '=', tenantId)
    .where('referenced_by', '=', reference);
  if (keep.length) freed = freed.where('id', 'not in', keep);
  await freed.execute();
}
