// Calls of the audit trail's two screens: 审计日志 (staff, ms0125) and 操作日志 (a main account, ms0126) ask the same
// things of different calls: the module filter's choices, the paged list, one entry with its diff, the export.
import { audit } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { type DownloadOptions, download } from '../../api/download';

export type Viewer = 'staff' | 'supplier';
export type AuditListQuery = audit.AuditListQuery;
export type AuditRow = audit.AuditRow;

const calls = {
  staff: {
    module: audit.auditTrailModule,
    modules: audit.getAuditModules,
    list: audit.getAuditTrail,
    entry: audit.getAuditEntry,
    export: audit.exportAuditTrail,
  },
  supplier: {
    module: audit.activityLogModule,
    modules: audit.getActivityModules,
    list: audit.getActivityLog,
    entry: audit.getActivityEntry,
    export: audit.exportActivityLog,
  },
} as const;

export const moduleOf = (viewer: Viewer) => calls[viewer].module;

const keys = (viewer: Viewer) => ['audit', viewer] as const;

export const modulesQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: [...keys(viewer), 'modules'],
    queryFn: () => call(calls[viewer].modules),
    staleTime: 5 * 60_000,
  });

export const auditPageQuery = (viewer: Viewer) => (query: AuditListQuery) =>
  queryOptions({
    queryKey: [...keys(viewer), 'page', query],
    queryFn: () => call(calls[viewer].list, { body: query }),
    placeholderData: (previous) => previous,
  });

export const entryQuery = (viewer: Viewer, id: string | undefined) =>
  queryOptions({
    queryKey: [...keys(viewer), 'entry', id],
    queryFn: () => call(calls[viewer].entry, { query: { id: id! } }),
    enabled: Boolean(id),
  });

export const exportTrail = (viewer: Viewer, search: audit.AuditFilter, format: 'csv' | 'xlsx', options: DownloadOptions) =>
  download(calls[viewer].export, { body: { ...search, format } }, options);
