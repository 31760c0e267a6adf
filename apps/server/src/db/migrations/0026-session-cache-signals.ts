// Signals for the session cache of earlier releases (gone; migration 0027 drops these again): every change of
// what decides whether a session is valid and what it may reach sent a notification on the channel
// `portal_session_cache`, which each server process listened to. A revoked or ended session names its token
// hash (`s:<hash>`); any other change says `*`: drop everything. The same trigger raised a notice to the
// connection that made the change. Updates that change nothing a session reads sent nothing.
import { type Kysely, sql } from 'kysely';

/** Tables whose every change may change a session's validity or grants: any change drops the whole cache. */
const wholeTables = [
  'tenant',
  'supplier',
  'role',
  'role_module',
  'role_button',
  'account_module',
  'account_button',
  'module',
  'module_button',
  'dynamic_query',
  'dynamic_query_supplier',
];

/** The account columns the session lookup reads or that end a session (password). */
const accountColumns = [
  'id',
  'tenant_id',
  'kind',
  'employee_code',
  'employee_name',
  'supp_code',
  'role_code',
  'parent_code',
  'is_used',
  'password_hash',
  'mature_date',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE FUNCTION portal_session_cache_signal() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'session' AND TG_LEVEL = 'ROW' THEN
        IF OLD.token_hash = NEW.token_hash THEN
          PERFORM pg_notify('portal_session_cache', 's:' || OLD.token_hash);
        ELSE
          PERFORM pg_notify('portal_session_cache', '*');
        END IF;
      ELSE
        PERFORM pg_notify('portal_session_cache', '*');
      END IF;
      RAISE NOTICE 'portal_session_cache';
      RETURN NULL;
    END $$`.execute(db);

  for (const table of wholeTables) {
    await sql`CREATE TRIGGER session_cache_signal AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION portal_session_cache_signal()`.execute(db);
  }

  const oldColumns = sql.raw(accountColumns.map((c) => `OLD.${c}`).join(', '));
  const newColumns = sql.raw(accountColumns.map((c) => `NEW.${c}`).join(', '));
  await sql`CREATE TRIGGER session_cache_signal AFTER UPDATE ON account FOR EACH ROW
    WHEN ((${oldColumns}) IS DISTINCT FROM (${newColumns}))
    EXECUTE FUNCTION portal_session_cache_signal()`.execute(db);
  await sql`CREATE TRIGGER session_cache_signal_gone AFTER DELETE OR TRUNCATE ON account
    FOR EACH STATEMENT EXECUTE FUNCTION portal_session_cache_signal()`.execute(db);

  // A session revoked, its expiry moved or moved to another account: that session only (a new token hash: all). Touches of
  // last_seen_at (once a minute per session) send nothing.
  await sql`CREATE TRIGGER session_cache_signal AFTER UPDATE ON session FOR EACH ROW
    WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
      OR OLD.account_id IS DISTINCT FROM NEW.account_id OR OLD.token_hash <> NEW.token_hash)
    EXECUTE FUNCTION portal_session_cache_signal()`.execute(db);
  await sql`CREATE TRIGGER session_cache_signal_gone AFTER DELETE OR TRUNCATE ON session
    FOR EACH STATEMENT EXECUTE FUNCTION portal_session_cache_signal()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [...wholeTables, 'account', 'session']) {
    await sql`DROP TRIGGER IF EXISTS session_cache_signal ON ${sql.table(table)}`.execute(db);
  }
  await sql`DROP TRIGGER IF EXISTS session_cache_signal_gone ON account`.execute(db);
  await sql`DROP TRIGGER IF EXISTS session_cache_signal_gone ON session`.execute(db);
  await sql`DROP FUNCTION IF EXISTS portal_session_cache_signal()`.execute(db);
}
