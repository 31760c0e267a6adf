// The header cell of every column, drawn by RevoGrid's own renderer: the title with sort and filter marks,
// and a button that opens the column menu.
import type { ColumnTemplateProp, HyperFunc, VNode } from '@revolist/react-datagrid';
import { isFilterActive } from './filter';
import type { FilterState, GridSort } from './types';

export interface HeaderOptions {
  filters: Record<string, FilterState>;
  sort: GridSort | null;
  /** Accessible name of the menu button, from the column title. */
  label(title: string): string;
  /** Accessible names of the marks: filtered, sorted ascending, sorted descending. */
  marks: { filtered: string; asc: string; desc: string };
  open(field: string, opener: HTMLElement): void;
}

export function headerTemplate({ filters, sort, label, marks, open }: HeaderOptions) {
  const { filtered: filteredText, asc: sortedAsc, desc: sortedDesc } = marks;
  return (h: HyperFunc<VNode>, column: ColumnTemplateProp) => {
    const field = String(column.prop);
    const title = String(column.name ?? field);
    const filtered = isFilterActive(filters[field]);
    const sorted = sort?.field === field ? sort.order : null;
    const stop = (e: Event) => e.stopPropagation();
    return h('span', { class: 'dg-header' }, [
      h('span', { class: `dg-title${filtered ? ' dg-filtered' : ''}` }, title),
      h('span', { class: 'dg-marks' }, [
        sorted ? h('span', { 'aria-label': sorted === 'asc' ? sortedAsc : sortedDesc }, sorted === 'asc' ? '↑' : '↓') : null,
        filtered
          ? h(
              'svg',
              { class: 'dg-funnel', viewBox: '0 0 24 24', width: 12, height: 12, role: 'img', 'aria-label': filteredText },
              h('path', { d: 'M3 4h18l-7 8.5V19l-4 2v-8.5z', fill: 'currentColor' }),
            )
          : null,
      ]),
      h(
        'button',
        {
          class: `dg-menu${filtered || sorted ? ' dg-menu-active' : ''}`,
          type: 'button',
          'aria-label': label(title),
          'aria-haspopup': 'dialog',
          onMouseDown: stop,
          onKeyDown: stop,
          onClick: (e: MouseEvent) => {
            e.stopPropagation();
            open(field, e.currentTarget as HTMLElement);
          },
        },
        '▾',
      ),
    ]);
  };
}
