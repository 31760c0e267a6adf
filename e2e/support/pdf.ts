// What a PDF printed by Chromium holds, page by page: the size in millimetres and the text (pdf.js).
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfPage {
  widthMm: number;
  heightMm: number;
  /** The page's text with white space removed (text runs are split unpredictably). */
  text: string;
}

export async function pdfPages(pdf: Buffer): Promise<PdfPage[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), disableFontFace: true, useSystemFonts: false }).promise;
  const pages: PdfPage[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const { width, height } = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? item.str : ''))
      .join('')
      .replace(/\s+/g, '');
    pages.push({ widthMm: (width * 25.4) / 72, heightMm: (height * 25.4) / 72, text });
  }
  await doc.destroy();
  return pages;
}
