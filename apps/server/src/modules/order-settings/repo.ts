// SQL of the order collaboration settings: the tenant's system parameters by code (locked for a change) and the
// history entries of their changes (record type order-settings).
import type { SettingCode } from '@portal/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

export const recordType = 'order-settings';

/** The stored values of the codes, by code (a code the tenant has no row for is absent); `lock`: FOR UPDATE. */
export async function values(db: Kysely<DB>, tenantId: string, codes: readonly SettingCode[], lock = false) {
  let query = db
    .selectFrom('system_param')
    .select(['parameter_code', 'parameter_value'])
    .where('tenant_id', '=', tenantId)
    .where('parameter_code', 'in', [...codes]);
  if (lock) query = query.forUpdate();
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.parameter_code, r.parameter_value]));
}

export async function write(trx: Transaction<DB>, tenantId: string, rows: { code: string; name: string; value: string }[]) {
  if (rows.length === 0) return;
  await trx
    .insertInto('system_param')
    .values(rows.map((r) => ({ tenant_id: tenantId, parameter_code: r.code, parameter_name: r.name, parameter_value: r.value })))
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'parameter_code']).doUpdateSet((eb) => ({ parameter_value: eb.ref('excluded.parameter_value') })),
    )
    .execute();
}

export async function recordChange(
  trx: Transaction<DB>,
  row: {
    tenantId: string;
    actorCode: string;
    actorName: string;
    note: string;
    changes: { code: SettingCode; before: string; after: string }[];
  },
) {
  await trx
    .insertInto('record_history')
    .values({
      tenant_id: row.tenantId,
      record_type: recordType,
      record_id: row.tenantId,
      action: 'update',
      from_status: null,
      to_status: null,
      actor_code: row.actorCode,
      actor_name: row.actorName,
      note: row.note,
      detail: JSON.stringify({ changes: row.changes }),
    })
    .execute();
}

/** The changes, newest first (at most `limit`). */
export async function changes(db: Kysely<DB>, tenantId: string, limit: number) {
  return db
    .selectFrom('record_history')
    .select(['at', 'actor_code', 'actor_name', 'detail'])
    .where('tenant_id', '=', tenantId)
    .where('record_type', '=', recordType)
    .where('record_id', '=', tenantId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
