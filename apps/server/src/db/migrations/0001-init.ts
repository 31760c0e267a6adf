// Tenants, suppliers, accounts, sessions, menus and roles, and the first business tables.
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`CREATE TABLE tenant (
    id text PRIMARY KEY,
    name text NOT NULL,
    company_name text NOT NULL
  )`,
  sql`CREATE TABLE supplier (
    tenant_id text NOT NULL REFERENCES tenant(id),
    supp_code text NOT NULL,
    supp_name text NOT NULL,
    credit_code text NOT NULL DEFAULT '',
    business_mode text NOT NULL DEFAULT '经销',
    settle_cycle text NOT NULL DEFAULT '月结',
    pay_term_days integer NOT NULL DEFAULT 45,
    status text NOT NULL DEFAULT '启用',
    phone_list jsonb NOT NULL DEFAULT '[]',
    email_list jsonb NOT NULL DEFAULT '[]',
    qr_code text NOT NULL DEFAULT '',
    logo_icon text NOT NULL DEFAULT '',
    PRIMARY KEY (tenant_id, supp_code)
  )`,
  sql`CREATE TABLE role (
    tenant_id text NOT NULL REFERENCES tenant(id),
    role_code text NOT NULL,
    role_name text NOT NULL,
    PRIMARY KEY (tenant_id, role_code)
  )`,
  sql`CREATE TABLE account (
    id serial PRIMARY KEY,
    tenant_id text NOT NULL REFERENCES tenant(id),
    kind text NOT NULL CHECK (kind IN ('supplier', 'staff')),
    employee_code text NOT NULL,
    employee_name text NOT NULL,
    supp_code text,
    parent_code text,
    role_code text,
    mov_phone text NOT NULL DEFAULT '',
    email text NOT NULL DEFAULT '',
    password_hash text NOT NULL,
    password_changed_at timestamptz NOT NULL DEFAULT now(),
    must_change_password boolean NOT NULL DEFAULT false,
    mature_date date,
    is_used boolean NOT NULL DEFAULT true,
    build_date timestamptz NOT NULL DEFAULT now(),
    close_date timestamptz,
    first_login_time timestamptz,
    last_login_time timestamptz,
    UNIQUE (tenant_id, kind, employee_code),
    FOREIGN KEY (tenant_id, supp_code) REFERENCES supplier(tenant_id, supp_code),
    FOREIGN KEY (tenant_id, role_code) REFERENCES role(tenant_id, role_code),
    CHECK ((kind = 'supplier') = (supp_code IS NOT NULL))
  )`,
  sql`CREATE INDEX account_phone ON account (tenant_id, mov_phone) WHERE mov_phone <> ''`,
  sql`CREATE TABLE session (
    token_hash text PRIMARY KEY,
    account_id integer NOT NULL REFERENCES account(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_seen_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    revoked_at timestamptz,
    revoke_reason text,
    client_ip text NOT NULL DEFAULT ''
  )`,
  sql`CREATE INDEX session_account ON session (account_id)`,
  sql`CREATE TABLE login_event (
    id bigserial PRIMARY KEY,
    tenant_id text NOT NULL,
    username text NOT NULL,
    account_id integer,
    action text NOT NULL,
    outcome text NOT NULL,
    client_ip text NOT NULL DEFAULT '',
    user_agent text NOT NULL DEFAULT '',
    at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE TABLE server_secret (
    name text PRIMARY KEY,
    value text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE TABLE module (
    module_code text PRIMARY KEY,
    parent_code text REFERENCES module(module_code),
    name text NOT NULL,
    path text NOT NULL,
    component text NOT NULL DEFAULT '',
    icon text NOT NULL DEFAULT '',
    kind text NOT NULL DEFAULT 'page' CHECK (kind IN ('page', 'folder', 'frame', 'sso', 'dynamic')),
    url text NOT NULL DEFAULT '',
    hidden boolean NOT NULL DEFAULT false,
    affix boolean NOT NULL DEFAULT false,
    audience text NOT NULL DEFAULT 'all' CHECK (audience IN ('all', 'supplier', 'staff')),
    sort_no integer NOT NULL DEFAULT 0
  )`,
  sql`CREATE TABLE role_module (
    tenant_id text NOT NULL,
    role_code text NOT NULL,
    module_code text NOT NULL REFERENCES module(module_code),
    PRIMARY KEY (tenant_id, role_code, module_code),
    FOREIGN KEY (tenant_id, role_code) REFERENCES role(tenant_id, role_code)
  )`,
  sql`CREATE TABLE account_module (
    account_id integer NOT NULL REFERENCES account(id) ON DELETE CASCADE,
    module_code text NOT NULL REFERENCES module(module_code),
    PRIMARY KEY (account_id, module_code)
  )`,
  sql`CREATE TABLE dept (
    tenant_id text NOT NULL REFERENCES tenant(id),
    dept_code text NOT NULL,
    dept_name text NOT NULL,
    dept_type text NOT NULL CHECK (dept_type IN ('store', 'dc')),
    city text NOT NULL DEFAULT '',
    PRIMARY KEY (tenant_id, dept_code)
  )`,
  sql`CREATE TABLE brand (
    tenant_id text NOT NULL REFERENCES tenant(id),
    brand_code text NOT NULL,
    brand_name text NOT NULL,
    PRIMARY KEY (tenant_id, brand_code)
  )`,
  sql`CREATE TABLE category (
    tenant_id text NOT NULL REFERENCES tenant(id),
    category_code text NOT NULL,
    parent_category_code text,
    category_name text NOT NULL,
    level integer NOT NULL,
    PRIMARY KEY (tenant_id, category_code)
  )`,
  sql`CREATE TABLE goods (
    tenant_id text NOT NULL REFERENCES tenant(id),
    goods_code text NOT NULL,
    barcode text NOT NULL,
    goods_name text NOT NULL,
    spec text NOT NULL,
    unit text NOT NULL,
    case_qty integer NOT NULL,
    category_code text NOT NULL,
    brand_code text NOT NULL,
    supp_code text NOT NULL,
    tax_rate numeric(5,2) NOT NULL,
    price numeric(14,6) NOT NULL,
    retail_price numeric(14,2) NOT NULL,
    PRIMARY KEY (tenant_id, goods_code),
    FOREIGN KEY (tenant_id, supp_code) REFERENCES supplier(tenant_id, supp_code)
  )`,
  sql`CREATE TABLE pur_order (
    tenant_id text NOT NULL,
    bill_number text NOT NULL,
    supp_code text NOT NULL,
    dept_code text NOT NULL,
    category_code text NOT NULL,
    order_date date NOT NULL,
    valid_days integer NOT NULL,
    delivery_date date NOT NULL,
    delivery_mode text NOT NULL,
    order_type text NOT NULL,
    status text NOT NULL,
    total_qty numeric(14,3) NOT NULL,
    total_amount numeric(14,2) NOT NULL,
    PRIMARY KEY (tenant_id, bill_number),
    FOREIGN KEY (tenant_id, supp_code) REFERENCES supplier(tenant_id, supp_code),
    FOREIGN KEY (tenant_id, dept_code) REFERENCES dept(tenant_id, dept_code)
  )`,
  sql`CREATE INDEX pur_order_supp_date ON pur_order (tenant_id, supp_code, order_date)`,
  sql`CREATE TABLE pur_order_line (
    tenant_id text NOT NULL,
    bill_number text NOT NULL,
    line_no integer NOT NULL,
    goods_code text NOT NULL,
    order_qty numeric(14,3) NOT NULL,
    received_qty numeric(14,3) NOT NULL DEFAULT 0,
    free_qty numeric(14,3) NOT NULL DEFAULT 0,
    price numeric(14,6) NOT NULL,
    amount numeric(14,2) NOT NULL,
    tax_rate numeric(5,2) NOT NULL,
    PRIMARY KEY (tenant_id, bill_number, line_no),
    FOREIGN KEY (tenant_id, bill_number) REFERENCES pur_order(tenant_id, bill_number)
  )`,
  sql`CREATE TABLE acceptance (
    tenant_id text NOT NULL,
    bill_number text NOT NULL,
    line_no integer NOT NULL,
    supp_code text NOT NULL,
    dept_code text NOT NULL,
    acc_date date NOT NULL,
    po_bill_number text NOT NULL DEFAULT '',
    goods_code text NOT NULL,
    category_code text NOT NULL,
    brand_code text NOT NULL,
    accepted_qty numeric(14,3) NOT NULL,
    free_qty numeric(14,3) NOT NULL DEFAULT 0,
    price numeric(14,6) NOT NULL,
    amount numeric(14,2) NOT NULL,
    amount_excl numeric(14,2) NOT NULL,
    tax numeric(14,2) NOT NULL,
    tax_rate numeric(5,2) NOT NULL,
    settle_status text NOT NULL DEFAULT '未结算',
    PRIMARY KEY (tenant_id, bill_number, line_no)
  )`,
  sql`CREATE INDEX acceptance_supp_date ON acceptance (tenant_id, supp_code, acc_date)`,
  sql`CREATE TABLE sam_bill (
    tenant_id text NOT NULL,
    bill_number text NOT NULL,
    supp_code text NOT NULL,
    period_start date NOT NULL,
    period_end date NOT NULL,
    due_date date NOT NULL,
    status text NOT NULL,
    goods_amount numeric(14,2) NOT NULL,
    return_amount numeric(14,2) NOT NULL,
    charge_amount numeric(14,2) NOT NULL,
    prepay_amount numeric(14,2) NOT NULL,
    payable_amount numeric(14,2) NOT NULL,
    paid_amount numeric(14,2) NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, bill_number),
    FOREIGN KEY (tenant_id, supp_code) REFERENCES supplier(tenant_id, supp_code)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'sam_bill',
    'acceptance',
    'pur_order_line',
    'pur_order',
    'goods',
    'category',
    'brand',
    'dept',
    'account_module',
    'role_module',
    'module',
    'server_secret',
    'login_event',
    'session',
    'account',
    'role',
    'supplier',
    'tenant',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
