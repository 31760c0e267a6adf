// The find dialog's actions on the grid's rows as shown (filtered and sorted), by position on screen.
import { type RefObject, useMemo } from 'react';
import { coerce } from './coerce';
import { type CellChange, type CellGrid, type CellPosition, type FindOptions, buildMatcher, findAll, findNext, replaceCells } from './find';
import type { FindActions } from './find-dialog';
import type { GridColumn, GridRow } from './types';

export interface FindContext {
  source: GridRow[];
  ordered: GridColumn[];
  editable: boolean;
  current: RefObject<CellPosition | null>;
  jump(at: CellPosition): void;
  applyChanges(changes: CellChange[]): void;
  warn(text: string): void;
}

export function useFindActions({ source, ordered, editable, current, jump, applyChanges, warn }: FindContext): FindActions {
  return useMemo(() => {
    const grid: CellGrid = { rows: source, fields: ordered.map((c) => c.field) };
    const canEdit = (col: number) => editable && !ordered[col]!.readonly;
    const accept = (col: number, text: string) => coerce(text, ordered[col]!.type);
    const replace = (options: FindOptions, replacement: string, only?: CellPosition) => {
      const matcher = buildMatcher(options);
      if (!matcher.ok) return 0;
      const { changes, rejected } = replaceCells(grid, matcher, replacement, { only, editable: canEdit, accept });
      if (rejected.length) warn(`${rejected.length} 个单元格替换后不符合列类型，未替换：${rejected[0]!.error}`);
      applyChanges(changes);
      return changes.length;
    };
    return {
      readOnly: !ordered.some((_, col) => canEdit(col)),
      columnTitle: (col) => ordered[col]?.title ?? '',
      findAll(options) {
        const matcher = buildMatcher(options);
        return matcher.ok ? findAll(grid, matcher) : [];
      },
      findNext(options) {
        const matcher = buildMatcher(options);
        return matcher.ok ? findNext(grid, matcher, current.current) : null;
      },
      jump,
      replaceOne(options, replacement) {
        const matcher = buildMatcher(options);
        if (!matcher.ok) return false;
        const here = current.current;
        const cellText = (at: CellPosition) => String(source[at.row]?.[ordered[at.col]!.field] ?? '');
        const at = here && matcher.test(cellText(here)) && canEdit(here.col) ? here : findNext(grid, matcher, here);
        if (!at) return false;
        replace(options, replacement, at);
        // Move on to the next match, as in a spreadsheet.
        const next = findNext(grid, matcher, at);
        if (next) jump(next);
        return true;
      },
      replaceAll: (options, replacement) => replace(options, replacement),
    };
  }, [source, ordered, editable, current, jump, applyChanges, warn]);
}
