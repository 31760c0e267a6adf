// Server secrets kept in the database, so that every server process shares them.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** The stored secret of this name, created by `generate` the first time (the first writer wins a race). */
export async function loadSecret(db: Kysely<DB>, name: string, generate: () => string): Promise<string> {
  const existing = await db.selectFrom('server_secret').select('value').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.value;
  await db
    .insertInto('server_secret')
    .values({ name, value: generate() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const stored = await db.selectFrom('server_secret').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return stored.value;
}
