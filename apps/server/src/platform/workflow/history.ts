// The generic history: one row per transition of any record (type and id, from, to, action, actor, time, note).
import type { HistoryEntry } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Workflow } from './definition';

export interface HistoryRow {
  tenantId: string;
  recordId: string;
  action: string;
  from: string | null;
  to: string | null;
  actor: { code: string; name: string };
  note?: string | undefined;
  /** What the note does not say, for audits (e.g. a deleted account's fields and grants). */
  detail?: Record<string, unknown> | undefined;
}

export async function recordHistory(db: Kysely<DB>, workflow: Workflow<string, string>, row: HistoryRow): Promise<void> {
  await db
    .insertInto('record_history')
    .values({
      tenant_id: row.tenantId,
      record_type: workflow.record,
      record_id: row.recordId,
      action: row.action,
      from_status: row.from,
      to_status: row.to,
      actor_code: row.actor.code,
      actor_name: row.actor.name,
      note: row.note ?? '',
      detail: JSON.stringify(row.detail ?? {}),
    })
    .execute();
}

/** A record's history, oldest first, with the workflow's texts of actions and states. */
export async function historyOf<S extends string, A extends string>(
  db: Kysely<DB>,
  workflow: Workflow<S, A>,
  tenantId: string,
  recordId: string,
): Promise<HistoryEntry[]> {
  const rows = await db
    .selectFrom('record_history')
    .select(['action', 'from_status', 'to_status', 'actor_code', 'actor_name', 'at', 'note'])
    .where('tenant_id', '=', tenantId)
    .where('record_type', '=', workflow.record)
    .where('record_id', '=', recordId)
    .orderBy('at')
    .orderBy('id')
    .execute();
  const stateText = (s: string | null) => (s === null ? '' : ((workflow.statusText as Record<string, string>)[s] ?? s));
  const actionText = (a: string) => (workflow.transitions as Record<string, { label: string } | undefined>)[a]?.label ?? a;
  return rows.map((r) => ({
    action: r.action,
    actionText: actionText(r.action),
    from: r.from_status ?? '',
    fromText: stateText(r.from_status),
    to: r.to_status ?? '',
    toText: stateText(r.to_status),
    actorCode: r.actor_code,
    actorName: r.actor_name,
    at: r.at.toISOString(),
    note: r.note,
  }));
}
