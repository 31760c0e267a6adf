// The product's two languages, and how a fixed Chinese word of the product (a state, a type, a column title)
// reads in English. The Chinese value is what is stored and what the spec names; the English label sits
// beside it in the contract, so the screens and the server's exports read the same one.

export const languages = ['zh-CN', 'en'] as const;
export type Language = (typeof languages)[number];

/** A text in each language: a refusal, a message clients recognise. The caller reads its own language's. */
export type Localized = Readonly<Record<Language, string>>;

/**
 * The language a request asks for: the web app sends the user's own in Accept-Language on every call.
 * English when the first language named is English; Chinese (the spec's language) otherwise, also when
 * the header is absent.
 */
export function languageOf(acceptLanguage: string | undefined | null): Language {
  const first = (acceptLanguage ?? '').split(',')[0]!.split(';')[0]!.trim().toLowerCase();
  return first === 'en' || first.startsWith('en-') ? 'en' : 'zh-CN';
}

/** A fixed value's label from a map of labels (own labels only), else the value itself. */
export function labelOf(value: string, labels: Readonly<Partial<Record<string, string>>>): string {
  // Own labels only: a value such as 'constructor' is not a label of the object's prototype.
  return Object.hasOwn(labels, value) ? (labels[value] ?? value) : value;
}

/** A column (or other heading) with its Chinese title and its English one. */
export interface Titled {
  title: string;
  titleEn: string;
}

/** A heading in a language (its Chinese title where it has no English one). */
export const titleIn = (language: Language, heading: Titled): string =>
  language === 'en' && heading.titleEn ? heading.titleEn : heading.title;
