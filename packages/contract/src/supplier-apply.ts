// Supplier admission (供应商准入): the public cooperation application (/coApply), its review by staff
// (/supplierApplyAudit, module ms0063) and the supplier history (/ZeroMaster/historySupplier, module ms0064).
import { z } from 'zod';
import { defineCall } from './call';
import { storedFile } from './file';
import { history } from './history';
import { ModuleCode } from './modules';
import { columnFilters, columnValues, columnValuesParams, isoDate, pageOf, pageParams, sortParam } from './paging';

export const reviewModule = ModuleCode.supplierApplyAudit;
export const historyModule = ModuleCode.supplierHistory;

// ---- 统一社会信用代码 (GB 32100-2015) ----

/** The code's alphabet: digits and capitals without I, O, S, V, Z; a character's value is its index. */
const creditAlphabet = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** Weights of the first 17 characters: 3^i mod 31. */
const creditWeights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character (18th) of the first 17 characters of a credit code, or null when they are not of the alphabet. */
export function creditCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = creditAlphabet.indexOf(first17[i]!);
    if (value < 0) return null;
    sum += value * creditWeights[i]!;
  }
  return creditAlphabet[(31 - (sum % 31)) % 31]!;
}

/** What is wrong with a credit code (upper-cased), or null when it is valid. */
export function creditCodeProblem(code: string): string | null {
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code)) return '统一社会信用代码应为18位数字或大写字母（不含I、O、S、V、Z）';
  if (creditCheckChar(code.slice(0, 17)) !== code[17]) return '统一社会信用代码校验位不正确';
  return null;
}

export const creditCode = z
  .string()
  .trim()
  .max(18, '统一社会信用代码应为18位')
  .transform((v) => v.toUpperCase())
  .superRefine((v, c) => {
    const problem = creditCodeProblem(v);
    if (problem) c.addIssue({ code: 'custom', message: problem });
  });

// ---- States ----

/** Review states (domain.md): 已提交 -> 资质审核 -> 通过 or 驳回. */
export const applyStatuses = ['已提交', '资质审核', '通过', '驳回'] as const;
export const applyStatus = z.enum(applyStatuses);
export type ApplyStatus = z.infer<typeof applyStatus>;
export const applyStatusText: Record<ApplyStatus, string> = { 已提交: '已提交', 资质审核: '资质审核', 通过: '通过', 驳回: '驳回' };
export const applyStatusTextEn: Record<ApplyStatus, string> = {
  已提交: 'Submitted',
  资质审核: 'Certificate review',
  通过: 'Approved',
  驳回: 'Returned',
};

/** A supplier's recorded status. */
export const supplierStatuses = ['启用', '冻结', '停用'] as const;
export const supplierStatus = z.enum(supplierStatuses);
export type SupplierStatus = z.infer<typeof supplierStatus>;
export const supplierStatusText: Record<SupplierStatus, string> = { 启用: '启用', 冻结: '冻结', 停用: '停用' };
export const supplierStatusTextEn: Record<SupplierStatus, string> = { 启用: 'Active', 冻结: 'Frozen', 停用: 'Disabled' };

// ---- The public application ----

const text = (max: number) => z.string().trim().max(max, `不能超过${max}个字符`);
const required = (max: number, message: string) => text(max).min(1, message);

export const maxApplyCategories = 20;
export const maxApplyFiles = 5;

/** The reference number an applicant gets, e.g. SA20250603-4821. */
export const applyNo = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^SA\d{8}-\d{4,6}$/, '申请编号格式应为 SA20250101-0001');

export const applyForm = z.object({
  companyName: required(100, '请输入企业名称'),
  creditCode,
  legalPerson: required(40, '请输入法定代表人'),
  /** 营业期限至, or '' for 长期. */
  licenceValidTo: isoDate.or(z.literal('')).default(''),
  address: text(200).default(''),
  contactName: required(40, '请输入联系人'),
  contactPhone: z
    .string()
    .trim()
    .regex(/^1\d{10}$/, '请输入11位手机号'),
  contactEmail: z.union([z.literal(''), z.email('邮箱格式不正确').max(100)]).default(''),
  bankName: required(100, '请输入开户银行'),
  bankAccount: z
    .string()
    .trim()
    .regex(/^\d{8,30}$/, '银行账号应为8-30位数字'),
  /** Category codes offered (of the tenant's category tree). */
  categories: z
    .array(z.string().trim().min(1).max(20))
    .min(1, '请选择经营类别')
    .max(maxApplyCategories, `最多选择${maxApplyCategories}个类别`),
  remark: text(500).default(''),
  /** The captcha (from /user/captcha) and its answer: every submission needs one. */
  captchaId: required(64, '请输入验证码'),
  validCode: required(16, '请输入验证码'),
});
export type ApplyForm = z.infer<typeof applyForm>;

export const tenantQuery = z.object({ tenantid: z.string().trim().min(1, 'tenantid 不能为空').max(32) });

/**
 * Submits a cooperation application: multipart/form-data with the form as JSON in the field `form` and the
 * licences in `file` (PDF, JPEG or PNG recognised from their bytes, 5 MB each, at most 5, at least 1).
 */
export const submitApply = defineCall({
  area: 'workflow',
  method: 'POST',
  path: '/coApply/submit',
  public: true,
  changes: true,
  summary:
    'Public: submit a cooperation application (multipart: JSON field `form`, licences in `file`: PDF/JPEG/PNG, 5 MB each, 1-5), with a captcha; limited per client address',
  upload: { kinds: ['pdf', 'jpeg', 'png'], maxBytes: 5 * 1024 * 1024, maxFiles: maxApplyFiles },
  query: tenantQuery,
  body: applyForm,
  data: z.object({ applyNo: z.string(), status: applyStatus, submittedAt: z.string() }),
});

/** What an applicant learns with the reference number and the credit code: the state and when, nothing else. */
export const applyState = z.object({
  applyNo: z.string(),
  status: applyStatus,
  submittedAt: z.string(),
  updatedAt: z.string(),
});
export type ApplyState = z.infer<typeof applyState>;

export const queryApply = defineCall({
  area: 'workflow',
  method: 'POST',
  path: '/coApply/query',
  public: true,
  summary: 'Public: the state of an application by its reference number and credit code (both must match); limited per client address',
  query: tenantQuery,
  body: z.object({
    applyNo,
    creditCode: z.string().trim().toUpperCase().max(18, '统一社会信用代码应为18位').min(1, '请输入统一社会信用代码'),
  }),
  data: applyState,
});

export const categoryOption = z.object({
  value: z.string(),
  label: z.string(),
  children: z.array(z.object({ value: z.string(), label: z.string() })),
});

export const applyCategories = defineCall({
  area: 'workflow',
  method: 'GET',
  path: '/coApply/categories',
  public: true,
  summary: "Public: the tenant's category tree for the application form",
  query: tenantQuery,
  data: z.array(categoryOption),
});

// ---- Review (ms0063) ----

export const applyRow = z.object({
  applyNo: z.string(),
  companyName: z.string(),
  creditCode: z.string(),
  legalPerson: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  categoryNames: z.string(),
  status: applyStatus,
  suppCode: z.string(),
  fileCount: z.number().int(),
  submittedAt: z.string(),
  updatedAt: z.string(),
});
export type ApplyRow = z.infer<typeof applyRow>;

export const applyListQuery = z.object({
  ...pageParams,
  /** '' every state; 'open' the two waiting ones (default). */
  status: applyStatus.or(z.enum(['', 'open'])).default('open'),
  keyword: text(100).default(''),
  sort: sortParam.optional(),
  filters: columnFilters.optional(),
});

export const getApplyList = defineCall({
  area: 'workflow',
  method: 'POST',
  path: '/supplierApply/list',
  module: reviewModule,
  summary: "Staff: the tenant's cooperation applications by state, paged (the review queue)",
  body: applyListQuery,
  data: pageOf(applyRow),
});

export const getApplyColumnValues = defineCall({
  area: 'workflow',
  method: 'POST',
  path: '/supplierApply/columnValues',
  module: reviewModule,
  summary: "Distinct texts of one column of the application list (the grid's value checklist)",
  body: applyListQuery.omit({ page: true, limit: true, sort: true }).extend(columnValuesParams),
  data: columnValues,
});

export const applyDetail = applyRow.extend({
  licenceValidTo: z.string(),
  address: z.string(),
  contactEmail: z.string(),
  bankName: z.string(),
  bankAccount: z.string(),
  categories: z.array(z.object({ code: z.string(), name: z.string() })),
  remark: z.string(),
  returnReason: z.string(),
  files: z.array(storedFile),
  history,
  /** Actions the caller may take now, by transition code. */
  actions: z.array(z.enum(['accept', 'approve', 'return'])),
});
export type ApplyDetail = z.infer<typeof applyDetail>;

export const getApplyDetail = defineCall({
  area: 'workflow',
  method: 'GET',
  path: '/supplierApply/detail',
  module: reviewModule,
  summary: 'Staff: one application with its licences, its history and what the caller may do',
  query: z.object({ applyNo }),
  data: applyDetail,
});

const stepBody = z.object({ applyNo, note: text(500).default('') });

export const acceptApply = defineCall({
  area: 'workflow',
  method: 'POST',
  path: '/supplierApply/accept',
  module: reviewModule,
  changes: true,
  summary: 'Staff (buyer or admin): accept a submitted application for the qualification review (已提交 -> 资质审核)',
  body: stepBody,
  data: applyDetail,
});

export const approveApply = defineCall({
  area: 'workflow',
  method: 'POST',
  path: '/supplierApply/approve',
  module: reviewModule,
  changes: true,
  summary:
    'Staff (qualification or admin): approve (资质审核 -> 通过): creates the supplier with a new code and its main account; the initial password is answered once',
  body: stepBody,
  data: z.object({
    detail: applyDetail,
    suppCode: z.string(),
    employeeCode: z.string(),
    /** Shown once to the reviewer, who passes it on; the account must change it at first login. */
    initialPassword: z.string(),
  }),
});

export const returnApply = defineCall({
  area: 'workflow',
  method: 'POST',
  path: '/supplierApply/return',
  module: reviewModule,
  changes: true,
  summary: 'Staff: return an application with the reason (已提交 by buyer or admin, 资质审核 by qualification or admin -> 驳回)',
  body: z.object({ applyNo, note: required(500, '请输入驳回原因') }),
  data: applyDetail,
});

// ---- Supplier history (ms0064) ----

export const supplierRow = z.object({
  suppCode: z.string(),
  suppName: z.string(),
  creditCode: z.string(),
  status: supplierStatus,
  /** Reference number of the approved application that admitted it ('' for suppliers from before admissions). */
  admittedBy: z.string(),
  admittedAt: z.string(),
  applyCount: z.number().int(),
  lastChangeAt: z.string(),
});
export type SupplierRow = z.infer<typeof supplierRow>;

export const supplierListQuery = z.object({
  ...pageParams,
  status: supplierStatus.or(z.literal('')).default(''),
  keyword: text(100).default(''),
  sort: sortParam.optional(),
  filters: columnFilters.optional(),
});

export const getSupplierHistoryList = defineCall({
  area: 'workflow',
  method: 'POST',
  path: '/supplierHistory/list',
  module: historyModule,
  summary: "Staff: the tenant's suppliers with their status and admission, paged",
  body: supplierListQuery,
  data: pageOf(supplierRow),
});

export const getSupplierHistoryColumnValues = defineCall({
  area: 'workflow',
  method: 'POST',
  path: '/supplierHistory/columnValues',
  module: historyModule,
  summary: "Distinct texts of one column of the supplier list (the grid's value checklist)",
  body: supplierListQuery.omit({ page: true, limit: true, sort: true }).extend(columnValuesParams),
  data: columnValues,
});

export const suppCodeQuery = z.object({ suppCode: z.string().trim().min(1, '请选择供应商').max(32) });

export const getSupplierHistory = defineCall({
  area: 'workflow',
  method: 'GET',
  path: '/supplierHistory/detail',
  module: historyModule,
  summary: "Staff: one supplier's status history and its applications (by credit code) with theirs",
  query: suppCodeQuery,
  data: z.object({
    supplier: supplierRow,
    statusHistory: history,
    applications: z.array(applyRow.extend({ history })),
  }),
});

export const changeSupplierStatus = defineCall({
  area: 'workflow',
  method: 'POST',
  path: '/supplierHistory/changeStatus',
  module: historyModule,
  button: 'status',
  changes: true,
  summary: "Staff: change a supplier's status (启用/冻结/停用) with the reason; one history entry",
  body: suppCodeQuery.extend({ status: supplierStatus, note: required(200, '请输入变更原因') }),
  data: supplierRow,
});
