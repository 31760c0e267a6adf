// The certificate import's fixed words in each language: file and sheet names, the types sheet, the
// template's example, and every message of the check. Stored values (type names) stay as stored.
import type { Language } from '@portal/contract';

export interface ImportTexts {
  templateFile: string;
  reportFile: string;
  importSheet: string;
  typesSheet: string;
  reportSheet: string;
  typesHeader: { typeName: string; scope: string; mandatory: string; annualReview: string };
  scope: { supplier: string; goods: string };
  yes: string;
  no: string;
  row: string;
  result: string;
  passed: string;
  /** Between a header and its message, and between two errors, in the report's result column. */
  fieldSeparator: string;
  errorSeparator: string;
  /** Between the names of a list in a message. */
  listSeparator: string;
  /** The example row's texts that are words, not stored data. */
  example: { ctfName: string; issuer: string };
  missingColumns: (headers: string) => string;
  tooManyRows: (max: number) => string;
  unreadable: string;
  empty: string;
  tooLong: (max: number) => string;
  typeRequired: string;
  unknownType: (typeName: string) => string;
  numberRequired: string;
  nameRequired: string;
  badDate: (text: string) => string;
  validToRequired: string;
  validToBeforeFrom: string;
  barcodeRequired: (typeName: string) => string;
  notOwnGoods: (barcode: string) => string;
  sameAs: (row: number) => string;
  underReview: string;
}

export const importTexts: Record<Language, ImportTexts> = {
  'zh-CN': {
    templateFile: '资质证照导入模板.xlsx',
    reportFile: '资质证照导入校验结果.xlsx',
    importSheet: '证照导入',
    typesSheet: '证照类型',
    reportSheet: '校验结果',
    typesHeader: { typeName: '证照类型', scope: '归属', mandatory: '必备', annualReview: '需年审' },
    scope: { supplier: '供应商', goods: '商品' },
    yes: '是',
    no: '否',
    row: '行号',
    result: '校验结果',
    passed: '通过',
    fieldSeparator: '：',
    errorSeparator: '；',
    listSeparator: '、',
    example: { ctfName: '营业执照', issuer: '上海市市场监督管理局' },
    missingColumns: (headers) => `file: 第 1 行缺少列：${headers}（请使用导入模板）`,
    tooManyRows: (max) => `file: 一次最多导入 ${max} 行`,
    unreadable: 'file: 无法读取该 Excel 文件，请使用导入模板',
    empty: 'file: 表格是空的，请使用导入模板',
    tooLong: (max) => `不能超过${max}个字符`,
    typeRequired: '请填写证照类型',
    unknownType: (typeName) => `未知的证照类型「${typeName}」`,
    numberRequired: '请填写证照编号',
    nameRequired: '请填写证照名称',
    badDate: (text) => `日期「${text}」无效，应为 YYYY-MM-DD`,
    validToRequired: '请填写有效期至',
    validToBeforeFrom: '有效期至不能早于生效日期',
    barcodeRequired: (typeName) => `${typeName}须填写商品条码`,
    notOwnGoods: (barcode) => `商品条码 ${barcode} 不是本供应商的商品`,
    sameAs: (row) => `与第 ${row} 行是同一证照`,
    underReview: '该证照正在审核中，不能导入',
  },
  en: {
    templateFile: 'Certificate import template.xlsx',
    reportFile: 'Certificate import check.xlsx',
    importSheet: 'Certificates',
    typesSheet: 'Certificate types',
    reportSheet: 'Import check',
    typesHeader: { typeName: 'Certificate type', scope: 'Belongs to', mandatory: 'Mandatory', annualReview: 'Annual review' },
    scope: { supplier: 'Supplier', goods: 'Goods' },
    yes: 'Yes',
    no: 'No',
    row: 'Row',
    result: 'Result',
    passed: 'OK',
    fieldSeparator: ': ',
    errorSeparator: '; ',
    listSeparator: ', ',
    example: { ctfName: 'Business licence', issuer: 'Shanghai Administration for Market Regulation' },
    missingColumns: (headers) => `file: row 1 lacks the columns ${headers} (use the import template)`,
    tooManyRows: (max) => `file: at most ${max} rows can be imported at once`,
    unreadable: 'file: this Excel file cannot be read; use the import template',
    empty: 'file: the sheet is empty; use the import template',
    tooLong: (max) => `at most ${max} characters`,
    typeRequired: 'enter the certificate type',
    unknownType: (typeName) => `unknown certificate type "${typeName}"`,
    numberRequired: 'enter the certificate number',
    nameRequired: 'enter the certificate name',
    badDate: (text) => `date "${text}" is not valid, expected YYYY-MM-DD`,
    validToRequired: 'enter the valid-to date',
    validToBeforeFrom: 'valid to cannot be earlier than valid from',
    barcodeRequired: (typeName) => `${typeName} needs a goods barcode`,
    notOwnGoods: (barcode) => `barcode ${barcode} is not one of the supplier's goods`,
    sameAs: (row) => `the same certificate as row ${row}`,
    underReview: 'this certificate is under review and cannot be imported',
  },
};
