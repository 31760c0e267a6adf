// Row types of the tables, as Kysely sees them. numeric columns travel as strings (exact).
import type { common, purchaseOrder, settlement } from '@portal/contract';

type BillStatus = settlement.BillStatus;
type SettleStatus = settlement.SettleStatus;
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** DATE columns are kept as 'YYYY-MM-DD' strings (the type parser is set in database.ts). */
type DateString = string;
type Numeric = ColumnType<string, string | number, string | number>;
/** A numeric column with a default: may be left out on insert. */
type NumericDefault = ColumnType<string, string | number | undefined, string | number>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface TenantTable {
  id: string;
  name: string;
  company_name: string;
}

export interface ContactPhone {
  name: string;
  phone: string;
}
export interface ContactEmail {
  name: string;
  email: string;
}

export interface SupplierTable {
  tenant_id: string;
  supp_code: string;
  supp_name: string;
  credit_code: Generated<string>;
  business_mode: Generated<string>;
  settle_cycle: Generated<string>;
  pay_term_days: Generated<number>;
  status: Generated<string>;
  phone_list: Json<ContactPhone[]>;
  email_list: Json<ContactEmail[]>;
  qr_code: Generated<string>;
  logo_icon: Generated<string>;
  /** May make advance bills (预付结算), migration 0012. */
  advance_sam: Generated<boolean>;
}

export interface RoleTable {
  tenant_id: string;
  role_code: string;
  role_name: string;
}

export type AccountKind = 'supplier' | 'staff';

export interface AccountTable {
  id: Generated<number>;
  tenant_id: string;
  kind: AccountKind;
  employee_code: string;
  employee_name: string;
  supp_code: string | null;
  parent_code: string | null;
  role_code: string | null;
  mov_phone: Generated<string>;
  email: Generated<string>;
  /** The language of its e-mails and robot texts (0041). */
  language: Generated<'zh-CN' | 'en'>;
  password_hash: string;
  password_changed_at: Timestamp;
  must_change_password: Generated<boolean>;
  mature_date: DateString | null;
  is_used: Generated<boolean>;
  build_date: Timestamp;
  close_date: NullableTimestamp;
  first_login_time: NullableTimestamp;
  last_login_time: NullableTimestamp;
  position: Generated<string>;
  remark: Generated<string>;
  sex: Generated<'' | '男' | '女'>;
  card_no: Generated<string>;
  profiles: Generated<string>;
  head_pic_url: Generated<string>;
  wx_qr_code: Generated<string>;
  login_name: Generated<string>;
  dept_code: Generated<string>;
}

/** One transition of a stateful record (platform/workflow); states are null before creation, after removal or when not recorded. */
export type AuditKind = 'change' | 'call' | 'sign-in' | 'sign-in-failed' | 'lockout' | 'sign-out' | 'grant' | 'export' | 'mfa' | 'session';
export type AuditActorKind = 'staff' | 'supplier' | 'integration' | 'system';

/** The audit trail (0046): append-only, one row per thing that happened; id is int8, read as a number while safe. */
export interface AuditEntryTable {
  id: Generated<number>;
  tenant_id: string;
  at: Generated<Date>;
  kind: AuditKind;
  action: Generated<string>;
  actor_kind: ColumnType<AuditActorKind, AuditActorKind | undefined, AuditActorKind>;
  account_id: number | null;
  actor_code: Generated<string>;
  actor_name: Generated<string>;
  actor_supplier_code: string | null;
  actor_roles: Generated<string>;
  client_ip: Generated<string>;
  request_id: Generated<string>;
  call_name: Generated<string>;
  module_code: string | null;
  object_type: Generated<string>;
  object_id: Generated<string>;
  object_supplier_code: string | null;
  before: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  after: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  detail: Json<Record<string, unknown>>;
}

/** A link of a tenant's audit chain (0049): the entry's place in the order the sealing job took it, and its hash. */
export interface AuditSealTable {
  tenant_id: string;
  seq: number;
  entry_id: number;
  hash: string;
  sealed_at: Generated<Date>;
}

/** Entries moved to a file of the file store by the archive job (0049), recorded before they are removed. */
export interface AuditArchiveTable {
  id: Generated<number>;
  tenant_id: string;
  first_seq: number;
  last_seq: number;
  first_id: number;
  last_id: number;
  entry_count: number;
  last_hash: string;
  file_id: string;
  before_at: Date;
  created_at: Generated<Date>;
}

export interface RecordHistoryTable {
  id: Generated<string>;
  tenant_id: string;
  record_type: string;
  record_id: string;
  action: string;
  from_status: string | null;
  to_status: string | null;
  actor_code: string;
  actor_name: Generated<string>;
  at: Generated<Date>;
  note: Generated<string>;
  detail: Json<Record<string, unknown>>;
}

export interface StoredFileTable {
  id: Generated<string>;
  tenant_id: string;
  /** Owner supplier; null for a file staff uploaded. */
  supp_code: string | null;
  name: string;
  content_type: string;
  size: number;
  sha256: string;
  created_by: string;
  created_at: Generated<Date>;
  /** The record that uses the file (e.g. 'certificate:12'); a referenced file cannot be deleted. */
  referenced_by: string | null;
}

export interface StoredFileChunkTable {
  file_id: string;
  seq: number;
  bytes: Buffer;
}

export interface SessionTable {
  token_hash: string;
  account_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  revoke_reason: string | null;
  client_ip: Generated<string>;
  /** The browser's User-Agent at sign-in (0050), at most 500 characters. */
  user_agent: Generated<string>;
  /** The id the session's owner names it by (0050): random, never the token or its hash. */
  public_id: Generated<string>;
}

export interface LoginEventTable {
  id: Generated<string>;
  tenant_id: string;
  username: string;
  account_id: number | null;
  action: string;
  outcome: string;
  client_ip: Generated<string>;
  user_agent: Generated<string>;
  at: Timestamp;
}

/** Two-factor sign-in (0047): an account's TOTP secret, sealed; enabled once its first code was confirmed. */
export interface AccountTotpTable {
  account_id: number;
  secret_sealed: string;
  enabled_at: NullableTimestamp;
  /** RFC 6238 time-step of the last accepted code (int8, read as a string by pg). */
  last_step: ColumnType<string | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

export interface AccountRecoveryCodeTable {
  id: Generated<number>;
  account_id: number;
  code_hash: string;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface MfaChallengeTable {
  token_hash: string;
  account_id: number;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface SessionStepUpTable {
  token_hash: string;
  verified_at: Timestamp;
}

export interface MfaPolicyTable {
  tenant_id: string;
  required_roles: string[];
  supplier_main_required: boolean;
  step_up_password: boolean;
  updated_at: Timestamp;
  updated_by: Generated<string>;
}

export interface ServerSecretTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

export type ModuleKind = 'page' | 'folder' | 'frame' | 'sso' | 'dynamic';

export interface ModuleTable {
  module_code: string;
  parent_code: string | null;
  name: string;
  /** English name ('' where the contract's moduleTitlesEn or the Chinese name serves). */
  name_en: Generated<string>;
  path: string;
  component: Generated<string>;
  icon: Generated<string>;
  kind: Generated<ModuleKind>;
  url: Generated<string>;
  hidden: Generated<boolean>;
  affix: Generated<boolean>;
  audience: Generated<'all' | 'supplier' | 'staff'>;
  sort_no: Generated<number>;
}

export interface RoleModuleTable {
  tenant_id: string;
  role_code: string;
  module_code: string;
}

export interface AccountModuleTable {
  account_id: number;
  module_code: string;
}

export interface DeptTable {
  tenant_id: string;
  dept_code: string;
  dept_name: string;
  dept_type: 'store' | 'dc';
  city: Generated<string>;
  /** Open for business (getOnLineDeptList). */
  online: Generated<boolean>;
  /** The accounting unit (结算主体) that settles its documents. */
  acc_unit_code: Generated<string>;
}

/** Stock of a goods item at a store or DC, in 1/10000 of its unit (spec: stock divisor 10000). */
export interface StockTable {
  tenant_id: string;
  goods_code: string;
  dept_code: string;
  qty_units: Numeric;
  updated_at: Timestamp;
}

/** A storage location (库位) of a store or DC, used when receiving (in) or returning (out). */
export interface LocationTable {
  tenant_id: string;
  dept_code: string;
  location_code: string;
  location_name: string;
  bill_direction: 'in' | 'out';
}

export interface PrintTemplateTable {
  tenant_id: string;
  template_code: string;
  print_type_code: common.PrintType;
  template_name: string;
  is_default: Generated<boolean>;
  paper_size: common.PrintTemplate['paperSize'];
  orientation: common.PrintTemplate['orientation'];
  margins: Json<common.PrintTemplate['margins']>;
  layout: Json<common.PrintTemplate['layout']>;
}

export interface BrandTable {
  tenant_id: string;
  brand_code: string;
  brand_name: string;
}

export interface CategoryTable {
  tenant_id: string;
  category_code: string;
  parent_category_code: string | null;
  category_name: string;
  level: number;
}

export interface GoodsTable {
  tenant_id: string;
  goods_code: string;
  barcode: string;
  goods_name: string;
  spec: string;
  unit: string;
  case_qty: number;
  category_code: string;
  brand_code: string;
  supp_code: string;
  tax_rate: Numeric;
  price: Numeric;
  retail_price: Numeric;
  /** Shelf life in days (migration 0038); null: none (a delivery note asks no batch or dates). */
  shelf_life_days: Generated<number | null>;
}

export interface PurOrderTable {
  tenant_id: string;
  bill_number: string;
  supp_code: string;
  dept_code: string;
  category_code: string;
  order_date: DateString;
  valid_days: number;
  delivery_date: DateString;
  delivery_mode: string;
  order_type: string;
  status: (typeof purchaseOrder.orderStatuses)[number];
  total_qty: Numeric;
  total_amount: Numeric;
  /** Confirmation (migration 0036): its deadline, when and by whom the supplier confirmed or declined. */
  confirm_due_at: Date | null;
  confirmed_at: Date | null;
  confirmed_by: string | null;
  /** Confirmation flow (migration 0037): when the order was issued (its deadline counts from it), first read, declined, reopened. */
  issued_at: Date | null;
  read_at: Date | null;
  read_by: string | null;
  decline_reason: string | null;
  decline_note: Generated<string>;
  reopened_at: Date | null;
  /** Optimistic version: each change of the order (ingest, confirmation) adds one. */
  version: Generated<number>;
}

export interface PurOrderLineTable {
  tenant_id: string;
  bill_number: string;
  line_no: number;
  goods_code: string;
  order_qty: Numeric;
  received_qty: Numeric;
  free_qty: Numeric;
  price: Numeric;
  amount: Numeric;
  tax_rate: Numeric;
  /** What the supplier confirmed (migration 0036): null until the order is confirmed. */
  confirmed_qty: Numeric | null;
  promised_date: DateString | null;
  /** Migration 0037: the reason of a short or late confirmation; a line changed by the retailer's new version and its values before. */
  confirm_note: Generated<string>;
  changed: Generated<boolean>;
  prev_qty: Numeric | null;
  prev_price: Numeric | null;
  prev_delivery_date: DateString | null;
  is_new: Generated<boolean>;
}

/** A supplier's delivery note (送货单, ASN): its head (migration 0036); lines and receiving are 0038's. */
export interface DeliveryNoteTable {
  tenant_id: string;
  note_number: string;
  supp_code: string;
  dept_code: string;
  status: string;
  packages: Generated<number>;
  created_by: string;
  created_at: Generated<Date>;
  version: Generated<number>;
  /** Migration 0038: the expected arrival, a remark, and when and by whom it was cancelled or received (and the
   * receiving bill that received it). */
  expected_date: DateString | null;
  remark: Generated<string>;
  cancelled_at: Date | null;
  cancelled_by: string | null;
  received_at: Date | null;
  received_by: string | null;
  receiving_bill: string | null;
}

/** A line of a delivery note (migration 0038): an order line's quantity; after receiving what was taken and refused. */
export interface DeliveryNoteLineTable {
  tenant_id: string;
  note_number: string;
  line_no: number;
  po_bill_number: string;
  po_line_no: number;
  goods_code: string;
  qty: Numeric;
  packages: Generated<number>;
  batch_no: Generated<string>;
  production_date: DateString | null;
  expiry_date: DateString | null;
  received_qty: Numeric | null;
  rejected_qty: Numeric | null;
  reject_reason: Generated<string>;
}

/** A dock time slot of a store or DC (0039); booked counters stay within capacity (CHECK). */
export interface DockSlotTable {
  id: Generated<number>;
  tenant_id: string;
  dept_code: string;
  /** YYYY-MM-DD (the pool returns date columns as text). */
  slot_date: string;
  /** HH:MM:SS */
  start_time: string;
  end_time: string;
  capacity_deliveries: number;
  capacity_packages: number;
  booked_deliveries: Generated<number>;
  booked_packages: Generated<number>;
  closed: Generated<boolean>;
  updated_by: string;
  updated_at: Generated<Date>;
}

/** A delivery note's booking of a dock slot (0039): 待确认, 已确认, 已拒绝, 已取消. */
export interface DockBookingTable {
  id: Generated<number>;
  tenant_id: string;
  note_number: string;
  supp_code: string;
  slot_id: number;
  packages: number;
  status: string;
  reason: Generated<string>;
  created_by: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  version: Generated<number>;
}

/** Supplier performance (migration 0040): the measures an order line or an order adds to its supplier's month. */
export interface PerfMeasures {
  lines: number;
  full_lines: number;
  on_time_lines: number;
  otif_lines: number;
  committed_qty: Numeric;
  filled_qty: Numeric;
  accepted_qty: Numeric;
  rejected_qty: Numeric;
  orders: number;
  answered_orders: number;
  in_time_orders: number;
  declined_orders: number;
  confirm_minutes: Numeric;
}

/** One order line (item = line_no) or order (item 0): kept by triggers, never written by the app. */
export interface PerfItemTable extends PerfMeasures {
  tenant_id: string;
  bill_number: string;
  item: number;
  supp_code: string;
  dept_code: string;
  category_code: string;
  month: DateString;
  decide_day: DateString;
  settled: boolean;
}

/** The monthly sums of perf_item per (tenant, supplier, month, store/DC, category). */
export interface SupplierPerformanceMonthlyTable extends PerfMeasures {
  tenant_id: string;
  supp_code: string;
  month: DateString;
  dept_code: string;
  category_code: string;
}

/** The same sums per (tenant, supplier, month): questions without a store or category. */
export interface SupplierPerformanceTotalTable extends PerfMeasures {
  tenant_id: string;
  month: DateString;
  supp_code: string;
}

/** The part of the sums still open (lines not in full, orders not answered), by the day it is decided. */
export interface SupplierPerformancePendingTable extends SupplierPerformanceMonthlyTable {
  decide_day: DateString;
}

export interface AcceptanceTable {
  tenant_id: string;
  bill_number: string;
  line_no: number;
  supp_code: string;
  dept_code: string;
  acc_date: DateString;
  po_bill_number: Generated<string>;
  goods_code: string;
  category_code: string;
  brand_code: string;
  accepted_qty: Numeric;
  free_qty: Numeric;
  price: Numeric;
  amount: Numeric;
  amount_excl: Numeric;
  tax: Numeric;
  tax_rate: Numeric;
  settle_status: Generated<SettleStatus>;
  /** Rejected at receiving (migration 0032). */
  rejected_qty: NumericDefault;
}

/** Daily receiving rollup (migration 0021), kept by triggers on `acceptance`: never written by the app. The monthly
 * rollup has the same columns, `acc_date` being the month's first day. */
export interface AcceptanceDailyTable {
  tenant_id: string;
  supp_code: string;
  acc_date: DateString;
  dept_code: string;
  goods_code: string;
  category_code: string;
  brand_code: string;
  line_count: number;
  qty: Numeric;
  amount_excl: Numeric;
  tax: Numeric;
  amount: Numeric;
  /** Bills with a line in this row counted once per bill overall, per goods, per category and per brand. */
  bills: number;
  goods_bills: number;
  category_bills: number;
  brand_bills: number;
}

export interface SamBillTable {
  tenant_id: string;
  bill_number: string;
  supp_code: string;
  period_start: DateString;
  period_end: DateString;
  due_date: DateString;
  status: BillStatus;
  goods_amount: Numeric;
  return_amount: Numeric;
  charge_amount: Numeric;
  prepay_amount: Numeric;
  payable_amount: Numeric;
  paid_amount: Numeric;
  created_at: Timestamp;
  bill_kind: Generated<'normal' | 'advance'>;
  node_code: Generated<string>;
  invoice_amount: NumericDefault;
  line_count: Generated<number>;
  remark: Generated<string>;
  version: Generated<number>;
  created_by: Generated<string>;
  updated_at: Timestamp;
}

export interface ModuleButtonTable {
  module_code: string;
  button_code: string;
  name: string;
}

export interface RoleButtonTable {
  tenant_id: string;
  role_code: string;
  module_code: string;
  button_code: string;
}

export interface AccountButtonTable {
  account_id: number;
  module_code: string;
  button_code: string;
}

export interface LoginThrottleTable {
  key: string;
  failures: Generated<number>;
  window_started_at: Timestamp;
  locked_until: NullableTimestamp;
}

export interface CaptchaTable {
  id: string;
  answer_hash: string;
  expires_at: Timestamp;
}

export interface IdentCodeTable {
  code_hash: string;
  account_id: number;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface AccUnitTable {
  tenant_id: string;
  unit_code: string;
  unit_name: string;
  tax_number: Generated<string>;
  address: Generated<string>;
  bank_name: Generated<string>;
  bank_account: Generated<string>;
}

export interface BusOptionTable {
  tenant_id: string;
  bus_short_name: string;
  bus_short_detail_name: string;
  permission_type: 'all' | 'dept' | 'category' | 'supplier';
  permission_list: Json<string[]>;
  updated_by: Generated<string>;
  updated_at: Timestamp;
}

export interface SystemParamTable {
  tenant_id: string;
  parameter_code: string;
  parameter_name: string;
  parameter_value: string;
}

export interface BillSequenceTable {
  tenant_id: string;
  prefix: string;
  day: DateString;
  last_value: number;
}

export interface ExternalModuleTable {
  tenant_id: string;
  module_code: string;
  url: string;
  sso_secret: Generated<string>;
}

export interface UsageLogTable {
  id: Generated<string>;
  tenant_id: string | null;
  account_id: number | null;
  logtype: string;
  fronttime: Generated<string>;
  guid: Generated<string>;
  curpageurl: Generated<string>;
  record: Json<Record<string, unknown>>;
  received_at: Timestamp;
}

export interface ModuleStayTable {
  id: Generated<string>;
  tenant_id: string;
  account_id: number;
  module_code: string;
  module_name: string;
  operate_type: 0 | 5;
  operate_ip: Generated<string>;
  stay_seconds: Generated<number>;
  at: Timestamp;
}

/** The version registry of inbound documents (migration 0032): -1 while a new key's first batch is applying it. */
export interface IntegrationDocumentTable {
  tenant_id: string;
  entity: string;
  doc_key: string;
  /** int8, a safe integer (the contract bounds versions), so it reads as a number. */
  version: ColumnType<number, number | string, number | string>;
  updated_at: Timestamp;
}

export interface IntegrationRefusalRow {
  key: string;
  refusals: { path: string; reason: { 'zh-CN': string; en: string } }[];
}

/** One row per inbound batch (API call, import, seed, feed), migration 0032. */
export interface IntegrationBatchTable {
  id: Generated<string>;
  tenant_id: string;
  source: 'api' | 'import' | 'seed' | 'feed';
  client_id: string | null;
  account_id: number | null;
  entity: string;
  document_count: number;
  created_count: number;
  updated_count: number;
  unchanged_count: number;
  stale_count: number;
  refused_count: number;
  line_count: number;
  refusals: Json<IntegrationRefusalRow[]>;
  duration_ms: number;
  at: Timestamp;
}

export interface DB {
  integration_document: IntegrationDocumentTable;
  integration_batch: IntegrationBatchTable;
  external_module: ExternalModuleTable;
  usage_log: UsageLogTable;
  module_stay: ModuleStayTable;
  record_history: RecordHistoryTable;
  audit_entry: AuditEntryTable;
  audit_seal: AuditSealTable;
  audit_archive: AuditArchiveTable;
  stored_file: StoredFileTable;
  stored_file_chunk: StoredFileChunkTable;
  acc_unit: AccUnitTable;
  bus_option: BusOptionTable;
  system_param: SystemParamTable;
  bill_sequence: BillSequenceTable;
  module_button: ModuleButtonTable;
  role_button: RoleButtonTable;
  account_button: AccountButtonTable;
  login_throttle: LoginThrottleTable;
  captcha: CaptchaTable;
  ident_code: IdentCodeTable;
  tenant: TenantTable;
  supplier: SupplierTable;
  role: RoleTable;
  account: AccountTable;
  session: SessionTable;
  login_event: LoginEventTable;
  account_totp: AccountTotpTable;
  account_recovery_code: AccountRecoveryCodeTable;
  mfa_challenge: MfaChallengeTable;
  session_step_up: SessionStepUpTable;
  mfa_policy: MfaPolicyTable;
  server_secret: ServerSecretTable;
  module: ModuleTable;
  role_module: RoleModuleTable;
  account_module: AccountModuleTable;
  dept: DeptTable;
  brand: BrandTable;
  category: CategoryTable;
  goods: GoodsTable;
  pur_order: PurOrderTable;
  pur_order_line: PurOrderLineTable;
  delivery_note: DeliveryNoteTable;
  delivery_note_line: DeliveryNoteLineTable;
  dock_slot: DockSlotTable;
  dock_booking: DockBookingTable;
  acceptance: AcceptanceTable;
  acceptance_daily: AcceptanceDailyTable;
  acceptance_monthly: AcceptanceDailyTable;
  perf_item: PerfItemTable;
  supplier_performance_monthly: SupplierPerformanceMonthlyTable;
  supplier_performance_total: SupplierPerformanceTotalTable;
  supplier_performance_pending: SupplierPerformancePendingTable;
  sam_bill: SamBillTable;
  stock: StockTable;
  location: LocationTable;
  print_template: PrintTemplateTable;
  return_note: ReturnNoteTable;
  sam_charge: SamChargeTable;
  sam_prepay: SamPrepayTable;
  sam_bill_line: SamBillLineTable;
  sam_bill_total: SamBillTotalTable;
  sam_invoice: SamInvoiceTable;
  sam_payment: SamPaymentTable;
  sam_attachment: SamAttachmentTable;
  supplier_contract: SupplierContractTable;
  sam_setting: SamSettingTable;
  certificate_type: CertificateTypeTable;
  certificate: CertificateTable;
  certificate_file: CertificateFileTable;
  job_run: JobRunTable;
  price_adjust: PriceAdjustTable;
  price_adjust_line: PriceAdjustLineTable;
  goods_change: GoodsChangeTable;
  goods_change_line: GoodsChangeLineTable;
  goods_apply: GoodsApplyTable;
  goods_apply_file: GoodsApplyFileTable;
  goods_apply_ctf: GoodsApplyCtfTable;
  supplier_apply: SupplierApplyTable;
  supplier_apply_file: SupplierApplyFileTable;
  dynamic_query: DynamicQueryTable;
  dynamic_query_supplier: DynamicQuerySupplierTable;
  integration_client: IntegrationClientTable;
  integration_token: IntegrationTokenTable;
  integration_rate: IntegrationRateTable;
  event: EventTable;
  notification: NotificationTable;
  notification_pref: NotificationPrefTable;
  notification_child_default: NotificationChildDefaultTable;
  notify_endpoint: NotifyEndpointTable;
  delivery: DeliveryTable;
  delivery_attempt: DeliveryAttemptTable;
  outbox_cursor: OutboxCursorTable;
}

// Settlement (migration 0012).

/** Return note lines (退货单); amounts positive, a bill counts them negative. */
export interface ReturnNoteTable {
  tenant_id: string;
  bill_number: string;
  line_no: number;
  supp_code: string;
  dept_code: string;
  return_date: DateString;
  goods_code: string;
  asked_qty: Numeric;
  returned_qty: Numeric;
  price: Numeric;
  amount: Numeric;
  amount_excl: Numeric;
  tax: Numeric;
  tax_rate: Numeric;
  reason: Generated<string>;
  batch_no: Generated<string>;
  settle_status: Generated<SettleStatus>;
}

export interface SamChargeTable {
  tenant_id: string;
  charge_code: string;
  supp_code: string;
  dept_code: string;
  charge_type: string;
  charge_name: string;
  period: string;
  direction: 'deduct' | 'pay';
  amount: Numeric;
  tax_rate: Numeric;
  clause: string;
  calculation: string;
  charge_date: DateString;
  settle_status: Generated<SettleStatus>;
  dispute_status: Generated<'无' | '异议中' | '已答复'>;
  dispute_note: Generated<string>;
  dispute_by: Generated<string>;
  dispute_at: NullableTimestamp;
  answer_note: Generated<string>;
  answer_by: Generated<string>;
  answer_at: NullableTimestamp;
  created_by: string;
  created_at: Timestamp;
}

export interface SamPrepayTable {
  tenant_id: string;
  prepay_number: string;
  supp_code: string;
  node_code: string;
  pay_date: DateString;
  amount: Numeric;
  note: Generated<string>;
  settle_status: Generated<SettleStatus>;
}

export interface SamBillLineTable {
  tenant_id: string;
  bill_number: string;
  source_type: 'receiving' | 'return' | 'charge' | 'prepay';
  source_id: string;
  dept_code: Generated<string>;
  doc_date: DateString;
  due_date: DateString;
  tax_rates: Generated<string>;
  amount: Numeric;
  amount_excl: Numeric;
  tax: Numeric;
  note: Generated<string>;
  live: Generated<boolean>;
}

export interface SamBillTotalTable {
  tenant_id: string;
  bill_number: string;
  tax_rate: Numeric | null;
  goods_amount: NumericDefault;
  return_amount: NumericDefault;
  charge_amount: NumericDefault;
  prepay_amount: NumericDefault;
  payable_amount: Numeric;
  payable_excl: Numeric;
  payable_tax: Numeric;
  invoice_amount: NumericDefault;
}

export interface SamInvoiceTable {
  id: Generated<string>;
  tenant_id: string;
  supp_code: string;
  bill_number: string;
  invoice_type: string;
  invoice_code: Generated<string>;
  invoice_number: string;
  invoice_date: DateString;
  tax_rate: Numeric;
  amount_excl: Numeric;
  tax: Numeric;
  amount: Numeric;
  confirmed: Generated<boolean>;
  created_by: string;
  created_at: Timestamp;
}

export interface SamPaymentTable {
  id: Generated<string>;
  tenant_id: string;
  bill_number: string;
  pay_date: DateString;
  amount: Numeric;
  pay_method: string;
  reference: Generated<string>;
  note: Generated<string>;
  created_by: string;
  created_at: Timestamp;
}

export interface SamAttachmentTable {
  tenant_id: string;
  owner_type: 'bill' | 'charge' | 'invoice';
  owner_id: string;
  file_id: string;
}

export interface ContractTermRow {
  clauseNo: string;
  kind: 'charge' | 'rebate' | 'payment' | 'other';
  name: string;
  basis: string;
  rate: string;
  amount: string;
}

export interface SupplierContractTable {
  tenant_id: string;
  contract_no: string;
  supp_code: string;
  node_code: string;
  start_date: DateString;
  end_date: DateString;
  signed_date: DateString;
  terms: Json<ContractTermRow[]>;
}

export interface SamSettingTable {
  tenant_id: string;
  sam_url: Generated<string>;
  invoice_url: Generated<string>;
  signing_key: Generated<string>;
}

export interface CertificateTypeTable {
  tenant_id: string;
  type_code: string;
  type_name: string;
  type_name_en: Generated<string>;
  scope: 'supplier' | 'goods';
  mandatory: Generated<boolean>;
  annual_review: Generated<boolean>;
  enabled: Generated<boolean>;
  sort_no: Generated<number>;
}

export interface CertificateTable {
  id: Generated<number>;
  tenant_id: string;
  supp_code: string;
  type_code: string;
  barcode: Generated<string>;
  goods_name: Generated<string>;
  approval_number: Generated<string>;
  ctf_number: string;
  ctf_name: string;
  issuer: Generated<string>;
  /** DATE columns travel as YYYY-MM-DD. */
  valid_from: string | null;
  valid_to: string;
  next_review_date: string | null;
  status: '未提交' | '已提交' | '已审核' | '审核退回';
  expiry_state: Generated<'正常' | '到期预警' | '年审预警' | '已过期'>;
  /** The last 到期预警 threshold marked (30, 15, 7 days). */
  warn_level: number | null;
  return_reason: Generated<string>;
  is_current: Generated<boolean>;
  replaced_by: number | null;
  created_by: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface CertificateFileTable {
  certificate_id: number;
  file_id: string;
  seq: number;
}

export interface JobRunTable {
  job: string;
  run_date: string;
  started_at: Generated<Date>;
  result: Json<Record<string, unknown>>;
}

// Print preview (migration 0020): price adjustments and goods changes of a supplier's goods.

export interface PriceAdjustTable {
  tenant_id: string;
  bill_number: string;
  supp_code: string;
  apply_date: DateString;
  effective_date: DateString;
  status: '已提交' | '已审核' | '已生效' | '已驳回';
  reason: Generated<string>;
}

export interface PriceAdjustLineTable {
  tenant_id: string;
  bill_number: string;
  line_no: number;
  goods_code: string;
  old_price: Numeric;
  new_price: Numeric;
}

export interface GoodsChangeTable {
  tenant_id: string;
  bill_number: string;
  supp_code: string;
  apply_date: DateString;
  status: '已提交' | '已审核' | '已驳回';
  remark: Generated<string>;
}

export interface GoodsChangeLineTable {
  tenant_id: string;
  bill_number: string;
  line_no: number;
  goods_code: string;
  changed_field: string;
  old_value: string;
  new_value: string;
}

// New-product applications (migration 0016).

export interface GoodsApplyTable {
  id: Generated<number>;
  tenant_id: string;
  supp_code: string;
  apply_no: string;
  status: '草稿' | '已提交' | '采购审核' | '资质审核' | '通过' | '驳回';
  goods_name: string;
  barcode: string;
  spec: string;
  unit: string;
  case_qty: number;
  category_code: string;
  brand_code: string;
  price: Numeric;
  retail_price: Numeric;
  tax_rate: Numeric;
  shelf_life_days: number;
  origin: string;
  remark: Generated<string>;
  purchase_reviewer: Generated<string>;
  purchase_reviewer_name: Generated<string>;
  purchase_result: Generated<'' | '通过' | '驳回'>;
  purchase_comment: Generated<string>;
  purchase_at: NullableTimestamp;
  qualification_reviewer: Generated<string>;
  qualification_reviewer_name: Generated<string>;
  qualification_result: Generated<'' | '通过' | '驳回'>;
  qualification_comment: Generated<string>;
  qualification_at: NullableTimestamp;
  return_reason: Generated<string>;
  returned_at_step: Generated<'' | '采购审核' | '资质审核'>;
  goods_code: Generated<string>;
  created_by: string;
  created_at: Generated<Date>;
  submitted_at: NullableTimestamp;
  updated_at: Generated<Date>;
}

export interface GoodsApplyFileTable {
  apply_id: number;
  file_id: string;
  seq: number;
}

export interface GoodsApplyCtfTable {
  apply_id: number;
  certificate_id: number;
  seq: number;
}

// Supplier admission (migration 0017).

/** A cooperation application (合作申请), submitted without signing in. */
export interface SupplierApplyTable {
  id: Generated<number>;
  tenant_id: string;
  apply_no: string;
  company_name: string;
  credit_code: string;
  legal_person: string;
  licence_valid_to: string | null;
  address: Generated<string>;
  contact_name: string;
  contact_phone: string;
  contact_email: Generated<string>;
  bank_name: string;
  bank_account: string;
  categories: string[];
  remark: Generated<string>;
  status: '已提交' | '资质审核' | '通过' | '驳回';
  return_reason: Generated<string>;
  supp_code: string | null;
  client_ip: Generated<string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SupplierApplyFileTable {
  apply_id: number;
  file_id: string;
  seq: number;
}

// Server-defined query pages (migration 0018).

/** A query definition of a tenant: form, columns and one SELECT over the report views (params and columns as JSON). */
export interface DynamicQueryTable {
  tenant_id: string;
  query_code: string;
  title: string;
  title_en: Generated<string>;
  description: Generated<string>;
  description_en: Generated<string>;
  params: Json<unknown[]>;
  columns: Json<unknown[]>;
  sql_text: string;
  is_public: Generated<boolean>;
  /** The menu module of its published entry: the module that grants it (null: not published). */
  module_code: string | null;
  all_suppliers: Generated<boolean>;
  updated_by: string;
  updated_at: Timestamp;
}

/** A supplier a published definition is granted to. */
export interface DynamicQuerySupplierTable {
  tenant_id: string;
  module_code: string;
  supp_code: string;
}

// Integration clients, their tokens and rate counts (migration 0031, docs/integration.md).

/** A retailer's sending system: its scopes, source addresses, rate and the SHA-256 of its secrets. */
export interface IntegrationClientTable {
  id: string;
  tenant_id: string;
  name: string;
  scopes: string[];
  /** IP addresses or CIDR blocks it may call from; empty: any. */
  allowed_sources: Generated<string[]>;
  secret_hash: Buffer;
  /** The secret before the last rotation, valid until previous_valid_until. */
  previous_secret_hash: Buffer | null;
  previous_valid_until: NullableTimestamp;
  rotated_at: NullableTimestamp;
  rate_per_minute: Generated<number>;
  disabled: Generated<boolean>;
  created_by: string;
  created_at: Generated<Date>;
  last_used_at: NullableTimestamp;
}

/** An access token of the token call, stored as its SHA-256. */
export interface IntegrationTokenTable {
  token_hash: Buffer;
  client_id: string;
  tenant_id: string;
  scopes: string[];
  expires_at: Timestamp;
  created_at: Generated<Date>;
}

/** Calls of a client in one minute, shared by every server process. */
export interface IntegrationRateTable {
  client_id: string;
  window_start: Timestamp;
  count: number;
}

// The outbox (migration 0033).

/** One thing that happened, written in the transaction of the change (platform/events.ts). */
export interface EventTable {
  /** bigserial, read as a string (exact). */
  id: Generated<string>;
  tenant_id: string;
  supp_code: string | null;
  topic: string;
  /** The key of the document it is about (a bill number, a charge code, an application number). */
  subject: string;
  payload: Json<Record<string, unknown>>;
  /** Who did it: `account:<id>`, `client:<id>` or `system:<what>`. */
  actor: string;
  at: Generated<Date>;
  /** xid8 of the writing transaction, read as text. */
  txid: Generated<string>;
}

// Notifications (migration 0041): messages per recipient, preferences, robots and webhooks, the delivery queue.

/** One message of an account's message centre (an event it must hear of). bigint ids read as numbers (database.ts). */
export interface NotificationTable {
  id: Generated<number>;
  tenant_id: string;
  account_id: number;
  event_id: number;
  topic: string;
  read_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export type NotifyChannel = 'portal' | 'email';
export type NotifyMode = 'off' | 'instant' | 'digest';

/** What an account wants of a topic on a channel (no row: the default). */
export interface NotificationPrefTable {
  tenant_id: string;
  account_id: number;
  topic: string;
  channel: NotifyChannel;
  mode: NotifyMode;
  updated_at: Generated<Date>;
}

/** A supplier main account's defaults for its child accounts. */
export interface NotificationChildDefaultTable {
  tenant_id: string;
  supp_code: string;
  topic: string;
  channel: NotifyChannel;
  mode: NotifyMode;
  updated_at: Generated<Date>;
}

export type EndpointKind = 'webhook' | 'wecom' | 'dingtalk' | 'feishu';

/** A retailer system's webhook, or a supplier's or staff team's group robot. */
export interface NotifyEndpointTable {
  id: Generated<number>;
  tenant_id: string;
  kind: EndpointKind;
  owner_supp_code: string | null;
  owner_role: string | null;
  name: string;
  url: string;
  secret: Generated<string>;
  /** Topics it receives; empty: every topic its owner may see. */
  topics: Generated<string[]>;
  enabled: Generated<boolean>;
  created_by: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type DeliveryChannel = 'email' | EndpointKind;
export type DeliveryState = 'pending' | 'sending' | 'sent' | 'dead';

/** One queued delivery of an event to an e-mail recipient or an endpoint. */
export interface DeliveryTable {
  id: Generated<number>;
  tenant_id: string;
  event_id: number;
  channel: DeliveryChannel;
  account_id: number | null;
  endpoint_id: number | null;
  digest: Generated<boolean>;
  idempotency_key: string;
  state: Generated<DeliveryState>;
  attempts: Generated<number>;
  next_at: Generated<Date>;
  locked_by: string | null;
  locked_until: NullableTimestamp;
  last_error: Generated<string>;
  created_at: Generated<Date>;
  sent_at: NullableTimestamp;
}

/** One try of a delivery: status (HTTP or SMTP), time taken, an excerpt of the answer. */
export interface DeliveryAttemptTable {
  id: Generated<number>;
  delivery_id: number;
  tenant_id: string;
  endpoint_id: number | null;
  at: Generated<Date>;
  status: number | null;
  ok: boolean;
  duration_ms: number;
  excerpt: Generated<string>;
  error: Generated<string>;
}

/** The dispatcher's place in the outbox, in the feed's order. */
export interface OutboxCursorTable {
  name: string;
  /** xid8, read as text. */
  last_txid: Generated<number>;
  last_id: Generated<number>;
  updated_at: Generated<Date>;
}
