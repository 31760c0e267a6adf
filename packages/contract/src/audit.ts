// The audit trail's viewer (issue 31): 审计日志 (ms0125) shows staff every entry of their tenant, 操作日志 (ms0126)
// shows a supplier's main account the actions of its own accounts. A list within a bounded time range (the last
// 7 days unless asked), newest first, paged; one entry with its before and after field by field; the export.
import { z } from 'zod';
import { auditKinds } from './audit-labels';
import { defineCall } from './call';
import { ModuleCode } from './modules';
import { addDays, isoDate, pageOf, pageParams } from './paging';

export * from './audit-labels';

export const auditTrailModule = ModuleCode.auditTrail;
export const activityLogModule = ModuleCode.activityLog;

/** Days a list reads when the caller names none (ending today), and the most one list may span. */
export const defaultAuditDays = 7;
export const maxAuditDays = 366;

const filterFields = z.object({
  /** Entries on the retailer's days from / to (YYYY-MM-DD, both included); the last 7 days when both are absent. */
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
  /** A part of the acting account's code or name. */
  account: z.string().trim().max(64).optional(),
  /** Staff: the acting account's supplier. A supplier's own calls always read their own supplier. */
  suppCode: z
    .string()
    .trim()
    .max(32)
    .regex(/^[A-Za-z0-9_.-]*$/, '供应商编码只能包含字母、数字、下划线、点和短横线')
    .optional(),
  moduleCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, '模块编码只能包含字母、数字、下划线和短横线（最多 32 个）')
    .optional(),
  kind: z.enum(auditKinds).optional(),
  /** The object's table name, e.g. sam_bill. */
  objectType: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,63}$/, '对象类型应为小写字母、数字和下划线（最多 64 个）')
    .optional(),
  /** The object's key, exactly. */
  objectId: z.string().trim().min(1).max(128).optional(),
});

type Days = { dateFrom?: string | undefined; dateTo?: string | undefined };
const checkDays = (q: Days, ctx: z.RefinementCtx) => {
  if (q.dateFrom && q.dateTo && q.dateFrom > q.dateTo)
    ctx.addIssue({ code: 'custom', message: '结束日期不能早于开始日期', path: ['dateTo'] });
  else if (q.dateFrom && q.dateTo && addDays(q.dateFrom, maxAuditDays - 1) < q.dateTo)
    ctx.addIssue({ code: 'custom', message: `查询时间范围不能超过 ${maxAuditDays} 天`, path: ['dateFrom'] });
};

export const auditFilter = filterFields.superRefine(checkDays);
export type AuditFilter = z.infer<typeof auditFilter>;
export const auditListQuery = filterFields.extend(pageParams).superRefine(checkDays);
export type AuditListQuery = z.infer<typeof auditListQuery>;
export const auditExportQuery = filterFields.extend({ format: z.enum(['csv', 'xlsx']).default('csv') }).superRefine(checkDays);
export type AuditExportQuery = z.infer<typeof auditExportQuery>;

export const auditRow = z.object({
  id: z.string(),
  /** When it happened, in the retailer's clock (Asia/Shanghai), 'YYYY-MM-DD HH:mm:ss'. */
  at: z.string(),
  kind: z.string(),
  action: z.string(),
  actorKind: z.string(),
  accountCode: z.string(),
  accountName: z.string(),
  /** The acting account's supplier ('' for staff, integration clients and the system). */
  suppCode: z.string(),
  suppName: z.string(),
  roles: z.string(),
  moduleCode: z.string(),
  moduleName: z.string(),
  moduleNameEn: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  clientIp: z.string(),
  requestId: z.string(),
  callName: z.string(),
});
export type AuditRow = z.infer<typeof auditRow>;

/** One field of an entry: its values before and after as text (JSON for lists and objects), null where absent. */
export const fieldChange = z.object({
  field: z.string(),
  label: z.string(),
  labelEn: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  change: z.enum(['added', 'removed', 'changed', 'same']),
});
export type FieldChange = z.infer<typeof fieldChange>;

export const auditEntry = auditRow.extend({
  changes: z.array(fieldChange),
  /** Whatever else the writer kept (the export's filters, a refusal's reason...), as text. */
  detail: z.array(z.object({ key: z.string(), value: z.string() })),
});
export type AuditEntry = z.infer<typeof auditEntry>;

const entryQuery = z.object({ id: z.string().regex(/^\d{1,18}$/, 'id 不是有效的编号') });

export const getAuditTrail = defineCall({
  area: 'audit',
  method: 'POST',
  path: '/audit/list',
  module: auditTrailModule,
  summary: 'Staff: the audit trail of the tenant within a time range (the last 7 days by default), newest first, paged, filtered',
  body: auditListQuery,
  data: pageOf(auditRow),
});

export const getAuditEntry = defineCall({
  area: 'audit',
  method: 'GET',
  path: '/audit/entry',
  module: auditTrailModule,
  summary: 'Staff: one entry of the audit trail with its fields before and after',
  query: entryQuery,
  data: auditEntry,
});

export const exportAuditTrail = defineCall({
  area: 'audit',
  method: 'POST',
  path: '/audit/export',
  module: auditTrailModule,
  button: 'export',
  summary: 'Staff: every entry under the filters, newest first, as CSV or .xlsx, streamed; the export is an entry itself',
  body: auditExportQuery,
  data: z.string(),
});

export const getActivityLog = defineCall({
  area: 'audit',
  method: 'POST',
  path: '/audit/own/list',
  module: activityLogModule,
  summary: "A supplier's main account: its own accounts' actions within a time range, newest first, paged, filtered",
  body: auditListQuery,
  data: pageOf(auditRow),
});

export const getActivityEntry = defineCall({
  area: 'audit',
  method: 'GET',
  path: '/audit/own/entry',
  module: activityLogModule,
  summary: "A supplier's main account: one action of its own accounts with its fields before and after",
  query: entryQuery,
  data: auditEntry,
});

export const exportActivityLog = defineCall({
  area: 'audit',
  method: 'POST',
  path: '/audit/own/export',
  module: activityLogModule,
  button: 'export',
  summary: "A supplier's main account: its own accounts' actions under the filters as CSV or .xlsx; the export is an entry itself",
  body: auditExportQuery,
  data: z.string(),
});

export const auditModule = z.object({ moduleCode: z.string(), name: z.string(), nameEn: z.string() });
export type AuditModule = z.infer<typeof auditModule>;

export const getAuditModules = defineCall({
  area: 'audit',
  method: 'GET',
  path: '/audit/modules',
  module: auditTrailModule,
  summary: "Staff: the modules the trail's module filter offers (every screen of the menu)",
  data: z.array(auditModule),
});

export const getActivityModules = defineCall({
  area: 'audit',
  method: 'GET',
  path: '/audit/own/modules',
  module: activityLogModule,
  summary: "A supplier's main account: the modules the activity log's module filter offers (the screens open to suppliers)",
  data: z.array(auditModule),
});

/** Columns of the list and its export (wire fields, titles in Chinese and English). */
export const auditColumns = [
  { field: 'at', title: '时间', titleEn: 'Time' },
  { field: 'account', title: '操作人', titleEn: 'Who' },
  { field: 'supplier', title: '供应商', titleEn: 'Supplier' },
  { field: 'kind', title: '类型', titleEn: 'Kind' },
  { field: 'action', title: '动作', titleEn: 'Action' },
  { field: 'module', title: '模块', titleEn: 'Module' },
  { field: 'object', title: '对象', titleEn: 'Object' },
  { field: 'objectId', title: '对象编号', titleEn: 'Object id' },
  { field: 'clientIp', title: '来源地址', titleEn: 'Address' },
  { field: 'requestId', title: '请求编号', titleEn: 'Request id' },
  { field: 'changes', title: '变更内容', titleEn: 'Changes' },
] as const;
export type AuditColumnField = (typeof auditColumns)[number]['field'];
