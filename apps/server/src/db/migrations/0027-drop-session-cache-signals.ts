// The session cache is gone (measured slower than asking the database on every call): its signals go too,
// every trigger and the function migration 0026 made, so that changes of sessions and grants notify nobody.
import type { Kysely } from 'kysely';
import * as signals from './0026-session-cache-signals';

export async function up(db: Kysely<unknown>): Promise<void> {
  await signals.down(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await signals.up(db);
}
