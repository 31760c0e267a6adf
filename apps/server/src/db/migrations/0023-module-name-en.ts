// Modules get an English name beside the Chinese one, so the menu follows the user's language: the query pages'
// entries take their definition's English title; built-in modules keep theirs in the contract (moduleTitlesEn).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE module ADD COLUMN name_en text NOT NULL DEFAULT ''`.execute(db);
  await sql`UPDATE module m SET name_en = dq.title_en FROM dynamic_query dq
    WHERE dq.module_code = m.module_code AND dq.title_en <> ''`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE module DROP COLUMN name_en`.execute(db);
}
