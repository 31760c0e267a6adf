// Values of a record as a template prints them: decimals exactly by their kind, and the template's own texts
// (title, page-foot note) with {{field}} placeholders through Mustache, logic-less and never evaluated. The
// result is plain text that React writes as text, so a template cannot inject markup or script.
import { type PrintFieldKind, type PrintRecord, print } from '@portal/contract';
import Mustache from 'mustache';
import { formatDecimal, formatMoney, formatPrice, formatQty } from '../../lib/format';

const formats: Record<PrintFieldKind, (value: string) => string> = {
  text: (v) => v,
  date: (v) => v,
  money: formatMoney,
  price: formatPrice,
  qty: formatQty,
  rate: (v) => (v ? `${formatDecimal(v, { max: 2 })}%` : ''),
};

/** A header or footer field of the record, formatted by its kind; '' for a field the record does not carry. */
export function fieldText(record: PrintRecord, field: string): string {
  const value = Object.hasOwn(record.fields, field) ? record.fields[field]! : '';
  const kind = print.printFields[record.printTypeCode].fields[field] ?? 'text';
  return formats[kind](value);
}

/** A cell of a line, formatted by the column's kind. */
export function cellText(record: PrintRecord, line: Record<string, string>, field: string): string {
  const value = Object.hasOwn(line, field) ? line[field]! : '';
  const kind = print.printFields[record.printTypeCode].lines[field] ?? 'text';
  return formats[kind](value);
}

/**
 * A template text with the record's fields filled in. The view holds only the print type's declared fields,
 * formatted, on an object without a prototype: `{{constructor}}` or `{{__proto__}}` find nothing.
 */
export function fillText(text: string, record: PrintRecord): string {
  const view: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const field of Object.keys(print.printFields[record.printTypeCode].fields)) view[field] = fieldText(record, field);
  try {
    return Mustache.render(text, view, {}, { escape: (value: unknown) => String(value) });
  } catch {
    // A template that does not parse (an unclosed section) prints as it is written.
    return text;
  }
}
