import { afterEach, describe, expect, it } from 'vitest';
import { percentOf, subtractDecimal } from '@portal/contract';
import { formatBytes, formatDecimal, formatMoney, formatPrice, formatQty, formatRate, formatTime } from './format';

describe('decimal display', () => {
  it('groups thousands and keeps money at two places, rounding half-up without floats', () => {
    expect(formatMoney('128450.6')).toBe('128,450.60');
    expect(formatMoney('-1236.4')).toBe('-1,236.40');
    expect(formatMoney('0.005')).toBe('0.01');
    expect(formatMoney('1.004999')).toBe('1.00');
    expect(formatMoney('90071992547409.995')).toBe('90,071,992,547,410.00');
    expect(formatMoney('')).toBe('');
  });

  it('shows quantities, prices and rates with the places they need', () => {
    expect(formatQty('120.000')).toBe('120');
    expect(formatQty('2.500')).toBe('2.5');
    expect(formatQty('1234567')).toBe('1,234,567');
    expect(formatDecimal('1234567.500', { max: 3, group: false })).toBe('1234567.5');
    expect(formatPrice('8.500000')).toBe('8.50');
    expect(formatPrice('3.125000')).toBe('3.125');
    expect(formatRate('13.00')).toBe('13%');
    expect(formatRate('9.50')).toBe('9.5%');
  });

  it('passes text that is not a number through', () => {
    expect(formatDecimal('n/a', { min: 2, max: 2 })).toBe('n/a');
  });
});

describe('decimal arithmetic', () => {
  it('subtracts exactly', () => {
    expect(subtractDecimal('0.3', '0.1')).toBe('0.200');
    expect(subtractDecimal('118', '120')).toBe('-2.000');
  });

  it('answers a percentage rounded half-up, or null of nothing', () => {
    expect(percentOf('118', '120')).toBe('98.3');
    expect(percentOf('1', '8', 2)).toBe('12.50');
    expect(percentOf('2', '3')).toBe('66.7');
    expect(percentOf('5', '0')).toBeNull();
  });
});

describe('money and quantities', () => {
  it.each([
    ['0', '0.00'],
    ['5', '5.00'],
    ['1003.1', '1,003.10'],
    ['-51.00', '-51.00'],
    ['1234567.891', '1,234,567.89'],
    ['0.005', '0.01'],
    ['-0.005', '-0.01'],
    ['-0.004', '0.00'],
    ['999.995', '1,000.00'],
    // Beyond a double's exact range: every digit kept.
    ['12345678901234567.565', '12,345,678,901,234,567.57'],
  ])('shows %s as %s', (value, shown) => {
    expect(formatMoney(value)).toBe(shown);
  });

  it("keeps a quantity's own decimals without trailing zeros", () => {
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
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1536, '1.5 KB'],
    [5 * 1024 * 1024 + 300_000, '5.3 MB'],
  ])('shows %d as %s', (bytes, shown) => {
    expect(formatBytes(bytes)).toBe(shown);
  });
});

describe("times in the retailer's zone", () => {
  // The browser's zone must not matter: the checks run in zones on both sides of China.
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it.each(['UTC', 'America/Los_Angeles', 'Asia/Shanghai'])('shows an instant as Asia/Shanghai time in a browser in %s', (tz) => {
    process.env.TZ = tz;
    expect(formatTime('2026-11-26T05:22:24.123Z')).toBe('2026-11-26 13:22:24');
    expect(formatTime('2026-11-26T13:22:24+08:00')).toBe('2026-11-26 13:22:24');
    expect(formatTime(new Date(Date.UTC(2026, 11, 31, 16, 0, 1)))).toBe('2027-01-01 00:00:01');
  });

  it('keeps a time the server wrote as the retailer’s wall clock, and shows nothing for no time', () => {
    process.env.TZ = 'UTC';
    expect(formatTime('2026-11-26 13:22:24')).toBe('2026-11-26 13:22:24');
    expect(formatTime('2026-11-26T13:22:24.5')).toBe('2026-11-26 13:22:24');
    // To the minute (delivery notes): the retailer's minute, not read as the browser's and moved 8 hours.
    expect(formatTime('2026-11-26 09:00')).toBe('2026-11-26 09:00');
    expect(formatTime('')).toBe('');
    expect(formatTime(null)).toBe('');
    expect(formatTime('not a time')).toBe('');
  });
});
