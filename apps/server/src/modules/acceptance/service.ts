// Rules of the receiving statistics: scope, date range limits, sort whitelist, export names.
import { type AccCondition, type AccDetail, type Language, acceptance } from '@portal/contract';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import type { GridRequest, PageRequest } from '../../platform/list/server-list';
import { exportColumnsIn, listExport } from '../../platform/list-export';
import type { Download } from '../../platform/route';
import { scopeOf } from '../../platform/scope';
import type { SessionContext } from '../../platform/session-context';
import type { Dimension } from './condition';
import * as repo from './repo';

const maxRangeDays = 3 * 366;

function checked(condition: AccCondition): AccCondition {
  if (condition.startDate > condition.endDate)
    throw ApiError.badRequest({
      'zh-CN': 'body.endDate: 结束日期不能早于开始日期',
      en: 'body.endDate: the end date cannot be before the start date',
    });
  const days = (Date.parse(condition.endDate) - Date.parse(condition.startDate)) / 86_400_000;
  if (days > maxRangeDays)
    throw ApiError.badRequest({ 'zh-CN': 'body.endDate: 查询区间不能超过 3 年', en: 'body.endDate: the range cannot exceed 3 years' });
  return condition;
}

export function totals(ctx: AppContext, session: SessionContext, condition: AccCondition) {
  return repo.totals(ctx.readDb, scopeOf(session, condition.suppCode), checked(condition));
}

export function groups(
  ctx: AppContext,
  session: SessionContext,
  condition: AccCondition,
  by: Dimension,
  paging: { page: number; limit: number },
) {
  return repo.groups(ctx.readDb, scopeOf(session, condition.suppCode), checked(condition), by, paging);
}

export function details(ctx: AppContext, session: SessionContext, condition: AccCondition, paging: PageRequest) {
  return repo.lineList.page(ctx.readDb, scopeOf(session, condition.suppCode), checked(condition), paging);
}

/** A detail column's distinct texts under the condition and the other columns' filters (the grid's checklist). */
export function detailColumnValues(ctx: AppContext, session: SessionContext, body: AccCondition & GridRequest & { field: string }) {
  return repo.lineList.columnValues(ctx.readDb, scopeOf(session, body.suppCode), checked(body), body.filters, body.field);
}

/** The export's name (and sheet) in each language. */
const exportTitle: Record<Language, string> = { 'zh-CN': '验收明细', en: 'Receiving lines' };

function fileBase(condition: AccCondition, language: Language): string {
  return `${exportTitle[language]}_${condition.startDate.replaceAll('-', '')}_${condition.endDate.replaceAll('-', '')}`;
}

const numericFields = new Set<keyof AccDetail>(acceptance.accDetailNumberFields);
/** The export's columns: the detail grid's, titled in the language, numbers as numbers in .xlsx. */
export const exportColumns = (language: Language) =>
  exportColumnsIn(acceptance.accDetailColumns, language, (c) => numericFields.has(c.field));

/** The lines of the condition in the detail grid's sort, as CSV or .xlsx, in the caller's language. */
export function exportLines(
  ctx: AppContext,
  session: SessionContext,
  body: AccCondition & GridRequest,
  format: 'csv' | 'xlsx',
  language: Language = 'zh-CN',
): Download {
  const scope = scopeOf(session, body.suppCode);
  const condition = checked(body);
  const grid = { sort: body.sort, filters: body.filters };
  // PostgreSQL writes the CSV itself (COPY, one query); the workbook's rows come in keyset batches.
  const rows =
    format === 'csv'
      ? { copy: ctx.copyCsv(repo.exportQuery(ctx.readDb, scope, condition, grid, language).compile()) }
      : {
          batches: repo.allDetails(ctx.readDb, scope, condition, grid, repo.detailColumnsIn(language)),
        };
  return listExport({ format, name: fileBase(condition, language), sheet: exportTitle[language], columns: exportColumns(language), rows });
}
