// One record printed through one template, as the sheets of paper it will come out on: the lines are measured
// once off screen and split into pages (paginate.ts), and every sheet repeats the header (title, header fields,
// column headings) and the footer (footer fields, note, page number). Print gives each sheet its own page at
// the template's size and margins (`@page`), so what the preview shows is what the printer gets.
import type { PrintRecord, common } from '@portal/contract';
import { type CSSProperties, type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cspNonce } from '../../app/csp';
import { formatTime } from '../../lib/format';
import { usePrintTime } from '../../lib/use-print-time';
import { type PrintLanguage, cellText, fieldText, fillText, footerFields } from './fill';
import { paginate } from './paginate';
import { type Paper, pageRule, paperOf, pxPerMm } from './paper';
import '../../components/print-sheet.css';

interface Props {
  template: common.PrintTemplate;
  record: PrintRecord;
  /** Told the number of sheets once they are laid out. */
  onPages?: (count: number) => void;
}

export function PagedPrintout({ template, record, onPages }: Props) {
  const { t, i18n } = useTranslation();
  const paper = useMemo(() => paperOf(template), [template]);
  const printedAt = usePrintTime();
  const zoom = useSheetZoom(paper.width);
  const measureRef = useRef<HTMLDivElement>(null);
  const [pages, setPages] = useState<[number, number][] | null>(null);
  const english = i18n.language === 'en';
  const language: PrintLanguage = english ? 'en' : 'zh-CN';
  // Labels are the template's own; in English the field's English name.
  // A footer total the template does not list reads the field's own name.
  const label = (field: string, own?: string) =>
    english || own === undefined ? t(`print.fields.${field}`, { defaultValue: own ?? field }) : own;
  const footer = useMemo(() => footerFields(template, record), [template, record]);
  const title = english ? t(`print.types.${record.printTypeCode}`) : fillText(template.layout.title, record, language);
  const colon = t('print.colon');
  const note = template.layout.note ? fillText(template.layout.note, record, language) : '';

  useLayoutEffect(() => {
    const box = measureRef.current;
    if (!box) return;
    const measure = () => {
      const height = (selector: string) => box.querySelector(selector)?.getBoundingClientRect().height ?? 0;
      const rows = [...box.querySelectorAll('tbody tr')].map((row) => row.getBoundingClientRect().height);
      const split = paginate({
        page: paper.contentHeight * pxPerMm,
        header: height('.print-head') + height('thead'),
        footer: height('.print-foot'),
        rows,
      });
      setPages(split);
    };
    measure();
    // Web fonts that arrive later change the heights: measure again once they are in.
    let live = true;
    void document.fonts?.ready.then(() => live && measure());
    return () => {
      live = false;
    };
  }, [paper, template, record, i18n.language]);
  useEffect(() => {
    if (pages) onPages?.(pages.length);
  }, [pages, onPages]);

  const head = (
    <div className="print-head">
      {record.fields.companyName && <div className="print-company">{record.fields.companyName}</div>}
      <h2 className="print-title">{title}</h2>
      <dl className="print-fields">
        {template.layout.header.map((f) => (
          <div key={f.field}>
            <dt>
              {label(f.field, f.label)}
              {colon}
            </dt>
            <dd>{fieldText(record, f.field, language)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
  const total = template.layout.columns.reduce((sum, c) => sum + Math.max(c.width, 1), 0);
  const table = (rows: ReactNode) => (
    <table className="print-lines">
      <colgroup>
        {template.layout.columns.map((c) => (
          <col key={c.field} style={{ width: `${((Math.max(c.width, 1) / total) * 100).toFixed(2)}%` }} />
        ))}
      </colgroup>
      <thead>
        <tr>
          {template.layout.columns.map((c) => (
            <th key={c.field} scope="col" className={`align-${c.align}`}>
              {label(c.field, c.label)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{rows}</tbody>
    </table>
  );
  const rowsOf = (lines: PrintRecord['lines'], offset: number) =>
    lines.map((line, index) => (
      <tr key={offset + index}>
        {template.layout.columns.map((c) => (
          <td key={c.field} className={`align-${c.align}`}>
            {cellText(record, line, c.field, language)}
          </td>
        ))}
      </tr>
    ));
  const foot = (page: number, count: number) => (
    <div className="print-foot">
      {footer.length > 0 && (
        <dl className="print-fields">
          {footer.map((f) => (
            <div key={f.field}>
              <dt>
                {label(f.field, f.label)}
                {colon}
              </dt>
              <dd>{fieldText(record, f.field, language)}</dd>
            </div>
          ))}
        </dl>
      )}
      {note && <p className="print-note">{note}</p>}
      <div className="print-page-line">
        <span>{t('print.printedAt', { time: formatTime(printedAt) })}</span>
        <span className="print-page-number">{t('print.pageOf', { page, pages: count })}</span>
      </div>
    </div>
  );

  return (
    <>
      <style nonce={cspNonce}>{pageRule(paper)}</style>
      <div className="print-measure" ref={measureRef} aria-hidden="true" style={sheetVars(paper)}>
        <div className="print-sheet-inner">
          {head}
          {table(rowsOf(record.lines, 0))}
          {foot(1, 1)}
        </div>
      </div>
      {pages && (
        <div className="print-sheets" style={{ '--sheet-zoom': zoom } as CSSProperties}>
          {pages.map(([start, end], index) => (
            <article
              key={`${template.templateCode}-${index}`}
              className="print-sheet"
              aria-label={t('print.sheet', { page: index + 1 })}
              style={sheetVars(paper)}
            >
              <div className="print-sheet-inner">
                {head}
                {table(rowsOf(record.lines.slice(start, end), start))}
                {foot(index + 1, pages.length)}
              </div>
            </article>
          ))}
        </div>
      )}
    </>
  );
}

/** The sheet's measures as CSS variables (set through the CSSOM, which the page's CSP allows). */
function sheetVars(paper: Paper): CSSProperties {
  const mm = (n: number) => `${n}mm`;
  return {
    '--paper-w': mm(paper.width),
    '--paper-h': mm(paper.height),
    '--content-w': mm(paper.contentWidth),
    '--content-h': mm(paper.contentHeight),
    '--margin-top': mm(paper.margins.top),
    '--margin-right': mm(paper.margins.right),
    '--margin-bottom': mm(paper.margins.bottom),
    '--margin-left': mm(paper.margins.left),
  } as CSSProperties;
}

/** On a screen narrower than the sheet (a phone), the sheets shrink to fit its width; paper is never scaled. */
function useSheetZoom(paperWidth: number): number {
  const fit = () => Math.min(1, Math.max(0.2, (window.innerWidth - 16) / (paperWidth * pxPerMm)));
  const [zoom, setZoom] = useState(fit);
  useEffect(() => {
    const onResize = () => setZoom(fit());
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fit reads only paperWidth
  }, [paperWidth]);
  return zoom;
}
