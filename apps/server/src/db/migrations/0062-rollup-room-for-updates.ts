// 0062: the receiving rollups (0021, 0053) leave room on each page for their rows' next versions. Every receiving
// batch adds to rows that are there already (a day's store and goods item, a month's): an upsert writes a new version
// of each. On a full page (fillfactor 100) that version goes to another page and both indexes get an entry for it;
// with room on the page it is a heap-only (HOT) update, no index touched, and the dead version is pruned in place.
// Measured on 440,000 lines (a 4,400-line batch of 1,000 new bills, 4,200 daily and 1,300 monthly rows it adds to):
// the daily upsert 97-126 ms → 31-47 ms, the trigger's statement 155-186 → 82-112 ms (docs/benchmarks.md, #28).
// Pages already full keep their rows until each is next updated, which moves it to a page with room.
import { type Kysely, sql } from 'kysely';

/** Each rollup table and the share of a page its inserts fill. The monthly rows are fewer and updated more often. */
export const rollupFillfactors = [
  ['acceptance_daily', 60],
  ['acceptance_monthly', 50],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, fill] of rollupFillfactors) await sql`ALTER TABLE ${sql.table(table)} SET (fillfactor = ${sql.lit(fill)})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table] of rollupFillfactors) await sql`ALTER TABLE ${sql.table(table)} RESET (fillfactor)`.execute(db);
}
