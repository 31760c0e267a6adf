// Reads the portal's image captcha the way a machine would, for the browser tests of public forms: svg-captcha
// draws each character as its font glyph's outline, shifted and with coordinates jittered by at most 0.1, so
// a character is the glyph whose commands and relative coordinates match. (It also shows that such a captcha
// only slows a determined bot; the per-address limit is what bounds one.)
import svgCaptcha from 'svg-captcha';

interface Glyph {
  getPath(x: number, y: number, size: number): { toPathData(decimals?: number): string };
}
interface Font {
  charToGlyph(ch: string): Glyph;
}

/** Command letters and the coordinates relative to the first point. */
function shape(d: string): { letters: string; coords: number[] } {
  const letters = d.replace(/[^A-Za-z]/g, '');
  const numbers = (d.match(/-?\d*\.?\d+(e-?\d+)?/g) ?? []).map(Number);
  const [x0 = 0, y0 = 0] = numbers;
  return { letters, coords: numbers.map((n, i) => n - (i % 2 === 0 ? x0 : y0)) };
}

const candidates = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** The text of a captcha image (a data: URL of the SVG the server made). */
export function readCaptcha(dataUrl: string): string {
  const svg = Buffer.from(dataUrl.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');
  const font = (svgCaptcha.options as unknown as { font: Font; fontSize?: number }).font;
  const size = (svgCaptcha.options as { fontSize?: number }).fontSize ?? 56;
  const references = [...candidates].map((ch) => ({ ch, ...shape(font.charToGlyph(ch).getPath(0, 0, size).toPathData(2)) }));
  const chars = [...svg.matchAll(/<path fill="[^"]+" d="([^"]+)"\/>/g)].map((m) => {
    const d = m[1]!;
    const found = shape(d);
    const match = references.find(
      (r) =>
        r.letters === found.letters &&
        r.coords.length === found.coords.length &&
        r.coords.every((c, i) => Math.abs(c - found.coords[i]!) < 0.5),
    );
    return { ch: match?.ch ?? '?', x: Number(/^M(-?[\d.]+)/.exec(d)?.[1] ?? 0) };
  });
  return chars
    .sort((a, b) => a.x - b.x)
    .map((c) => c.ch)
    .join('');
}
