// Texts of 数据导入 (zh-CN default, en), merged into the app's translations by i18n/index.ts (features' *-texts.ts).
import type { Texts } from '../../i18n/texts';

export const zhCN = {
  integrationImport: {
    title: '数据导入',
    intro: '没有 ERP 接口时，用表格导入单据与主数据：数据与接口调用走同一个服务，同样的校验与版本规则。',
    entity: '业务对象',
    step1: '下载模板',
    step1Hint: '每个单据一行；有明细的单据每行一条明细，表头字段在每行重复，按单号合并。版本留空时取导入时间。',
    templateZh: '中文模板',
    templateEn: '英文模板',
    step2: '上传文件并检查',
    step2Hint: '.xlsx 或 .csv，最大 {{size}}，最多 {{rows}} 行；检查不写入任何数据。',
    choose: '选择文件并检查',
    step3: '导入',
    importValid_other: '导入通过检查的 {{count}} 个单据',
    nothingValid: '没有可导入的单据',
    checked: '检查完成：{{rows}} 行，{{documents}} 个单据，通过 {{valid}} 个，有问题 {{refused}} 个',
    imported: '导入完成：新增 {{created}}，更新 {{updated}}，未变 {{unchanged}}，过期版本 {{stale}}，拒绝 {{refused}}',
    truncated: '报告只列出前 {{count}} 条。',
    exportReport: '下载检查报告',
    problemsOnly: '只看问题',
    grid: '检查报告',
    columns: { row: '行号', key: '单号', outcome: '结果', column: '列', reason: '原因' },
  },
};

export const en: Texts<typeof zhCN> = {
  integrationImport: {
    title: 'Data import',
    intro:
      'Without an ERP connection, import documents and master data from a spreadsheet: they go through the same service as API calls, with the same checks and version rules.',
    entity: 'Entity',
    step1: 'Download the template',
    step1Hint:
      'One row per document; a document with lines takes one row per line, its header fields repeated and grouped by its key. An empty version takes the time of the import.',
    templateZh: 'Chinese template',
    templateEn: 'English template',
    step2: 'Upload and check',
    step2Hint: '.xlsx or .csv, at most {{size}} and {{rows}} rows; a check writes nothing.',
    choose: 'Choose a file and check it',
    step3: 'Import',
    importValid_one: 'Import the document that passed',
    importValid_other: 'Import the {{count}} documents that passed',
    nothingValid: 'Nothing to import',
    checked: 'Checked: {{rows}} rows, {{documents}} documents, {{valid}} passed, {{refused}} with problems',
    imported: 'Imported: {{created}} created, {{updated}} updated, {{unchanged}} unchanged, {{stale}} stale, {{refused}} refused',
    truncated: 'The report lists the first {{count}} lines only.',
    exportReport: 'Download the report',
    problemsOnly: 'Problems only',
    grid: 'Check report',
    columns: { row: 'Row', key: 'Key', outcome: 'Outcome', column: 'Column', reason: 'Reason' },
  },
};
