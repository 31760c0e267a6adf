import { describe, expect, it } from 'vitest';
import { pageRule, paperOf } from './paper';

describe('paperOf', () => {
  it('turns the sheet for landscape and keeps the room inside the margins', () => {
    const a4 = paperOf({ paperSize: 'A4', orientation: 'landscape', margins: [10, 12, 10, 12] });
    expect([a4.width, a4.height, a4.contentWidth, a4.contentHeight]).toEqual([297, 210, 273, 190]);
    const form = paperOf({ paperSize: '241x140', orientation: 'landscape', margins: [6, 6, 6, 6] });
    expect([form.width, form.height]).toEqual([241, 140]);
    expect(paperOf({ paperSize: 'A5', orientation: 'portrait', margins: [0, 0, 0, 0] }).height).toBe(210);
  });

  it('bounds margins from tenant data', () => {
    const p = paperOf({ paperSize: 'A4', orientation: 'portrait', margins: [-5, 500, Number.NaN, 8] });
    expect(p.margins).toEqual({ top: 0, right: 70, bottom: 0, left: 8 });
  });

  it('writes the @page rule in millimetres', () => {
    expect(pageRule(paperOf({ paperSize: 'A5', orientation: 'landscape', margins: [8, 8, 8, 8] }))).toBe(
      '@page { size: 210mm 148mm; margin: 8mm 8mm 8mm 8mm; }',
    );
  });
});
