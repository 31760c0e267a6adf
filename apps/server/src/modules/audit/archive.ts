// Retention of the audit trail (migration 0049): each tenant keeps its entries for its system parameter
// auditRetentionDays (default 1095, three years). Older entries, a prefix of the tenant's sealed chain, are written to
// a file of the file store (gzip, one JSON line per entry with its seal, the chain's last hash on the last line), the
// archive is recorded, and only then are the entries removed: the guard lets a DELETE through for archived entries only.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Kysely, Transaction } from 'kysely';
import { jobActor } from '../../db/audit-context';
import type { DB } from '../../db/schema';
import { saveFile } from '../../platform/files/store';
import { canonicalJson, chainStart, entryOf, linkHash, sealBatch, underChainLock } from './chain';
import { recordAuditEvent } from './record';
import * as repo from './writer-repo';

export const retentionParam = 'auditRetentionDays';
export const defaultRetentionDays = 1095;
/** Entries per archive file (a tenant with more old entries gets several files, one per run). */
const archiveSize = 50_000;

/** The tenant's retention in days: its parameter when a positive whole number, the default otherwise. */
export async function retentionDays(db: Kysely<DB>, tenantId: string): Promise<number> {
  const value = await repo.retentionParam(db, tenantId, retentionParam);
  const days = value === undefined || !/^\s*\d{1,6}\s*$/.test(value) ? NaN : Number(value);
  return Number.isSafeInteger(days) && days > 0 ? days : defaultRetentionDays;
}

export interface ArchiveResult {
  archiveId: number;
  fileId: string;
  count: number;
  firstSeq: number;
  lastSeq: number;
  lastHash: string;
}

/** Archives the tenant's entries older than its retention (one file); null when there are none or another job holds the chain. */
export async function archiveTenant(db: Kysely<DB>, tenantId: string, now: Date): Promise<ArchiveResult | null> {
  const days = await retentionDays(db, tenantId);
  const before = new Date(now.getTime() - days * 86_400_000);
  const result = await underChainLock(db, tenantId, async (trx) => {
    // Entries are archived sealed only: seal what is new first.
    while ((await sealBatch(trx, tenantId)) > 0);
    return archiveSealed(trx, tenantId, before);
  });
  return result ?? null;
}

async function archiveSealed(trx: Transaction<DB>, tenantId: string, before: Date): Promise<ArchiveResult | null> {
  const previous = await repo.lastArchive(trx, tenantId);
  const from = Number(previous?.last_seq ?? 0) + 1;
  // The chain's prefix written before the cut: up to the first entry that is not old enough.
  const young = await repo.firstSealSince(trx, tenantId, from, before);
  const rows = await repo.sealedRows(trx, tenantId, from, archiveSize, young);
  if (rows.length === 0) return null;
  // Never archive (and so remove) a chain that no longer holds: the check must still see the damage.
  const previousHash = previous?.last_hash ?? chainStart;
  let hash = previousHash;
  const lines: string[] = [];
  for (const [index, row] of rows.entries()) {
    const entry = entryOf(row);
    if (Number(row.seq) !== from + index || !row.present || linkHash(hash, entry) !== row.hash)
      throw new Error(`audit archive of ${tenantId}: the chain does not hold at seal ${row.seq} (run npm run audit:check)`);
    hash = row.hash;
    lines.push(canonicalJson({ seq: Number(row.seq), hash: row.hash, entry }));
  }
  const lastSeq = from + rows.length - 1;
  const count = rows.length;
  lines.push(canonicalJson({ chain: { tenantId, firstSeq: from, lastSeq, count, previousHash, lastHash: hash } }));
  const bytes = gzipSync(Buffer.from(`${lines.join('\n')}\n`, 'utf8'));
  const file = await saveFile(
    trx,
    { tenantId, suppCode: null, createdBy: 'audit archive' },
    {
      name: `audit_${tenantId || 'none'}_${from}-${lastSeq}.jsonl.gz`,
      contentType: 'application/gzip',
      bytes,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    },
  );
  const archiveId = await repo.insertArchive(trx, {
    tenant_id: tenantId,
    first_seq: from,
    last_seq: lastSeq,
    first_id: Number(rows[0]!.entry_id),
    last_id: Number(rows[rows.length - 1]!.entry_id),
    entry_count: count,
    last_hash: hash,
    file_id: file.id,
    before_at: before,
  });
  // Only now, the archive recorded: the guard lets these go (and no other).
  await repo.removeArchived(trx, tenantId, from, lastSeq);
  await recordAuditEvent(trx, {
    kind: 'change',
    action: 'archive',
    actor: jobActor(tenantId, 'audit archive'),
    tenantId,
    object: { type: 'audit_archive', id: String(archiveId) },
    detail: { count, firstSeq: from, lastSeq, fileId: file.id, before: before.toISOString() },
  });
  return { archiveId, fileId: file.id, count, firstSeq: from, lastSeq, lastHash: hash };
}
