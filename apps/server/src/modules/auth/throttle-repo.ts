// SQL of the login's brute-force protection: captchas (one answer each) and failure counts per account and address.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/** Stores a captcha's answer (hashed), clearing the expired ones first. */
export async function insertCaptcha(db: Kysely<DB>, id: string, answerHash: string, expiresAt: Date, now: Date): Promise<void> {
  await db.deleteFrom('captcha').where('expires_at', '<', now).execute();
  await db.insertInto('captcha').values({ id, answer_hash: answerHash, expires_at: expiresAt }).execute();
}

/** Deletes a captcha and answers what it held: a captcha answers once. */
export function takeCaptcha(db: Kysely<DB>, id: string) {
  return db.deleteFrom('captcha').where('id', '=', id).returning(['answer_hash', 'expires_at']).executeTakeFirst();
}

export function throttleOf(db: Kysely<DB>, key: string) {
  return db.selectFrom('login_throttle').selectAll().where('key', '=', key).executeTakeFirst();
}

/** Counts one failure of `key`: a new window once the last one (and any lock) is over. */
export async function countFailure(db: Kysely<DB>, key: string, now: Date, windowStart: Date): Promise<void> {
  await sql`
    INSERT INTO login_throttle (key, failures, window_started_at) VALUES (${key}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN login_throttle.window_started_at < ${windowStart} AND coalesce(login_throttle.locked_until, ${windowStart}) < ${now}
                      THEN 1 ELSE login_throttle.failures + 1 END,
      window_started_at = CASE WHEN login_throttle.window_started_at < ${windowStart} AND coalesce(login_throttle.locked_until, ${windowStart}) < ${now}
                               THEN ${now} ELSE login_throttle.window_started_at END`.execute(db);
}

/** Locks `key` until `lockUntil` once its failures reach `lockAfter` (and starts its count again). */
export async function lockWhenOver(db: Kysely<DB>, key: string, lockAfter: number, lockUntil: Date, now: Date): Promise<boolean> {
  const locked = await db
    .updateTable('login_throttle')
    .set({ locked_until: lockUntil, failures: 0, window_started_at: now })
    .where('key', '=', key)
    .where('failures', '>=', lockAfter)
    .returning('key')
    .executeTakeFirst();
  return locked !== undefined;
}

export async function clearThrottle(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}
