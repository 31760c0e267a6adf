// Numeric comparison of decimal strings without float drift ("1003.10" vs "1003.1", "-0.5").
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
