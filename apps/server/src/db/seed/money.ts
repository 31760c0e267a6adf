// Exact money arithmetic for the seed, in integer cents (numeric in the database).
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

export function centsToString(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function microsToString(micros: number): string {
  return `${Math.floor(micros / 1_000_000)}.${String(micros % 1_000_000).padStart(6, '0')}`;
}
