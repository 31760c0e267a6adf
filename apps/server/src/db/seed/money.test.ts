// Seed money arithmetic: exact cents, half-up rounding, tax split as domain.md rule 3.
import { expect, it } from 'vitest';
import { centsToString, lineAmountCents, microsToString, splitTax } from './money';

it('splits 1,003.00 at 13% into 887.61 and 115.39', () => {
  expect(splitTax(100300, 13)).toEqual({ exclCents: 88761, taxCents: 11539 });
});

it('rounds a line amount half up', () => {
  expect(lineAmountCents(8_500_000, 118)).toBe(100300);
  expect(lineAmountCents(4_355_000, 1)).toBe(436); // 4.355 -> 4.36
});

it('formats cents and micros exactly', () => {
  expect(centsToString(-123456)).toBe('-1234.56');
  expect(centsToString(5)).toBe('0.05');
  expect(microsToString(8_500_000)).toBe('8.500000');
});
