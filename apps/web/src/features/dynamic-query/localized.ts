// A query definition in the reader's language: in English each text takes its English form where the designer
// gave one and keeps the Chinese where not (a half-translated page still names every field).
import type { PageDefinition, QueryParam } from '@portal/contract';

const pick = (zh: string, en: string) => en || zh;

/** Parameters in the reader's language: their labels and their options' labels (the designer's sample form too). */
export function localizedParams(params: QueryParam[], language: string): QueryParam[] {
  if (language !== 'en') return params;
  return params.map((p) => ({
    ...p,
    label: pick(p.label, p.labelEn),
    options: p.options.map((o) => ({ ...o, label: pick(o.label, o.labelEn) })),
  }));
}

export function localized(definition: PageDefinition, language: string): PageDefinition {
  if (language !== 'en') return definition;
  return {
    ...definition,
    title: pick(definition.title, definition.titleEn),
    description: pick(definition.description, definition.descriptionEn),
    params: localizedParams(definition.params, language),
    columns: definition.columns.map((c) => ({ ...c, title: pick(c.title, c.titleEn) })),
  };
}
