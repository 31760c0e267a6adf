import { describe, expect, it } from 'vitest';
import { contrast, textShade } from './contrast';

describe('contrast', () => {
  it('measures the WCAG ratio', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#409EFF', '#ffffff')).toBeCloseTo(2.78, 2);
    expect(contrast('#8c8c8c', '#fff')).toBeCloseTo(3.36, 2);
  });

  it('darkens the brand colour until text on white (and white on it) reaches 4.5:1, and keeps dark colours', () => {
    const shade = textShade('#409EFF');
    expect(contrast(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(shade, '#ffffff')).toBeLessThan(4.8);
    expect(textShade('#304156')).toBe('#304156');
    // Selected menu entries and tags sit on a light tint of the brand: 4.5:1 there too.
    expect(contrast(textShade('#409EFF', 4.5, '#e6f4ff'), '#e6f4ff')).toBeGreaterThanOrEqual(4.5);
  });
});
