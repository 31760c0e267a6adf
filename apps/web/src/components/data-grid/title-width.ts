// Column widths that never cut a header (the title beside the sort mark and the menu button), and the sorts a
// server-paged grid offers.
import type { GridColumn } from './types';

/** Width a header needs for its title (CJK titles are about 14 px a character, plus the marks and padding). */
export const titleWidth = (title: string): number => [...title].length * 14 + 52;

/** Each column at least as wide as its title needs. */
export const fitTitles = (columns: GridColumn[]): GridColumn[] =>
  columns.map((c) => ({ ...c, width: Math.max(c.width ?? 0, titleWidth(c.title)) }));

/**
 * The columns with only `fields` sortable (a server-paged list's sorts that its indexes serve; issue #34): the
 * others keep their filter, and a column already not sortable stays so.
 */
export const sortableOnly = (fields: readonly string[], columns: GridColumn[]): GridColumn[] =>
  columns.map((c) => (c.sortable === false || fields.includes(c.field) ? c : { ...c, sortable: false }));
