// What a PDF printed by Chromium holds, page by page: the size in millimetres and the text (pdf.js).
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * A font's glyph may stand for several code points, and pdf.js reads some CJK glyphs back as radicals (⽇ for 日,
 * ⻚ for 页): NFKC folds the Kangxi radicals, this table the simplified forms of the radicals supplement.
 */
const radicals: Record<string, string> = {
  '⻚': '页',
  '⻝': '食',
  '⻓': '长',
  '⻔': '门',
  '⻅': '见',
  '⻋': '车',
  '⻛': '风',
  '⻉': '贝',
  '⻢': '马',
  '⻥': '鱼',
  '⻦': '鸟',
  '⻨': '麦',
  '⻩': '黄',
  '⻬': '齐',
  '⻮': '齿',
  '⻰': '龙',
  '⻆': '角',
  '⻘': '青',
  '⻄': '西',
  '⻜': '飞',
};

/** Text as compared with what a PDF gave back: white space removed, radicals folded to their characters. */
export const foldText = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/[\u2E80-\u2EFF]/g, (c) => radicals[c] ?? c)
    .replace(/\s+/g, '');

export interface PdfPage {
  widthMm: number;
  heightMm: number;
  /** The page's text, folded (foldText): white space removed (text runs are split unpredictably). */
  text: string;
}

export async function pdfPages(pdf: Buffer): Promise<PdfPage[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), disableFontFace: true, useSystemFonts: false }).promise;
  const pages: PdfPage[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const { width, height } = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const text = foldText(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
    pages.push({ widthMm: (width * 25.4) / 72, heightMm: (height * 25.4) / 72, text });
  }
  await doc.destroy();
  return pages;
}
