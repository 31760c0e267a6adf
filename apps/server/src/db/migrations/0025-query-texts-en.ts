// Query pages in English: a definition's description gets an English form beside its English title (its
// parameters' and columns' English texts live in their JSON, optional there, so they need no column).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE dynamic_query ADD COLUMN description_en text NOT NULL DEFAULT ''`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE dynamic_query DROP COLUMN description_en`.execute(db);
}
