// The static check of a definition's SQL, on PostgreSQL's own parser (libpg-query): one SELECT, reading only
// the reporting views, calling only allow-listed functions, with `:name` parameters that are all declared.
// The database's role and the views' scope are the real walls; this check refuses early and clearly.
import { loadModule, parseSync } from 'libpg-query';
import { ApiError, type Localized } from '../../platform/errors';
import { reportViews, supplierViews } from './report-views';

/** The SQL cut at its parameters: text pieces around each `:name` (pieces.length = names.length + 1). */
export interface SplitSql {
  pieces: string[];
  names: string[];
}

const bad = (message: Localized) => ApiError.badRequest({ 'zh-CN': `body.sql: ${message['zh-CN']}`, en: `body.sql: ${message.en}` });

/**
 * Splits SQL at its `:name` parameters, skipping strings, quoted names, dollar quotes, comments and `::`
 * casts; a trailing `;` (and what follows it, if only blanks and comments) is dropped.
 */
export function splitParams(text: string): SplitSql {
  const pieces: string[] = [];
  const names: string[] = [];
  let start = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end + 1;
    } else if (c === '/' && next === '*') {
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        const pair = text.slice(i, i + 2);
        depth += pair === '/*' ? 1 : pair === '*/' ? -1 : 0;
        i += pair === '/*' || pair === '*/' ? 2 : 1;
      }
    } else if (c === "'") {
      const escapes = i > 0 && /[eE]/.test(text[i - 1]!) && !/[A-Za-z0-9_]/.test(text[i - 2] ?? '');
      i++;
      while (i < n) {
        if (escapes && text[i] === '\\') i += 2;
        else if (text[i] === "'" && text[i + 1] === "'") i += 2;
        else if (text[i] === "'") break;
        else i++;
      }
      i++;
    } else if (c === '"') {
      i++;
      while (i < n && !(text[i] === '"' && text[i + 1] !== '"')) i += text[i] === '"' ? 2 : 1;
      i++;
    } else if (c === '$' && !/[A-Za-z0-9_]/.test(text[i - 1] ?? '')) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i));
      if (tag) {
        const close = text.indexOf(tag[0], i + tag[0].length);
        i = close < 0 ? n : close + tag[0].length;
      } else i++;
    } else if (c === ':' && next === ':') {
      i += 2;
    } else if (c === ':' && next !== undefined && /[A-Za-z_]/.test(next)) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i + 1))![0];
      pieces.push(text.slice(start, i));
      names.push(name);
      i += 1 + name.length;
      start = i;
    } else if (c === ';') {
      const rest = text.slice(i + 1);
      if (stripComments(rest).trim() !== '')
        throw bad({
          'zh-CN': '只能是一条 SELECT 语句（发现多条语句）',
          en: 'must be a single SELECT statement (found several statements)',
        });
      pieces.push(text.slice(start, i));
      return { pieces, names };
    } else {
      i++;
    }
  }
  pieces.push(text.slice(start));
  return { pieces, names };
}

function stripComments(text: string): string {
  return text.replace(/--[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '');
}

/** Functions a definition may call (by name, in pg_catalog): aggregates, windows, text, numbers, dates. */
export const allowedFunctions = new Set([
  'count', 'sum', 'avg', 'min', 'max', 'string_agg', 'array_agg', 'bool_and', 'bool_or', 'every',
  'stddev', 'stddev_pop', 'stddev_samp', 'variance', 'var_pop', 'var_samp', 'percentile_cont', 'percentile_disc', 'mode',
  'row_number', 'rank', 'dense_rank', 'percent_rank', 'cume_dist', 'ntile', 'lag', 'lead', 'first_value', 'last_value', 'nth_value',
  'abs', 'ceil', 'ceiling', 'floor', 'round', 'trunc', 'mod', 'power', 'sqrt', 'sign', 'div',
  'length', 'char_length', 'character_length', 'lower', 'upper', 'btrim', 'ltrim', 'rtrim', 'substring', 'substr', 'left', 'right',
  'concat', 'concat_ws', 'replace', 'position', 'strpos', 'split_part', 'initcap', 'reverse', 'translate', 'starts_with', 'overlay',
  'to_char', 'to_number', 'to_date', 'to_timestamp', 'like_escape', 'similar_to_escape',
  'date_trunc', 'date_part', 'extract', 'age', 'make_date', 'make_interval', 'justify_days', 'now', 'date_bin', 'isfinite',
  'timezone', 'overlaps', 'daterange', 'isempty', 'lower_inc', 'upper_inc',
  'array_length', 'cardinality', 'array_to_string', 'array_position', 'unnest',
]); // prettier-ignore

const allowedTypes = new Set([
  'int2', 'int4', 'int8', 'smallint', 'integer', 'int', 'bigint', 'numeric', 'decimal', 'float4', 'float8', 'real',
  'text', 'varchar', 'bpchar', 'char', 'date', 'timestamp', 'timestamptz', 'time', 'interval', 'bool', 'boolean', 'daterange',
]); // prettier-ignore

/** Parse-tree nodes a read-only SELECT is made of; anything else (INSERT, COPY, SET, XML, locking...) is refused. */
const allowedNodes = new Set([
  'SelectStmt', 'ResTarget', 'ColumnRef', 'String', 'A_Star', 'A_Const', 'Integer', 'Float', 'Boolean', 'A_Expr', 'BoolExpr',
  'NullTest', 'BooleanTest', 'FuncCall', 'TypeCast', 'TypeName', 'CoalesceExpr', 'MinMaxExpr', 'CaseExpr', 'CaseWhen', 'SubLink',
  'RangeVar', 'Alias', 'JoinExpr', 'RangeSubselect', 'SortBy', 'WindowDef', 'WithClause', 'CommonTableExpr', 'A_ArrayExpr',
  'A_Indirection', 'A_Indices', 'RowExpr', 'SQLValueFunction', 'ParamRef', 'GroupingSet', 'GroupingFunc', 'RangeFunction', 'List',
  'CollateClause',
]); // prettier-ignore

const nodeNames: Record<string, string> = {
  InsertStmt: 'INSERT',
  UpdateStmt: 'UPDATE',
  DeleteStmt: 'DELETE',
  MergeStmt: 'MERGE',
  CopyStmt: 'COPY',
  VariableSetStmt: 'SET',
  LockingClause: 'FOR UPDATE/SHARE',
};

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

let loaded: Promise<void> | undefined;
/** The parser is WebAssembly: loaded once, then used synchronously. */
export const parserReady = () => (loaded ??= loadModule());

export interface CheckOptions {
  /** Public definitions never read supplier data: the supplier views are refused. */
  isPublic: boolean;
}

/** The text with `$1..$n` in place of the parameters (the parser's view of it). */
export function positionalText(split: SplitSql): string {
  const order = [...new Set(split.names)];
  return split.pieces.reduce((text, piece, i) => (i === 0 ? piece : `${text}$${order.indexOf(split.names[i - 1]!) + 1}${piece}`), '');
}

/** Checks the SQL statically; throws a 400 naming the first problem. Call parserReady() once before. */
export function checkSql(split: SplitSql, declared: readonly string[], options: CheckOptions): void {
  const undeclared = [...new Set(split.names)].filter((name) => !declared.includes(name));
  if (undeclared.length)
    throw bad({
      'zh-CN': `参数 ${undeclared.map((n) => `:${n}`).join('、')} 未声明`,
      en: `parameters ${undeclared.map((n) => `:${n}`).join(', ')} are not declared`,
    });
  let tree: { stmts?: { stmt: Json }[] };
  try {
    tree = parseSync(positionalText(split)) as typeof tree;
  } catch (err) {
    throw bad({
      'zh-CN': `语法错误：${err instanceof Error ? err.message : String(err)}`,
      en: `syntax error: ${err instanceof Error ? err.message : String(err)}`,
    });
  }
  const statements = tree.stmts ?? [];
  if (statements.length !== 1)
    throw bad({
      'zh-CN': `只能是一条 SELECT 语句（发现 ${statements.length} 条）`,
      en: `must be a single SELECT statement (found ${statements.length})`,
    });
  const statement = statements[0]!.stmt as Record<string, Json>;
  if (!('SelectStmt' in statement))
    throw bad({
      'zh-CN': `只能是 SELECT 语句，不能是 ${nodeNames[Object.keys(statement)[0]!] ?? Object.keys(statement)[0]}`,
      en: `must be a SELECT statement, not ${nodeNames[Object.keys(statement)[0]!] ?? Object.keys(statement)[0]}`,
    });
  const cteNames = new Set<string>();
  collectCteNames(statement, cteNames);
  for (const name of cteNames) {
    if (name.startsWith('pg_') || reportViews.has(name))
      throw bad({ 'zh-CN': `WITH 的名称 ${name} 不可用`, en: `the WITH name ${name} cannot be used` });
  }
  const paramCount = new Set(split.names).size;
  walk(statement, (type, node) => {
    if (!allowedNodes.has(type))
      throw bad({
        'zh-CN': `不允许 ${nodeNames[type] ?? type}：查询只能读取`,
        en: `${nodeNames[type] ?? type} is not allowed: a query can only read`,
      });
    if (type === 'SelectStmt') {
      if (node.intoClause) throw bad({ 'zh-CN': '不允许 SELECT INTO', en: 'SELECT INTO is not allowed' });
      if (node.withClause && (node.withClause as Record<string, Json>).recursive)
        throw bad({ 'zh-CN': '不允许 WITH RECURSIVE', en: 'WITH RECURSIVE is not allowed' });
    } else if (type === 'RangeVar') {
      const schema = node.schemaname as string | undefined;
      const name = String(node.relname);
      // Unqualified names only: they resolve to the report views (search_path), and the planner's estimate reads the same names.
      if (node.catalogname || schema !== undefined)
        throw bad({
          'zh-CN': `只能读取报表视图（不带模式名），不能读取 ${schema}.${name}`,
          en: `only the reporting views (without a schema name) can be read, not ${schema}.${name}`,
        });
      if (!cteNames.has(name) && !reportViews.has(name))
        throw bad({
          'zh-CN': `只能读取报表视图（${[...reportViews].join('、')}），不能读取 ${name}`,
          en: `only the reporting views (${[...reportViews].join(', ')}) can be read, not ${name}`,
        });
      if (options.isPublic && supplierViews.has(name) && !cteNames.has(name))
        throw bad({ 'zh-CN': `公开查询不能读取供应商数据（${name}）`, en: `a public query cannot read supplier data (${name})` });
    } else if (type === 'FuncCall') {
      const parts = (node.funcname as Json[]).map((p) => String((p as { String: { sval: string } }).String.sval).toLowerCase());
      const name = parts[parts.length - 1]!;
      if ((parts.length > 1 && parts[0] !== 'pg_catalog') || parts.length > 2 || !allowedFunctions.has(name))
        throw bad({ 'zh-CN': `不允许调用函数 ${parts.join('.')}`, en: `calling the function ${parts.join('.')} is not allowed` });
    } else if (type === 'TypeCast' || type === 'TypeName') {
      const typeName = (type === 'TypeCast' ? node.typeName : node) as Record<string, Json> | undefined;
      const parts = ((typeName?.names as Json[] | undefined) ?? []).map((p) => String((p as { String: { sval: string } }).String.sval));
      const name = parts[parts.length - 1] ?? '';
      if ((parts.length > 1 && parts[0] !== 'pg_catalog') || !allowedTypes.has(name.toLowerCase()))
        throw bad({ 'zh-CN': `不允许转换为类型 ${parts.join('.')}`, en: `casting to the type ${parts.join('.')} is not allowed` });
    } else if (type === 'ParamRef') {
      const number = Number(node.number);
      if (!(number >= 1 && number <= paramCount))
        throw bad({ 'zh-CN': '参数请写作 :名称，不能用 $1', en: 'write parameters as :name, not $1' });
    } else if (type === 'A_Expr') {
      const parts = ((node.name as Json[] | undefined) ?? []).map((p) => String((p as { String?: { sval: string } }).String?.sval));
      if (parts.length > 1 && parts[0] !== 'pg_catalog')
        throw bad({ 'zh-CN': `不允许运算符 ${parts.join('.')}`, en: `the operator ${parts.join('.')} is not allowed` });
    }
  });
}

function walk(value: Json, visit: (type: string, node: Record<string, Json>) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, visit);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (/^[A-Z]/.test(key) && child !== null && typeof child === 'object' && !Array.isArray(child)) visit(key, child);
      walk(child, visit);
    }
  }
}

function collectCteNames(value: Json, names: Set<string>): void {
  walk(value, (type, node) => {
    if (type === 'CommonTableExpr') names.add(String(node.ctename));
  });
}
