// SQL of the audit trail's own writers: an entry, the chain's seals and locks, the archive's records and removal.
import { type Kysely, type Transaction, sql } from 'kysely';
import type { AuditArchiveTable, AuditEntryTable, DB } from '../../db/schema';
import type { Insertable } from 'kysely';

type Db = Kysely<DB>;

export async function insertEntry(db: Db, entry: Insertable<AuditEntryTable>): Promise<void> {
  await db.insertInto('audit_entry').values(entry).execute();
}

/** An entry as the chain reads it: every column, the id as text and the time as UTC text with microseconds. */
export interface ChainEntry {
  id: string;
  tenant_id: string;
  at: string;
  kind: string;
  action: string;
  actor_kind: string;
  account_id: number | null;
  actor_code: string;
  actor_name: string;
  actor_supplier_code: string | null;
  actor_roles: string;
  client_ip: string;
  request_id: string;
  call_name: string;
  module_code: string | null;
  object_type: string;
  object_id: string;
  object_supplier_code: string | null;
  before: unknown;
  after: unknown;
  detail: unknown;
}

/** A seal with its entry as it now is (`present` false: the entry is gone). */
export type SealedRow = ChainEntry & { seq: string; hash: string; entry_id: string; present: boolean };

// The time as text, so that no time zone or driver rounding enters the canonical text.
const entryColumns = sql`e.id::text AS id, e.tenant_id, to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at,
  e.kind, e.action, e.actor_kind, e.account_id, e.actor_code, e.actor_name, e.actor_supplier_code, e.actor_roles, e.client_ip,
  e.request_id, e.call_name, e.module_code, e.object_type, e.object_id, e.object_supplier_code, e.before, e.after, e.detail`;

/** Tenants that have entries or archives (a skip scan of the trail's tenant index). */
export async function auditTenants(db: Db): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    WITH RECURSIVE t AS (
      SELECT (SELECT min(tenant_id) FROM audit_entry) AS id
      UNION ALL
      SELECT (SELECT min(tenant_id) FROM audit_entry WHERE tenant_id > t.id) FROM t WHERE t.id IS NOT NULL)
    SELECT id FROM t WHERE id IS NOT NULL
    UNION
    SELECT DISTINCT tenant_id FROM audit_archive`.execute(db);
  return rows.map((r) => r.id).sort();
}

/** Takes the tenant's chain lock for the transaction (one sealer or archiver per tenant); false when another holds it. */
export async function tryChainLock(trx: Transaction<DB>, tenantId: string): Promise<boolean> {
  const { rows } = await sql<{ got: boolean }>`
    SELECT pg_try_advisory_xact_lock(hashtext('audit-chain'), hashtext(${tenantId})) AS got`.execute(trx);
  return rows[0]?.got === true;
}

export function lastSeal(db: Db, tenantId: string) {
  return db
    .selectFrom('audit_seal')
    .select(['seq', 'hash', 'sealed_at'])
    .where('tenant_id', '=', tenantId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function lastArchive(db: Db, tenantId: string) {
  return db
    .selectFrom('audit_archive')
    .select(['last_seq', 'last_hash', 'last_id'])
    .where('tenant_id', '=', tenantId)
    .orderBy('last_seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The tenant's entries without a seal, written at or after `since` (all when null), in id order. */
export async function unsealedEntries(db: Db, tenantId: string, since: Date | null, limit: number): Promise<ChainEntry[]> {
  const { rows } = await sql<ChainEntry>`
    SELECT ${entryColumns} FROM audit_entry e
    WHERE e.tenant_id = ${tenantId} ${since ? sql`AND e.at >= ${since}` : sql``}
      AND NOT EXISTS (SELECT 1 FROM audit_seal s WHERE s.entry_id = e.id)
    ORDER BY e.id LIMIT ${limit}`.execute(db);
  return rows;
}

export async function insertSeals(db: Db, seals: { tenant_id: string; seq: number; entry_id: number; hash: string }[]): Promise<void> {
  for (let i = 0; i < seals.length; i += 1000)
    await db
      .insertInto('audit_seal')
      .values(seals.slice(i, i + 1000))
      .execute();
}

/** The tenant's seals from `fromSeq` (below `beforeSeq` when given), with their entries as they now are. */
export async function sealedRows(db: Db, tenantId: string, fromSeq: number, limit: number, beforeSeq?: number): Promise<SealedRow[]> {
  const { rows } = await sql<SealedRow>`
    SELECT s.seq::text AS seq, s.hash, s.entry_id::text AS entry_id, e.id IS NOT NULL AS present, ${entryColumns}
    FROM audit_seal s LEFT JOIN audit_entry e ON e.id = s.entry_id
    WHERE s.tenant_id = ${tenantId} AND s.seq >= ${fromSeq} ${beforeSeq === undefined ? sql`` : sql`AND s.seq < ${beforeSeq}`}
    ORDER BY s.seq LIMIT ${limit}`.execute(db);
  return rows;
}

/** The first seal from `fromSeq` whose entry was written at or after `at` (the end of what retention lets go). */
export async function firstSealSince(db: Db, tenantId: string, fromSeq: number, at: Date): Promise<number | undefined> {
  const { rows } = await sql<{ seq: string }>`
    SELECT s.seq::text AS seq FROM audit_seal s JOIN audit_entry e ON e.id = s.entry_id
    WHERE s.tenant_id = ${tenantId} AND s.seq >= ${fromSeq} AND e.at >= ${at}
    ORDER BY s.seq LIMIT 1`.execute(db);
  return rows[0] ? Number(rows[0].seq) : undefined;
}

/** Entries of the tenant written before `before` and still without a seal (the first 100). */
export async function lateUnsealed(db: Db, tenantId: string, before: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('audit_entry as e')
    .select('e.id')
    .where('e.tenant_id', '=', tenantId)
    .where('e.at', '<', before)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('audit_seal as s').select('s.seq').whereRef('s.entry_id', '=', 'e.id'))))
    .orderBy('e.id')
    .limit(100)
    .execute();
  return rows.map((r) => Number(r.id));
}

export async function retentionParam(db: Db, tenantId: string, code: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('system_param')
    .select('parameter_value')
    .where('tenant_id', '=', tenantId)
    .where('parameter_code', '=', code)
    .executeTakeFirst();
  return row?.parameter_value;
}

/** Records an archive and marks its file as held by it; answers the archive's id. */
export async function insertArchive(trx: Transaction<DB>, archive: Insertable<AuditArchiveTable>): Promise<number> {
  const row = await trx.insertInto('audit_archive').values(archive).returning('id').executeTakeFirstOrThrow();
  await trx
    .updateTable('stored_file')
    .set({ referenced_by: `audit_archive:${row.id}` })
    .where('id', '=', archive.file_id)
    .execute();
  return Number(row.id);
}

/** Removes the archived entries (the guard lets them go, their archive being recorded) and their seals. */
export async function removeArchived(trx: Transaction<DB>, tenantId: string, fromSeq: number, toSeq: number): Promise<void> {
  await sql`DELETE FROM audit_entry WHERE id IN (
    SELECT entry_id FROM audit_seal WHERE tenant_id = ${tenantId} AND seq BETWEEN ${fromSeq} AND ${toSeq})`.execute(trx);
  await trx.deleteFrom('audit_seal').where('tenant_id', '=', tenantId).where('seq', '>=', fromSeq).where('seq', '<=', toSeq).execute();
}
