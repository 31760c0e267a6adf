// Find and replace over the cells of a grid (spec sections 2, 4, 5): regular expression, whole word and
// case-sensitive options; an invalid pattern is an error that blocks find and replace.
import { type GridRow, cellText } from './types';

export interface FindOptions {
  text: string;
  regex: boolean;
  wholeWord: boolean;
  caseSensitive: boolean;
}

/** The cells as the user sees them: rows in on-screen order, fields in on-screen column order. */
export interface CellGrid {
  rows: readonly GridRow[];
  fields: readonly string[];
}

export interface CellPosition {
  row: number;
  col: number;
}

export interface CellMatch extends CellPosition {
  value: string;
}

export interface Matcher {
  test(value: string): boolean;
  replace(value: string, replacement: string): string;
}

export type MatcherResult = ({ ok: true } & Matcher) | { ok: false; error: string };

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The problem with the find options, or a matcher. An empty text matches empty cells (used by replace). */
export function buildMatcher(options: FindOptions): MatcherResult {
  let source = options.text === '' ? '^$' : options.regex ? options.text : escapeRegex(options.text);
  // Letters and digits of any script count as word characters, so whole word works for Chinese too.
  if (options.wholeWord && options.text !== '') source = `(?<![\\p{L}\\p{N}_])(?:${source})(?![\\p{L}\\p{N}_])`;
  const flags = `g${options.caseSensitive ? '' : 'i'}${options.wholeWord ? 'u' : ''}`;
  let pattern: RegExp;
  try {
    pattern = new RegExp(source, flags);
  } catch (err) {
    return { ok: false, error: `正则表达式错误：${(err as Error).message}` };
  }
  return {
    ok: true,
    test(value) {
      pattern.lastIndex = 0;
      return pattern.test(value);
    },
    replace(value, replacement) {
      pattern.lastIndex = 0;
      // A plain replacement is literal: "$1" in it is not a group reference unless regex is on.
      return options.regex ? value.replace(pattern, replacement) : value.replace(pattern, () => replacement);
    },
  };
}

/** "Find needs a find text"; the regex error when the pattern is invalid. */
export function findProblem(options: FindOptions): string | null {
  if (!options.text) return '请输入查找内容';
  const matcher = buildMatcher(options);
  return matcher.ok ? null : matcher.error;
}

/** "Replace needs a find text or a replacement text" (spec section 5); the regex error when invalid. */
export function replaceProblem(options: FindOptions, replacement: string): string | null {
  if (!options.text && !replacement) return '请输入查找内容或替换内容';
  const matcher = buildMatcher(options);
  return matcher.ok ? null : matcher.error;
}

/** Every matching cell, row by row, left to right. */
export function findAll(grid: CellGrid, matcher: Matcher): CellMatch[] {
  const { rows, fields } = grid;
  const out: CellMatch[] = [];
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    for (let c = 0; c < fields.length; c++) {
      const value = cellText(row[fields[c]!]);
      if (matcher.test(value)) out.push({ row: r, col: c, value });
    }
  }
  return out;
}

/** The next matching cell after `from` (or from the first cell), wrapping around; null when none matches. */
export function findNext(grid: CellGrid, matcher: Matcher, from: CellPosition | null): CellMatch | null {
  const cols = grid.fields.length;
  const total = grid.rows.length * cols;
  if (total === 0) return null;
  const start = from ? from.row * cols + from.col + 1 : 0;
  for (let k = 0; k < total; k++) {
    const index = (start + k) % total;
    const row = Math.floor(index / cols);
    const col = index % cols;
    const value = cellText(grid.rows[row]![grid.fields[col]!]);
    if (matcher.test(value)) return { row, col, value };
  }
  return null;
}

export interface CellChange extends CellPosition {
  value: string;
}

export interface ReplaceResult {
  changes: CellChange[];
  /** Cells whose new text the column refused (a number column cannot take "abc"). */
  rejected: (CellPosition & { error: string })[];
}

/** What a column makes of a new text: the stored value, or why it cannot take it. */
export type Accept = (col: number, text: string) => { ok: true; value: string } | { ok: false; error: string };

/**
 * Replaces in every matching cell (or only in `only`). Columns that `editable` refuses are skipped; the
 * result lists the changes for the caller to apply, so that the count is the number of changed cells.
 */
export function replaceCells(
  grid: CellGrid,
  matcher: Matcher,
  replacement: string,
  options: { only?: CellPosition; editable?: (col: number) => boolean; accept?: Accept } = {},
): ReplaceResult {
  const { rows, fields } = grid;
  const { only, editable = () => true, accept } = options;
  const result: ReplaceResult = { changes: [], rejected: [] };
  const editableCols = fields.map((_, c) => editable(c));
  const rowEnd = only ? only.row + 1 : rows.length;
  for (let r = only ? only.row : 0; r < rowEnd; r++) {
    const row = rows[r];
    if (!row) continue;
    const colEnd = only ? only.col + 1 : fields.length;
    for (let c = only ? only.col : 0; c < colEnd; c++) {
      if (!editableCols[c]) continue;
      const before = cellText(row[fields[c]!]);
      if (!matcher.test(before)) continue;
      const after = matcher.replace(before, replacement);
      if (after === before) continue;
      const accepted = accept ? accept(c, after) : { ok: true as const, value: after };
      if (accepted.ok) result.changes.push({ row: r, col: c, value: accepted.value });
      else result.rejected.push({ row: r, col: c, error: accepted.error });
    }
  }
  return result;
}
