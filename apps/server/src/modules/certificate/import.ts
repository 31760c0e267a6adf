// The certificate import: the template (.xlsx, the types on a second sheet), reading a filled sheet row by
// row with exceljs's streaming reader, checking every row (type known, number present, dates real, goods
// barcode of the supplier's, no duplicate in the sheet), and the validation report as .xlsx.
import { PassThrough, Readable } from 'node:stream';
import { type ImportRow, certificate as contract, isCalendarDate } from '@portal/contract';
import ExcelJS from 'exceljs';
import { ApiError } from '../../platform/errors';

const { importColumns, maxImportRows } = contract;
type Field = contract.ImportField;
type Cells = Omit<ImportRow, 'row' | 'errors'>;

const headerOf = Object.fromEntries(importColumns) as Record<Field, string>;
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

/** A cell as text: dates as YYYY-MM-DD, formulas by their result, rich text joined; control characters dropped. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
    return '';
  }
  return String(value).replace(controlCharacters, '').trim();
}

/** A date as typed (2026-03-01, 2026/3/1, 2026.3.1): YYYY-MM-DD, or null when it is not a calendar day. */
export function dateOf(text: string): string | null {
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(text);
  if (!m) return null;
  const iso = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}

/** The rows of the first sheet below the header, as texts by field (at most maxImportRows). */
export async function readSheet(bytes: Buffer): Promise<{ row: number; cells: Cells }[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    entries: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
  });
  const rows: { row: number; cells: Cells }[] = [];
  let fields: (Field | undefined)[] | undefined;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = (Array.isArray(row.values) ? row.values : []) as ExcelJS.CellValue[];
        if (!fields) {
          const byHeader = new Map<string, Field>(importColumns.map(([field, header]) => [header, field]));
          fields = values.map((v) => byHeader.get(cellText(v)));
          const absent = importColumns.filter(([field]) => !fields!.includes(field)).map(([, header]) => header);
          if (absent.length) throw ApiError.badRequest(`file: 第 1 行缺少列：${absent.join('、')}（请使用导入模板）`);
          continue;
        }
        const cells = Object.fromEntries(importColumns.map(([field]) => [field, ''])) as Cells;
        values.forEach((v, i) => {
          const field = fields![i];
          if (field) cells[field] = cellText(v);
        });
        if (Object.values(cells).every((v) => v === '')) continue;
        if (rows.length >= maxImportRows) throw ApiError.badRequest(`file: 一次最多导入 ${maxImportRows} 行`);
        rows.push({ row: row.number, cells });
      }
      break; // only the first sheet holds certificates
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw ApiError.badRequest('file: 无法读取该 Excel 文件，请使用导入模板');
  }
  if (!fields) throw ApiError.badRequest('file: 表格是空的，请使用导入模板');
  return rows;
}

export interface ImportContext {
  today: string;
  /** Types by name and by code. */
  types: Map<string, { typeCode: string; typeName: string; scope: 'supplier' | 'goods'; enabled: boolean }>;
  /** The supplier's goods names by barcode. */
  goods: Map<string, string>;
  /** Current certificates under review, by type code and barcode ('SPJY|'). */
  underReview: Set<string>;
}

/** Every problem of one row, by field header. */
export function rowErrors(cells: Cells, context: ImportContext, seen: Map<string, number>, row: number): ImportRow['errors'] {
  const errors: ImportRow['errors'] = [];
  const fail = (field: Field, message: string) => errors.push({ field: headerOf[field], message });
  for (const [field] of importColumns) {
    if (cells[field].length > maxLength[field]) fail(field, `不能超过${maxLength[field]}个字符`);
  }
  const type = context.types.get(cells.typeName);
  if (!cells.typeName) fail('typeName', '请填写证照类型');
  else if (!type || !type.enabled) fail('typeName', `未知的证照类型「${cells.typeName}」`);
  if (!cells.ctfNumber) fail('ctfNumber', '请填写证照编号');
  if (!cells.ctfName) fail('ctfName', '请填写证照名称');
  for (const field of dateFields) {
    if (cells[field] && !dateOf(cells[field])) fail(field, `日期「${cells[field]}」无效，应为 YYYY-MM-DD`);
  }
  if (!cells.validTo) fail('validTo', '请填写有效期至');
  const from = dateOf(cells.validFrom);
  const to = dateOf(cells.validTo);
  if (from && to && from > to) fail('validTo', '有效期至不能早于生效日期');
  if (type?.scope === 'goods') {
    if (!cells.barcode) fail('barcode', `${type.typeName}须填写商品条码`);
    else if (!context.goods.has(cells.barcode)) fail('barcode', `商品条码 ${cells.barcode} 不是本供应商的商品`);
  }
  if (type) {
    const slot = `${type.typeCode}|${type.scope === 'goods' ? cells.barcode : ''}`;
    const earlier = seen.get(slot);
    if (earlier !== undefined) fail(type.scope === 'goods' ? 'barcode' : 'typeName', `与第 ${earlier} 行是同一证照`);
    else seen.set(slot, row);
    if (context.underReview.has(slot)) fail('typeName', '该证照正在审核中，不能导入');
  }
  return errors;
}

const templateExample: Record<Field, string> = {
  typeName: '营业执照',
  ctfNumber: '91310000MA1FL0AB1X',
  ctfName: '营业执照',
  issuer: '上海市市场监督管理局',
  validFrom: '2024-01-01',
  validTo: '2034-01-01',
  nextReviewDate: '2026-06-30',
  barcode: '',
  goodsName: '',
  approvalNumber: '',
};

function workbookStream(build: (workbook: ExcelJS.stream.xlsx.WorkbookWriter) => void): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  build(workbook);
  workbook.commit().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}

/** The template: the header, one example row, and the tenant's types on a second sheet. */
export function templateStream(types: { typeName: string; scope: string; mandatory: boolean; annualReview: boolean }[]): Readable {
  return workbookStream((workbook) => {
    const sheet = workbook.addWorksheet('证照导入', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = importColumns.map(([field, header]) => ({ header, key: field, width: Math.max(14, header.length * 3) }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    sheet.addRow(importColumns.map(([field]) => templateExample[field])).commit();
    sheet.commit();
    const list = workbook.addWorksheet('证照类型');
    list.columns = [
      { header: '证照类型', key: 'typeName', width: 20 },
      { header: '归属', key: 'scope', width: 10 },
      { header: '必备', key: 'mandatory', width: 8 },
      { header: '需年审', key: 'annualReview', width: 8 },
    ];
    for (const t of types)
      list.addRow([t.typeName, t.scope === 'goods' ? '商品' : '供应商', t.mandatory ? '是' : '否', t.annualReview ? '是' : '否']).commit();
    list.commit();
  });
}

/** The validation report: the rows as sent, and their errors in one column. */
export function reportStream(rows: ImportRow[]): Readable {
  return workbookStream((workbook) => {
    const sheet = workbook.addWorksheet('校验结果', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = [
      { header: '行号', key: 'row', width: 8 },
      ...importColumns.map(([field, header]) => ({ header, key: field, width: Math.max(14, header.length * 3) })),
      { header: '校验结果', key: 'errors', width: 60 },
    ];
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for (const r of rows) {
      const errors = r.errors.map((e) => `${e.field}：${e.message}`).join('；');
      // A text that a spreadsheet would run as a formula keeps a leading quote.
      const safe = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
      sheet.addRow([r.row, ...importColumns.map(([field]) => safe(r[field])), errors || '通过']).commit();
    }
    sheet.commit();
  });
}
