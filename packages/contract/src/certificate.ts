// Certificates (资质证照, module ms0040): the tenant's certificate types, a supplier's certificates with
// their files, review by staff, expiry warnings, Excel import, and the dashboard's certificate card.
import { z } from 'zod';
import type { Language } from './language';
import { defineCall } from './call';
import { storedFile } from './file';
import { history } from './history';
import { ModuleCode } from './modules';
import { columnFilters, columnValues, columnValuesParams, isoDate, pageOf, pageParams, sortParam } from './paging';

export const certificateModule = ModuleCode.certificate;

/** Review states (domain.md): 未提交 -> 已提交 -> 已审核, or 审核退回; resubmitting restarts review. */
export const certificateStatuses = ['未提交', '已提交', '已审核', '审核退回'] as const;
export const certificateStatus = z.enum(certificateStatuses);
export type CertificateStatus = z.infer<typeof certificateStatus>;
export const certificateStatusText: Record<CertificateStatus, string> = {
  未提交: '未提交',
  已提交: '已提交',
  已审核: '已审核',
  审核退回: '审核退回',
};
export const certificateStatusTextEn: Record<CertificateStatus, string> = {
  未提交: 'Not submitted',
  已提交: 'Submitted',
  已审核: 'Approved',
  审核退回: 'Returned',
};

/** What the daily job marks: 到期预警 30, 15 and 7 days before expiry, 年审预警 before the annual review, 已过期. */
export const expiryStates = ['正常', '到期预警', '年审预警', '已过期'] as const;
export const expiryState = z.enum(expiryStates);
export type ExpiryState = z.infer<typeof expiryState>;

/** Days before expiry at which 到期预警 is marked (each once); annual review is warned this many days ahead. */
export const expiryWarnDays = [30, 15, 7] as const;
export const reviewWarnDays = 30;

/** A certificate type of the tenant: whose (the supplier's or a goods item's), mandatory, annual review. */
export const certificateType = z.object({
  typeCode: z.string(),
  typeName: z.string(),
  /** The type's English name ('' where the tenant gave none: its Chinese name is shown). */
  typeNameEn: z.string(),
  /** 'goods': the certificate belongs to a goods item (barcode, goods name, approval number asked). */
  scope: z.enum(['supplier', 'goods']),
  mandatory: z.boolean(),
  annualReview: z.boolean(),
  enabled: z.boolean(),
  sortNo: z.number().int(),
});
export type CertificateType = z.infer<typeof certificateType>;

/** A certificate type's name in a language (its Chinese name where it has no English one). */
export const typeNameIn = (language: Language, type: { typeName: string; typeNameEn: string }): string =>
  language === 'en' && type.typeNameEn ? type.typeNameEn : type.typeName;

const text = (max: number) => z.string().trim().max(max, `不能超过${max}个字符`);
const required = (max: number, message: string) => text(max).min(1, message);
const id = z.coerce.number({ error: 'id 必须是数字' }).int().positive().max(2_147_483_647);

export const certificate = z.object({
  id: z.number().int(),
  typeCode: z.string(),
  typeName: z.string(),
  typeNameEn: z.string(),
  scope: z.enum(['supplier', 'goods']),
  mandatory: z.boolean(),
  suppCode: z.string(),
  suppName: z.string(),
  ctfNumber: z.string(),
  ctfName: z.string(),
  issuer: z.string(),
  /** YYYY-MM-DD or ''. */
  validFrom: z.string(),
  validTo: z.string(),
  nextReviewDate: z.string(),
  barcode: z.string(),
  goodsName: z.string(),
  approvalNumber: z.string(),
  status: certificateStatus,
  expiryState: expiryState,
  /** Days from the business day to validTo (negative: expired). */
  daysLeft: z.number().int(),
  returnReason: z.string(),
  /** false: replaced by a newer certificate of the same type (kept for its history). */
  current: z.boolean(),
  /**
   * The certificate that counts for its type (and goods item): the newest approved one, or while none was
   * approved the current one. A successor takes over once approved; until then warnings and checks follow this.
   */
  inForce: z.boolean(),
  files: z.array(storedFile),
  updatedAt: z.string(),
});
export type Certificate = z.infer<typeof certificate>;

/**
 * One type on a supplier's page: the type, its certificates in force (several for goods types) each followed by
 * a current successor not yet approved, and what is wrong with those in force.
 */
export const typeOverview = z.object({
  type: certificateType,
  certificates: z.array(certificate),
  /** Of the certificates in force: 'missing' (mandatory, none), 'expired', 'expiring' (within 30 days), 'review' (annual review due), 'ok', 'none' (optional, none). */
  problem: z.enum(['missing', 'expired', 'expiring', 'review', 'ok', 'none']),
});
export type TypeOverview = z.infer<typeof typeOverview>;

const suppQuery = z.object({ suppCode: z.string().trim().max(32).optional() });

export const getCtfTypes = defineCall({
  area: 'certificate',
  method: 'GET',
  path: '/ctf/getCtfTypes',
  module: certificateModule,
  summary: "The tenant's certificate types",
  data: z.array(certificateType),
});

export const ctfTypeForm = z.object({
  typeCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,20}$/, '类型编码为1-20位字母、数字、_或-'),
  typeName: required(40, '请输入类型名称'),
  typeNameEn: text(60).default(''),
  scope: z.enum(['supplier', 'goods']),
  mandatory: z.boolean(),
  annualReview: z.boolean(),
  enabled: z.boolean().default(true),
  sortNo: z.number().int().min(0).max(9999).default(0),
});

export const saveCtfType = defineCall({
  area: 'certificate',
  method: 'POST',
  path: '/ctf/saveCtfType',
  module: certificateModule,
  changes: true,
  summary: 'Staff add or change a certificate type of the tenant',
  body: ctfTypeForm,
  data: certificateType,
});

export const getSupplierCtfs = defineCall({
  area: 'certificate',
  method: 'GET',
  path: '/ctf/getSupplierCtfs',
  module: certificateModule,
  summary: "Per type, the current certificates of the caller's supplier (staff: of the supplier asked) and what is missing or expiring",
  query: suppQuery,
  data: z.object({ suppCode: z.string(), suppName: z.string(), today: z.string(), types: z.array(typeOverview) }),
});

export const getCtfDetail = defineCall({
  area: 'certificate',
  method: 'GET',
  path: '/ctf/getCtfDetail',
  module: certificateModule,
  summary: 'One certificate with its files, its history and the certificates it replaced',
  query: z.object({ id }),
  data: z.object({ certificate, history, previous: z.array(certificate) }),
});

export const uploadCtfFile = defineCall({
  area: 'certificate',
  method: 'POST',
  path: '/ctf/uploadCtfFile',
  module: certificateModule,
  changes: true,
  summary:
    'Upload the images or PDFs of a certificate (multipart, field `file`): PDF, JPEG or PNG recognised from the bytes, 5 MB each, 10 at once',
  upload: { kinds: ['pdf', 'jpeg', 'png'], maxBytes: 5 * 1024 * 1024, maxFiles: 10 },
  data: z.array(storedFile),
});

/** Most files one certificate holds. */
export const maxCtfFiles = 10;

export const ctfForm = z.object({
  /** An editable certificate (未提交 or 审核退回) to change; absent: a new one (it replaces the type's current one). */
  id: id.optional(),
  typeCode: required(20, '请选择证照类型'),
  ctfNumber: required(60, '请输入证照编号'),
  ctfName: required(100, '请输入证照名称'),
  issuer: text(100).default(''),
  validFrom: isoDate.or(z.literal('')).default(''),
  validTo: isoDate,
  nextReviewDate: isoDate.or(z.literal('')).default(''),
  barcode: text(20).default(''),
  goodsName: text(100).default(''),
  approvalNumber: text(60).default(''),
  fileIds: z.array(z.uuid('fileId 不是有效的文件编号')).max(maxCtfFiles, `一个证照最多 ${maxCtfFiles} 个文件`).default([]),
  /** Submit for review at once (else it stays 未提交). */
  submit: z.boolean().default(false),
});
export type CtfForm = z.infer<typeof ctfForm>;

export const saveCtf = defineCall({
  area: 'certificate',
  method: 'POST',
  path: '/ctf/saveCtf',
  module: certificateModule,
  changes: true,
  summary: 'Save a certificate of the caller (new, replacing the current one of its type, or an editable one), optionally submitting it',
  body: ctfForm,
  data: certificate,
});

const idBody = z.object({ id });

export const submitCtf = defineCall({
  area: 'certificate',
  method: 'POST',
  path: '/ctf/submitCtf',
  module: certificateModule,
  changes: true,
  summary: 'Submit a certificate for review (未提交 or 审核退回 -> 已提交)',
  body: idBody,
  data: certificate,
});

export const approveCtf = defineCall({
  area: 'certificate',
  method: 'POST',
  path: '/ctf/approveCtf',
  module: certificateModule,
  changes: true,
  summary: 'Staff approve a submitted certificate (已提交 -> 已审核)',
  body: idBody,
  data: certificate,
});

export const returnCtf = defineCall({
  area: 'certificate',
  method: 'POST',
  path: '/ctf/returnCtf',
  module: certificateModule,
  changes: true,
  summary: 'Staff return a submitted certificate with the reason (已提交 -> 审核退回)',
  body: idBody.extend({ reason: required(200, '请输入退回原因') }),
  data: certificate,
});

export const reviewListQuery = z.object({
  ...pageParams,
  /** Default 已提交: what waits for review. */
  status: certificateStatus.or(z.literal('')).default('已提交'),
  suppCode: z.string().trim().max(32).optional(),
  sort: sortParam.optional(),
  filters: columnFilters.optional(),
});

export const reviewRow = certificate.omit({ files: true }).extend({ fileCount: z.number().int() });

export const getCtfReviewList = defineCall({
  area: 'certificate',
  method: 'POST',
  path: '/ctf/getCtfReviewList',
  module: certificateModule,
  summary: "Current certificates of the tenant's suppliers (staff; a supplier gets its own) by state, paged: the review queue",
  body: reviewListQuery,
  data: pageOf(reviewRow),
});

export const getCtfReviewColumnValues = defineCall({
  area: 'certificate',
  method: 'POST',
  path: '/ctf/getCtfReviewColumnValues',
  module: certificateModule,
  summary: "Distinct texts of one column of the review list (the grid's value checklist)",
  body: reviewListQuery.omit({ page: true, limit: true, sort: true }).extend(columnValuesParams),
  data: columnValues,
});

export const problemSupplier = z.object({
  suppCode: z.string(),
  suppName: z.string(),
  missing: z.number().int(),
  expiring: z.number().int(),
  expired: z.number().int(),
  returned: z.number().int(),
  waiting: z.number().int(),
  /** Names of the missing mandatory types, and the same in English (the Chinese name where a type has no English one). */
  missingTypes: z.array(z.string()),
  missingTypesEn: z.array(z.string()),
});

export const getProblemSuppliers = defineCall({
  area: 'certificate',
  method: 'GET',
  path: '/ctf/getProblemSuppliers',
  module: certificateModule,
  summary: 'Staff: suppliers with missing, expiring, expired, returned or waiting certificates',
  data: z.array(problemSupplier),
});

// ---- Import ----

export const downloadCtfTemplate = defineCall({
  area: 'certificate',
  method: 'GET',
  path: '/ctf/downloadCtfTemplate',
  module: certificateModule,
  summary: 'The Excel template of the certificate import, with the tenant types on a second sheet',
  data: z.null(),
});

/**
 * The import sheet's columns, in order: wire field and header in each language (a template's header is
 * in the user's language; a filled sheet may carry either language's).
 */
export const importColumns = [
  { field: 'typeName', title: '证照类型', titleEn: 'Certificate type' },
  { field: 'ctfNumber', title: '证照编号', titleEn: 'Certificate number' },
  { field: 'ctfName', title: '证照名称', titleEn: 'Certificate name' },
  { field: 'issuer', title: '发证机关', titleEn: 'Issued by' },
  { field: 'validFrom', title: '生效日期', titleEn: 'Valid from' },
  { field: 'validTo', title: '有效期至', titleEn: 'Valid to' },
  { field: 'nextReviewDate', title: '下次年审日期', titleEn: 'Next annual review' },
  { field: 'barcode', title: '商品条码', titleEn: 'Barcode' },
  { field: 'goodsName', title: '商品名称', titleEn: 'Goods name' },
  { field: 'approvalNumber', title: '批准文号', titleEn: 'Approval number' },
] as const;
export type ImportField = (typeof importColumns)[number]['field'];

export const importRow = z.object({
  /** Row number in the sheet (the header is row 1). */
  row: z.number().int(),
  typeName: z.string(),
  ctfNumber: z.string(),
  ctfName: z.string(),
  issuer: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  nextReviewDate: z.string(),
  barcode: z.string(),
  goodsName: z.string(),
  approvalNumber: z.string(),
  /** Every problem of the row: field header and message, in the caller's language; empty: the row is valid. */
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type ImportRow = z.infer<typeof importRow>;

export const importCtfs = defineCall({
  area: 'certificate',
  method: 'POST',
  path: '/ctf/importCtfs',
  module: certificateModule,
  changes: true,
  summary:
    "Import certificates from a filled template (.xlsx, 5 MB, 5,000 rows): every row validated; mode 'all' saves only a sheet without errors, 'valid' saves its valid rows",
  upload: { kinds: ['xlsx'], maxBytes: 5 * 1024 * 1024, maxFiles: 1 },
  query: z.object({ mode: z.enum(['all', 'valid']).default('all') }),
  data: z.object({ rows: z.array(importRow), validCount: z.number().int(), errorCount: z.number().int(), saved: z.number().int() }),
});

export const maxImportRows = 5000;

export const exportImportReport = defineCall({
  area: 'certificate',
  method: 'POST',
  path: '/ctf/exportImportReport',
  module: certificateModule,
  summary: 'The validation report of an import as .xlsx: the rows as sent with their errors',
  body: z.object({ rows: z.array(importRow).max(maxImportRows) }),
  data: z.null(),
});

// ---- Dashboard card ----

export const certificateSummary = z.object({
  today: z.string(),
  missing: z.number().int(),
  expiring: z.number().int(),
  expired: z.number().int(),
  /** The most urgent items, at most 5: supplier, type, certificate and days left. */
  items: z.array(
    z.object({
      suppName: z.string(),
      typeName: z.string(),
      typeNameEn: z.string(),
      ctfName: z.string(),
      ctfNumber: z.string(),
      validTo: z.string(),
      daysLeft: z.number().int().nullable(),
      problem: z.enum(['missing', 'expired', 'expiring']),
    }),
  ),
});
export type CertificateSummary = z.infer<typeof certificateSummary>;

export const getCertificateSummary = defineCall({
  area: 'dashboard',
  method: 'GET',
  path: '/dashboard/certificates',
  module: ModuleCode.dashboard,
  summary: "The dashboard's certificate card: missing mandatory types, certificates expiring within 30 days and expired ones",
  query: suppQuery,
  data: certificateSummary,
});
