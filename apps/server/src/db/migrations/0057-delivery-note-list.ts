// 0057: the delivery-note list (送货单 for a supplier, 收货 for staff; issue #34) reads its first page from an index in
// its order, newest first (created_at DESC, note_number DESC: the index read backward), for one supplier and for
// the tenant. 0036's delivery_note_supp (tenant, supplier, created_at) becomes the same with the note number last,
// so a tie of two notes created at one instant needs no sort; staff had no index in the list's order at all, and a
// page sorted every note of the tenant.
import { type Kysely, sql } from 'kysely';

/** Name and columns of each index. */
export const noteListIndexes = [
  ['delivery_note_supp_list', 'tenant_id, supp_code, created_at, note_number'],
  ['delivery_note_tenant_list', 'tenant_id, created_at, note_number'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of noteListIndexes)
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(name)} ON delivery_note (${sql.raw(columns)})`.execute(db);
  await sql`DROP INDEX IF EXISTS delivery_note_supp`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS delivery_note_supp ON delivery_note (tenant_id, supp_code, created_at)`.execute(db);
  for (const [name] of noteListIndexes) await sql`DROP INDEX IF EXISTS ${sql.id(name)}`.execute(db);
}
