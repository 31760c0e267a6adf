// Exact money arithmetic for the seed, in integer cents (numeric in the database); the decimal text is the
// contract's (fromUnits).
import { fromUnits } from '@portal/contract';

/** Cents of price (6 decimals as string) times quantity (integer), rounded half-up. */
export function lineAmountCents(priceMicros: number, qty: number): number {
  // priceMicros * qty is at most ~1e12, safe in a double.
  return Math.floor((priceMicros * qty + 5000) / 10000);
}

/** Splits an amount incl. tax into excl. tax and tax: excl = round(incl / (1 + rate)), tax = incl - excl. */
export function splitTax(inclCents: number, ratePercent: number): { exclCents: number; taxCents: number } {
  // round-half-up of incl * 100 / (100 + rate), in integers: floor((2a + b) / 2b)
  const a = inclCents * 100;
  const b = 100 + ratePercent;
  const exclCents = Math.floor((2 * a + b) / (2 * b));
  return { exclCents, taxCents: inclCents - exclCents };
}

export const centsToString = (cents: number): string => fromUnits(BigInt(cents), 2);

export const microsToString = (micros: number): string => fromUnits(BigInt(micros), 6);
