// 数据导入 (ms0111): a file's rows become documents of one entity (one row per document, or per line with the
// header fields repeated and grouped by the key), checked by the documents service in a dry run, or imported
// through it (source 'import', the staff account as sender). The report names each problem's sheet row and
// column in both languages. The rules of the documents live in the documents service only.
import { type Language, type Localized, integration, titleIn } from '@portal/contract';
import type { AppContext } from '../../../platform/context';
import { ApiError } from '../../../platform/errors';
import type { ReceivedFile } from '../../../platform/files/upload';
import { xlsxType } from '../../../platform/list-export';
import type { Download } from '../../../platform/route';
import type { SessionContext } from '../../../platform/session-context';
import { ingest } from '../documents/service';
import { type Sheet, readSheet, reportStream, templateStream } from './sheet';
import { fileTexts, importTexts } from './texts';

type ImportEntity = integration.ImportEntity;
type ImportReport = integration.ImportReport;
type ReportLine = integration.ReportLine;
type DocumentRefusal = integration.DocumentRefusal;
type ImportColumn = integration.ImportColumn;
type DocumentEntity = integration.DocumentEntity;

const localizedTitle = (c: ImportColumn): Localized => ({ 'zh-CN': c.title, en: c.titleEn });

function entityOf(entity: DocumentEntity): ImportEntity {
  const found = integration.importEntityOf(entity);
  if (!found) throw ApiError.badRequest({ 'zh-CN': `不能导入 ${entity}`, en: `${entity} cannot be imported` });
  return found;
}

function staffOnly(session: SessionContext): void {
  if (session.kind !== 'staff') throw ApiError.forbidden(fileTexts.staffOnly);
}

export function template(session: SessionContext, entity: DocumentEntity, language: Language): Download {
  staffOnly(session);
  const spec = entityOf(entity);
  return {
    fileName: importTexts[language].templateFile(titleIn(language, spec)),
    contentType: xlsxType,
    body: templateStream(spec, language),
  };
}

export function reportFile(entity: DocumentEntity, lines: ReportLine[], language: Language): Download {
  const spec = entityOf(entity);
  return {
    fileName: importTexts[language].reportFile(titleIn(language, spec)),
    contentType: xlsxType,
    body: reportStream(lines, language),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Rows to documents

/** The column each header cell names (its title in either language, or its field path); refused when one is missing. */
function columnsOfHeader(spec: ImportEntity, header: string[]): (ImportColumn | undefined)[] {
  const byText = new Map<string, ImportColumn>();
  for (const c of spec.columns) for (const text of [c.title, c.titleEn, c.path]) byText.set(text.toLowerCase(), c);
  const columns = header.map((text) => (text ? byText.get(text.toLowerCase()) : undefined));
  const seen = new Set<ImportColumn>();
  for (const c of columns) {
    if (!c) continue;
    if (seen.has(c)) throw ApiError.badRequest(fileTexts.repeatedColumn(c.title, c.titleEn));
    seen.add(c);
  }
  const missing = spec.columns.filter((c) => c.path !== 'version' && !c.optional && !seen.has(c));
  if (missing.length > 0)
    throw ApiError.badRequest(
      fileTexts.missingColumns(missing.map((c) => c.title).join('、'), missing.map((c) => `"${c.titleEn}"`).join(', ')),
    );
  return columns;
}

/** A problem found while reading the cells, before the documents service sees the document. */
interface CellProblem {
  row: number;
  column: ImportColumn | null;
  reason: Localized;
}

/** One document made of rows: the rows it came from (its list items' rows in order) and its problems. */
interface Assembled {
  key: string;
  rows: number[];
  doc: Record<string, unknown>;
  problems: CellProblem[];
}

const yes = new Set(['是', 'y', 'yes', 'true', '1']);
const no = new Set(['否', 'n', 'no', 'false', '0']);

/** A date as typed (2026-03-01, 2026/3/1, 2026.3.1, 2026年3月1日): YYYY-MM-DD; anything else stays for the service to refuse. */
function dateText(text: string): string {
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(text);
  return m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : text;
}

/** A cell's value for the document; a cell it cannot convert keeps its text and is reported. */
function valueOf(column: ImportColumn, text: string, fail: (reason: Localized) => void): unknown {
  const aliased = column.aliases && Object.hasOwn(column.aliases, text) ? column.aliases[text]! : text;
  switch (column.type) {
    case 'int':
      if (/^[+-]?\d{1,16}$/.test(text)) return Number(text);
      fail(fileTexts.notInteger);
      return text;
    case 'bool':
      if (yes.has(text.toLowerCase())) return true;
      if (no.has(text.toLowerCase())) return false;
      fail(fileTexts.notYesNo);
      return text;
    case 'date':
      return dateText(text);
    default:
      return aliased;
  }
}

/** The file's rows as documents, in the order of their first row; the version is the import's time unless given. */
function assemble(spec: ImportEntity, sheet: Sheet, importedAt: number): Assembled[] {
  const columns = columnsOfHeader(spec, sheet.header);
  const listPrefix = spec.list ? `${spec.list}.` : null;
  const byKey = new Map<string, Assembled>();
  const documents: Assembled[] = [];
  for (const { row, cells } of sheet.rows) {
    const header: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    const item: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    const problems: CellProblem[] = [];
    let itemHasCells = false;
    const texts = new Map<ImportColumn, string>();
    columns.forEach((column, index) => {
      const text = cells[index] ?? '';
      if (!column || text === '') return;
      texts.set(column, text);
      const value = valueOf(column, text, (reason) => problems.push({ row, column, reason }));
      if (listPrefix && column.path.startsWith(listPrefix)) {
        item[column.path.slice(listPrefix.length)] = value;
        itemHasCells = true;
      } else header[column.path] = value;
    });
    header.version ??= importedAt;
    const key = typeof header.key === 'string' ? header.key : '';
    const earlier = key ? byKey.get(key) : undefined;
    if (!earlier) {
      const doc: Record<string, unknown> = { ...header };
      if (spec.list) doc[spec.list] = itemHasCells || spec.list === 'lines' ? [{ ...item }] : [];
      const assembled: Assembled = { key, rows: [row], doc, problems };
      documents.push(assembled);
      if (key) byKey.set(key, assembled);
      continue;
    }
    // Another line of a document: its header cells, where given, must repeat the first row's.
    earlier.problems.push(...problems);
    for (const column of texts.keys()) {
      if (listPrefix && column.path.startsWith(listPrefix)) continue;
      if (column.path === 'version' && header.version === importedAt) continue;
      const first = earlier.doc[column.path];
      if (first !== header[column.path]) earlier.problems.push({ row, column, reason: fileTexts.differs(earlier.rows[0]!) });
    }
    if (spec.list && (itemHasCells || spec.list === 'lines')) {
      (earlier.doc[spec.list] as unknown[]).push({ ...item });
      earlier.rows.push(row);
    }
  }
  return documents;
}

// ---------------------------------------------------------------------------------------------------------------
// The report

/** The sheet row and column of a refusal's field path ('lines.2.qty': the third line's row, column 'lines.qty'). */
function placeOf(spec: ImportEntity, assembled: Assembled, path: string): { row: number; column: ImportColumn | null } {
  const parts = path === '' ? [] : path.split('.');
  const first = assembled.rows[0]!;
  if (spec.list && parts[0] === spec.list) {
    const index = Number(parts[1]);
    const row = Number.isInteger(index) && assembled.rows[index] !== undefined ? assembled.rows[index]! : first;
    const column = parts[2] ? (spec.columns.find((c) => c.path === `${spec.list}.${parts[2]}`) ?? null) : null;
    return { row, column };
  }
  return { row: first, column: parts[0] ? (spec.columns.find((c) => c.path === parts[0]) ?? null) : null };
}

const problemLine = (key: string, p: CellProblem): ReportLine => ({
  row: p.row,
  key,
  outcome: 'refused',
  column: p.column ? localizedTitle(p.column) : null,
  reason: p.reason,
});

function report(
  spec: ImportEntity,
  sheet: Sheet,
  documents: Assembled[],
  outcomes: Map<Assembled, { outcome: integration.ReportOutcome; refusals: DocumentRefusal[] }>,
  answer: { counts: integration.BatchCounts; batchId: string } | null,
): ImportReport {
  const problems: ReportLine[] = [];
  const passed: ReportLine[] = [];
  let refused = 0;
  for (const d of documents) {
    const result = outcomes.get(d)!;
    if (result.outcome !== 'refused') {
      passed.push({ row: d.rows[0]!, key: d.key, outcome: result.outcome, column: null, reason: null });
      continue;
    }
    refused++;
    const ownPaths = new Set(d.problems.map((p) => p.column?.path));
    problems.push(...d.problems.map((p) => problemLine(d.key, p)));
    for (const r of result.refusals) {
      const place = placeOf(spec, d, r.path);
      // A cell already reported as unreadable (its text kept) is not reported twice by the service's check of it.
      if (place.column && ownPaths.has(place.column.path)) continue;
      problems.push(problemLine(d.key, { row: place.row, column: place.column, reason: r.reason }));
    }
  }
  problems.sort((a, b) => a.row - b.row);
  const lines = [...problems, ...passed];
  return {
    entity: spec.entity as ImportReport['entity'],
    rows: sheet.rows.length,
    documents: documents.length,
    valid: documents.length - refused,
    refused,
    counts: answer?.counts ?? null,
    batchId: answer?.batchId ?? null,
    lines: lines.slice(0, integration.maxReportLines),
    truncated: lines.length > integration.maxReportLines,
  };
}

/**
 * Checks (dryRun) or imports a file. A check hands every document to the documents service's dry run; an import
 * hands it the documents whose cells were all readable and consistent (the others are reported refused).
 */
export async function importFile(
  ctx: AppContext,
  session: SessionContext,
  entity: DocumentEntity,
  file: ReceivedFile,
  mode: 'check' | 'import',
): Promise<ImportReport> {
  staffOnly(session);
  const spec = entityOf(entity);
  if (file.kind !== 'xlsx' && file.kind !== 'csv') throw ApiError.badRequest(fileTexts.unreadable);
  const sheet = await readSheet(file.bytes, file.kind);
  const documents = assemble(spec, sheet, ctx.now().getTime());
  const sender = { tenantId: session.tenantId, source: 'import' as const, accountId: session.accountId };
  const outcomes = new Map<Assembled, { outcome: integration.ReportOutcome; refusals: DocumentRefusal[] }>();
  const sent = mode === 'check' ? documents : documents.filter((d) => d.problems.length === 0);
  if (sent.length < documents.length)
    for (const d of documents) if (d.problems.length > 0) outcomes.set(d, { outcome: 'refused', refusals: [] });
  const answer = await ingest(
    ctx,
    sender,
    entity,
    sent.map((d) => d.doc),
    { dryRun: mode === 'check' },
  );
  sent.forEach((d, i) => {
    const r = answer.results[i]!;
    const outcome = d.problems.length > 0 ? 'refused' : mode === 'check' && r.outcome !== 'refused' ? 'valid' : r.outcome;
    outcomes.set(d, { outcome, refusals: r.refusals ?? [] });
  });
  const counts = { ...answer.counts, refused: answer.counts.refused + (documents.length - sent.length) };
  return report(spec, sheet, documents, outcomes, mode === 'import' ? { counts, batchId: answer.batchId } : null);
}
