// Column filter logic (spec sections 2, 4, 5): text conditions (case-insensitive unless sensitive), number
// conditions compared numerically (between takes "a,b"), two conditions joined by and/or, value checklists.
import { type Decimal, compareParsed, parseDecimal } from '@portal/contract';
import { type ColumnType, type Condition, type FilterState, type GridColumn, type GridRow, cellText } from './types';

export const textConditions = ['contains', 'notContains', 'equals', 'notEquals', 'beginsWith', 'endsWith', 'empty', 'notEmpty'] as const;
export const numberConditions = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'between'] as const;

const isNumeric = (type: ColumnType | undefined) => type === 'number' || type === 'money';
const isNumberCondition = (c: Condition | '') => (numberConditions as readonly string[]).includes(c);

export const betweenError = '介于条件须为两个数字，以逗号分隔，如 10,20';
export const numberError = '请输入数字';

/** Parses "a,b" of a between condition (either comma, either order); an error message when it is not two numbers. */
export function parseBetween(text: string): { low: string; high: string } | { error: string } {
  const parts = text.split(/[,，]/).map((p) => p.trim());
  const parsed = parts.map((p) => (p === '' ? null : parseDecimal(p)));
  if (parts.length !== 2 || !parsed[0] || !parsed[1]) return { error: betweenError };
  const [a, b] = parts as [string, string];
  return compareParsed(parsed[0], parsed[1]) <= 0 ? { low: a, high: b } : { low: b, high: a };
}

/** The problem with a condition's value, or null when it can be applied. */
export function conditionError(condition: Condition | '', value = ''): string | null {
  if (!condition || condition === 'empty' || condition === 'notEmpty') return null;
  if (condition === 'between') {
    const parsed = parseBetween(value);
    return 'error' in parsed ? parsed.error : null;
  }
  if (isNumberCondition(condition) && !parseDecimal(value)) return numberError;
  return null;
}

/** The problem with a whole filter state (either condition), or null. */
export function filterError(f: FilterState): string | null {
  return conditionError(f.fType1, f.fVal1) ?? conditionError(f.fType2, f.fVal2);
}

type CellTest = (text: string) => boolean;

/** One condition as a test of a cell's text; values are parsed once, not per row. */
export function compileCondition(condition: Condition | '', value: string, sensitive: boolean): CellTest | null {
  if (!condition) return null;
  if (condition === 'empty') return (text) => text.trim() === '';
  if (condition === 'notEmpty') return (text) => text.trim() !== '';
  if (condition === 'between') {
    const range = parseBetween(value);
    if ('error' in range) return () => false;
    const low = parseDecimal(range.low)!;
    const high = parseDecimal(range.high)!;
    return (text) => {
      const d = parseDecimal(text);
      return d !== null && compareParsed(d, low) >= 0 && compareParsed(d, high) <= 0;
    };
  }
  if (isNumberCondition(condition)) {
    const target: Decimal | null = parseDecimal(value);
    const accept: Record<string, (c: number) => boolean> = {
      eq: (c) => c === 0,
      ne: (c) => c !== 0,
      gt: (c) => c > 0,
      ge: (c) => c >= 0,
      lt: (c) => c < 0,
      le: (c) => c <= 0,
    };
    const test = accept[condition]!;
    return (text) => {
      const d = text.trim() === '' ? null : parseDecimal(text);
      // A cell that is not a number is only "not equal" to a number.
      if (!d || !target) return condition === 'ne';
      return test(compareParsed(d, target));
    };
  }
  const b = sensitive ? value : value.toLowerCase();
  const fold = sensitive ? (t: string) => t : (t: string) => t.toLowerCase();
  switch (condition) {
    case 'contains':
      return (t) => fold(t).includes(b);
    case 'notContains':
      return (t) => !fold(t).includes(b);
    case 'equals':
      return (t) => fold(t) === b;
    case 'notEquals':
      return (t) => fold(t) !== b;
    case 'beginsWith':
      return (t) => fold(t).startsWith(b);
    case 'endsWith':
      return (t) => fold(t).endsWith(b);
  }
  return null;
}

export function matchesCondition(raw: GridRow[string], condition: Condition | '', value: string, sensitive: boolean): boolean {
  const test = compileCondition(condition, value, sensitive);
  return test ? test(cellText(raw)) : true;
}

export function isFilterActive(f: FilterState | undefined): boolean {
  return Boolean(f && (f.checks !== null || f.fType1 || f.fType2));
}

/** A filter state as a test of a cell: the checklist, then the one or two conditions joined by fMode. */
export function compileFilter(f: FilterState): (raw: GridRow[string]) => boolean {
  const checks = f.checks === null ? null : new Set(f.checks);
  const first = compileCondition(f.fType1, f.fVal1, f.isSensitive);
  const second = compileCondition(f.fType2, f.fVal2, f.isSensitive);
  return (raw) => {
    const text = cellText(raw);
    if (checks && !checks.has(text)) return false;
    if (first && second) return f.fMode === 'or' ? first(text) || second(text) : first(text) && second(text);
    if (first) return first(text);
    if (second) return second(text);
    return true;
  };
}

export function matchesFilter(raw: GridRow[string], f: FilterState): boolean {
  return compileFilter(f)(raw);
}

/** Filter type of spec section 4: none, single, or custom when two conditions are set. */
export function filterType(f: FilterState): 'none' | 'single' | 'custom' {
  if (f.fType1 && f.fType2) return 'custom';
  return f.fType1 || f.fType2 || f.checks !== null ? 'single' : 'none';
}

/** Indexes of the rows that pass every column's filter. */
export function filterRows(rows: readonly GridRow[], filters: Record<string, FilterState>): number[] {
  const active = Object.entries(filters)
    .filter(([, f]) => isFilterActive(f))
    .map(([field, f]) => [field, compileFilter(f)] as const);
  const out: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (active.every(([field, test]) => test(row[field]))) out.push(i);
  }
  return out;
}

/** Sorts row indexes by a column: numbers and money numerically, text by locale, empty last in both orders. */
export function sortIndexes(rows: readonly GridRow[], indexes: number[], column: GridColumn, order: 'asc' | 'desc'): number[] {
  const dir = order === 'asc' ? 1 : -1;
  const texts = indexes.map((i) => cellText(rows[i]![column.field]));
  const keys = indexes.map((_, k) => k);
  if (isNumeric(column.type)) {
    const numbers = texts.map((t) => (t.trim() === '' ? null : parseDecimal(t)));
    const collator = new Intl.Collator('zh-CN', { numeric: true });
    keys.sort((a, b) => {
      const x = numbers[a]!;
      const y = numbers[b]!;
      if (!x || !y) {
        if (!x && !y) return collator.compare(texts[a]!, texts[b]!) * dir;
        return x ? -1 : 1;
      }
      return compareParsed(x, y) * dir;
    });
  } else {
    const collator = new Intl.Collator('zh-CN', { numeric: true });
    keys.sort((a, b) => {
      const x = texts[a]!;
      const y = texts[b]!;
      if (x === '' || y === '') return x === y ? 0 : x === '' ? 1 : -1;
      return collator.compare(x, y) * dir;
    });
  }
  return keys.map((k) => indexes[k]!);
}

/** Distinct values of a column, sorted, for the checklist. */
export function distinctValues(rows: readonly GridRow[], field: string, limit = 5000): string[] {
  const seen = new Set<string>();
  for (const row of rows) {
    seen.add(cellText(row[field]));
    if (seen.size >= limit) break;
  }
  return sortTexts([...seen]);
}

/** Texts in the checklist's order: Chinese collation, numbers by value. */
export function sortTexts(values: string[]): string[] {
  return [...values].sort(new Intl.Collator('zh-CN', { numeric: true }).compare);
}
