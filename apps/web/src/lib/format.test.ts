import { describe, expect, it } from 'vitest';
import { formatBytes, formatDecimal, formatMoney } from './format';

describe('money and quantities', () => {
  it.each([
    ['0', '0.00'], ['5', '5.00'], ['1003.1', '1,003.10'], ['-51.00', '-51.00'], ['1234567.891', '1,234,567.89'],
    ['0.005', '0.01'], ['-0.005', '-0.01'], ['-0.004', '0.00'], ['999.995', '1,000.00'],
    // Beyond a double's exact range: every digit kept.
    ['12345678901234567.565', '12,345,678,901,234,567.57'],
  ])('shows %s as %s', (value, shown) => {
    expect(formatMoney(value)).toBe(shown);
  });

  it('keeps a quantity\'s own decimals without trailing zeros', () => {
    expect(formatDecimal('12345.500')).toBe('12,345.5');
    expect(formatDecimal('240.000')).toBe('240');
    expect(formatDecimal('-0.000')).toBe('0');
  });

  it('shows what is not a number as given, and nothing for nothing', () => {
    expect(formatMoney('n/a')).toBe('n/a');
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
  });
});

describe('byte counts', () => {
  it.each([[0, '0 B'], [1023, '1023 B'], [1536, '1.5 KB'], [5 * 1024 * 1024 + 300_000, '5.3 MB']])('shows %d as %s', (bytes, shown) => {
    expect(formatBytes(bytes)).toBe(shown);
  });
});
