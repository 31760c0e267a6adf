// Find and replace over cells: options, regex errors, whole word, case, find next, replace counts.
import { describe, expect, it } from 'vitest';
import { type CellGrid, type FindOptions, buildMatcher, findAll, findNext, findProblem, replaceCells, replaceProblem } from './find';

const grid: CellGrid = {
  rows: [
    { a: 'apple pie', b: 'Apple' },
    { a: 'pineapple', b: 'grape' },
    { a: 'apple apple', b: 12 },
  ],
  fields: ['a', 'b'],
};
const options = (text: string, extra: Partial<FindOptions> = {}): FindOptions => ({
  text,
  regex: false,
  wholeWord: false,
  caseSensitive: false,
  ...extra,
});
const matcher = (text: string, extra: Partial<FindOptions> = {}) => {
  const m = buildMatcher(options(text, extra));
  if (!m.ok) throw new Error(m.error);
  return m;
};
const cells = (list: { row: number; col: number }[]) => list.map((m) => [m.row, m.col]);

describe('find all', () => {
  it('is case-insensitive by default', () => {
    expect(cells(findAll(grid, matcher('apple')))).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [2, 0],
    ]);
  });

  it('is case-sensitive when asked', () => {
    expect(cells(findAll(grid, matcher('Apple', { caseSensitive: true })))).toEqual([[0, 1]]);
  });

  it('matches whole words only when asked', () => {
    expect(cells(findAll(grid, matcher('apple', { wholeWord: true })))).toEqual([
      [0, 0],
      [0, 1],
      [2, 0],
    ]);
    expect(cells(findAll({ rows: [{ a: '苏打饼干' }, { a: '苏打 饼干' }], fields: ['a'] }, matcher('苏打', { wholeWord: true })))).toEqual([
      [1, 0],
    ]);
  });

  it('takes the text literally unless regex is on', () => {
    expect(findAll(grid, matcher('a.ple'))).toEqual([]);
    expect(cells(findAll(grid, matcher('^gr.pe$', { regex: true })))).toEqual([[1, 1]]);
    expect(cells(findAll(grid, matcher('^\\d+$', { regex: true })))).toEqual([[2, 1]]);
  });

  it('reports the value of each match', () => {
    expect(findAll(grid, matcher('12'))).toEqual([{ row: 2, col: 1, value: '12' }]);
  });
});

describe('errors', () => {
  it('reports an invalid regular expression and blocks find and replace', () => {
    const bad = options('(unclosed', { regex: true });
    const m = buildMatcher(bad);
    expect(m.ok).toBe(false);
    expect(!m.ok && m.error).toMatch(/^正则表达式错误：/);
    expect(findProblem(bad)).toMatch(/^正则表达式错误：/);
    expect(replaceProblem(bad, 'x')).toMatch(/^正则表达式错误：/);
    expect(findProblem(options('(unclosed'))).toBeNull();
  });

  it('needs a find text to find, and a find or replacement text to replace', () => {
    expect(findProblem(options(''))).toBe('请输入查找内容');
    expect(replaceProblem(options(''), '')).toBe('请输入查找内容或替换内容');
    expect(replaceProblem(options(''), 'x')).toBeNull();
    expect(replaceProblem(options('a'), '')).toBeNull();
  });
});

describe('find next', () => {
  it('goes to the next match after a cell, row by row, wrapping around', () => {
    const m = matcher('apple');
    expect(findNext(grid, m, null)).toMatchObject({ row: 0, col: 0 });
    expect(findNext(grid, m, { row: 0, col: 1 })).toMatchObject({ row: 1, col: 0 });
    expect(findNext(grid, m, { row: 2, col: 0 })).toMatchObject({ row: 0, col: 0 });
    expect(findNext(grid, matcher('kiwi'), null)).toBeNull();
    expect(findNext({ rows: [], fields: ['a'] }, m, null)).toBeNull();
  });
});

describe('replace', () => {
  it('replaces all and counts the changed cells', () => {
    const { changes, rejected } = replaceCells(grid, matcher('apple'), 'pear');
    expect(changes).toEqual([
      { row: 0, col: 0, value: 'pear pie' },
      { row: 0, col: 1, value: 'pear' },
      { row: 1, col: 0, value: 'pinepear' },
      { row: 2, col: 0, value: 'pear pear' },
    ]);
    expect(rejected).toEqual([]);
  });

  it('replaces one cell only', () => {
    expect(replaceCells(grid, matcher('apple'), 'pear', { only: { row: 2, col: 0 } }).changes).toEqual([
      { row: 2, col: 0, value: 'pear pear' },
    ]);
    expect(replaceCells(grid, matcher('apple'), 'pear', { only: { row: 1, col: 1 } }).changes).toEqual([]);
  });

  it('replaces literally, or with groups for regular expressions', () => {
    expect(matcher('apple').replace('apple pie', '$1 pear')).toBe('$1 pear pie');
    expect(matcher('(a)(p+)', { regex: true }).replace('apple', '$2$1')).toBe('ppale');
  });

  it('skips read-only columns and reports cells the column refuses', () => {
    const result = replaceCells(grid, matcher('1'), 'x', {
      editable: (col) => col === 1,
      accept: (col, text) => (/^\d+$/.test(text) ? { ok: true, value: text } : { ok: false, error: `${text} 不是数字` }),
    });
    expect(result.changes).toEqual([]);
    expect(result.rejected).toEqual([{ row: 2, col: 1, error: 'x2 不是数字' }]);
  });

  it('fills empty cells when the find text is empty', () => {
    const withEmpty: CellGrid = { rows: [{ a: '' }, { a: 'x' }, {}], fields: ['a'] };
    expect(replaceCells(withEmpty, matcher(''), '-').changes).toEqual([
      { row: 0, col: 0, value: '-' },
      { row: 2, col: 0, value: '-' },
    ]);
  });

  it('respects whole word and case when replacing', () => {
    expect(replaceCells(grid, matcher('Apple', { caseSensitive: true, wholeWord: true }), 'Pear').changes).toEqual([
      { row: 0, col: 1, value: 'Pear' },
    ]);
  });
});
