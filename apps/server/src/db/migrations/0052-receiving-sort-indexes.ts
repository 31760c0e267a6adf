// A supplier's receiving lines in the order of the detail grid's sorts by bill and by figures (issue #34): the
// first page of such a sort reads one supplier's index range, not a sort of the whole date window. The date
// comes last, so the window is checked in the index; ties of the sort (then bill and line: a few rows each) are
// sorted a group at a time. The default sort (date) has acceptance_supp_order (0004). Not here: the sorts by a
// store, goods, category or brand code, whose ties are every line of that code in the window (docs/benchmarks.md).
import { type Kysely, sql } from 'kysely';

/** Index name suffix and column of the sortable detail fields it serves. */
export const receivingSortIndexes = [
  ['bill', 'bill_number'],
  ['qty', 'accepted_qty'],
  ['price', 'price'],
  ['amount_excl', 'amount_excl'],
  ['tax', 'tax'],
  ['amount', 'amount'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, column] of receivingSortIndexes)
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`acceptance_sort_${name}`)} ON acceptance (tenant_id, supp_code, ${sql.id(column)}, acc_date)`.execute(
      db,
    );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of receivingSortIndexes) await sql`DROP INDEX IF EXISTS ${sql.id(`acceptance_sort_${name}`)}`.execute(db);
}
