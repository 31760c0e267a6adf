// The designer's form values: a definition as the editor holds it (parameters' options as one text), a new
// definition's starting values, and the conversions to and from the contract's definition.
import type { QueryDefinition, QueryParam } from '@portal/contract';
import { readOptions, writeOptions } from './options-text';

/** Parameters as the form edits them: options as one comma-separated text. */
export type ParamRow = Omit<QueryParam, 'options'> & { optionsText: string };
export type EditorValues = Omit<QueryDefinition, 'params'> & { params: ParamRow[] };

export const blank: EditorValues = {
  queryCode: '',
  title: '',
  titleEn: '',
  description: '',
  descriptionEn: '',
  params: [],
  columns: [],
  sql: 'SELECT dept_code, dept_name, city\nFROM store\nORDER BY dept_code',
  isPublic: false,
};

export const toEditor = (d: QueryDefinition): EditorValues => ({
  ...d,
  params: d.params.map(({ options, ...p }) => ({
    ...p,
    optionsText: writeOptions(options),
  })),
});

export const fromEditor = (v: EditorValues): QueryDefinition => ({
  ...v,
  params: (v.params ?? []).map(({ optionsText, ...p }) => ({
    ...p,
    labelEn: p.labelEn ?? '',
    required: p.required ?? false,
    defaultValue: p.defaultValue ?? '',
    lookup: p.lookup ?? null,
    options: readOptions(optionsText ?? ''),
  })),
  columns: (v.columns ?? []).map((c) => ({
    ...c,
    titleEn: c.titleEn ?? '',
    type: c.type ?? 'text',
    width: c.width ?? 120,
    fixed: c.fixed ?? null,
    format: c.format ?? null,
  })),
});
