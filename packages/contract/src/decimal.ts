// Exact decimals, the one module for them on both sides: parsing and comparing what people type or paste
// ("1,003.10", "+5", ".5") and arithmetic on decimal strings ("1003.00", "-51.5") in scaled BigInt units
// rounded half-up, so that neither the browser nor the server adds, divides or compares floats.
export function parseDecimal(text: string): { sign: 1 | -1; whole: string; frac: string } | null {
  const m = /^\s*([+-])?(\d*)(?:\.(\d*))?\s*$/.exec(text.replaceAll(',', ''));
  if (!m || (!m[2] && !m[3])) return null;
  const whole = (m[2] ?? '').replace(/^0+(?=\d)/, '') || '0';
  const frac = (m[3] ?? '').replace(/0+$/, '');
  const zero = /^0*$/.test(whole) && frac === '';
  return { sign: m[1] === '-' && !zero ? -1 : 1, whole, frac };
}

export const isDecimal = (text: string) => parseDecimal(text) !== null;

/** -1, 0 or 1; both must be decimals (check with isDecimal first). */
export function compareDecimal(a: string, b: string): number {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (!x || !y) throw new Error(`not a number: ${x ? b : a}`);
  return compareParsed(x, y);
}

export type Decimal = NonNullable<ReturnType<typeof parseDecimal>>;

/** compareDecimal on parsed values, for sorting many rows (parse each once). */
export function compareParsed(x: Decimal, y: Decimal): number {
  if (x.sign !== y.sign) return x.sign < y.sign ? -1 : 1;
  const magnitude = (() => {
    if (x.whole.length !== y.whole.length) return x.whole.length < y.whole.length ? -1 : 1;
    if (x.whole !== y.whole) return x.whole < y.whole ? -1 : 1;
    const len = Math.max(x.frac.length, y.frac.length);
    const fx = x.frac.padEnd(len, '0');
    const fy = y.frac.padEnd(len, '0');
    return fx === fy ? 0 : fx < fy ? -1 : 1;
  })();
  return magnitude * x.sign;
}

/** The value in units of 10^-places, rounded half-up (away from zero). */
export function toUnits(value: string, places: number): bigint {
  const d = parseDecimal(value);
  if (!d) throw new RangeError(`not a decimal: ${value}`);
  let units = BigInt(`${d.whole}${d.frac.slice(0, places).padEnd(places, '0')}`);
  if ((d.frac[places] ?? '0') >= '5') units += 1n;
  return d.sign < 0 ? -units : units;
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

/**
 * A decimal string as people read it: thousands grouped (unless `group` is false: grids whose filters run
 * on the server compare the plain text), rounded half-up to `max` places (default: the places it has),
 * trailing zeros dropped down to `min` places. Text that is not a number is shown as it came.
 */
export function formatDecimal(
  value: string | null | undefined,
  { min = 0, max, group = true }: { min?: number; max?: number; group?: boolean } = {},
): string {
  if (value === null || value === undefined || value === '') return '';
  if (!isDecimal(value)) return value;
  // Without `max`, every place the value carries is kept.
  const places = max ?? Math.max(min, value.split('.')[1]?.trim().length ?? 0);
  const [whole = '', frac = ''] = fromUnits(toUnits(value, places), places).split('.');
  let kept = frac;
  while (kept.length > min && kept.endsWith('0')) kept = kept.slice(0, -1);
  return `${group ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : whole}${kept ? `.${kept}` : ''}`;
}
