// Pasted and filled values arrive as strings: each column type takes what it can and refuses the rest.
import { describe, expect, it } from 'vitest';
import { coerce } from './coerce';

describe('coercion of pasted values', () => {
  it.each([
    ['12', 'number', '12'],
    ['1,234.50', 'number', '1234.5'],
    [' 7 ', 'number', '7'],
    ['-0.25', 'number', '-0.25'],
    ['¥1,003', 'money', '1003.00'],
    ['-0.5', 'money', '-0.50'],
    ['12.3', 'money', '12.30'],
    ['2026/1/5', 'date', '2026-01-05'],
    ['2026年1月5日', 'date', '2026-01-05'],
    ['2024-02-29', 'date', '2024-02-29'],
    ['', 'number', ''],
    ['', 'date', ''],
    [' x ', 'text', ' x '],
    ['12', 'text', '12'],
  ] as const)('%j as %s -> %j', (input, type, value) => {
    expect(coerce(input, type)).toEqual({ ok: true, value });
  });

  it.each([
    ['abc', 'number'],
    ['1.2.3', 'number'],
    ['1.234', 'money'],
    ['12元', 'money'],
    ['2026-02-30', 'date'],
    ['2025-02-29', 'date'],
    ['tomorrow', 'date'],
  ] as const)('refuses %j as %s with a reason', (input, type) => {
    const result = coerce(input, type);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toContain(input);
  });

  it('takes numbers given as numbers', () => {
    expect(coerce(5, 'money')).toEqual({ ok: true, value: '5.00' });
  });
});
