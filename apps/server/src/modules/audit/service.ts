// The audit trail's viewer: staff read their tenant's entries (审计日志), a supplier's main account the actions of
// its own accounts (操作日志), never another supplier's whatever the parameters say. A list always covers a
// bounded range of the retailer's days; an export is written as an entry of the trail before it streams.
import { type Language, addDays, audit } from '@portal/contract';
import { englishName } from '../../platform/access';
import { businessDay } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { spreadsheetSafeText } from '../../platform/csv';
import { datedName, exportColumnsIn, listExport } from '../../platform/list-export';
import type { Download } from '../../platform/route';
import { scopeOf } from '../../platform/scope';
import type { SessionContext } from '../../platform/session-context';
import { changesText, diffOf, valueText } from './diff';
import * as repo from './repo';

/** Which of the two screens a call belongs to: the staff's trail or a main account's activity log. */
export type Viewer = 'staff' | 'supplier';

/** Where a call came from, as the trail records it. */
export interface Origin {
  clientIp: string;
  requestId: string;
}

function scopeFor(session: SessionContext, viewer: Viewer, suppCode: string | undefined): repo.AuditScope {
  if (viewer === 'staff') {
    if (session.kind !== 'staff')
      throw ApiError.forbidden({ 'zh-CN': '只有零售商员工可以查看审计日志', en: 'Only the retailer’s staff can read the audit trail' });
  } else if (session.kind !== 'supplier' || session.parentCode !== null || !session.suppCode) {
    throw ApiError.forbidden({
      'zh-CN': '只有供应商主账号可以查看操作日志',
      en: 'Only a supplier’s main account can read the activity log',
    });
  }
  return scopeOf(session, suppCode);
}

/** The days a search covers: as asked, or ending today and starting 7 days back; never more than the maximum. */
export function daysOf(f: audit.AuditFilter, today: string): { dateFrom: string; dateTo: string } {
  const dateTo = f.dateTo ?? (f.dateFrom && f.dateFrom > today ? f.dateFrom : today);
  const dateFrom = f.dateFrom ?? addDays(dateTo, 1 - audit.defaultAuditDays);
  if (dateFrom > dateTo)
    throw ApiError.badRequest({
      'zh-CN': 'body.dateTo: 结束日期不能早于开始日期',
      en: 'body.dateTo: the end date is before the start date',
    });
  if (addDays(dateFrom, audit.maxAuditDays - 1) < dateTo)
    throw ApiError.badRequest({
      'zh-CN': `body.dateFrom: 查询时间范围不能超过 ${audit.maxAuditDays} 天`,
      en: `body.dateFrom: a search covers at most ${audit.maxAuditDays} days`,
    });
  return { dateFrom, dateTo };
}

function searchOf(ctx: AppContext, f: audit.AuditFilter): repo.AuditSearch {
  // The supplier is the scope's (scopeOf), never a filter of its own.
  const { dateFrom: _from, dateTo: _to, suppCode: _supplier, ...rest } = f;
  return { ...rest, ...daysOf(f, businessDay(ctx.now())) };
}

/** The module's English name: the row reads the module table's own, the contract's for a built-in module, else the Chinese. */
const withEnglishModule = <R extends audit.AuditRow>(r: R): R => ({
  ...r,
  moduleNameEn: (r.moduleCode && englishName({ module_code: r.moduleCode, name_en: r.moduleNameEn })) || r.moduleName,
});

export async function list(ctx: AppContext, session: SessionContext, viewer: Viewer, query: audit.AuditListQuery) {
  const { page, limit, ...filter } = query;
  const scope = scopeFor(session, viewer, filter.suppCode);
  const result = await repo.page(ctx.db, scope, searchOf(ctx, filter), page, limit);
  return { total: result.total, list: result.list.map(withEnglishModule) };
}

export async function entry(ctx: AppContext, session: SessionContext, viewer: Viewer, id: string): Promise<audit.AuditEntry> {
  const row = await repo.entry(ctx.db, scopeFor(session, viewer, undefined), id);
  if (!row) throw ApiError.notFound({ 'zh-CN': `日志 ${id} 不存在`, en: `No entry ${id} in the log` });
  const { before, after, detail, ...rest } = row;
  return {
    ...withEnglishModule(rest),
    changes: diffOf(before, after),
    detail: Object.entries(detail ?? {}).map(([key, value]) => ({ key, value: valueText(value) })),
  };
}

export async function modules(ctx: AppContext, session: SessionContext, viewer: Viewer): Promise<audit.AuditModule[]> {
  scopeFor(session, viewer, undefined);
  const rows = await repo.modules(ctx.db, viewer === 'supplier');
  return rows.map((m) => ({ moduleCode: m.module_code, name: m.name, nameEn: englishName(m) || m.name }));
}

const whoText = (r: audit.AuditRow) => (r.accountCode ? `${r.accountName} (${r.accountCode})` : audit.actorKindLabel(r.actorKind, 'zh-CN'));

export async function exportTrail(
  ctx: AppContext,
  session: SessionContext,
  viewer: Viewer,
  body: audit.AuditExportQuery,
  language: Language,
  origin: Origin,
): Promise<Download> {
  const { format, ...filter } = body;
  const scope = scopeFor(session, viewer, filter.suppCode);
  const search = searchOf(ctx, filter);
  const call = viewer === 'staff' ? audit.exportAuditTrail : audit.exportActivityLog;
  await repo.recordExport(ctx.db, {
    tenantId: session.tenantId,
    actorKind: session.kind,
    accountId: session.accountId,
    actorCode: session.employeeCode,
    actorName: session.employeeName,
    actorSupplierCode: session.suppCode,
    actorRoles: session.roleCode ?? '',
    clientIp: origin.clientIp,
    requestId: origin.requestId,
    callName: call.path,
    moduleCode: viewer === 'staff' ? audit.auditTrailModule : audit.activityLogModule,
    format,
    filters: { ...search, ...(scope.suppCode ? { suppCode: scope.suppCode } : {}) },
  });
  async function* rows() {
    for await (const batch of repo.batches(ctx.db, scope, search)) {
      yield batch.map((r) => {
        const named = withEnglishModule(r);
        const row = {
          at: r.at,
          account: language === 'en' && !r.accountCode ? audit.actorKindLabel(r.actorKind, 'en') : whoText(r),
          supplier: r.suppCode ? `${r.suppCode} ${r.suppName}`.trim() : '',
          kind: audit.kindLabel(r.kind, language),
          action: audit.actionLabel(r.action, language),
          module: language === 'en' ? named.moduleNameEn : r.moduleName,
          object: r.objectType ? audit.objectLabel(r.objectType, language) : '',
          objectId: r.objectId,
          clientIp: r.clientIp,
          requestId: r.requestId,
          changes: changesText(r.before, r.after, language),
        };
        // Names, keys and values are what users typed: none may run as a formula when the file is opened.
        return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, spreadsheetSafeText(v)])) as typeof row;
      });
    }
  }
  const columns = exportColumnsIn(audit.auditColumns, language, () => false);
  const title = viewer === 'staff' ? (language === 'en' ? 'Audit trail' : '审计日志') : language === 'en' ? 'Activity log' : '操作日志';
  return listExport({ format, name: datedName(title, ctx.now()), columns, rows: { batches: rows() } });
}
