// The certificate import: the template (.xlsx, the types on a second sheet), reading a filled sheet row by
// row (platform/xlsx), checking every row (type known, number present, dates real, goods
// barcode of the supplier's, no duplicate in the sheet), and the validation report as .xlsx. All in the
// caller's language; a filled sheet may carry either language's header.
import type { Readable } from 'node:stream';
import { PassThrough } from 'node:stream';
import { type ImportRow, type Language, certificate as contract, isCalendarDate, languages, titleIn } from '@portal/contract';
import ExcelJS from 'exceljs';
import { ApiError, type Localized } from '../../platform/errors';
import { firstSheetRows } from '../../platform/xlsx';
import { type ImportTexts, importTexts } from './import-texts';

const { importColumns, maxImportRows, typeNameIn } = contract;
type Field = contract.ImportField;
type Cells = Omit<ImportRow, 'row' | 'errors'>;

/** A refusal's text in each language. */
const inEach = (text: (words: ImportTexts) => string): Localized => ({ 'zh-CN': text(importTexts['zh-CN']), en: text(importTexts.en) });

const columnOf = Object.fromEntries(importColumns.map((c) => [c.field, c])) as Record<Field, (typeof importColumns)[number]>;
const headerIn = (language: Language, field: Field) => titleIn(language, columnOf[field]);
const dateFields = new Set<Field>(['validFrom', 'validTo', 'nextReviewDate']);
const maxLength: Record<Field, number> = {
  typeName: 40,
  ctfNumber: 60,
  ctfName: 100,
  issuer: 100,
  validFrom: 10,
  validTo: 10,
  nextReviewDate: 10,
  barcode: 20,
  goodsName: 100,
  approvalNumber: 60,
};

// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const controlCharacters = /[\u0000-\u001f\u007f]/g;

/** A cell's text, control characters dropped. */
const textOf = (cell: string) => cell.replace(controlCharacters, '').trim();

/** A date as typed (2026-03-01, 2026/3/1, 2026.3.1): YYYY-MM-DD, or null when it is not a calendar day. */
export function dateOf(text: string): string | null {
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(text);
  if (!m) return null;
  const iso = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}

/**
 * The field each cell of a header row names, in the language whose headers the row carries most of (the
 * caller's on a tie); refused, naming the columns absent in that language, unless it has them all. A header
 * that mixes the languages is refused as well: the report names the columns in one language.
 */
function headerFields(cells: string[], language: Language): (Field | undefined)[] {
  const texts = cells.map(textOf);
  const fieldsIn = (sheetLanguage: Language) => {
    const byHeader = new Map<string, Field>(importColumns.map((c) => [titleIn(sheetLanguage, c), c.field]));
    return texts.map((text) => byHeader.get(text));
  };
  const known = (fields: (Field | undefined)[]) => new Set(fields.filter(Boolean)).size;
  const other = languages.find((l) => l !== language)!;
  const [inLanguage, inOther] = [fieldsIn(language), fieldsIn(other)];
  const [sheetLanguage, fields] = known(inOther) > known(inLanguage) ? [other, inOther] : [language, inLanguage];
  const absent = importColumns.filter((c) => !fields.includes(c.field)).map((c) => titleIn(sheetLanguage, c));
  if (absent.length) throw ApiError.badRequest(inEach((words) => words.missingColumns(absent.join(words.listSeparator))));
  return fields;
}

/** The rows of the first sheet below the header, as texts by field (at most maxImportRows); refusals in each language. */
export async function readSheet(bytes: Buffer, language: Language): Promise<{ row: number; cells: Cells }[]> {
  const sheet = await firstSheetRows(bytes);
  if (!sheet) throw ApiError.badRequest(inEach((words) => words.unreadable));
  const [header, ...body] = sheet;
  if (!header) throw ApiError.badRequest(inEach((words) => words.empty));
  const fields = headerFields(header.cells, language);
  const rows: { row: number; cells: Cells }[] = [];
  for (const { row, cells: texts } of body) {
    const cells = Object.fromEntries(importColumns.map((c) => [c.field, ''])) as Cells;
    texts.forEach((text, i) => {
      const field = fields[i];
      if (field) cells[field] = textOf(text);
    });
    if (Object.values(cells).every((v) => v === '')) continue;
    if (rows.length >= maxImportRows) throw ApiError.badRequest(inEach((words) => words.tooManyRows(maxImportRows)));
    rows.push({ row, cells });
  }
  return rows;
}

export interface ImportContext {
  today: string;
  /** Types by name and by code. */
  types: Map<string, { typeCode: string; typeName: string; typeNameEn: string; scope: 'supplier' | 'goods'; enabled: boolean }>;
  /** The supplier's goods names by barcode. */
  goods: Map<string, string>;
  /** Current certificates under review, by type code and barcode ('SPJY|'). */
  underReview: Set<string>;
}

/** Every problem of one row, by field header, in the language. */
export function rowErrors(
  cells: Cells,
  context: ImportContext,
  seen: Map<string, number>,
  row: number,
  language: Language,
): ImportRow['errors'] {
  const words = importTexts[language];
  const errors: ImportRow['errors'] = [];
  const fail = (field: Field, message: string) => errors.push({ field: headerIn(language, field), message });
  for (const { field } of importColumns) {
    if (cells[field].length > maxLength[field]) fail(field, words.tooLong(maxLength[field]));
  }
  const type = context.types.get(cells.typeName);
  if (!cells.typeName) fail('typeName', words.typeRequired);
  else if (!type || !type.enabled) fail('typeName', words.unknownType(cells.typeName));
  if (!cells.ctfNumber) fail('ctfNumber', words.numberRequired);
  if (!cells.ctfName) fail('ctfName', words.nameRequired);
  for (const field of dateFields) {
    if (cells[field] && !dateOf(cells[field])) fail(field, words.badDate(cells[field]));
  }
  if (!cells.validTo) fail('validTo', words.validToRequired);
  const from = dateOf(cells.validFrom);
  const to = dateOf(cells.validTo);
  if (from && to && from > to) fail('validTo', words.validToBeforeFrom);
  if (type?.scope === 'goods') {
    if (!cells.barcode) fail('barcode', words.barcodeRequired(typeNameIn(language, type)));
    else if (!context.goods.has(cells.barcode)) fail('barcode', words.notOwnGoods(cells.barcode));
  }
  if (type) {
    const slot = `${type.typeCode}|${type.scope === 'goods' ? cells.barcode : ''}`;
    const earlier = seen.get(slot);
    if (earlier !== undefined) fail(type.scope === 'goods' ? 'barcode' : 'typeName', words.sameAs(earlier));
    else seen.set(slot, row);
    if (context.underReview.has(slot)) fail('typeName', words.underReview);
  }
  return errors;
}

/** The template's example row; its type is a stored type name, so it stays as stored in either language. */
const templateExample = (language: Language): Record<Field, string> => ({
  typeName: '营业执照',
  ctfNumber: '91310000MA1FL0AB1X',
  ctfName: importTexts[language].example.ctfName,
  issuer: importTexts[language].example.issuer,
  validFrom: '2024-01-01',
  validTo: '2034-01-01',
  nextReviewDate: '2026-06-30',
  barcode: '',
  goodsName: '',
  approvalNumber: '',
});

/** A header's column width: a Chinese character takes about two widths of a Latin one. */
const widthOf = (header: string, language: Language) => Math.max(14, language === 'en' ? header.length + 4 : header.length * 3);
const headerColumns = (language: Language) =>
  importColumns.map((c) => {
    const header = titleIn(language, c);
    return { header, key: c.field, width: widthOf(header, language) };
  });

function workbookStream(build: (workbook: ExcelJS.stream.xlsx.WorkbookWriter) => void): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  build(workbook);
  workbook.commit().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}

/** The template in the language: the header, one example row, and the tenant's types on a second sheet. */
export function templateStream(
  types: { typeName: string; typeNameEn: string; scope: string; mandatory: boolean; annualReview: boolean }[],
  language: Language,
): Readable {
  const words = importTexts[language];
  return workbookStream((workbook) => {
    const sheet = workbook.addWorksheet(words.importSheet, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = headerColumns(language);
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    const example = templateExample(language);
    sheet.addRow(importColumns.map((c) => example[c.field])).commit();
    sheet.commit();
    const list = workbook.addWorksheet(words.typesSheet);
    const header = words.typesHeader;
    list.columns = [
      { header: header.typeName, key: 'typeName', width: 20 },
      { header: header.scope, key: 'scope', width: Math.max(10, header.scope.length + 2) },
      { header: header.mandatory, key: 'mandatory', width: Math.max(8, header.mandatory.length + 2) },
      { header: header.annualReview, key: 'annualReview', width: Math.max(8, header.annualReview.length + 2) },
    ];
    const yes = (value: boolean) => (value ? words.yes : words.no);
    for (const t of types)
      list
        .addRow([
          typeNameIn(language, t),
          t.scope === 'goods' ? words.scope.goods : words.scope.supplier,
          yes(t.mandatory),
          yes(t.annualReview),
        ])
        .commit();
    list.commit();
  });
}

/** The validation report in the language: the rows as sent, and their errors (as the import wrote them) in one column. */
export function reportStream(rows: ImportRow[], language: Language): Readable {
  const words = importTexts[language];
  return workbookStream((workbook) => {
    const sheet = workbook.addWorksheet(words.reportSheet, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = [
      { header: words.row, key: 'row', width: 8 },
      ...headerColumns(language),
      { header: words.result, key: 'errors', width: 60 },
    ];
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for (const r of rows) {
      const errors = r.errors.map((e) => `${e.field}${words.fieldSeparator}${e.message}`).join(words.errorSeparator);
      // A text that a spreadsheet would run as a formula keeps a leading quote.
      const safe = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
      sheet.addRow([r.row, ...importColumns.map((c) => safe(r[c.field])), errors || words.passed]).commit();
    }
    sheet.commit();
  });
}
