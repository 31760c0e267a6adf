// Reading an import file (.xlsx by platform/xlsx, .csv as RFC 4180 text in UTF-8 or GB18030) into
// rows of cell texts, and writing the template and the report (.xlsx). No rule of the documents here: a cell is
// text (a date cell YYYY-MM-DD, a number as written), the documents service decides what is valid.
import type { Readable } from 'node:stream';
import { PassThrough } from 'node:stream';
import { type Language, integration, titleIn } from '@portal/contract';
import ExcelJS from 'exceljs';

type ReportLine = integration.ReportLine;
import { ApiError } from '../../../platform/errors';
import { type SheetRow, firstSheetRows } from '../../../platform/xlsx';
import { fileTexts, importTexts } from './texts';

export interface Sheet {
  header: string[];
  rows: SheetRow[];
}

/** A cell's text is cut here: the documents' own limits are far below, so the cut text is still refused. */
const maxCellLength = 5_000;

const tooManyRows = (rows: number) => new ApiError(413, '413', fileTexts.tooManyRows(integration.maxImportRows, rows));

const clean = (text: string) => text.slice(0, maxCellLength).trim();

async function readXlsx(bytes: Buffer): Promise<Sheet> {
  const sheet = await firstSheetRows(bytes);
  if (!sheet) throw ApiError.badRequest(fileTexts.unreadable);
  const [first, ...body] = sheet;
  if (!first) throw ApiError.badRequest(fileTexts.empty);
  const rows: SheetRow[] = [];
  for (const { row, cells } of body) {
    const texts = cells.map(clean);
    if (texts.every((c) => c === '')) continue;
    if (rows.length >= integration.maxImportRows) throw tooManyRows(rows.length + 1);
    rows.push({ row, cells: texts });
  }
  return { header: first.cells.map(clean), rows };
}

/** UTF-8 (with or without a byte-order mark), else GB18030 (Excel's CSV on a Chinese Windows). */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    try {
      return new TextDecoder('gb18030', { fatal: true }).decode(bytes);
    } catch {
      throw ApiError.badRequest(fileTexts.unreadable);
    }
  }
}

/** RFC 4180 records: fields split by commas, quoted fields may hold commas, quotes ("") and line breaks. */
export function* csvRecords(text: string): Generator<string[]> {
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      record.push(field);
      yield record;
      record = [];
      field = '';
      if (ch === '\r' && text[i + 1] === '\n') i++;
    } else field += ch;
    i++;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    yield record;
  }
}

function readCsv(bytes: Buffer): Sheet {
  let header: string[] | undefined;
  const rows: SheetRow[] = [];
  let number = 0;
  for (const record of csvRecords(decodeText(bytes))) {
    number++;
    const cells = record.map(clean);
    if (!header) {
      header = cells;
      continue;
    }
    if (cells.every((c) => c === '')) continue;
    if (rows.length >= integration.maxImportRows) throw tooManyRows(rows.length + 1);
    rows.push({ row: number, cells });
  }
  if (!header || header.every((h) => h === '')) throw ApiError.badRequest(fileTexts.empty);
  return { header, rows };
}

export function readSheet(bytes: Buffer, kind: 'xlsx' | 'csv'): Promise<Sheet> | Sheet {
  return kind === 'xlsx' ? readXlsx(bytes) : readCsv(bytes);
}

function workbookStream(build: (workbook: ExcelJS.stream.xlsx.WorkbookWriter) => void): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  build(workbook);
  workbook.commit().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}

/** A header's column width: a Chinese character takes about two widths of a Latin one. */
const widthOf = (header: string, language: Language) => Math.max(12, language === 'en' ? header.length + 4 : header.length * 3);

/** The template: the header in the language, one example row; every cell text, so codes keep leading zeros. */
export function templateStream(entity: integration.ImportEntity, language: Language): Readable {
  return workbookStream((workbook) => {
    const sheet = workbook.addWorksheet(importTexts[language].templateSheet, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = entity.columns.map((c) => {
      const header = titleIn(language, c);
      return { header, key: c.path, width: widthOf(header, language), style: { numFmt: '@' } };
    });
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    sheet.addRow(entity.columns.map((c) => c.example)).commit();
    sheet.commit();
  });
}

/** A text a spreadsheet would run as a formula keeps a leading quote. */
const safe = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/** The report in the language: row, key, outcome, column, reason. */
export function reportStream(lines: ReportLine[], language: Language): Readable {
  const words = importTexts[language];
  const outcomes = language === 'en' ? integration.reportOutcomeTextEn : integration.reportOutcomeText;
  return workbookStream((workbook) => {
    const sheet = workbook.addWorksheet(words.reportSheet, { views: [{ state: 'frozen', ySplit: 1 }] });
    const h = words.reportHeader;
    sheet.columns = [
      { header: h.row, key: 'row', width: 8 },
      { header: h.key, key: 'key', width: 20 },
      { header: h.outcome, key: 'outcome', width: 12 },
      { header: h.column, key: 'column', width: 20 },
      { header: h.reason, key: 'reason', width: 80 },
    ];
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for (const l of lines)
      sheet.addRow([l.row, safe(l.key), outcomes[l.outcome], safe(l.column?.[language] ?? ''), safe(l.reason?.[language] ?? '')]).commit();
    sheet.commit();
  });
}
