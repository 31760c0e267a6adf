// Column widths that never cut a header: the title beside the sort mark and the menu button.
import type { GridColumn } from './types';

/** Width a header needs for its title (CJK titles are about 14 px a character, plus the marks and padding). */
export const titleWidth = (title: string): number => [...title].length * 14 + 52;

/** Each column at least as wide as its title needs. */
export const fitTitles = (columns: GridColumn[]): GridColumn[] =>
  columns.map((c) => ({ ...c, width: Math.max(c.width ?? 0, titleWidth(c.title)) }));
