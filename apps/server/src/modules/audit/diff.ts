// An entry's before and after, field by field, as the viewer shows them: every field either side holds, with its
// label, its two values as text and what happened to it; the fields that differ first, each group by name (jsonb
// keeps no order of its own).
import { type Language, audit } from '@portal/contract';

type Values = Record<string, unknown> | null;

/** A stored value as text: strings as they are, JSON null as '', anything else as its JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

const has = (values: Values, field: string) => values !== null && Object.hasOwn(values, field);

export function diffOf(before: Values, after: Values): audit.FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  const changes = fields.map((field): audit.FieldChange => {
    const inBefore = has(before, field);
    const inAfter = has(after, field);
    const beforeText = inBefore ? valueText(before![field]) : null;
    const afterText = inAfter ? valueText(after![field]) : null;
    const change = !inBefore ? 'added' : !inAfter ? 'removed' : beforeText === afterText ? 'same' : 'changed';
    return {
      field,
      label: audit.fieldLabel(field, 'zh-CN'),
      labelEn: audit.fieldLabel(field, 'en'),
      before: beforeText,
      after: afterText,
      change,
    };
  });
  return [...changes.filter((c) => c.change !== 'same'), ...changes.filter((c) => c.change === 'same')];
}

/** The changes of an entry in one line for an export: 'label: before → after' for each field that differs. */
export function changesText(before: Values, after: Values, language: Language): string {
  return diffOf(before, after)
    .filter((c) => c.change !== 'same')
    .map((c) => `${language === 'en' ? c.labelEn : c.label}: ${c.before ?? ''} → ${c.after ?? ''}`)
    .join('; ');
}
