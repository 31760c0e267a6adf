// Rules of server-defined query pages: a definition is checked when saved (statically, then by the database
// preparing it); a run binds the caller's values by parameter type and reads in the caller's scope.
import {
  type ColumnFilter,
  type Language,
  type ParamValues,
  type PublishTargets,
  type QueryColumn,
  type QueryDefinition,
  type QueryParam,
  isCalendarDate,
  titleIn,
  dynamicQuery,
} from '@portal/contract';
import { businessDay } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import type { Download } from '../../platform/route';
import type { SessionContext } from '../../platform/session-context';
import { datedName, exportColumnsIn, listExport } from '../../platform/list-export';
import * as repo from './repo';
import { type BoundValue, type ReportRunner, type ReportScope, type ResultRow, type Runnable } from './runner';
import { type SplitSql, checkSql, parserReady, splitParams } from './sql-check';

const designerOnly = (session: SessionContext) => {
  if (session.kind !== 'staff')
    throw ApiError.forbidden({ 'zh-CN': '只有商户员工可以设计查询', en: "Only the retailer's staff can design queries" });
  return session.tenantId;
};

const number = /^\s*-?\d+(\.\d+)?\s*$/;
const dayMs = 86_400_000;

/** A date parameter's text: a date, `today` or `-Nd` (N days before today). */
function dateOf(text: string, today: string, where: string): string | null {
  if (!text) return null;
  if (text === 'today') return today;
  const relative = /^-(\d{1,4})d$/.exec(text);
  if (relative) return new Date(Date.parse(today) - Number(relative[1]) * dayMs).toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text))
    throw ApiError.badRequest({ 'zh-CN': `${where}: 日期格式应为 YYYY-MM-DD`, en: `${where}: dates are written YYYY-MM-DD` });
  if (!isCalendarDate(text)) throw ApiError.badRequest({ 'zh-CN': `${where}: 日期不存在`, en: `${where}: no such date` });
  return text;
}

/** The caller's values (or the defaults) bound by type; a missing required one, an unknown name or a bad value answers 400. */
export function bindValues(params: readonly QueryParam[], given: ParamValues, today: string): Map<string, BoundValue> {
  for (const name of Object.keys(given)) {
    if (!params.some((p) => p.name === name))
      throw ApiError.badRequest({ 'zh-CN': `body.params.${name}: 没有这个参数`, en: `body.params.${name}: no such parameter` });
  }
  const values = new Map<string, BoundValue>();
  for (const p of params) {
    const where = `body.params.${p.name}`;
    const raw = Object.hasOwn(given, p.name) ? given[p.name] : undefined;
    const value =
      raw === undefined ? (p.type === 'dateRange' || p.type === 'multiSelect' ? p.defaultValue.split(',') : p.defaultValue) : raw;
    let bound: BoundValue;
    if (p.type === 'dateRange') {
      const [from = '', to = ''] = Array.isArray(value) ? value : value ? [value, value] : [];
      bound = [dateOf(from.trim(), today, where), dateOf(to.trim(), today, where)];
      if (bound[0] && bound[1] && bound[0] > bound[1])
        throw ApiError.badRequest({
          'zh-CN': `${where}: 开始日期不能晚于结束日期`,
          en: `${where}: the start date cannot be after the end date`,
        });
      if (p.required && !bound[0] && !bound[1])
        throw ApiError.badRequest({ 'zh-CN': `${where}: 请填写${p.label}`, en: `${where}: please fill in ${p.label}` });
    } else if (p.type === 'multiSelect') {
      const list = (Array.isArray(value) ? value : value ? [value] : []).map((v) => v.trim()).filter(Boolean);
      if (p.options.length && list.some((v) => !p.options.some((o) => o.value === v)))
        throw ApiError.badRequest({ 'zh-CN': `${where}: 不在可选项中`, en: `${where}: not one of the options` });
      if (p.required && list.length === 0)
        throw ApiError.badRequest({ 'zh-CN': `${where}: 请选择${p.label}`, en: `${where}: please choose ${p.label}` });
      bound = list;
    } else {
      if (Array.isArray(value)) throw ApiError.badRequest({ 'zh-CN': `${where}: 应为单个值`, en: `${where}: should be a single value` });
      const text = (value ?? '').trim();
      if (!text) {
        if (p.required) throw ApiError.badRequest({ 'zh-CN': `${where}: 请填写${p.label}`, en: `${where}: please fill in ${p.label}` });
        bound = null;
      } else if (p.type === 'number') {
        if (!number.test(text) || text.length > 40)
          throw ApiError.badRequest({ 'zh-CN': `${where}: 请输入数字`, en: `${where}: please enter a number` });
        bound = text;
      } else if (p.type === 'date') {
        bound = dateOf(text, today, where);
      } else {
        if (p.type === 'select' && p.options.length && !p.options.some((o) => o.value === text))
          throw ApiError.badRequest({ 'zh-CN': `${where}: 不在可选项中`, en: `${where}: not one of the options` });
        bound = text;
      }
    }
    values.set(p.name, bound);
  }
  return values;
}

/**
 * A supplier has no choice of supplier: its supplier parameters are bound to its own code, whatever was sent
 * (the views answer its own rows anyway; this keeps "all suppliers" and another supplier's code from meaning
 * anything but itself).
 */
export function bindOwnSupplier(params: readonly QueryParam[], values: Map<string, BoundValue>, suppCode: string): void {
  for (const p of params) {
    if (dynamicQuery.paramPicker(p) === 'supplier') values.set(p.name, p.type === 'multiSelect' ? [suppCode] : suppCode);
  }
}

/** The form and columns of a definition make sense on their own (before its SQL is looked at). */
function checkShape(d: QueryDefinition) {
  const names = new Set<string>();
  for (const p of d.params) {
    if (names.has(p.name))
      throw ApiError.badRequest({ 'zh-CN': `body.params: 参数 ${p.name} 重复`, en: `body.params: parameter ${p.name} is repeated` });
    names.add(p.name);
    if ((p.type === 'select' || p.type === 'multiSelect') && !p.options.length && !p.lookup)
      throw ApiError.badRequest({
        'zh-CN': `body.params: 下拉参数 ${p.name} 需要可选项或数据来源`,
        en: `body.params: drop-down parameter ${p.name} needs options or a data source`,
      });
  }
  const fields = new Set<string>();
  for (const c of d.columns) {
    if (fields.has(c.field))
      throw ApiError.badRequest({ 'zh-CN': `body.columns: 列 ${c.field} 重复`, en: `body.columns: column ${c.field} is repeated` });
    fields.add(c.field);
  }
}

/** Definitions that passed the check in this process, by SQL text, declared names and publicness (latest kept). */
const checked = new Map<string, SplitSql>();
const checkedKept = 500;

/**
 * A definition's SQL split at its parameters and checked, as save checks it and as every run checks it again (a rule
 * added since applies to stored definitions too), once per text in a process: parsing it took about half a
 * millisecond of every run.
 */
async function checkedSplit(definition: { sql: string; params: readonly QueryParam[]; isPublic: boolean }): Promise<SplitSql> {
  const names = definition.params.map((p) => p.name);
  const key = JSON.stringify([definition.sql, names, definition.isPublic]);
  const kept = checked.get(key);
  if (kept) return kept;
  await parserReady();
  const split = splitParams(definition.sql);
  checkSql(split, names, { isPublic: definition.isPublic });
  checked.set(key, split);
  if (checked.size > checkedKept) checked.delete(checked.keys().next().value!);
  return split;
}

/** Checks a definition as save does: its shape, its SQL statically, then the database prepares it. */
export async function validate(ctx: AppContext, runner: ReportRunner, tenantId: string, d: QueryDefinition) {
  checkShape(d);
  const split = await checkedSplit(d);
  const values = new Map<string, BoundValue>(d.params.map((p) => [p.name, p.type === 'dateRange' ? [null, null] : null]));
  const returned = await runner.describe({ tenantId, supplier: d.isPublic ? '' : '*' }, { split, params: d.params, values });
  const duplicate = returned.find((f, i) => returned.indexOf(f) !== i);
  if (duplicate)
    throw ApiError.badRequest({
      'zh-CN': `body.sql: 结果列 ${duplicate} 重复，请用 AS 区分`,
      en: `body.sql: result column ${duplicate} is repeated; tell them apart with AS`,
    });
  const missing = d.columns.filter((c) => !returned.includes(c.field));
  if (missing.length)
    throw ApiError.badRequest({
      'zh-CN': `body.columns: 列 ${missing.map((c) => c.field).join('、')} 不在查询结果中（结果列：${returned.join('、')}）`,
      en: `body.columns: columns ${missing.map((c) => c.field).join(', ')} are not in the query's result (result columns: ${returned.join(', ')})`,
    });
  return split;
}

function summaryOf(row: NonNullable<Awaited<ReturnType<typeof repo.findSummary>>>) {
  return {
    queryCode: row.queryCode,
    title: row.title,
    titleEn: row.titleEn,
    isPublic: row.isPublic,
    moudleCode: row.moduleCode ?? '',
    targets: { roles: row.roles, allSuppliers: row.allSuppliers, suppliers: row.suppliers },
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt,
  };
}

export async function list(ctx: AppContext, session: SessionContext, keyword?: string) {
  return (await repo.listDefinitions(ctx.db, designerOnly(session), keyword)).map(summaryOf);
}

async function stored(ctx: AppContext, tenantId: string, queryCode: string) {
  return definitionOf(await repo.findDefinition(ctx.db, tenantId, queryCode), queryCode);
}

/** A stored definition's row as the contract's definition with its module, or 404 for none. */
function definitionOf(row: Awaited<ReturnType<typeof repo.findDefinition>>, queryCode: string) {
  if (!row) throw ApiError.notFound({ 'zh-CN': `查询 ${queryCode} 不存在`, en: `Query ${queryCode} does not exist` });
  const definition = dynamicQuery.queryDefinition.parse({
    ...row,
    params: row.params,
    columns: row.columns,
  });
  return { ...definition, moduleCode: row.moduleCode };
}

export async function get(ctx: AppContext, session: SessionContext, queryCode: string) {
  const tenantId = designerOnly(session);
  const definition = await stored(ctx, tenantId, queryCode);
  const summary = (await repo.findSummary(ctx.db, tenantId, queryCode))!;
  const { moduleCode, ...rest } = definition;
  return { ...rest, moudleCode: moduleCode ?? '', targets: summaryOf(summary).targets };
}

export async function save(ctx: AppContext, runner: ReportRunner, session: SessionContext, body: QueryDefinition & { isNew: boolean }) {
  const tenantId = designerOnly(session);
  const { isNew, ...definition } = body;
  await validate(ctx, runner, tenantId, definition);
  if (isNew) {
    if (!(await repo.insertDefinition(ctx.db, tenantId, definition, session.employeeCode, ctx.now())))
      throw ApiError.conflict({
        'zh-CN': `查询编码 ${definition.queryCode} 已存在`,
        en: `Query code ${definition.queryCode} already exists`,
      });
  } else if (!(await repo.updateDefinition(ctx.db, tenantId, definition, session.employeeCode, ctx.now()))) {
    throw ApiError.notFound({ 'zh-CN': `查询 ${definition.queryCode} 不存在`, en: `Query ${definition.queryCode} does not exist` });
  }
  return summaryOf((await repo.findSummary(ctx.db, tenantId, definition.queryCode))!);
}

export async function remove(ctx: AppContext, session: SessionContext, queryCode: string) {
  if (!(await repo.deleteDefinition(ctx.db, designerOnly(session), queryCode)))
    throw ApiError.notFound({ 'zh-CN': `查询 ${queryCode} 不存在`, en: `Query ${queryCode} does not exist` });
  return null;
}

export async function publishOptions(ctx: AppContext, session: SessionContext) {
  return { roles: await repo.publishRoles(ctx.db, designerOnly(session)) };
}

export async function publish(ctx: AppContext, session: SessionContext, body: { queryCode: string } & PublishTargets) {
  const tenantId = designerOnly(session);
  const roles = [...new Set(body.roles)];
  const suppliers = body.allSuppliers ? [] : [...new Set(body.suppliers)];
  const known = await repo.knownTargets(ctx.db, tenantId, roles, suppliers);
  const unknown = [...roles.filter((r) => !known.roles.has(r)), ...suppliers.filter((s) => !known.suppliers.has(s))];
  if (unknown.length)
    throw ApiError.badRequest({
      'zh-CN': `body: 不存在的角色或供应商 ${unknown.slice(0, 5).join(', ')}`,
      en: `body: unknown roles or suppliers ${unknown.slice(0, 5).join(', ')}`,
    });
  await stored(ctx, tenantId, body.queryCode);
  if (!(await repo.publish(ctx.db, tenantId, body.queryCode, { roles, allSuppliers: body.allSuppliers, suppliers })))
    throw ApiError.notFound({ 'zh-CN': `查询 ${body.queryCode} 不存在`, en: `Query ${body.queryCode} does not exist` });
  return summaryOf((await repo.findSummary(ctx.db, tenantId, body.queryCode))!);
}

export async function testRun(
  ctx: AppContext,
  runner: ReportRunner,
  session: SessionContext,
  body: { definition: QueryDefinition; params: ParamValues; asSupplier: string },
) {
  const tenantId = designerOnly(session);
  const split = await validate(ctx, runner, tenantId, body.definition);
  if (body.asSupplier && !(await repo.knownTargets(ctx.db, tenantId, [], [body.asSupplier])).suppliers.has(body.asSupplier))
    throw ApiError.badRequest({
      'zh-CN': `body.asSupplier: 供应商 ${body.asSupplier} 不存在`,
      en: `body.asSupplier: supplier ${body.asSupplier} does not exist`,
    });
  const values = bindValues(body.definition.params, body.params, businessDay(ctx.now()));
  if (body.asSupplier) bindOwnSupplier(body.definition.params, values, body.asSupplier);
  const scope: ReportScope = { tenantId, supplier: body.definition.isPublic ? '' : body.asSupplier || '*' };
  const started = performance.now();
  const result = await runner.sample(scope, { split, params: body.definition.params, values, columns: body.definition.columns }, 20);
  return { ...result, elapsedMs: Math.round((performance.now() - started) * 10) / 10 };
}

// ---------------------------------------------------------------------------------------------------------
// The runner's calls: who may run a definition, and in which scope.

interface Caller {
  session: SessionContext | undefined;
  tenantid: string | undefined;
  /** A token came with the call, good or not (a stale one answers 401 where a session is needed). */
  tokenGiven: boolean;
}

/** A stored definition the caller may run, ready to run, and the scope its views answer in. */
async function runnable(ctx: AppContext, caller: Caller, queryCode: string, given: ParamValues) {
  const { session } = caller;
  const tenantId = session?.tenantId ?? caller.tenantid;
  if (!tenantId)
    throw caller.tokenGiven
      ? ApiError.unauthorized()
      : ApiError.badRequest({ 'zh-CN': 'query.tenantid: tenantid 不能为空', en: 'query.tenantid: tenantid cannot be empty' });
  // The definition and what the caller holds in one statement: a query page's every run reads them.
  const row = await repo.findRunnable(ctx.db, tenantId, queryCode, session, dynamicQuery.designerModule);
  const definition = definitionOf(row, queryCode);
  let scope: ReportScope;
  if (definition.isPublic) {
    scope = { tenantId, supplier: '' };
  } else {
    if (!session) throw ApiError.unauthorized();
    const designer = session.kind === 'staff' && row!.holdsDesigner;
    if (!designer && !(definition.moduleCode && row!.holdsOwn))
      throw ApiError.forbidden({ 'zh-CN': `没有查询 ${queryCode} 的权限`, en: `No access to query ${queryCode}` });
    scope = { tenantId, supplier: session.kind === 'supplier' ? session.suppCode! : '*' };
  }
  const split = await checkedSplit(definition);
  const values = bindValues(definition.params, given, businessDay(ctx.now()));
  if (session?.kind === 'supplier') bindOwnSupplier(definition.params, values, session.suppCode!);
  const run: Runnable = { split, params: definition.params, values, columns: definition.columns };
  return { definition, scope, run };
}

export async function pageDefinition(ctx: AppContext, caller: Caller, queryCode: string) {
  const { definition } = await runnable(ctx, caller, queryCode, {});
  const { sql: _sql, moduleCode, ...rest } = definition;
  return { ...rest, moudleCode: moduleCode ?? '' };
}

export async function run(
  ctx: AppContext,
  runner: ReportRunner,
  caller: Caller,
  body: {
    queryCode: string;
    params: ParamValues;
    page: number;
    limit: number;
    sort?: { field: string; order: 'asc' | 'desc' } | undefined;
    filters?: Record<string, ColumnFilter> | undefined;
  },
) {
  const { scope, run: r } = await runnable(ctx, caller, body.queryCode, body.params);
  return runner.page(scope, r, body);
}

export async function columnValues(
  ctx: AppContext,
  runner: ReportRunner,
  caller: Caller,
  body: { queryCode: string; params: ParamValues; filters?: Record<string, ColumnFilter> | undefined; field: string },
) {
  const { scope, run: r } = await runnable(ctx, caller, body.queryCode, body.params);
  return runner.columnValues(scope, r, body.filters, body.field);
}

/** A text a spreadsheet would run as a formula gets a leading apostrophe (as spreadsheetSafe does in SQL). */
const formulaLike = /^[=+\-@\t\r]/;
function safeRow(columns: readonly QueryColumn[], row: ResultRow): ResultRow {
  const out: ResultRow = {};
  for (const c of columns) {
    const v = row[c.field] ?? null;
    out[c.field] = typeof v === 'string' && formulaLike.test(v) && !number.test(v) ? `'${v}` : v;
  }
  return out;
}

export async function exportFile(
  ctx: AppContext,
  runner: ReportRunner,
  caller: Caller,
  body: {
    queryCode: string;
    params: ParamValues;
    sort?: { field: string; order: 'asc' | 'desc' } | undefined;
    filters?: Record<string, ColumnFilter> | undefined;
  },
  format: 'csv' | 'xlsx',
  language: Language = 'zh-CN',
): Promise<Download> {
  const { definition, scope, run: r } = await runnable(ctx, caller, body.queryCode, body.params);
  const columns = definition.columns;
  async function* rows() {
    for await (const batch of runner.batches(scope, r, body)) yield batch.map((row) => safeRow(columns, row));
  }
  // Titles in the caller's language: a definition's English title and column titles, the Chinese where it has none.
  const columnsOut = exportColumnsIn(columns, language, (c) => c.type === 'number');
  const title = titleIn(language, definition);
  return listExport({
    format,
    name: datedName(title, ctx.now()),
    sheet: title,
    columns: columnsOut,
    rows: { batches: rows() },
  });
}
