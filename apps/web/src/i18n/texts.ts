// The shape every English text table follows: the Chinese table's keys, any string as a value. A count's
// text is i18next's plural forms: Chinese has one (key_other), English adds its singular (key_one).
export type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> } & { [key: `${string}_one`]: string };
