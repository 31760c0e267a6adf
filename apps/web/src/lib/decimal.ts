// Exact arithmetic on the decimal strings the server sends ("1003.00", "-51.5", "12.500000"): scaled
// BigInt units, rounded half-up, so that the browser never adds or divides floats.
const pattern = /^(-)?(\d+)(?:\.(\d+))?$/;

export const isDecimalText = (value: string): boolean => pattern.test(value.trim());

/** The value in units of 10^-places, rounded half-up (away from zero). */
export function toUnits(value: string, places: number): bigint {
  const m = pattern.exec(value.trim());
  if (!m) throw new RangeError(`not a decimal: ${value}`);
  const [, minus, whole, frac = ''] = m;
  let units = BigInt(`${whole}${frac.slice(0, places).padEnd(places, '0')}`);
  if ((frac[places] ?? '0') >= '5') units += 1n;
  return minus ? -units : units;
}

/** Units of 10^-places back to decimal text with exactly `places` decimals. */
export function fromUnits(units: bigint, places: number): string {
  const sign = units < 0n ? '-' : '';
  const digits = (units < 0n ? -units : units).toString().padStart(places + 1, '0');
  const cut = digits.length - places;
  return `${sign}${digits.slice(0, cut)}${places > 0 ? `.${digits.slice(cut)}` : ''}`;
}

/** a - b, exact to `places` decimals. */
export const subtractDecimal = (a: string, b: string, places = 3): string => fromUnits(toUnits(a, places) - toUnits(b, places), places);

/** part / whole as a percentage with `places` decimals, rounded half-up; null when whole is zero. */
export function percentOf(part: string, whole: string, places = 1): string | null {
  const p = toUnits(part, 6);
  const w = toUnits(whole, 6);
  if (w === 0n) return null;
  const negative = p < 0n !== w < 0n && p !== 0n;
  const [num, den] = [p < 0n ? -p : p, w < 0n ? -w : w];
  const scaled = (num * 100n * 10n ** BigInt(places) * 2n + den) / (2n * den);
  return fromUnits(negative ? -scaled : scaled, places);
}
