// Contrast of colours (WCAG 2 relative luminance) and the shade of a brand colour that text can be written
// in, or on: the theme colour stays the brand, its darker shade carries text (WCAG AA, 4.5:1).

const channel = (value: number) => {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

function rgbOf(hex: string): [number, number, number] {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

const hexOf = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

export function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map(channel) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The colour itself when white text on it (and it as text on white) reaches `ratio`; otherwise the lightest
 * mix of it with black that does. `#409EFF` (2.78:1) gives `#0a6fd6`-like shades of the same hue.
 */
export function textShade(hex: string, ratio = 4.5, background = '#ffffff'): string {
  const rgb = rgbOf(hex);
  for (let keep = 1; keep > 0; keep -= 0.01) {
    const shade = hexOf(rgb.map((c) => c * keep));
    if (contrast(shade, background) >= ratio) return shade;
  }
  return '#000000';
}

/**
 * The theme's colour for text and selected states: readable on white and on the light tint antd puts under
 * selected entries (#e6f4ff for the default theme).
 */
export const primaryShade = (theme: string) => textShade(theme, 4.5, '#e6f4ff');
