// Exact money for the rules: decimal strings to integer cents and back (no floats), half-up to 2 places.

/** Cents of a decimal string ("1003.5", "-51.00", "12.345" rounds half-up to 12.35). */
export function toCents(text: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`not a decimal: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  const digits = (fraction + '000').slice(0, 3);
  let cents = BigInt(whole!) * 100n + BigInt(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) cents += 1n;
  return sign ? -cents : cents;
}

export function fromCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** As a person reads it: 1234567.8 -> '1,234,567.80'. */
export function shown(text: string): string {
  const plain = fromCents(toCents(text));
  const [whole, fraction] = plain.split('.') as [string, string];
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}
