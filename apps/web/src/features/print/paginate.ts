// Splits the lines of a printout into pages: each page repeats the header (title, fields, column headings)
// and the footer, and takes as many whole lines as fit between them; a page always takes at least one line.

export interface Measures {
  /** Height available inside the margins. */
  page: number;
  /** The repeated header: title, header fields and the lines table's column headings. */
  header: number;
  /** The repeated footer: footer fields, note and page number. */
  footer: number;
  /** Each line's height, in order. */
  rows: readonly number[];
}

/** Index ranges [start, end) of the lines on each page; one empty page when there are no lines. */
export function paginate({ page, header, footer, rows }: Measures): [number, number][] {
  const room = page - header - footer;
  const pages: [number, number][] = [];
  let start = 0;
  let used = 0;
  rows.forEach((height, index) => {
    if (index > start && used + height > room) {
      pages.push([start, index]);
      start = index;
      used = 0;
    }
    used += height;
  });
  pages.push([start, rows.length]);
  return pages;
}
