// Column filters: every condition, between parsing, case sensitivity, and/or, checklists, numeric sorting.
import { compareDecimal } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  betweenError,
  conditionError,
  distinctValues,
  filterError,
  filterRows,
  filterType,
  matchesCondition,
  matchesFilter,
  numberError,
  parseBetween,
  sortIndexes,
} from './filter';
import { emptyFilter } from './types';

describe('decimal comparison', () => {
  it.each([
    ['1003.1', '1003.10', 0],
    ['-0.5', '0', -1],
    ['10', '9.99', 1],
    ['-10', '-9', -1],
    ['0.30', '0.3', 0],
    ['1,000', '999', 1],
    ['0.1', '0.09', 1],
    ['-0', '0', 0],
  ])('%s vs %s', (a, b, c) => {
    expect(compareDecimal(a, b)).toBe(c);
  });
});

describe('text conditions', () => {
  it.each([
    ['contains', 'Hello World', 'world', false, true],
    ['contains', 'Hello World', 'world', true, false],
    ['contains', 'Hello World', 'World', true, true],
    ['notContains', 'abc', 'x', false, true],
    ['notContains', 'abc', 'B', false, false],
    ['notContains', 'abc', 'B', true, true],
    ['equals', 'ABC', 'abc', false, true],
    ['equals', 'ABC', 'abc', true, false],
    ['notEquals', 'abc', 'abd', false, true],
    ['notEquals', 'abc', 'ABC', false, false],
    ['beginsWith', '禾丰饼干', '禾丰', false, true],
    ['beginsWith', 'Apple pie', 'apple', false, true],
    ['beginsWith', 'Apple pie', 'apple', true, false],
    ['endsWith', '禾丰饼干', '饼干', false, true],
    ['endsWith', 'Apple PIE', 'pie', false, true],
    ['empty', '  ', '', false, true],
    ['empty', 'x', '', false, false],
    ['notEmpty', 'x', '', false, true],
    ['notEmpty', '', '', false, false],
  ] as const)('%s(%s, %s) sensitive=%s -> %s', (condition, value, arg, sensitive, expected) => {
    expect(matchesCondition(value, condition, arg, sensitive)).toBe(expected);
  });

  it('treats missing cells as empty text', () => {
    expect(matchesCondition(undefined, 'empty', '', false)).toBe(true);
    expect(matchesCondition(null, 'contains', 'a', false)).toBe(false);
    expect(matchesCondition(12, 'contains', '2', false)).toBe(true);
  });
});

describe('number conditions', () => {
  it.each([
    ['eq', '1003.10', '1003.1', true],
    ['eq', '10', '10.01', false],
    ['ne', '1', '2', true],
    ['ne', '2.0', '2', false],
    ['gt', '10', '9', true],
    ['gt', '9.5', '10', false],
    ['gt', '10', '10', false],
    ['ge', '10.00', '10', true],
    ['ge', '9.99', '10', false],
    ['lt', '2', '10', true],
    ['lt', '-1', '-0.5', true],
    ['lt', '10', '10', false],
    ['le', '10', '10.0', true],
    ['le', '10.01', '10', false],
    ['between', '15', '10,20', true],
    ['between', '10', '10,20', true],
    ['between', '20', '10,20', true],
    ['between', '25', '10,20', false],
    ['between', '15', '20,10', true],
    ['between', '0.15', '0.1, 0.2', true],
    ['gt', 'abc', '1', false],
    ['gt', '', '-1', false],
    ['ne', 'abc', '1', true],
  ] as const)('%s(%s, %s) -> %s, compared numerically', (condition, value, arg, expected) => {
    expect(matchesCondition(value, condition, arg, false)).toBe(expected);
  });

  it('compares as numbers, not as text ("9" < "10")', () => {
    expect(matchesCondition('9', 'lt', '10', false)).toBe(true);
    expect(matchesCondition('100', 'gt', '99.5', false)).toBe(true);
  });

  it('compares large money amounts exactly (no float rounding)', () => {
    expect(matchesCondition('9007199254740993.01', 'gt', '9007199254740993', false)).toBe(true);
    expect(matchesCondition('0.3', 'eq', '0.30', false)).toBe(true);
  });
});

describe('between parsing', () => {
  it('takes two numbers separated by a comma, in either order, with either comma', () => {
    expect(parseBetween('1, 5')).toEqual({ low: '1', high: '5' });
    expect(parseBetween('1，5')).toEqual({ low: '1', high: '5' });
    expect(parseBetween('5,1')).toEqual({ low: '1', high: '5' });
    expect(parseBetween('-2.5,3')).toEqual({ low: '-2.5', high: '3' });
  });

  it.each(['1', 'a,b', '1,', ',2', '1,2,3', '1;2', '', '1 2'])('refuses %j', (text) => {
    expect(parseBetween(text)).toEqual({ error: betweenError });
    expect(conditionError('between', text)).toBe(betweenError);
  });

  it('reports a number condition without a number, and accepts text conditions', () => {
    expect(conditionError('gt', 'x')).toBe(numberError);
    expect(conditionError('le', '')).toBe(numberError);
    expect(conditionError('contains', 'x')).toBeNull();
    expect(conditionError('empty', '')).toBeNull();
    expect(filterError({ ...emptyFilter(), fType1: 'ge', fVal1: '1', fType2: 'between', fVal2: 'x' })).toBe(betweenError);
  });
});

describe('filter states', () => {
  const rows = [
    { name: '苏打饼干', qty: '12' },
    { name: '薯片', qty: '120' },
    { name: 'SODA', qty: '9.5' },
    { name: '', qty: '' },
  ];

  it('joins two conditions with and / or', () => {
    const f = { ...emptyFilter(), fType1: 'ge' as const, fVal1: '10', fType2: 'le' as const, fVal2: '100', fMode: 'and' as const };
    expect(filterRows(rows, { qty: f })).toEqual([0]);
    expect(filterRows(rows, { qty: { ...f, fMode: 'or' } })).toEqual([0, 1, 2]);
    expect(filterRows(rows, { qty: { ...f, fType1: '' } })).toEqual([0, 2]);
  });

  it('names the filter type: none, single, or custom with two conditions', () => {
    const f = { ...emptyFilter(), fType1: 'ge' as const, fVal1: '10', fType2: 'le' as const, fVal2: '100' };
    expect(filterType(f)).toBe('custom');
    expect(filterType({ ...f, fType2: '' })).toBe('single');
    expect(filterType({ ...emptyFilter(), checks: ['a'] })).toBe('single');
    expect(filterType(emptyFilter())).toBe('none');
  });

  it('applies text conditions case-insensitively unless isSensitive', () => {
    const f = { ...emptyFilter(), fType1: 'contains' as const, fVal1: 'soda' };
    expect(filterRows(rows, { name: f })).toEqual([2]);
    expect(filterRows(rows, { name: { ...f, isSensitive: true } })).toEqual([]);
  });

  it('keeps only ticked values of the checklist', () => {
    expect(filterRows(rows, { name: { ...emptyFilter(), checks: ['薯片', ''] } })).toEqual([1, 3]);
    expect(matchesFilter('x', { ...emptyFilter(), checks: [] })).toBe(false);
    expect(matchesFilter('x', emptyFilter())).toBe(true);
  });

  it('combines the checklist with conditions and several columns', () => {
    const byName = { ...emptyFilter(), checks: ['苏打饼干', 'SODA', '薯片'] };
    const byQty = { ...emptyFilter(), fType1: 'lt' as const, fVal1: '100' };
    expect(filterRows(rows, { name: byName, qty: byQty })).toEqual([0, 2]);
  });

  it('lists distinct values sorted', () => {
    expect(distinctValues(rows, 'name')).toEqual(
      ['', 'SODA', '苏打饼干', '薯片'].sort(new Intl.Collator('zh-CN', { numeric: true }).compare),
    );
  });
});

describe('sorting', () => {
  const rows = [{ qty: '12' }, { qty: '120' }, { qty: '9.5' }, { qty: '' }, { qty: '-3' }];
  const qty = { field: 'qty', title: '', type: 'number' as const };

  it('sorts numbers numerically with empty values last', () => {
    expect(sortIndexes(rows, [0, 1, 2, 3, 4], qty, 'asc')).toEqual([4, 2, 0, 1, 3]);
    expect(sortIndexes(rows, [0, 1, 2, 3, 4], qty, 'desc')).toEqual([1, 0, 2, 4, 3]);
  });

  it('sorts text with numbers inside by their value', () => {
    const names = [{ n: '值10' }, { n: '值9' }, { n: '值100' }];
    expect(sortIndexes(names, [0, 1, 2], { field: 'n', title: '' }, 'asc')).toEqual([1, 0, 2]);
  });
});
