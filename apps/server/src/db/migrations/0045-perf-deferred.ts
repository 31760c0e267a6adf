// The performance triggers of 0040 (perf_refresh on pur_order, pur_order_line and acceptance) can be held back for
// the rest of a transaction with `SET LOCAL portal.perf_deferred = 'on'`: a bulk load that rewrites every order
// several times (the demo seed's story, a migration's backfill) then recomputes each touched order once, with
// perf_refresh, after `SET LOCAL portal.perf_deferred = 'off'`. Every other writer leaves the setting unset and the
// triggers fire as before. Whoever defers owns the refresh: perf_item and the sums are right again only after it.
import { type Kysely, sql } from 'kysely';

const triggers: [table: string, fn: string][] = [
  ['acceptance', 'perf_acceptance_changed'],
  ['pur_order_line', 'perf_order_line_changed'],
  ['pur_order', 'perf_order_changed'],
];

const events = [
  ['insert', 'INSERT', 'NEW TABLE AS new_rows'],
  ['delete', 'DELETE', 'OLD TABLE AS old_rows'],
  ['update', 'UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
] as const;

async function recreate(db: Kysely<unknown>, deferrable: boolean): Promise<void> {
  const when = deferrable ? sql`WHEN (coalesce(current_setting('portal.perf_deferred', true), '') <> 'on')` : sql``;
  for (const [table, fn] of triggers) {
    for (const [suffix, event, transition] of events) {
      await sql`DROP TRIGGER ${sql.raw(`${fn}_${suffix}`)} ON ${sql.table(table)}`.execute(db);
      await sql`CREATE TRIGGER ${sql.raw(`${fn}_${suffix}`)} AFTER ${sql.raw(event)} ON ${sql.table(table)}
        REFERENCING ${sql.raw(transition)} FOR EACH STATEMENT ${when} EXECUTE FUNCTION ${sql.raw(fn)}()`.execute(db);
    }
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await recreate(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await recreate(db, false);
}
