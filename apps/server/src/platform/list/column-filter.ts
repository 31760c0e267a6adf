// Grid column filters (spec section 3) as SQL, for server-paged grids: the same meaning as the grid's own
// filter — text conditions ignore case unless isSensitive, number conditions compare numerically
// ("between" takes "a,b" in either order), a checklist keeps the ticked values, two conditions join by fMode.
import { type ColumnFilter, maxColumnValues } from '@portal/contract';
import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { ApiError } from '../errors';
import { escapeLike } from '../../db/like';

/** A filterable column: the SQL of its cell text as the grid shows it, and whether it holds numbers. */
export interface FilterColumn {
  text: RawBuilder<unknown>;
  numeric?: boolean;
}

const decimal = /^\s*-?\d+(\.\d+)?\s*$/;

function parseNumber(where: string, value: string): string {
  if (!decimal.test(value)) throw ApiError.badRequest({ 'zh-CN': `${where}: 请输入数字`, en: `${where}: please enter a number` });
  return value.trim();
}

function parseBetween(where: string, value: string): [string, string] {
  const parts = value.split(/[,，]/).map((p) => p.trim());
  if (parts.length !== 2 || !parts.every((p) => decimal.test(p)))
    throw ApiError.badRequest({
      'zh-CN': `${where}: 介于条件须为两个数字，以逗号分隔，如 10,20`,
      en: `${where}: a between condition takes two numbers separated by a comma, e.g. 10,20`,
    });
  return parts as [string, string];
}

function condition(
  where: string,
  column: FilterColumn,
  type: ColumnFilter['fType1'],
  value: string,
  sensitive: boolean,
): RawBuilder<boolean> | null {
  const text = sql`coalesce((${column.text})::text, '')`;
  // Numbers of a text column: only cells that are numbers take part.
  const number = column.numeric
    ? sql`(${column.text})::numeric`
    : sql`(CASE WHEN ${text} ~ '^\\s*-?\\d+(\\.\\d+)?\\s*$' THEN trim(${text})::numeric END)`;
  const like = (pattern: string) => (sensitive ? sql<boolean>`${text} LIKE ${pattern}` : sql<boolean>`${text} ILIKE ${pattern}`);
  const equal = sensitive ? sql<boolean>`${text} = ${value}` : sql<boolean>`lower(${text}) = lower(${value})`;
  const escaped = escapeLike(value);
  switch (type) {
    case '':
      return null;
    case 'empty':
      return sql<boolean>`trim(${text}) = ''`;
    case 'notEmpty':
      return sql<boolean>`trim(${text}) <> ''`;
    case 'contains':
      return like(`%${escaped}%`);
    case 'notContains':
      return sql<boolean>`NOT (${like(`%${escaped}%`)})`;
    case 'beginsWith':
      return like(`${escaped}%`);
    case 'endsWith':
      return like(`%${escaped}`);
    case 'equals':
      return equal;
    case 'notEquals':
      return sql<boolean>`NOT (${equal})`;
    case 'between': {
      const [a, b] = parseBetween(where, value);
      return sql<boolean>`coalesce(${number} BETWEEN SYMMETRIC ${a}::numeric AND ${b}::numeric, false)`;
    }
    case 'ne':
      return sql<boolean>`coalesce(${number} <> ${parseNumber(where, value)}::numeric, true)`;
    default: {
      const operator = { eq: '=', gt: '>', ge: '>=', lt: '<', le: '<=' }[type];
      return sql<boolean>`coalesce(${number} ${sql.raw(operator)} ${parseNumber(where, value)}::numeric, false)`;
    }
  }
}

/** A column's cell text as the checklist lists it and compares it. */
export const cellText = (column: FilterColumn) => sql<string>`coalesce((${column.text})::text, '')`;

/** The filterable column of a field, or a 400 naming it. */
export function filterColumnOf(columns: Record<string, FilterColumn>, field: string, path = 'body.field'): FilterColumn {
  const column = Object.hasOwn(columns, field) ? columns[field] : undefined;
  if (!column) throw ApiError.badRequest({ 'zh-CN': `${path}: 不能按此列筛选`, en: `${path}: cannot filter by this column` });
  return column;
}

/** A column's distinct texts in a query's rows, sorted, for a checklist: maxColumnValues at most, and whether there were more. */
export async function distinctTexts<D, TB extends keyof D>(query: SelectQueryBuilder<D, TB, object>, column: FilterColumn) {
  const rows = await query
    .select(cellText(column).as('value'))
    .distinct()
    .orderBy(sql`1`)
    .limit(maxColumnValues + 1)
    .$castTo<{ value: string }>()
    .execute();
  return { values: rows.slice(0, maxColumnValues).map((r) => r.value), more: rows.length > maxColumnValues };
}

/** The other columns' filters: a checklist lists what they leave, whatever its own column's filter ticks. */
export function othersThan(filters: Record<string, ColumnFilter> | undefined, field: string): Record<string, ColumnFilter> | undefined {
  if (!filters) return undefined;
  return Object.fromEntries(Object.entries(filters).filter(([f]) => f !== field));
}

/** One SQL condition for every active column filter, or null; unknown fields and bad numbers give a 400. */
export function columnFilterSql(
  filters: Record<string, ColumnFilter> | undefined,
  columns: Record<string, FilterColumn>,
  path = 'body.filters',
): RawBuilder<boolean> | null {
  const parts: RawBuilder<boolean>[] = [];
  for (const [field, f] of Object.entries(filters ?? {})) {
    const where = `${path}.${field}`;
    const column = filterColumnOf(columns, field, where);
    if (f.checks !== null) {
      parts.push(f.checks.length ? sql<boolean>`${cellText(column)} IN (${sql.join(f.checks)})` : sql<boolean>`false`);
    }
    const first = condition(where, column, f.fType1, f.fVal1, f.isSensitive);
    const second = condition(where, column, f.fType2, f.fVal2, f.isSensitive);
    if (first && second) parts.push(f.fMode === 'or' ? sql<boolean>`(${first} OR ${second})` : sql<boolean>`(${first} AND ${second})`);
    else if (first ?? second) parts.push((first ?? second)!);
  }
  return parts.length ? sql<boolean>`(${sql.join(parts, sql` AND `)})` : null;
}
