// The import's refusals and report words in each language.
import type { Language, Localized } from '@portal/contract';

export const importTexts = {
  'zh-CN': {
    templateFile: (entity: string) => `${entity}_导入模板.xlsx`,
    reportFile: (entity: string) => `${entity}_检查报告.xlsx`,
    templateSheet: '导入',
    reportSheet: '检查报告',
    reportHeader: { row: '行号', key: '单号', outcome: '结果', column: '列', reason: '原因' },
  },
  en: {
    templateFile: (entity: string) => `${entity} import template.xlsx`,
    reportFile: (entity: string) => `${entity} check report.xlsx`,
    templateSheet: 'Import',
    reportSheet: 'Check report',
    reportHeader: { row: 'Row', key: 'Key', outcome: 'Outcome', column: 'Column', reason: 'Reason' },
  },
} as const satisfies Record<Language, unknown>;

/** Refusals of a file as a whole (400 or 413) and problems of its cells, in both languages. */
export const fileTexts = {
  empty: { 'zh-CN': '文件是空的: 第一行应为表头', en: 'The file is empty: its first row should be the header' },
  unreadable: {
    'zh-CN': '无法读取该文件: 请用模板另存为 .xlsx 或 .csv 后再上传',
    en: 'The file cannot be read: save it from the template as .xlsx or .csv and upload it again',
  },
  missingColumns: (zh: string, en: string): Localized => ({
    'zh-CN': `表头缺少以下列: ${zh} (请使用本页下载的模板)`,
    en: `The header lacks these columns: ${en} (use the template of this page)`,
  }),
  repeatedColumn: (zh: string, en: string): Localized => ({
    'zh-CN': `表头中的列「${zh}」出现了不止一次`,
    en: `The header has the column "${en}" more than once`,
  }),
  tooManyRows: (max: number, rows: number): Localized => ({
    'zh-CN': `一个文件最多 ${max} 行数据, 该文件超过了 (已读到 ${rows} 行); 请分成几个文件导入`,
    en: `A file holds at most ${max} data rows and this one has more (${rows} read); split it into several files`,
  }),
  notInteger: { 'zh-CN': '必须是整数', en: 'must be a whole number' },
  notYesNo: { 'zh-CN': '应填 是 或 否', en: 'write yes or no' },
  tooLong: (max: number): Localized => ({ 'zh-CN': `最多 ${max} 个字符`, en: `at most ${max} characters` }),
  differs: (row: number): Localized => ({
    'zh-CN': `同一单号的表头字段须与第 ${row} 行一致`,
    en: `a document's header fields must be the same as on row ${row}`,
  }),
  staffOnly: { 'zh-CN': '只有零售商员工可以导入数据', en: 'Only the retailer’s staff can import data' },
} as const;
