// New-product applications (新品申请, module ms0061) and their review (新品申请审核, ms0060): a supplier
// drafts a product with its certificates and submits it; a buyer (采购审核) then a qualification reviewer
// (资质审核) pass or return it; approval creates the goods item with a new goods code.
import { z } from 'zod';
import { defineCall } from './call';
import { compareDecimal } from './decimal';
import { storedFile } from './file';
import { history } from './history';
import { ModuleCode } from './modules';
import { columnFilters, columnValues, columnValuesParams, pageOf, pageParams, sortParam } from './paging';

export const applyModule = ModuleCode.goodsApply;
export const auditModule = ModuleCode.goodsApplyAudit;
/** The supplier's button that saves, submits, withdraws and deletes applications (main accounts hold it). */
export const applyButton = 'apply';

/** States (domain.md): 草稿 -> 已提交 -> 采购审核 -> 资质审核 -> 通过 or 驳回; withdrawing goes back to 草稿. */
export const applyStatuses = ['草稿', '已提交', '采购审核', '资质审核', '通过', '驳回'] as const;
/** The states in English (the screens' label; the value stays the Chinese word). */
export const applyStatusTextEn: Record<(typeof applyStatuses)[number], string> = {
  草稿: 'Draft',
  已提交: 'Submitted',
  采购审核: 'Buyer review',
  资质审核: 'Certificate review',
  通过: 'Approved',
  驳回: 'Returned',
};
export const applyStatus = z.enum(applyStatuses);
export type ApplyStatus = z.infer<typeof applyStatus>;
/** States in which the application is under review: the supplier may withdraw it. */
export const underReview: readonly ApplyStatus[] = ['已提交', '采购审核', '资质审核'];
/** States in which the supplier may change and submit it. */
export const editable: readonly ApplyStatus[] = ['草稿', '驳回'];

/** The review steps and the staff role that owns each. */
export const reviewSteps = ['采购审核', '资质审核'] as const;
export type ReviewStep = (typeof reviewSteps)[number];
export const stepRoles: Readonly<Record<ReviewStep, string>> = { 采购审核: 'buyer', 资质审核: 'qualification' };

export const taxRates = ['0', '3', '6', '9', '13'] as const;

/** Whether a 13-digit barcode carries its EAN-13 check digit (GB 12904). */
export function isEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  const digits = [...code].map(Number);
  const sum = digits.slice(0, 12).reduce((s, d, i) => s + d * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

const text = (max: number) => z.string().trim().max(max, `不能超过${max}个字符`);
const required = (max: number, message: string) => text(max).min(1, message);
const id = z.coerce.number({ error: 'id 必须是数字' }).int().positive().max(2_147_483_647);
const applyNo = z
  .string()
  .trim()
  .regex(/^XP\d{8}-\d{4,6}$/, '申请单号格式不正确');

const money = (places: number, label: string) =>
  z
    .string()
    .trim()
    // abort: the checks after it read the text as a decimal (compareDecimal of '1e5000000' throws).
    .regex(new RegExp(`^\\d{1,8}(\\.\\d{1,${places}})?$`), { message: `${label}须为数字，最多${places}位小数`, abort: true })
    .refine((v) => compareDecimal(v, '0') > 0, `${label}须大于0`);

export const barcode = z
  .string()
  .trim()
  .regex(/^\d{13}$/, '条码须为13位数字（EAN-13）')
  .refine(isEan13, '条码校验位错误（EAN-13）');

/** Most attached files and linked certificates an application holds. */
export const maxApplyFiles = 10;
export const maxLinkedCtfs = 10;

export const applyForm = z
  .object({
    /** An application in 草稿 or 驳回 to change; absent: a new draft. */
    applyNo: applyNo.optional(),
    goodsName: required(60, '请输入商品名称'),
    barcode,
    spec: required(40, '请输入规格'),
    unit: required(10, '请输入单位'),
    caseQty: z.coerce.number({ error: '箱规须为整数' }).int('箱规须为整数').min(1, '箱规至少为1').max(9999, '箱规最大9999').default(1),
    categoryCode: required(20, '请选择商品类别'),
    brandCode: required(20, '请选择品牌'),
    /** 含税进价: up to 6 decimals. */
    price: money(6, '含税进价'),
    /** 建议售价: up to 2 decimals. */
    retailPrice: money(2, '建议售价'),
    taxRate: z.enum(taxRates, { error: '税率须为 0、3、6、9 或 13' }),
    shelfLifeDays: z.coerce
      .number({ error: '保质期须为整数天' })
      .int('保质期须为整数天')
      .min(1, '保质期至少1天')
      .max(3650, '保质期最长3650天'),
    origin: required(60, '请输入产地'),
    remark: text(200).default(''),
    /** Files of the product's certificates (质检报告...), uploaded with uploadApplyFile. */
    fileIds: z.array(z.uuid('fileId 不是有效的文件编号')).max(maxApplyFiles, `最多 ${maxApplyFiles} 个附件`).default([]),
    /** The supplier's own current certificates linked to the application. */
    ctfIds: z.array(id).max(maxLinkedCtfs, `最多关联 ${maxLinkedCtfs} 个证照`).default([]),
  })
  .refine((f) => compareDecimal(f.retailPrice, f.price) >= 0, {
    message: '建议售价不能低于含税进价',
    path: ['retailPrice'],
    // Only once both prices passed their own checks: compared as decimals, never as whatever was sent.
    when: ({ value, issues }) =>
      typeof (value as { price?: unknown } | null)?.price === 'string' &&
      typeof (value as { retailPrice?: unknown } | null)?.retailPrice === 'string' &&
      !issues.some((issue) => issue.path?.[0] === 'price' || issue.path?.[0] === 'retailPrice'),
  });
export type ApplyForm = z.infer<typeof applyForm>;

/** A supplier certificate linked to an application (or offered for linking). */
export const linkedCtf = z.object({
  id: z.number().int(),
  typeName: z.string(),
  typeNameEn: z.string(),
  ctfNumber: z.string(),
  ctfName: z.string(),
  barcode: z.string(),
  validTo: z.string(),
  status: z.string(),
  /** Days from today to validTo (negative: expired). */
  daysLeft: z.number().int(),
});
export type LinkedCtf = z.infer<typeof linkedCtf>;

/** What one review step said: who, when, the result and the comment. */
export const stepReview = z.object({
  step: z.enum(reviewSteps),
  reviewerCode: z.string(),
  reviewerName: z.string(),
  result: z.enum(['通过', '驳回', '']),
  comment: z.string(),
  at: z.string(),
});

export const applySummary = z.object({
  applyNo: z.string(),
  suppCode: z.string(),
  suppName: z.string(),
  goodsName: z.string(),
  barcode: z.string(),
  spec: z.string(),
  unit: z.string(),
  categoryCode: z.string(),
  categoryName: z.string(),
  brandCode: z.string(),
  brandName: z.string(),
  price: z.string(),
  retailPrice: z.string(),
  taxRate: z.string(),
  shelfLifeDays: z.number().int(),
  status: applyStatus,
  /** Why it was returned (驳回), and at which step; '' otherwise. */
  returnReason: z.string(),
  returnedAt: z.enum(['采购审核', '资质审核', '']),
  /** The goods item approval created; '' before. */
  goodsCode: z.string(),
  submittedAt: z.string(),
  updatedAt: z.string(),
});
export type ApplySummary = z.infer<typeof applySummary>;

export const applyDetail = applySummary.extend({
  caseQty: z.number().int(),
  origin: z.string(),
  remark: z.string(),
  files: z.array(storedFile),
  certificates: z.array(linkedCtf),
  reviews: z.array(stepReview),
  createdBy: z.string(),
});
export type ApplyDetail = z.infer<typeof applyDetail>;

export const applyListQuery = z.object({
  ...pageParams,
  status: applyStatus.or(z.literal('')).default(''),
  /** Goods name or barcode contains. */
  keyword: text(60).default(''),
  /** Staff: one supplier (suppliers always see their own). */
  suppCode: z.string().trim().max(32).optional(),
  sort: sortParam.optional(),
  filters: columnFilters.optional(),
});
export type ApplyListQuery = z.infer<typeof applyListQuery>;

const columnValuesBody = applyListQuery.omit({ page: true, limit: true, sort: true }).extend(columnValuesParams);
const applyNoQuery = z.object({ applyNo });
const detailData = z.object({ apply: applyDetail, history });

// ---- Supplier side (ms0061) ----

export const getApplyPage = defineCall({
  area: 'goods-apply',
  method: 'POST',
  path: '/goodsApply/getApplyPage',
  module: applyModule,
  summary: "The caller's supplier's new-product applications, paged, with their state and the reason a returned one was returned",
  body: applyListQuery,
  data: pageOf(applySummary),
});

export const getApplyColumnValues = defineCall({
  area: 'goods-apply',
  method: 'POST',
  path: '/goodsApply/getApplyColumnValues',
  module: applyModule,
  summary: "Distinct texts of one column of the supplier's application list (the grid's value checklist)",
  body: columnValuesBody,
  data: columnValues,
});

export const getApplyDetail = defineCall({
  area: 'goods-apply',
  method: 'GET',
  path: '/goodsApply/getApplyDetail',
  module: applyModule,
  summary: "One application of the caller's supplier with its files, linked certificates, step reviews and history",
  query: applyNoQuery,
  data: detailData,
});

export const getLinkableCtfs = defineCall({
  area: 'goods-apply',
  method: 'GET',
  path: '/goodsApply/getLinkableCtfs',
  module: applyModule,
  summary: "The caller's supplier's current certificates that an application may link",
  data: z.array(linkedCtf),
});

export const uploadApplyFile = defineCall({
  area: 'goods-apply',
  method: 'POST',
  path: '/goodsApply/uploadApplyFile',
  module: applyModule,
  button: applyButton,
  changes: true,
  summary:
    'Upload certificate files of an application (multipart, field `file`): PDF, JPEG or PNG recognised from the bytes, 5 MB each, 10 at once',
  upload: { kinds: ['pdf', 'jpeg', 'png'], maxBytes: 5 * 1024 * 1024, maxFiles: maxApplyFiles },
  data: z.array(storedFile),
});

export const saveApply = defineCall({
  area: 'goods-apply',
  method: 'POST',
  path: '/goodsApply/saveApply',
  module: applyModule,
  button: applyButton,
  changes: true,
  summary: 'Save a new-product application as a draft (new, or one in 草稿 or 驳回)',
  body: applyForm,
  data: applyDetail,
});

/** Review processes a form can start; new products for now. */
export const processKeys = ['goodsApply'] as const;

export const startErpProcessWithForm = defineCall({
  area: 'goods-apply',
  method: 'POST',
  path: '/workFlow/startErpProcessWithForm',
  module: applyModule,
  button: applyButton,
  changes: true,
  summary:
    'Save a new-product application and start its review process (草稿 or 驳回 -> 已提交): the application is checked in full, and an expired mandatory certificate of the supplier refuses it',
  body: z.object({ processKey: z.enum(processKeys).default('goodsApply'), form: applyForm }),
  data: applyDetail,
});

export const withdrawApply = defineCall({
  area: 'goods-apply',
  method: 'POST',
  path: '/goodsApply/withdrawApply',
  module: applyModule,
  button: applyButton,
  changes: true,
  summary: 'Withdraw (撤回) an application under review (已提交, 采购审核 or 资质审核 -> 草稿)',
  body: applyNoQuery,
  data: applyDetail,
});

export const deleteApply = defineCall({
  area: 'goods-apply',
  method: 'POST',
  path: '/goodsApply/deleteApply',
  module: applyModule,
  button: applyButton,
  changes: true,
  summary: 'Delete a draft application (its files become free to delete)',
  body: applyNoQuery,
  data: z.null(),
});

// ---- Review (ms0060, also opened as /goodsApplyAduitFromRmc) ----

export const getAuditPage = defineCall({
  area: 'goods-apply',
  method: 'POST',
  path: '/goodsApplyAudit/getAuditPage',
  module: auditModule,
  summary: "Staff: the tenant's new-product applications (drafts apart), paged, by state, supplier and name or barcode",
  body: applyListQuery,
  data: pageOf(applySummary),
});

export const getAuditColumnValues = defineCall({
  area: 'goods-apply',
  method: 'POST',
  path: '/goodsApplyAudit/getAuditColumnValues',
  module: auditModule,
  summary: "Distinct texts of one column of the review list (the grid's value checklist)",
  body: columnValuesBody,
  data: columnValues,
});

export const getAuditDetail = defineCall({
  area: 'goods-apply',
  method: 'GET',
  path: '/goodsApplyAudit/getAuditDetail',
  module: auditModule,
  summary: 'Staff: one application (not a draft) with its files, linked certificates, step reviews and history',
  query: applyNoQuery,
  data: detailData,
});

const comment = text(200).default('');

export const acceptApply = defineCall({
  area: 'goods-apply',
  method: 'POST',
  path: '/goodsApplyAudit/acceptApply',
  module: auditModule,
  changes: true,
  summary: 'A buyer takes a submitted application into review (已提交 -> 采购审核)',
  body: applyNoQuery.extend({ comment }),
  data: applyDetail,
});

export const approveApply = defineCall({
  area: 'goods-apply',
  method: 'POST',
  path: '/goodsApplyAudit/approveApply',
  module: auditModule,
  changes: true,
  summary:
    'Pass the step the application is at, by the role that owns it: 采购审核 (buyer: 已提交 or 采购审核 -> 资质审核) or 资质审核 (qualification: -> 通过, creating the goods item with a new goods code); again: 409',
  body: applyNoQuery.extend({ comment }),
  data: applyDetail,
});

export const rejectApply = defineCall({
  area: 'goods-apply',
  method: 'POST',
  path: '/goodsApplyAudit/rejectApply',
  module: auditModule,
  changes: true,
  summary: 'Return the application at its step with the reason (-> 驳回), by the role that owns the step',
  body: applyNoQuery.extend({ comment: required(200, '请输入驳回原因') }),
  data: applyDetail,
});

export const newAppInfo = z.object({
  processKey: z.enum(processKeys),
  /** Applications per state (drafts apart). */
  counts: z.record(z.string(), z.number().int()),
  /** The step the caller's role owns; null: none (the caller only reads). */
  step: z.enum(reviewSteps).nullable(),
  /** Applications waiting for that step. */
  waiting: z.number().int(),
  /** The newest of them (by submission). */
  newest: applySummary.nullable(),
});
export type NewAppInfo = z.infer<typeof newAppInfo>;

export const getNewAppInfo = defineCall({
  area: 'goods-apply',
  method: 'GET',
  path: '/workFlow/getNewAppInfo',
  module: auditModule,
  summary:
    "What a reviewer needs to open the next application: counts per state, the step the caller's role owns, how many wait for it and the newest",
  query: z.object({ processKey: z.enum(processKeys).default('goodsApply') }),
  data: newAppInfo,
});
