// 0054: supplier performance (0040) finds an order line's receipts through the index of receiving by order
// (acceptance_po_goods, 0032). That index is partial (lines that name an order), and perf_compute's join did not say
// so, so PostgreSQL could not use it: it walked acceptance_sort_goods (0052) for every line of the tenant with that
// goods code instead, and a 5,000-line receiving batch took seconds more with every hundred thousand lines stored
// (the statement timeout at a few hundred thousand). The join now says `po_bill_number <> ''`, true of every line
// it matches (an order's number is never empty). The function's text is 0040's with that one condition added:
// taken from the database and changed in place, so the rest of the definition stays written once.
import { type Kysely, sql } from 'kysely';

const before = 'JOIN acceptance a ON a.tenant_id = t AND a.po_bill_number = l.bill_number AND a.goods_code = l.goods_code';
const after = `${before} AND a.po_bill_number <> ''`;

async function rewrite(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  const { rows } = await sql<{ def: string }>`SELECT pg_get_functiondef('perf_compute(text, text[])'::regprocedure) AS def`.execute(db);
  const def = rows[0]!.def;
  if (def.split(from).length !== 2) throw new Error(`0054: perf_compute does not hold "${from}" exactly once`);
  await sql.raw(def.replace(from, to)).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rewrite(db, before, after);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rewrite(db, after, before);
}
