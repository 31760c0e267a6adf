// 0048: the audit trail's writing side in the database. Statement-level AFTER triggers (transition tables, as 0040's)
// on the tables people change through calls write one 'change' row per row: an insert its after, a delete its
// before, an update only the fields that changed (and the key) before and after. Who acts comes from the
// connection's `portal.audit_ctx` (JSON, set by db/database.ts while a call that changes data runs: db/audit-context.ts);
// without it the row is the system's. Secrets never reach the trail: columns named like a password, secret, token,
// TOTP or recovery code are left out (their names are listed in detail.redacted when they changed). A bulk load
// sets `portal.audit_bulk = 'on'` for its transaction (the demo seed, an integration batch) and writes one entry
// of its own instead of one per row. Technical and derived tables (sessions, throttles, outbox, usage logs, figures
// recomputed from others) are not audited: AUDITED below is the list, its test checks every table is placed.
import { type Kysely, sql } from 'kysely';

/** Audited tables: [table, the column naming the row's supplier ('' for none), kind of its rows]. */
export const AUDITED: [table: string, supplierColumn: string, kind: 'change' | 'grant'][] = [
  // people, their grants and the base data
  ['tenant', '', 'change'],
  ['supplier', 'supp_code', 'change'],
  ['account', 'supp_code', 'change'],
  ['role', '', 'change'],
  ['role_module', '', 'grant'],
  ['role_button', '', 'grant'],
  ['account_module', '', 'grant'],
  ['account_button', '', 'grant'],
  ['module', '', 'change'],
  ['module_button', '', 'change'],
  ['external_module', '', 'change'],
  ['acc_unit', '', 'change'],
  ['bus_option', '', 'change'],
  ['system_param', '', 'change'],
  ['dept', '', 'change'],
  ['brand', '', 'change'],
  ['category', '', 'change'],
  ['goods', 'supp_code', 'change'],
  ['location', '', 'change'],
  ['stock', '', 'change'],
  // orders, deliveries, receiving
  ['pur_order', 'supp_code', 'change'],
  ['pur_order_line', '', 'change'],
  ['acceptance', 'supp_code', 'change'],
  ['return_note', 'supp_code', 'change'],
  ['price_adjust', 'supp_code', 'change'],
  ['price_adjust_line', '', 'change'],
  ['goods_change', 'supp_code', 'change'],
  ['goods_change_line', '', 'change'],
  ['delivery_note', 'supp_code', 'change'],
  ['delivery_note_line', '', 'change'],
  ['dock_slot', '', 'change'],
  ['dock_booking', 'supp_code', 'change'],
  // settlement
  ['sam_bill', 'supp_code', 'change'],
  ['sam_bill_line', '', 'change'],
  ['sam_charge', 'supp_code', 'change'],
  ['sam_prepay', 'supp_code', 'change'],
  ['sam_invoice', 'supp_code', 'change'],
  ['sam_payment', '', 'change'],
  ['sam_attachment', '', 'change'],
  ['sam_setting', '', 'change'],
  ['supplier_contract', 'supp_code', 'change'],
  // certificates, applications, files
  ['certificate_type', '', 'change'],
  ['certificate', 'supp_code', 'change'],
  ['certificate_file', '', 'change'],
  ['goods_apply', 'supp_code', 'change'],
  ['goods_apply_file', '', 'change'],
  ['goods_apply_ctf', '', 'change'],
  ['supplier_apply', 'supp_code', 'change'],
  ['supplier_apply_file', '', 'change'],
  ['stored_file', 'supp_code', 'change'],
  // settings people keep
  ['print_template', '', 'change'],
  ['dynamic_query', '', 'change'],
  ['dynamic_query_supplier', 'supp_code', 'change'],
  ['integration_client', '', 'change'],
  ['mfa_policy', '', 'change'],
  ['notify_endpoint', 'owner_supp_code', 'change'],
  ['notification_pref', '', 'change'],
  ['notification_child_default', 'supp_code', 'change'],
];

/**
 * Tables the trail leaves out, and why: technical state (sessions, throttles, captchas, secrets, tokens, the outbox
 * and its deliveries, job runs, migrations), logs of their own (usage, sign-ins, workflow history, integration
 * batches: the audit module writes one entry per batch), figures derived from audited rows, file bytes.
 */
export const NOT_AUDITED = [
  'acceptance_daily',
  'acceptance_monthly',
  // two-factor sign-in (0047): secrets, codes and challenges; modules/auth/mfa writes its own 'mfa' entries
  'account_recovery_code',
  'account_totp',
  'audit_entry',
  'bill_sequence',
  'captcha',
  'delivery',
  'delivery_attempt',
  'event',
  'ident_code',
  'integration_batch',
  'integration_document',
  'integration_rate',
  'integration_token',
  'job_run',
  'kysely_migration',
  'kysely_migration_lock',
  'login_event',
  'login_throttle',
  'mfa_challenge',
  'module_stay',
  'notification',
  'outbox_cursor',
  'perf_item',
  'record_history',
  'sam_bill_total',
  'server_secret',
  'session',
  'session_step_up',
  'stored_file_chunk',
  'supplier_performance_monthly',
  'supplier_performance_pending',
  'supplier_performance_total',
  'usage_log',
];

// Column names the trail never stores (a timestamp or flag about one, e.g. password_changed_at, stays).
const secretName = `(password|passwd|pwd|secret|token|totp|otp|recovery|private_key|salt|_hash$)`;
const keptName = `(_at|_time|_until|_date)$|^(must|is|has)_`;

const statements = [
  sql`CREATE FUNCTION audit_is_secret(name text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
    SELECT name ~ ${sql.lit(secretName)} AND name !~ ${sql.lit(keptName)} $$`,
  // A table's secret columns, read once per statement (a column added later is covered by its name alone).
  sql`CREATE FUNCTION audit_secret_columns(relid oid) RETURNS text[] LANGUAGE sql STABLE AS $$
    SELECT coalesce(array_agg(attname::text), '{}') FROM pg_attribute
    WHERE attrelid = relid AND attnum > 0 AND NOT attisdropped AND audit_is_secret(attname) $$`,
  sql`CREATE FUNCTION audit_redact(j jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
    SELECT j - ARRAY(SELECT k FROM jsonb_object_keys(j) k WHERE audit_is_secret(k)) $$`,
];

const events = [
  ['insert', 'INSERT', 'NEW TABLE AS new_rows'],
  ['delete', 'DELETE', 'OLD TABLE AS old_rows'],
  ['update', 'UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
] as const;

/** The primary key's columns of a table, in the key's order. */
async function keyOf(db: Kysely<unknown>, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT a.attname AS name
    FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
    WHERE i.indrelid = ${table}::regclass AND i.indisprimary
    ORDER BY array_position(i.indkey::int[], a.attnum::int)`.execute(db);
  if (rows.length === 0) throw new Error(`0048: ${table} has no primary key to name its rows in the audit trail`);
  return rows.map((r) => r.name);
}

const functionOf = (table: string) => `audit_changed_${table}`;

/**
 * A table's trigger function, written for it (its key joins the old and new rows, its supplier column is read
 * directly), so that each statement runs plans the session keeps: a row costs a jsonb of it and, for an update, one
 * pass over its fields. Who acts comes from portal.audit_ctx; secrets are taken out by their column names.
 */
function triggerFunction(table: string, keys: string[], supplierColumn: string, kind: 'change' | 'grant', tenantColumn: string | null) {
  const objectId = (alias: string) => {
    const parts = keys.filter((k) => k !== 'tenant_id').map((k) => `${alias}.${k}::text`);
    // A table keyed by the tenant alone (its settings) names no object beyond it.
    if (parts.length === 0) return `''`;
    return parts.length === 1 ? parts[0]! : `concat_ws('/', ${parts.join(', ')})`;
  };
  const supplier = (alias: string) => (supplierColumn ? `${alias}.${supplierColumn}` : 'NULL::text');
  const tenant = (alias: string) => (tenantColumn ? `${alias}.${tenantColumn}` : 'NULL::text');
  const columns = `tenant_id, kind, action, actor_kind, account_id, actor_code, actor_name, actor_supplier_code, actor_roles,
      client_ip, request_id, call_name, module_code, object_type, object_id, object_supplier_code, before, after, detail`;
  const actor = `coalesce(v_ctx ->> 'actorKind', 'system'), (v_ctx ->> 'accountId')::int, coalesce(v_ctx ->> 'code', ''),
      coalesce(v_ctx ->> 'name', ''), v_ctx ->> 'supplierCode', coalesce(v_ctx ->> 'roles', ''), coalesce(v_ctx ->> 'clientIp', ''),
      coalesce(v_ctx ->> 'requestId', ''), coalesce(v_ctx ->> 'callName', ''), v_ctx ->> 'moduleCode'`;
  const whole = (alias: string, rows: string, action: string, side: 'before' | 'after') => `
      INSERT INTO audit_entry (${columns})
      SELECT coalesce(${tenant(alias)}, v_ctx ->> 'tenantId', ''), '${kind}', '${action}', ${actor}, '${table}', ${objectId(alias)},
             ${supplier(alias)}, ${side === 'before' ? `to_jsonb(${alias}) - v_secret, NULL` : `NULL, to_jsonb(${alias}) - v_secret`}, v_who
      FROM ${rows} ${alias};`;
  return sql.raw(`CREATE FUNCTION ${functionOf(table)}() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    v_ctx jsonb := nullif(current_setting('portal.audit_ctx', true), '')::jsonb;
    v_secret text[] := audit_secret_columns(TG_RELID);
    v_who jsonb := CASE WHEN v_ctx IS NULL
      THEN jsonb_build_object('job', coalesce(nullif(current_setting('application_name', true), ''), 'unnamed'))
      ELSE coalesce(v_ctx -> 'detail', '{}'::jsonb) END;
  BEGIN
    IF TG_OP = 'INSERT' THEN${whole('n', 'new_rows', 'insert', 'after')}
    ELSIF TG_OP = 'DELETE' THEN${whole('o', 'old_rows', 'delete', 'before')}
    ELSE
      INSERT INTO audit_entry (${columns})
      SELECT coalesce(${tenant('n')}, v_ctx ->> 'tenantId', ''), '${kind}', 'update', ${actor}, '${table}', ${objectId('n')},
             ${supplier('n')}, d.b, d.a,
             CASE WHEN d.redacted IS NULL THEN v_who ELSE v_who || jsonb_build_object('redacted', to_jsonb(d.redacted)) END
      FROM old_rows o JOIN new_rows n ON ${keys.map((k) => `o.${k} = n.${k}`).join(' AND ')}
      CROSS JOIN LATERAL (SELECT to_jsonb(o) AS oj, to_jsonb(n) AS nj) j
      CROSS JOIN LATERAL (
        SELECT jsonb_object_agg(f.key, j.oj -> f.key) FILTER (WHERE NOT f.is_secret) AS b,
               jsonb_object_agg(f.key, f.value) FILTER (WHERE NOT f.is_secret) AS a,
               count(*) FILTER (WHERE f.changed AND f.key <> ALL (ARRAY['last_login_time', 'first_login_time', 'last_used_at'])) AS n,
               array_agg(f.key ORDER BY f.key) FILTER (WHERE f.changed AND f.is_secret) AS redacted
        FROM (SELECT e.key, e.value, (j.oj -> e.key) IS DISTINCT FROM e.value AS changed, e.key = ANY (v_secret) AS is_secret
              FROM jsonb_each(j.nj) e) f
        WHERE f.changed OR f.key = ANY (ARRAY[${keys.map((k) => `'${k}'`).join(', ')}])
      ) d
      WHERE d.n > 0;
      -- A row whose key itself changed: what it was and what it is, as two halves of the update.
      INSERT INTO audit_entry (${columns})
      SELECT coalesce(${tenant('o')}, v_ctx ->> 'tenantId', ''), '${kind}', 'update', ${actor}, '${table}', ${objectId('o')},
             ${supplier('o')}, to_jsonb(o) - v_secret, NULL, v_who
      FROM old_rows o WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE ${keys.map((k) => `o.${k} = n.${k}`).join(' AND ')});
      INSERT INTO audit_entry (${columns})
      SELECT coalesce(${tenant('n')}, v_ctx ->> 'tenantId', ''), '${kind}', 'update', ${actor}, '${table}', ${objectId('n')},
             ${supplier('n')}, NULL, to_jsonb(n) - v_secret, v_who
      FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE ${keys.map((k) => `o.${k} = n.${k}`).join(' AND ')});
    END IF;
    RETURN NULL;
  END $$`);
}

/** Puts the audit triggers on a table (a later migration adding a table people change calls this too). */
export async function auditTable(db: Kysely<unknown>, table: string, supplierColumn: string, kind: 'change' | 'grant'): Promise<void> {
  const keys = await keyOf(db, table);
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pg_attribute WHERE attrelid = ${table}::regclass AND attname = 'tenant_id' AND NOT attisdropped`.execute(
    db,
  );
  const tenantColumn = table === 'tenant' ? 'id' : rows[0]!.n > 0 ? 'tenant_id' : null;
  await triggerFunction(table, keys, supplierColumn, kind, tenantColumn).execute(db);
  for (const [suffix, event, transition] of events)
    await sql`CREATE TRIGGER ${sql.raw(`audit_${suffix}`)} AFTER ${sql.raw(event)} ON ${sql.table(table)}
      REFERENCING ${sql.raw(transition)} FOR EACH STATEMENT
      WHEN (coalesce(current_setting('portal.audit_bulk', true), '') <> 'on')
      EXECUTE FUNCTION ${sql.raw(functionOf(table))}()`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
  for (const [table, supplierColumn, kind] of AUDITED) await auditTable(db, table, supplierColumn, kind);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table] of AUDITED) {
    for (const [suffix] of events) await sql`DROP TRIGGER ${sql.raw(`audit_${suffix}`)} ON ${sql.table(table)}`.execute(db);
    await sql`DROP FUNCTION ${sql.raw(functionOf(table))}()`.execute(db);
  }
  await sql`DROP FUNCTION audit_redact(jsonb)`.execute(db);
  await sql`DROP FUNCTION audit_secret_columns(oid)`.execute(db);
  await sql`DROP FUNCTION audit_is_secret(text)`.execute(db);
}
