// Indexes in the export's (date, bill, line) order, so that each keyset batch is an index range scan,
// for one supplier and for a whole tenant.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS acceptance_supp_date`.execute(db);
  await sql`CREATE INDEX acceptance_supp_order ON acceptance (tenant_id, supp_code, acc_date, bill_number, line_no)`.execute(db);
  await sql`CREATE INDEX acceptance_tenant_order ON acceptance (tenant_id, acc_date, bill_number, line_no)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS acceptance_tenant_order`.execute(db);
  await sql`DROP INDEX IF EXISTS acceptance_supp_order`.execute(db);
  await sql`CREATE INDEX acceptance_supp_date ON acceptance (tenant_id, supp_code, acc_date)`.execute(db);
}
