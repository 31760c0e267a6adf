// SQL of 接口日志: the tenant's integration_batch rows under the filters, newest first; one batch with its
// refusals; the removal of rows older than each tenant's days (the daily job, claimed once a day in job_run).
import type { integration } from '@portal/contract';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../../db/schema';
import { fromShanghaiDay, shanghaiTime, untilShanghaiDay } from '../../../platform/sql/shanghai-time';

export type LogFilter = integration.LogFilter;

function filtered(db: Kysely<DB>, tenantId: string, f: LogFilter) {
  let q = db
    .selectFrom('integration_batch as b')
    .leftJoin('account as a', (j) => j.onRef('a.id', '=', 'b.account_id').onRef('a.tenant_id', '=', 'b.tenant_id'))
    .leftJoin('integration_client as c', (j) => j.onRef('c.id', '=', 'b.client_id').onRef('c.tenant_id', '=', 'b.tenant_id'))
    .where('b.tenant_id', '=', tenantId);
  if (f.dateFrom) q = q.where(fromShanghaiDay('b.at', f.dateFrom));
  if (f.dateTo) q = q.where(untilShanghaiDay('b.at', f.dateTo));
  if (f.source) q = q.where('b.source', '=', f.source);
  if (f.entity) q = q.where('b.entity', '=', f.entity);
  if (f.sender) {
    const like = `%${f.sender.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb('b.client_id', 'ilike', like),
        eb('c.name', 'ilike', like),
        eb('a.employee_code', 'ilike', like),
        eb('a.employee_name', 'ilike', like),
      ]),
    );
  }
  if (f.refusedOnly) q = q.where('b.refused_count', '>', 0);
  return q;
}

const rowColumns = [
  sql<string>`b.id::text`.as('id'),
  shanghaiTime('b.at').as('at'),
  'b.source',
  sql<string>`coalesce(b.client_id, '')`.as('clientId'),
  sql<string>`CASE WHEN c.id IS NOT NULL THEN c.name || ' (' || c.id || ')' WHEN b.client_id IS NOT NULL THEN b.client_id
    WHEN a.id IS NOT NULL THEN a.employee_name || ' (' || a.employee_code || ')' ELSE '' END`.as('sender'),
  'b.entity',
  'b.document_count as documents',
  'b.created_count as created',
  'b.updated_count as updated',
  'b.unchanged_count as unchanged',
  'b.stale_count as stale',
  'b.refused_count as refused',
  'b.line_count as lines',
  'b.duration_ms as durationMs',
] as const;

export async function page(db: Kysely<DB>, tenantId: string, f: LogFilter, page: number, limit: number) {
  const [rows, total] = await Promise.all([
    filtered(db, tenantId, f)
      .select(rowColumns)
      .orderBy('b.at', 'desc')
      .orderBy('b.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    filtered(db, tenantId, f)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.n), list: rows };
}

/** Every row under the filters, newest first, in batches (keyset on at and id). */
export async function* batches(db: Kysely<DB>, tenantId: string, f: LogFilter, size = 2000) {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    let q = filtered(db, tenantId, f).select([...rowColumns, sql<string>`b.at::text`.as('atKey')]);
    if (after) q = q.where(sql<SqlBool>`(b.at, b.id) < (${after.at}::timestamptz, ${after.id}::bigint)`);
    const rows = await q.orderBy('b.at', 'desc').orderBy('b.id', 'desc').limit(size).execute();
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.atKey, id: last.id };
    yield rows.map(({ atKey: _atKey, ...row }) => row);
    if (rows.length < size) return;
  }
}

export function batch(db: Kysely<DB>, tenantId: string, id: string) {
  return filtered(db, tenantId, {})
    .where('b.id', '=', id)
    .select([...rowColumns, 'b.refusals'])
    .executeTakeFirst();
}

/**
 * Removes, in every tenant, the batches older than its `integrationLogDays` (a positive whole number; the default
 * otherwise), once for the day: the first step claims (job, day) in job_run, so concurrent processes remove once.
 */
export function removeOldBatches(db: Kysely<DB>, job: string, day: string, param: string, defaultDays: number) {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('job_run')
      .values({ job, run_date: day, result: '{}' })
      .onConflict((oc) => oc.columns(['job', 'run_date']).doNothing())
      .returning('job')
      .executeTakeFirst();
    if (!claimed) return null;
    const removed = await sql<{ n: string }>`
      WITH days AS (
        SELECT t.id AS tenant_id,
          coalesce((SELECT CASE WHEN p.parameter_value ~ '^\\s*[0-9]{1,5}\\s*$' AND trim(p.parameter_value)::int > 0
                                THEN trim(p.parameter_value)::int END
                    FROM system_param p WHERE p.tenant_id = t.id AND p.parameter_code = ${param}), ${defaultDays}) AS days
        FROM tenant t
      ), gone AS (
        DELETE FROM integration_batch b USING days d
        WHERE b.tenant_id = d.tenant_id AND b.at < ${day}::date::timestamp AT TIME ZONE 'Asia/Shanghai' - make_interval(days => d.days)
        RETURNING 1
      )
      SELECT count(*)::text AS n FROM gone`.execute(trx);
    const n = Number(removed.rows[0]?.n ?? 0);
    await trx
      .updateTable('job_run')
      .set({ result: JSON.stringify({ removed: n }) })
      .where('job', '=', job)
      .where('run_date', '=', day)
      .execute();
    return n;
  });
}
