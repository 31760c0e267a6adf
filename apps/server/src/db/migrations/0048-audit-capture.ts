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
  'module_stay',
  'notification',
  'outbox_cursor',
  'perf_item',
  'record_history',
  'sam_bill_total',
  'server_secret',
  'session',
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
  sql`CREATE FUNCTION audit_redact(j jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN j IS NULL THEN NULL
      ELSE coalesce((SELECT jsonb_object_agg(key, value) FROM jsonb_each(j) WHERE NOT audit_is_secret(key)), '{}'::jsonb) END $$`,
  // The row's key as the trail names it: the key's values but the tenant, joined by '/'.
  sql`CREATE FUNCTION audit_key(j jsonb, keys text[]) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT coalesce(string_agg(j ->> k, '/' ORDER BY i), '') FROM unnest(keys) WITH ORDINALITY AS u(k, i) WHERE k <> 'tenant_id' $$`,
  sql`CREATE FUNCTION audit_pick(j jsonb, keys text[]) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
    SELECT coalesce((SELECT jsonb_object_agg(key, value) FROM jsonb_each(j) WHERE key = ANY (keys)), '{}'::jsonb) $$`,
  // TG_ARGV: the key's columns (comma-separated), the supplier's column ('' for none), the kind of the rows.
  sql`CREATE FUNCTION audit_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    ctx jsonb := nullif(current_setting('portal.audit_ctx', true), '')::jsonb;
    keys text[] := string_to_array(TG_ARGV[0], ',');
    supp text := nullif(TG_ARGV[1], '');
    kind text := TG_ARGV[2];
    who jsonb;
    -- Columns that change by themselves (a sign-in's time, a client's last use): no entry when only they change.
    noise text[] := ARRAY['last_login_time', 'first_login_time', 'last_used_at'];
  BEGIN
    who := CASE WHEN ctx IS NULL
      THEN jsonb_build_object('job', coalesce(nullif(current_setting('application_name', true), ''), 'unnamed'))
      ELSE coalesce(ctx -> 'detail', '{}'::jsonb) END;
    IF TG_OP = 'INSERT' THEN
      INSERT INTO audit_entry (tenant_id, kind, action, actor_kind, account_id, actor_code, actor_name, actor_supplier_code, actor_roles,
                               client_ip, request_id, call_name, module_code, object_type, object_id, object_supplier_code, before, after, detail)
      SELECT coalesce(r.j ->> 'tenant_id', ctx ->> 'tenantId', ''), kind, 'insert', coalesce(ctx ->> 'actorKind', 'system'),
             (ctx ->> 'accountId')::int, coalesce(ctx ->> 'code', ''), coalesce(ctx ->> 'name', ''), ctx ->> 'supplierCode',
             coalesce(ctx ->> 'roles', ''), coalesce(ctx ->> 'clientIp', ''), coalesce(ctx ->> 'requestId', ''),
             coalesce(ctx ->> 'callName', ''), ctx ->> 'moduleCode', TG_TABLE_NAME, audit_key(r.j, keys), r.j ->> supp,
             NULL, audit_redact(r.j), who
      FROM (SELECT to_jsonb(n) AS j FROM new_rows n) r;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO audit_entry (tenant_id, kind, action, actor_kind, account_id, actor_code, actor_name, actor_supplier_code, actor_roles,
                               client_ip, request_id, call_name, module_code, object_type, object_id, object_supplier_code, before, after, detail)
      SELECT coalesce(r.j ->> 'tenant_id', ctx ->> 'tenantId', ''), kind, 'delete', coalesce(ctx ->> 'actorKind', 'system'),
             (ctx ->> 'accountId')::int, coalesce(ctx ->> 'code', ''), coalesce(ctx ->> 'name', ''), ctx ->> 'supplierCode',
             coalesce(ctx ->> 'roles', ''), coalesce(ctx ->> 'clientIp', ''), coalesce(ctx ->> 'requestId', ''),
             coalesce(ctx ->> 'callName', ''), ctx ->> 'moduleCode', TG_TABLE_NAME, audit_key(r.j, keys), r.j ->> supp,
             audit_redact(r.j), NULL, who
      FROM (SELECT to_jsonb(o) AS j FROM old_rows o) r;
    ELSE
      INSERT INTO audit_entry (tenant_id, kind, action, actor_kind, account_id, actor_code, actor_name, actor_supplier_code, actor_roles,
                               client_ip, request_id, call_name, module_code, object_type, object_id, object_supplier_code, before, after, detail)
      SELECT coalesce(d.nj ->> 'tenant_id', d.oj ->> 'tenant_id', ctx ->> 'tenantId', ''), kind, 'update', coalesce(ctx ->> 'actorKind', 'system'),
             (ctx ->> 'accountId')::int, coalesce(ctx ->> 'code', ''), coalesce(ctx ->> 'name', ''), ctx ->> 'supplierCode',
             coalesce(ctx ->> 'roles', ''), coalesce(ctx ->> 'clientIp', ''), coalesce(ctx ->> 'requestId', ''),
             coalesce(ctx ->> 'callName', ''), ctx ->> 'moduleCode', TG_TABLE_NAME, d.k, coalesce(d.nj ->> supp, d.oj ->> supp),
             audit_redact(audit_pick(d.oj, d.changed || keys)), audit_redact(audit_pick(d.nj, d.changed || keys)),
             CASE WHEN d.secret = '{}' THEN who ELSE who || jsonb_build_object('redacted', to_jsonb(d.secret)) END
      FROM (
        SELECT c.*, ARRAY(SELECT x FROM unnest(c.changed) x WHERE audit_is_secret(x) ORDER BY x) AS secret
        FROM (
          SELECT coalesce(n.k, o.k) AS k, o.j AS oj, n.j AS nj,
                 ARRAY(SELECT e.key FROM jsonb_each(coalesce(n.j, o.j)) e
                       WHERE (o.j -> e.key) IS DISTINCT FROM (n.j -> e.key) AND e.key <> ALL (noise) ORDER BY e.key) AS changed
          FROM (SELECT audit_key(to_jsonb(x), keys) AS k, to_jsonb(x) AS j FROM old_rows x) o
          FULL JOIN (SELECT audit_key(to_jsonb(x), keys) AS k, to_jsonb(x) AS j FROM new_rows x) n ON n.k = o.k
        ) c
      ) d
      WHERE d.changed <> '{}';
    END IF;
    RETURN NULL;
  END $$`,
];

const events = [
  ['insert', 'INSERT', 'NEW TABLE AS new_rows'],
  ['delete', 'DELETE', 'OLD TABLE AS old_rows'],
  ['update', 'UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
] as const;

/** The primary key's columns of a table, in the key's order. */
async function keyOf(db: Kysely<unknown>, table: string): Promise<string> {
  const { rows } = await sql<{ keys: string | null }>`
    SELECT string_agg(a.attname, ',' ORDER BY array_position(i.indkey::int[], a.attnum::int)) AS keys
    FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
    WHERE i.indrelid = ${table}::regclass AND i.indisprimary`.execute(db);
  const keys = rows[0]?.keys;
  if (!keys) throw new Error(`0048: ${table} has no primary key to name its rows in the audit trail`);
  return keys;
}

/** Puts the audit triggers on a table (a later migration adding a table people change calls this too). */
export async function auditTable(db: Kysely<unknown>, table: string, supplierColumn: string, kind: 'change' | 'grant'): Promise<void> {
  const keys = await keyOf(db, table);
  for (const [suffix, event, transition] of events)
    await sql`CREATE TRIGGER ${sql.raw(`audit_${suffix}`)} AFTER ${sql.raw(event)} ON ${sql.table(table)}
      REFERENCING ${sql.raw(transition)} FOR EACH STATEMENT
      WHEN (coalesce(current_setting('portal.audit_bulk', true), '') <> 'on')
      EXECUTE FUNCTION audit_rows_changed(${sql.lit(keys)}, ${sql.lit(supplierColumn)}, ${sql.lit(kind)})`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
  for (const [table, supplierColumn, kind] of AUDITED) await auditTable(db, table, supplierColumn, kind);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table] of AUDITED)
    for (const [suffix] of events) await sql`DROP TRIGGER ${sql.raw(`audit_${suffix}`)} ON ${sql.table(table)}`.execute(db);
  await sql`DROP FUNCTION audit_rows_changed()`.execute(db);
  await sql`DROP FUNCTION audit_pick(jsonb, text[])`.execute(db);
  await sql`DROP FUNCTION audit_key(jsonb, text[])`.execute(db);
  await sql`DROP FUNCTION audit_redact(jsonb)`.execute(db);
  await sql`DROP FUNCTION audit_is_secret(text)`.execute(db);
}
