// Paper of a print template: its size in millimetres after the orientation, the area inside the margins, and
// the `@page` rule that gives the browser's print the same page.
import type { common } from '@portal/contract';

type Template = Pick<common.PrintTemplate, 'paperSize' | 'orientation' | 'margins'>;

/** Sheet sizes in millimetres, short side first; 241x140 is the continuous form of dot-matrix printers. */
const sizes: Record<common.PrintTemplate['paperSize'], [number, number]> = {
  A4: [210, 297],
  A5: [148, 210],
  '241x140': [140, 241],
};

/** CSS pixels per millimetre (96 per inch), as the browser lays out both screen and paper. */
export const pxPerMm = 96 / 25.4;

export interface Paper {
  width: number;
  height: number;
  margins: { top: number; right: number; bottom: number; left: number };
  /** Inside the margins, in millimetres. */
  contentWidth: number;
  contentHeight: number;
}

export function paperOf(template: Template): Paper {
  const [short, long] = sizes[template.paperSize];
  const [width, height] = template.orientation === 'landscape' ? [long, short] : [short, long];
  // Margins come from tenant data: never negative, never more than a third of the sheet.
  const clamp = (mm: number, side: number) => Math.min(Math.max(Number.isFinite(mm) ? mm : 0, 0), side / 3);
  const [top, right, bottom, left] = template.margins;
  const margins = { top: clamp(top, height), right: clamp(right, width), bottom: clamp(bottom, height), left: clamp(left, width) };
  return {
    width,
    height,
    margins,
    contentWidth: width - margins.left - margins.right,
    contentHeight: height - margins.top - margins.bottom,
  };
}

/** The print rule: the sheet's size and margins (numbers only, so the text cannot carry anything else). */
export function pageRule(paper: Paper): string {
  const mm = (n: number) => `${Number(n.toFixed(2))}mm`;
  const { top, right, bottom, left } = paper.margins;
  return `@page { size: ${mm(paper.width)} ${mm(paper.height)}; margin: ${mm(top)} ${mm(right)} ${mm(bottom)} ${mm(left)}; }`;
}
