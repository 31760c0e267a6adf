// Readable names of the audit trail (issue 31): its kinds and actions, the objects (table names) its entries are
// about and their fields (column names), in Chinese and English. A name without a label shows as it is written.
import type { Language, Localized } from './language';

export const auditKinds = [
  'change',
  'call',
  'sign-in',
  'sign-in-failed',
  'lockout',
  'sign-out',
  'grant',
  'export',
  'mfa',
  'session',
] as const;
export type AuditKind = (typeof auditKinds)[number];

export const auditKindLabels: Readonly<Record<AuditKind, Localized>> = {
  change: { 'zh-CN': '数据变更', en: 'Change' },
  call: { 'zh-CN': '接口调用', en: 'Call' },
  'sign-in': { 'zh-CN': '登录', en: 'Sign-in' },
  'sign-in-failed': { 'zh-CN': '登录失败', en: 'Failed sign-in' },
  lockout: { 'zh-CN': '账号锁定', en: 'Lockout' },
  'sign-out': { 'zh-CN': '退出登录', en: 'Sign-out' },
  grant: { 'zh-CN': '授权变更', en: 'Grant change' },
  export: { 'zh-CN': '导出', en: 'Export' },
  mfa: { 'zh-CN': '两步验证', en: 'Two-factor' },
  session: { 'zh-CN': '会话', en: 'Session' },
};

/** Actions within the kinds (insert/update/delete of a change, the outcome or step of the others). */
export const auditActionLabels: Readonly<Record<string, Localized>> = {
  insert: { 'zh-CN': '新增', en: 'Created' },
  update: { 'zh-CN': '修改', en: 'Updated' },
  delete: { 'zh-CN': '删除', en: 'Deleted' },
  success: { 'zh-CN': '成功', en: 'Succeeded' },
  ok: { 'zh-CN': '成功', en: 'Succeeded' },
  failed: { 'zh-CN': '失败', en: 'Failed' },
  'bad-password': { 'zh-CN': '密码错误', en: 'Wrong password' },
  locked: { 'zh-CN': '已锁定', en: 'Locked' },
  unlocked: { 'zh-CN': '已解锁', en: 'Unlocked' },
  logout: { 'zh-CN': '退出', en: 'Signed out' },
  expired: { 'zh-CN': '已过期', en: 'Expired' },
  ended: { 'zh-CN': '已结束', en: 'Ended' },
  'end-all': { 'zh-CN': '结束全部会话', en: 'Ended all sessions' },
  enrol: { 'zh-CN': '启用', en: 'Enrolled' },
  enrolled: { 'zh-CN': '启用', en: 'Enrolled' },
  disable: { 'zh-CN': '停用', en: 'Disabled' },
  disabled: { 'zh-CN': '停用', en: 'Disabled' },
  verify: { 'zh-CN': '验证', en: 'Verified' },
  'step-up': { 'zh-CN': '二次验证', en: 'Step-up' },
  recovery: { 'zh-CN': '恢复码', en: 'Recovery code' },
  grant: { 'zh-CN': '授予', en: 'Granted' },
  revoke: { 'zh-CN': '收回', en: 'Revoked' },
  csv: { 'zh-CN': 'CSV', en: 'CSV' },
  xlsx: { 'zh-CN': 'Excel', en: 'Excel' },
};

export const auditActorKindLabels: Readonly<Record<string, Localized>> = {
  staff: { 'zh-CN': '零售商员工', en: 'Retailer staff' },
  supplier: { 'zh-CN': '供应商账号', en: 'Supplier account' },
  integration: { 'zh-CN': '接口客户端', en: 'Integration client' },
  system: { 'zh-CN': '系统', en: 'System' },
};

/** The business objects, by the table an entry names. */
export const auditObjectLabels: Readonly<Record<string, Localized>> = {
  sam_bill: { 'zh-CN': '结算单', en: 'Settlement bill' },
  sam_bill_line: { 'zh-CN': '结算单明细', en: 'Settlement bill line' },
  sam_charge: { 'zh-CN': '费用', en: 'Charge' },
  sam_invoice: { 'zh-CN': '发票', en: 'Invoice' },
  sam_payment: { 'zh-CN': '付款', en: 'Payment' },
  sam_prepay: { 'zh-CN': '预付款', en: 'Prepayment' },
  sam_attachment: { 'zh-CN': '结算附件', en: 'Settlement attachment' },
  sam_setting: { 'zh-CN': '结算设置', en: 'Settlement setting' },
  pur_order: { 'zh-CN': '采购订单', en: 'Purchase order' },
  pur_order_line: { 'zh-CN': '采购订单明细', en: 'Purchase order line' },
  delivery_note: { 'zh-CN': '送货单', en: 'Delivery note' },
  delivery_note_line: { 'zh-CN': '送货单明细', en: 'Delivery note line' },
  dock_booking: { 'zh-CN': '送货预约', en: 'Dock booking' },
  dock_slot: { 'zh-CN': '月台时段', en: 'Dock slot' },
  account: { 'zh-CN': '账号', en: 'Account' },
  account_module: { 'zh-CN': '模块授权', en: 'Module grant' },
  account_button: { 'zh-CN': '按钮授权', en: 'Button grant' },
  role_module: { 'zh-CN': '角色模块授权', en: 'Role module grant' },
  role_button: { 'zh-CN': '角色按钮授权', en: 'Role button grant' },
  role: { 'zh-CN': '角色', en: 'Role' },
  supplier: { 'zh-CN': '供应商', en: 'Supplier' },
  certificate: { 'zh-CN': '资质证照', en: 'Certificate' },
  certificate_file: { 'zh-CN': '证照文件', en: 'Certificate file' },
  certificate_type: { 'zh-CN': '证照类型', en: 'Certificate type' },
  goods_apply: { 'zh-CN': '新品申请', en: 'New-product application' },
  supplier_apply: { 'zh-CN': '供应商准入申请', en: 'Supplier application' },
  integration_client: { 'zh-CN': '接口客户端', en: 'Integration client' },
  notify_endpoint: { 'zh-CN': '通知渠道', en: 'Notification endpoint' },
  notification_pref: { 'zh-CN': '通知设置', en: 'Notification setting' },
  bus_option: { 'zh-CN': '业务选项', en: 'Business option' },
  system_param: { 'zh-CN': '系统参数', en: 'System parameter' },
  dynamic_query: { 'zh-CN': '查询设计', en: 'Query design' },
  brand: { 'zh-CN': '品牌', en: 'Brand' },
  category: { 'zh-CN': '商品类别', en: 'Goods category' },
  dept: { 'zh-CN': '门店/配送中心', en: 'Store or DC' },
  acc_unit: { 'zh-CN': '核算单位', en: 'Accounting unit' },
  stored_file: { 'zh-CN': '文件', en: 'File' },
  session: { 'zh-CN': '会话', en: 'Session' },
  print_template: { 'zh-CN': '打印模板', en: 'Print template' },
  audit_entry: { 'zh-CN': '审计日志', en: 'Audit trail' },
};

/** Fields by column name, the same word in every table that has the column. */
export const auditFieldLabels: Readonly<Record<string, Localized>> = {
  status: { 'zh-CN': '状态', en: 'Status' },
  remark: { 'zh-CN': '备注', en: 'Remark' },
  note: { 'zh-CN': '备注', en: 'Note' },
  reason: { 'zh-CN': '原因', en: 'Reason' },
  version: { 'zh-CN': '版本', en: 'Version' },
  supp_code: { 'zh-CN': '供应商编码', en: 'Supplier code' },
  dept_code: { 'zh-CN': '门店编码', en: 'Store code' },
  bill_number: { 'zh-CN': '单号', en: 'Document number' },
  note_number: { 'zh-CN': '送货单号', en: 'Delivery note number' },
  period_start: { 'zh-CN': '结算开始日期', en: 'Period start' },
  period_end: { 'zh-CN': '结算结束日期', en: 'Period end' },
  due_date: { 'zh-CN': '付款到期日', en: 'Due date' },
  goods_amount: { 'zh-CN': '货款金额', en: 'Goods amount' },
  return_amount: { 'zh-CN': '退货金额', en: 'Returns amount' },
  charge_amount: { 'zh-CN': '费用金额', en: 'Charges amount' },
  prepay_amount: { 'zh-CN': '预付金额', en: 'Prepaid amount' },
  payable_amount: { 'zh-CN': '应付金额', en: 'Payable amount' },
  paid_amount: { 'zh-CN': '已付金额', en: 'Paid amount' },
  invoice_amount: { 'zh-CN': '发票金额', en: 'Invoiced amount' },
  bill_kind: { 'zh-CN': '结算单类型', en: 'Bill kind' },
  node_code: { 'zh-CN': '审核节点', en: 'Review step' },
  amount: { 'zh-CN': '金额', en: 'Amount' },
  amount_excl: { 'zh-CN': '不含税金额', en: 'Amount excl. tax' },
  tax: { 'zh-CN': '税额', en: 'Tax' },
  tax_rate: { 'zh-CN': '税率', en: 'Tax rate' },
  pay_date: { 'zh-CN': '付款日期', en: 'Payment date' },
  pay_method: { 'zh-CN': '付款方式', en: 'Payment method' },
  reference: { 'zh-CN': '付款凭证号', en: 'Payment reference' },
  invoice_number: { 'zh-CN': '发票号码', en: 'Invoice number' },
  invoice_code: { 'zh-CN': '发票代码', en: 'Invoice code' },
  invoice_date: { 'zh-CN': '开票日期', en: 'Invoice date' },
  invoice_type: { 'zh-CN': '发票类型', en: 'Invoice type' },
  dispute_status: { 'zh-CN': '异议状态', en: 'Dispute status' },
  dispute_note: { 'zh-CN': '异议说明', en: 'Dispute note' },
  answer_note: { 'zh-CN': '答复说明', en: 'Answer' },
  order_date: { 'zh-CN': '订货日期', en: 'Order date' },
  delivery_date: { 'zh-CN': '送货日期', en: 'Delivery date' },
  expected_date: { 'zh-CN': '预计送达日期', en: 'Expected date' },
  confirmed_at: { 'zh-CN': '确认时间', en: 'Confirmed at' },
  decline_reason: { 'zh-CN': '拒绝原因', en: 'Decline reason' },
  decline_note: { 'zh-CN': '拒绝说明', en: 'Decline note' },
  packages: { 'zh-CN': '件数', en: 'Packages' },
  slot_id: { 'zh-CN': '月台时段', en: 'Dock slot' },
  qty: { 'zh-CN': '数量', en: 'Quantity' },
  price: { 'zh-CN': '单价', en: 'Price' },
  goods_code: { 'zh-CN': '商品编码', en: 'Goods code' },
  goods_name: { 'zh-CN': '商品名称', en: 'Goods name' },
  barcode: { 'zh-CN': '条码', en: 'Barcode' },
  employee_code: { 'zh-CN': '账号', en: 'Account' },
  employee_name: { 'zh-CN': '姓名', en: 'Name' },
  mov_phone: { 'zh-CN': '手机号', en: 'Mobile phone' },
  email: { 'zh-CN': '邮箱', en: 'E-mail' },
  position: { 'zh-CN': '职位', en: 'Position' },
  sex: { 'zh-CN': '性别', en: 'Sex' },
  language: { 'zh-CN': '语言', en: 'Language' },
  is_used: { 'zh-CN': '启用', en: 'Enabled' },
  mature_date: { 'zh-CN': '到期日期', en: 'Expiry date' },
  must_change_password: { 'zh-CN': '须修改密码', en: 'Must change password' },
  password_changed_at: { 'zh-CN': '密码修改时间', en: 'Password changed at' },
  role_code: { 'zh-CN': '角色', en: 'Role' },
  module_code: { 'zh-CN': '模块', en: 'Module' },
  button_code: { 'zh-CN': '按钮', en: 'Button' },
  modules: { 'zh-CN': '模块', en: 'Modules' },
  buttons: { 'zh-CN': '按钮', en: 'Buttons' },
  type_code: { 'zh-CN': '证照类型', en: 'Certificate type' },
  ctf_number: { 'zh-CN': '证照编号', en: 'Certificate number' },
  ctf_name: { 'zh-CN': '证照名称', en: 'Certificate name' },
  issuer: { 'zh-CN': '发证机关', en: 'Issuer' },
  valid_from: { 'zh-CN': '有效期起', en: 'Valid from' },
  valid_to: { 'zh-CN': '有效期止', en: 'Valid to' },
  return_reason: { 'zh-CN': '退回原因', en: 'Return reason' },
  apply_no: { 'zh-CN': '申请单号', en: 'Application number' },
  company_name: { 'zh-CN': '公司名称', en: 'Company name' },
  credit_code: { 'zh-CN': '统一社会信用代码', en: 'Credit code' },
  contact_name: { 'zh-CN': '联系人', en: 'Contact' },
  contact_phone: { 'zh-CN': '联系电话', en: 'Contact phone' },
  bank_name: { 'zh-CN': '开户银行', en: 'Bank' },
  bank_account: { 'zh-CN': '银行账号', en: 'Bank account' },
  name: { 'zh-CN': '名称', en: 'Name' },
  scopes: { 'zh-CN': '权限范围', en: 'Scopes' },
  allowed_sources: { 'zh-CN': '允许来源地址', en: 'Allowed addresses' },
  rate_per_minute: { 'zh-CN': '每分钟限额', en: 'Rate per minute' },
  disabled: { 'zh-CN': '停用', en: 'Disabled' },
  enabled: { 'zh-CN': '启用', en: 'Enabled' },
  url: { 'zh-CN': '地址', en: 'URL' },
  topics: { 'zh-CN': '订阅事件', en: 'Topics' },
  kind: { 'zh-CN': '类型', en: 'Kind' },
  topic: { 'zh-CN': '事件', en: 'Topic' },
  channel: { 'zh-CN': '渠道', en: 'Channel' },
  mode: { 'zh-CN': '方式', en: 'Mode' },
  bus_short_name: { 'zh-CN': '业务选项', en: 'Business option' },
  permission_type: { 'zh-CN': '权限类型', en: 'Permission type' },
  permission_list: { 'zh-CN': '权限列表', en: 'Permission list' },
  parameter_code: { 'zh-CN': '参数编码', en: 'Parameter code' },
  parameter_name: { 'zh-CN': '参数名称', en: 'Parameter name' },
  parameter_value: { 'zh-CN': '参数值', en: 'Parameter value' },
};

/** A column name for a wire name written in camelCase ('billNumber' is 'bill_number'), so either finds its label. */
const columnOf = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const localizedOf = (labels: Readonly<Record<string, Localized>>, name: string): Localized | undefined =>
  Object.hasOwn(labels, name) ? labels[name] : undefined;

/** A field's label in a language, the field's own name where it has none. */
export const fieldLabel = (field: string, language: Language): string =>
  (localizedOf(auditFieldLabels, field) ?? localizedOf(auditFieldLabels, columnOf(field)))?.[language] ?? field;

/** An object type's label in a language, the table's name where it has none. */
export const objectLabel = (objectType: string, language: Language): string =>
  localizedOf(auditObjectLabels, objectType)?.[language] ?? objectType;

export const kindLabel = (kind: string, language: Language): string =>
  localizedOf(auditKindLabels as Readonly<Record<string, Localized>>, kind)?.[language] ?? kind;

export const actionLabel = (action: string, language: Language): string => localizedOf(auditActionLabels, action)?.[language] ?? action;

export const actorKindLabel = (actorKind: string, language: Language): string =>
  localizedOf(auditActorKindLabels, actorKind)?.[language] ?? actorKind;
