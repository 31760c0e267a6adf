// Values of a record as a template prints them: decimals exactly by their kind, words of the product (states,
// document types) in the reader's language, and the template's own texts (title, page-foot note) with {{field}}
// placeholders through Mustache, logic-less and never evaluated. The result is plain text that React writes as
// text, so a template cannot inject markup or script.
import { type PrintFieldKind, type PrintRecord, type common, print } from '@portal/contract';
import Mustache from 'mustache';
import { formatDecimal, formatMoney, formatPrice, formatQty } from '../../lib/format';

/** The reader's language: English prints the product's words in English. */
export type PrintLanguage = 'zh-CN' | 'en';

const formats: Record<Exclude<PrintFieldKind, 'word'>, (value: string) => string> = {
  text: (v) => v,
  date: (v) => v,
  money: formatMoney,
  price: formatPrice,
  qty: formatQty,
  rate: (v) => (v ? `${formatDecimal(v, { max: 2 })}%` : ''),
};

/** A word of the product (a state, a document type) in the reader's language; a word without English as it is. */
export function wordText(value: string, language: PrintLanguage): string {
  return language === 'en' && Object.hasOwn(print.printWordsEn, value) ? print.printWordsEn[value]! : value;
}

function format(kind: PrintFieldKind, value: string, language: PrintLanguage): string {
  return kind === 'word' ? wordText(value, language) : formats[kind](value);
}

/** A header or footer field of the record, formatted by its kind; '' for a field the record does not carry. */
export function fieldText(record: PrintRecord, field: string, language: PrintLanguage = 'zh-CN'): string {
  const value = Object.hasOwn(record.fields, field) ? record.fields[field]! : '';
  return format(print.printFields[record.printTypeCode].fields[field] ?? 'text', value, language);
}

/**
 * The footer fields of a printout: the record's own totals first (print.printTotals, every one, in its order,
 * with the template's label where the template lists it), then the template's other footer fields.
 */
export function footerFields(template: common.PrintTemplate, record: PrintRecord): { field: string; label?: string }[] {
  const own = new Map(template.layout.footer.map((f) => [f.field, f.label]));
  const totals = print.printTotals[record.printTypeCode] ?? [];
  return [
    ...totals.map((field) => (own.has(field) ? { field, label: own.get(field)! } : { field })),
    ...template.layout.footer.filter((f) => !totals.includes(f.field)),
  ];
}

/** A cell of a line, formatted by the column's kind. */
export function cellText(record: PrintRecord, line: Record<string, string>, field: string, language: PrintLanguage = 'zh-CN'): string {
  const value = Object.hasOwn(line, field) ? line[field]! : '';
  return format(print.printFields[record.printTypeCode].lines[field] ?? 'text', value, language);
}

/** A default template's own text (its name, its note) in the reader's language; a text of the tenant's own as it is. */
export function templateText(text: string, language: PrintLanguage): string {
  return language === 'en' && Object.hasOwn(print.printTemplateTextsEn, text) ? print.printTemplateTextsEn[text]! : text;
}

/**
 * A template text with the record's fields filled in. The view holds only the print type's declared fields,
 * formatted, on an object without a prototype: `{{constructor}}` or `{{__proto__}}` find nothing.
 */
export function fillText(text: string, record: PrintRecord, language: PrintLanguage = 'zh-CN'): string {
  const view: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const field of Object.keys(print.printFields[record.printTypeCode].fields)) view[field] = fieldText(record, field, language);
  const own = templateText(text, language);
  try {
    return Mustache.render(own, view, {}, { escape: (value: unknown) => String(value) });
  } catch {
    // A template that does not parse (an unclosed section) prints as it is written.
    return own;
  }
}
