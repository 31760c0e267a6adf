// A supplier's receiving lines in the order of each sort of the detail grid but the date's (issue #34): the first
// page of a sort reads one supplier's index range, not a sort of the whole date window. The sort's ties run in
// its direction (then bill, then line: repo.ts, tiesFollowSort), so one index serves both directions without
// sorting a tie group (every line of a store, goods item or price); the date comes last, so the window is checked
// in the index. The date's sort has acceptance_supp_order (0004); it sorted one day's lines at a time while its ties
// stayed in bill and line order, and reads that index either way since its ties follow it too.
import { type Kysely, sql } from 'kysely';

/** Index name suffix and column of each sortable detail field but the date. */
export const receivingSortIndexes = [
  ['bill', 'bill_number'],
  ['dept', 'dept_code'],
  ['goods', 'goods_code'],
  ['amount', 'amount'],
] as const;

/** The index's columns: the field (once, for the bill number), then bill and line, then the date. */
export const sortIndexColumns = (column: string) => [...new Set([column, 'bill_number', 'line_no'])].concat('acc_date').join(', ');

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, column] of receivingSortIndexes)
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`acceptance_sort_${name}`)} ON acceptance (tenant_id, supp_code, ${sql.raw(sortIndexColumns(column))})`.execute(
      db,
    );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of receivingSortIndexes) await sql`DROP INDEX IF EXISTS ${sql.id(`acceptance_sort_${name}`)}`.execute(db);
}
