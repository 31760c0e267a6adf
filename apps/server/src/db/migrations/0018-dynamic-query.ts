// Server-defined query pages: the definitions per tenant, the suppliers a published one is granted to,
// the staff designer module ms0100 (查询设计), and the reporting surface their SQL reads: views in schema
// `report`, each scoped by the transaction-local settings portal.report_tenant and portal.report_supplier
// ('*' every supplier of the tenant, '' none: public), and a role that may read those views and nothing else.
import { type Kysely, sql } from 'kysely';

/** [view, source, scoped by supplier, columns]: the columns a report may read (never tenant_id). */
export const views: [string, string, boolean, string][] = [
  [
    'acceptance',
    'acceptance',
    true,
    `supp_code, dept_code, acc_date, bill_number, line_no, po_bill_number, goods_code, category_code, brand_code,
     accepted_qty, free_qty, price, amount, amount_excl, tax, tax_rate, settle_status`,
  ],
  [
    'return_note',
    'return_note',
    true,
    'supp_code, dept_code, return_date, bill_number, line_no, goods_code, asked_qty, returned_qty, price, amount, tax_rate, reason, settle_status',
  ],
  [
    'charge',
    'sam_charge',
    true,
    'supp_code, dept_code, charge_code, charge_type, charge_name, period, direction, amount, tax_rate, charge_date, settle_status, dispute_status',
  ],
  [
    'pur_order',
    'pur_order',
    true,
    'supp_code, bill_number, dept_code, category_code, order_date, delivery_date, delivery_mode, order_type, status, total_qty, total_amount',
  ],
  [
    'goods',
    'goods',
    true,
    'supp_code, goods_code, barcode, goods_name, spec, unit, case_qty, category_code, brand_code, tax_rate, price, retail_price',
  ],
  ['supplier', 'supplier', true, 'supp_code, supp_name, business_mode, settle_cycle, pay_term_days, status'],
  ['store', 'dept', false, 'dept_code, dept_name, dept_type, city'],
  ['category', 'category', false, 'category_code, parent_category_code, category_name, level'],
  ['brand', 'brand', false, 'brand_code, brand_name'],
];

export const reportRole = 'portal_report_reader';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE SCHEMA report`.execute(db);
  for (const [view, source, bySupplier, columns] of views) {
    const supplier = bySupplier
      ? `AND (current_setting('portal.report_supplier', true) = '*' OR t.supp_code = current_setting('portal.report_supplier', true))`
      : '';
    // security_barrier: the scope is applied before any condition of the report, so no error or function of
    // the report ever sees a row outside it.
    await sql
      .raw(
        `CREATE VIEW report.${view} WITH (security_barrier) AS SELECT ${columns} FROM public.${source} t
         WHERE t.tenant_id = current_setting('portal.report_tenant', true) ${supplier}`,
      )
      .execute(db);
  }
  // The same views without the scope, for the planner only: the runner asks EXPLAIN against these (as the owner,
  // before taking the report role), since the scope's settings are unknown at planning and would make every
  // estimate tiny. Nothing is ever run against them; the report role has no grant on them.
  await sql`CREATE SCHEMA report_estimate`.execute(db);
  for (const [view, source, , columns] of views) {
    await sql.raw(`CREATE VIEW report_estimate.${view} AS SELECT ${columns} FROM public.${source} t`).execute(db);
  }
  // The role is the cluster's (several databases may share it); creating it needs CREATEROLE. Without it the
  // runner keeps the read-only transaction, the views' scope and the SQL check (docs/dynamic-query.md).
  await sql
    .raw(
      `DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${reportRole}') THEN
          CREATE ROLE ${reportRole} NOLOGIN NOSUPERUSER NOINHERIT NOCREATEDB NOCREATEROLE;
        END IF;
      EXCEPTION WHEN duplicate_object OR unique_violation OR insufficient_privilege THEN NULL;
      END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `DO $$ BEGIN
        IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${reportRole}') THEN
          BEGIN
            EXECUTE 'GRANT ${reportRole} TO ' || quote_ident(current_user);
          EXCEPTION WHEN OTHERS THEN NULL;
          END;
          GRANT USAGE ON SCHEMA report TO ${reportRole};
          GRANT SELECT ON ALL TABLES IN SCHEMA report TO ${reportRole};
        END IF;
      END $$`,
    )
    .execute(db);

  await sql`CREATE TABLE dynamic_query (
    tenant_id text NOT NULL REFERENCES tenant(id),
    query_code text NOT NULL CHECK (query_code ~ '^[A-Za-z][A-Za-z0-9_]{1,31}$'),
    title text NOT NULL,
    title_en text NOT NULL DEFAULT '',
    description text NOT NULL DEFAULT '',
    params jsonb NOT NULL DEFAULT '[]',
    columns jsonb NOT NULL DEFAULT '[]',
    sql_text text NOT NULL,
    is_public boolean NOT NULL DEFAULT false,
    module_code text REFERENCES module(module_code),
    all_suppliers boolean NOT NULL DEFAULT false,
    updated_by text NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, query_code)
  )`.execute(db);
  // The suppliers a published definition is granted to, one by one (all_suppliers: every supplier of the tenant).
  await sql`CREATE TABLE dynamic_query_supplier (
    tenant_id text NOT NULL,
    module_code text NOT NULL REFERENCES module(module_code) ON DELETE CASCADE,
    supp_code text NOT NULL,
    PRIMARY KEY (tenant_id, module_code, supp_code),
    FOREIGN KEY (tenant_id, supp_code) REFERENCES supplier(tenant_id, supp_code)
  )`.execute(db);

  await sql`INSERT INTO module (module_code, parent_code, name, path, component, icon, kind, hidden, audience, sort_no)
    VALUES ('ms0100', NULL, '查询设计', '/queryDesign', 'dynamic-query/designer', 'edit', 'page', false, 'staff', 100)
    ON CONFLICT (module_code) DO NOTHING`.execute(db);
  await sql`INSERT INTO role_module (tenant_id, role_code, module_code)
    SELECT r.tenant_id, r.role_code, 'ms0100' FROM role r WHERE r.role_code = 'admin'
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM role_module WHERE module_code IN (SELECT module_code FROM dynamic_query WHERE module_code IS NOT NULL)`.execute(db);
  await sql`DELETE FROM account_module WHERE module_code IN (SELECT module_code FROM dynamic_query WHERE module_code IS NOT NULL)`.execute(
    db,
  );
  await sql`DROP TABLE dynamic_query_supplier`.execute(db);
  await sql`CREATE TEMP TABLE dropped_modules AS SELECT module_code FROM dynamic_query WHERE module_code IS NOT NULL`.execute(db);
  await sql`DROP TABLE dynamic_query`.execute(db);
  await sql`DELETE FROM module WHERE module_code IN (SELECT module_code FROM dropped_modules)`.execute(db);
  await sql`DROP TABLE dropped_modules`.execute(db);
  await sql`DELETE FROM role_module WHERE module_code = 'ms0100'`.execute(db);
  await sql`DELETE FROM module WHERE module_code = 'ms0100'`.execute(db);
  await sql`DROP SCHEMA report_estimate CASCADE`.execute(db);
  await sql`DROP SCHEMA report CASCADE`.execute(db);
}
