// LIKE patterns from user text: %, _ and \ in the text match themselves.
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A pattern matching values that contain the text. */
export const containing = (text: string) => `%${escapeLike(text)}%`;
