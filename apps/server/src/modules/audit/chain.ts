// The audit trail's hash chain (migration 0049): the sealing job links each tenant's new entries, in the order it
// takes them, by hash = sha256(previous hash || canonical text of the entry); the check walks the chain again from
// the entries as they now are and names every entry edited, removed or left unsealed too long. The canonical text
// is made here, not by a database function, so that whoever can change the database's functions cannot change it.
import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './writer-repo';

/** The hash a chain starts from (no entry before it). */
export const chainStart = '0'.repeat(64);

/** JSON with the keys of every object sorted: the same text for the same content, whatever the order it was read in. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The link of an entry after `previous`. */
export function linkHash(previous: string, entry: repo.ChainEntry): string {
  return createHash('sha256').update(previous).update(canonicalJson(entry)).digest('hex');
}

/** A sealed row's entry, without its seal's columns. */
export function entryOf(row: repo.SealedRow): repo.ChainEntry {
  const { seq: _seq, hash: _hash, entry_id: _entryId, present: _present, ...entry } = row;
  return entry;
}

/**
 * How far back the sealer looks for entries not yet sealed, before its last seal: an entry is written at its
 * statement's time and seen once its transaction commits, which the statement timeout keeps well inside this.
 */
const lateCommitMs = 3_600_000;
/** Entries sealed per transaction. */
const batchSize = 5000;

/** Runs `work` holding the tenant's chain lock (writers never take it); null when another process holds it. */
export function underChainLock<T>(db: Kysely<DB>, tenantId: string, work: (trx: Transaction<DB>) => Promise<T>): Promise<T | null> {
  return db.transaction().execute(async (trx) => ((await repo.tryChainLock(trx, tenantId)) ? work(trx) : null));
}

/** One batch of a tenant's unsealed entries, linked to its chain's end (the caller holds the chain's lock). */
export async function sealBatch(trx: Transaction<DB>, tenantId: string): Promise<number> {
  const seal = await repo.lastSeal(trx, tenantId);
  const archive = seal ? undefined : await repo.lastArchive(trx, tenantId);
  const tip = seal
    ? { seq: Number(seal.seq), hash: seal.hash }
    : { seq: Number(archive?.last_seq ?? 0), hash: archive?.last_hash ?? chainStart };
  const since = seal ? new Date(seal.sealed_at.getTime() - lateCommitMs) : null;
  const entries = await repo.unsealedEntries(trx, tenantId, since, batchSize);
  let previous = tip.hash;
  const seals = entries.map((entry, index) => {
    previous = linkHash(previous, entry);
    return { tenant_id: tenantId, seq: tip.seq + index + 1, entry_id: Number(entry.id), hash: previous };
  });
  await repo.insertSeals(trx, seals);
  return entries.length;
}

/** Seals what the tenant's chain lacks, in batches; answers how many entries it sealed (null: another sealer was at it). */
export async function sealTenant(db: Kysely<DB>, tenantId: string): Promise<number | null> {
  let total = 0;
  for (;;) {
    const sealed = await underChainLock(db, tenantId, (trx) => sealBatch(trx, tenantId));
    if (sealed === null) return total === 0 ? null : total;
    total += sealed;
    if (sealed < batchSize) return total;
  }
}

/** Seals every tenant's new entries; answers, per tenant that had any, how many and the chain's last hash now. */
export async function sealAll(db: Kysely<DB>): Promise<Record<string, { count: number; lastHash: string }>> {
  const sealed: Record<string, { count: number; lastHash: string }> = {};
  for (const tenantId of await repo.auditTenants(db)) {
    const count = await sealTenant(db, tenantId);
    if (count) sealed[tenantId] = { count, lastHash: (await repo.lastSeal(db, tenantId))?.hash ?? chainStart };
  }
  return sealed;
}

export interface ChainProblem {
  tenantId: string;
  /** edited: the entry no longer hashes to its seal; removed: a sealed entry is gone; gap: a seal is gone; unsealed: not sealed in time. */
  problem: 'edited' | 'removed' | 'gap' | 'unsealed';
  entryId: number | null;
  seq: number | null;
}

export interface ChainReport {
  tenants: { tenantId: string; checked: number; fromArchive: boolean }[];
  problems: ChainProblem[];
}

/**
 * Walks each tenant's chain from its start (or from its last archive, whose last hash it must continue) and names
 * every problem; an entry written more than `unsealedMs` ago and still unsealed is one too (a sealer kept away).
 */
export async function checkChain(db: Kysely<DB>, now: Date, unsealedMs = 2 * lateCommitMs): Promise<ChainReport> {
  const report: ChainReport = { tenants: [], problems: [] };
  for (const tenantId of await repo.auditTenants(db)) {
    const archive = await repo.lastArchive(db, tenantId);
    let previous = archive?.last_hash ?? chainStart;
    let expected = Number(archive?.last_seq ?? 0) + 1;
    let checked = 0;
    for (;;) {
      const rows = await repo.sealedRows(db, tenantId, expected, 5000);
      if (rows.length === 0) break;
      for (const row of rows) {
        const seq = Number(row.seq);
        const entryId = Number(row.entry_id);
        // After a gap the link cannot be checked (its previous hash is gone with the missing seal): the gap is the finding.
        const gap = seq !== expected;
        if (gap) report.problems.push({ tenantId, problem: 'gap', entryId: null, seq: expected });
        if (!row.present) report.problems.push({ tenantId, problem: 'removed', entryId, seq });
        else if (!gap && linkHash(previous, entryOf(row)) !== row.hash) report.problems.push({ tenantId, problem: 'edited', entryId, seq });
        previous = row.hash;
        expected = seq + 1;
        checked++;
      }
    }
    for (const entryId of await repo.lateUnsealed(db, tenantId, new Date(now.getTime() - unsealedMs)))
      report.problems.push({ tenantId, problem: 'unsealed', entryId, seq: null });
    report.tenants.push({ tenantId, checked, fromArchive: archive !== undefined });
  }
  return report;
}
