// The shape every English text table follows: the Chinese table's keys, any string as a value.
export type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
