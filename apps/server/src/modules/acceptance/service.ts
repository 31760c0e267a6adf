// Rules of the receiving statistics: scope, date range limits, sort whitelist, export names.
import type { AccCondition } from '@portal/contract';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import type { PageRequest } from '../../platform/list/server-list';
import type { Download } from '../../platform/route';
import { scopeOf } from '../../platform/scope';
import type { SessionContext } from '../../platform/session-context';
import { csvStream, xlsxStream } from './export';
import type { Dimension } from './condition';
import * as repo from './repo';

const maxRangeDays = 3 * 366;

function checked(condition: AccCondition): AccCondition {
  if (condition.startDate > condition.endDate) throw ApiError.badRequest('body.endDate: 结束日期不能早于开始日期');
  const days = (Date.parse(condition.endDate) - Date.parse(condition.startDate)) / 86_400_000;
  if (days > maxRangeDays) throw ApiError.badRequest('body.endDate: 查询区间不能超过 3 年');
  return condition;
}

export function totals(ctx: AppContext, session: SessionContext, condition: AccCondition) {
  return repo.totals(ctx.db, scopeOf(session, condition.suppCode), checked(condition));
}

export function groups(
  ctx: AppContext,
  session: SessionContext,
  condition: AccCondition,
  by: Dimension,
  paging: { page: number; limit: number },
) {
  return repo.groups(ctx.db, scopeOf(session, condition.suppCode), checked(condition), by, paging);
}

export function details(ctx: AppContext, session: SessionContext, condition: AccCondition, paging: PageRequest) {
  return repo.lineList.page(ctx.db, scopeOf(session, condition.suppCode), checked(condition), paging);
}

function fileBase(condition: AccCondition): string {
  return `验收明细_${condition.startDate.replaceAll('-', '')}_${condition.endDate.replaceAll('-', '')}`;
}

export function exportCsv(ctx: AppContext, session: SessionContext, condition: AccCondition): Download {
  const scope = scopeOf(session, condition.suppCode);
  checked(condition);
  // PostgreSQL writes the CSV itself (COPY, one query); PGlite's rows come in keyset batches.
  const rows = ctx.copyCsv
    ? { copy: ctx.copyCsv(repo.exportQuery(ctx.db, scope, condition).compile()) }
    : { batches: repo.allDetails(ctx.db, scope, condition, repo.csvColumns) };
  return { fileName: `${fileBase(condition)}.csv`, contentType: 'text/csv; charset=utf-8', body: csvStream(rows) };
}

export function exportExcel(ctx: AppContext, session: SessionContext, condition: AccCondition): Download {
  const rows = repo.allDetails(ctx.db, scopeOf(session, condition.suppCode), checked(condition));
  return {
    fileName: `${fileBase(condition)}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: xlsxStream(rows, '验收明细'),
  };
}
