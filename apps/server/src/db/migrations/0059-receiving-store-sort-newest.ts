// The receiving detail's store sort (issue #34) with each store's newest lines first, whichever the stores' order.
// Its ties followed the sort (bill and line, ascending with the stores ascending), and bill numbers grow with the
// date: the first page of stores ascending walked the first store's lines older than the date window before reaching
// it (1,800 index pages for 50 lines at ten million, p50 151 ms at 20 concurrent). The ties now run newest first in
// both directions: stores descending reads 0052's acceptance_sort_dept backward, stores ascending this index forward.
import { type Kysely, sql } from 'kysely';

export const storeNewestIndex = 'acceptance_sort_dept_newest';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS ${sql.id(storeNewestIndex)}
    ON acceptance (tenant_id, supp_code, dept_code, bill_number DESC, line_no DESC, acc_date)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS ${sql.id(storeNewestIndex)}`.execute(db);
}
