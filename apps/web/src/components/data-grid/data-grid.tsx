// DataGrid: the spreadsheet-grade table every list page uses, on RevoGrid (range selection, clipboard,
// fill handle, pinning, virtual scrolling) with our own column menu and find/replace dialog.
import { RevoGrid, type ColumnRegular, setNonce } from '@revolist/react-datagrid';
import { App, ConfigProvider, Spin } from 'antd';
import { type Ref, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { coerce } from './coerce';
import { headerTemplate } from './column-header';
import { distinctValues, filterRows, sortIndexes, sortTexts } from './filter';
import { FilterMenu } from './filter-menu';
import { FindDialog, type FindTab } from './find-dialog';
import { type CellMatch, type CellPosition, type FindOptions } from './find';
import { useGridTexts } from './grid-texts';
import { type GridKeyboard, useGridKeyboard } from './use-grid-keyboard';
import { useFindActions } from './use-find-actions';
import { type FilterState, type GridColumn, type GridQuery, type GridRow, type GridSort, cellText, emptyFilter } from './types';
import { cspNonce } from '../../app/csp';
import './data-grid.css';
import { useGridAria } from './grid-aria';
import { Deferred } from '../deferred';

// RevoGrid's components add <style> elements of their own: they carry the page's CSP nonce too.
setNonce(cspNonce);

export interface GridEdit {
  /** Index of the row in `rows` (not its position on screen). */
  rowIndex: number;
  field: string;
  value: string;
}

/** For pages and tests that drive the grid's find and replace without the dialog. */
export interface DataGridHandle {
  findAll(options: FindOptions): CellMatch[];
  replaceAll(options: FindOptions, replacement: string): number;
  openFind(tab: FindTab): void;
}

export interface DataGridProps {
  columns: GridColumn[];
  rows: GridRow[];
  loading?: boolean;
  editable?: boolean;
  /** Edits by data row index, values coerced to the column type (money and numbers stay exact strings). */
  onEdit?(edits: GridEdit[]): void;
  /** Sort and filter go to the server: the grid shows rows as given and reports the query. */
  serverSide?: boolean;
  onQueryChange?(query: GridQuery): void;
  /** Server mode: a column's texts across every page, for its value checklist (the page's own until they come). */
  columnValues?(field: string): Promise<string[]>;
  /** Column filters by field, for pages that save and restore them; uncontrolled when absent. */
  filterState?: Record<string, FilterState>;
  onFilterStateChange?(state: Record<string, FilterState>): void;
  /** A cell was focused: its row's index in `rows` (pages act on the current row). */
  onActiveRowChange?(rowIndex: number): void;
  /** A row was double-clicked (index in `rows`): pages open its detail. */
  onRowOpen?(rowIndex: number): void;
  height?: number | string;
  'aria-label'?: string;
  ref?: Ref<DataGridHandle>;
}

type ColGroup = 'colPinStart' | 'rgCol' | 'colPinEnd';
const groupOf = (fixed: GridColumn['fixed']): ColGroup => (fixed === 'left' ? 'colPinStart' : fixed === 'right' ? 'colPinEnd' : 'rgCol');
const groups: ColGroup[] = ['colPinStart', 'rgCol', 'colPinEnd'];

/**
 * Numbers align right; a column's cellClass adds the page's class for the row. Cells a column displays in the
 * user's language (states, types: words of the product, not data) are marked dg-word, for the language checks.
 */
function cellPropertiesOf(column: GridColumn): ColumnRegular['cellProperties'] {
  const numeric = column.type === 'number' || column.type === 'money';
  const word = column.display !== undefined;
  const { cellClass } = column;
  if (!numeric && !word && !cellClass) return undefined;
  return ({ model }) => {
    const extra = cellClass?.(model as GridRow);
    return { class: { 'dg-num': numeric, 'dg-word': word, ...(extra ? { [extra]: true } : {}) } };
  };
}

/** A column's display of its values, as the grid's cell template. */
function displayOf(column: GridColumn): ColumnRegular['cellTemplate'] {
  const { display } = column;
  if (!display) return undefined;
  return (_h, { model, prop }) => display(cellText((model as GridRow)[String(prop)]));
}

export function DataGrid(props: DataGridProps) {
  const {
    columns: given,
    rows: givenRows,
    loading,
    editable = false,
    serverSide = false,
    onEdit,
    onQueryChange,
    filterState,
    onFilterStateChange,
    height,
    ref,
  } = props;
  const { onActiveRowChange, onRowOpen } = props;
  const label = props['aria-label'];
  const t = useGridTexts();
  const { message } = App.useApp();
  const grid = useRef<HTMLRevoGridElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  useGridAria(wrapper);
  // Find/replace edits live in a copy of the rows until the page passes new rows.
  const [local, setLocal] = useState({ base: givenRows, rows: givenRows });
  if (local.base !== givenRows) setLocal({ base: givenRows, rows: givenRows });
  const rows = local.base === givenRows ? local.rows : givenRows;
  const [pins, setPins] = useState<Record<string, GridColumn['fixed'] | null>>({});
  const [sort, setSort] = useState<GridSort | null>(null);
  const [ownFilters, setOwnFilters] = useState<Record<string, FilterState>>({});
  const filters = filterState ?? ownFilters;
  const [menu, setMenu] = useState<{ field: string; left: number; top: number; opener: HTMLElement } | null>(null);
  const [find, setFind] = useState<{ open: boolean; tab: FindTab }>({ open: false, tab: 'find' });
  const current = useRef<CellPosition | null>(null);

  const columns = useMemo(
    () => given.map((c) => ({ ...c, fixed: c.field in pins ? (pins[c.field] ?? undefined) : c.fixed })),
    [given, pins],
  );
  // Column order on screen: pinned left, scrolling, pinned right (RevoGrid's own order).
  const ordered = useMemo(() => groups.flatMap((g) => columns.filter((c) => groupOf(c.fixed) === g)), [columns]);
  const fields = useMemo(() => ordered.map((c) => c.field), [ordered]);

  // view[position on screen] = index in rows.
  const view = useMemo(() => {
    if (serverSide) return rows.map((_, i) => i);
    const kept = filterRows(rows, filters);
    const column = sort && columns.find((c) => c.field === sort.field);
    return column ? sortIndexes(rows, kept, column, sort.order) : kept;
  }, [rows, filters, sort, columns, serverSide]);
  const source = useMemo(() => view.map((i) => rows[i]!), [view, rows]);

  const report = useCallback((next: GridQuery) => onQueryChange?.(next), [onQueryChange]);
  const changeFilters = (next: Record<string, FilterState>) => {
    if (onFilterStateChange) onFilterStateChange(next);
    if (filterState === undefined) setOwnFilters(next);
    report({ sort, filters: next });
  };
  const changeSort = (next: GridSort) => {
    setSort(next);
    report({ sort: next, filters });
  };

  // The checklist of a server-paged grid asks the server for every page's texts when the menu opens.
  const [allValues, setAllValues] = useState<{ field: string; values: string[] } | null>(null);
  const loadValues = useRef<DataGridProps['columnValues']>(undefined);
  useEffect(() => {
    loadValues.current = serverSide ? props.columnValues : undefined;
  });
  const menuField = menu?.field;
  useEffect(() => {
    if (!menuField) return;
    let open = true;
    loadValues.current?.(menuField).then(
      (values) => open && setAllValues({ field: menuField, values: sortTexts(values) }),
      () => undefined,
    );
    return () => {
      open = false;
    };
  }, [menuField]);
  const openMenu = useCallback((field: string, opener: HTMLElement) => {
    const rect = opener.getBoundingClientRect();
    setMenu({ field, opener, left: Math.max(0, Math.min(rect.left, window.innerWidth - 290)), top: rect.bottom + 4 });
  }, []);
  const closeMenu = useCallback(() => {
    setMenu((open) => {
      open?.opener.focus();
      return null;
    });
    // The next opening asks again: the search or the other filters may have changed meanwhile.
    setAllValues(null);
  }, []);
  const header = useMemo(
    () =>
      headerTemplate({
        filters,
        sort,
        label: (title) => t('menu.of', { title }),
        open: openMenu,
        marks: { filtered: t('marks.filtered'), asc: t('marks.asc'), desc: t('marks.desc') },
      }),
    [filters, sort, t, openMenu],
  );

  const revoColumns = useMemo<ColumnRegular[]>(
    () =>
      ordered.map((c) => ({
        prop: c.field,
        name: c.title,
        size: c.width ?? 120,
        pin: c.fixed ? (groupOf(c.fixed) as 'colPinStart' | 'colPinEnd') : undefined,
        readonly: !editable || c.readonly,
        columnTemplate: header,
        cellProperties: cellPropertiesOf(c),
        cellTemplate: displayOf(c),
      })),
    [ordered, editable, header],
  );

  const typeOf = useCallback((field: string) => columns.find((c) => c.field === field)?.type ?? 'text', [columns]);

  /** Selects a cell by its position on screen and scrolls it into view. */
  const jump = useCallback(
    (at: CellPosition) => {
      current.current = { row: at.row, col: at.col };
      const column = ordered[at.col];
      const el = grid.current;
      if (!column || !el) return;
      const group = groupOf(column.fixed);
      const x = ordered.filter((c) => groupOf(c.fixed) === group).indexOf(column);
      void (async () => {
        await (group === 'rgCol' ? el.scrollToCoordinate({ x, y: at.row }) : el.scrollToRow(at.row));
        await el.setCellsFocus({ x, y: at.row }, { x, y: at.row }, group, 'rgRow');
      })();
    },
    [ordered],
  );

  const applyChanges = useCallback(
    (changes: { row: number; col: number; value: string }[]) => {
      if (!changes.length) return;
      const next = rows.slice();
      const copied = new Set<number>();
      const edits: GridEdit[] = new Array(changes.length);
      changes.forEach((change, k) => {
        const index = view[change.row]!;
        if (!copied.has(index)) {
          next[index] = { ...next[index] };
          copied.add(index);
        }
        const field = fields[change.col]!;
        next[index]![field] = change.value;
        edits[k] = { rowIndex: index, field, value: change.value };
      });
      setLocal({ base: givenRows, rows: next });
      onEdit?.(edits);
    },
    [rows, view, fields, givenRows, onEdit],
  );

  const actions = useFindActions({ source, ordered, editable, current, jump, applyChanges, warn: (text) => void message.warning(text) });
  useImperativeHandle(
    ref,
    () => ({ findAll: actions.findAll, replaceAll: actions.replaceAll, openFind: (tab) => setFind({ open: true, tab }) }),
    [actions],
  );

  const keyboard: GridKeyboard = useGridKeyboard(wrapper, {
    openFind: (tab) => setFind({ open: true, tab }),
    multiArea: () => void message.error(t('multiArea')),
    suspended: find.open || menu !== null,
  });

  const menuColumn = menu && columns.find((c) => c.field === menu.field);
  const menuValues = useMemo(() => {
    if (!menu) return [];
    return allValues?.field === menu.field ? allValues.values : distinctValues(rows, menu.field);
  }, [menu, rows, allValues]);
  return (
    <div
      ref={wrapper}
      role="region"
      aria-label={label ?? t('region')}
      aria-busy={loading || undefined}
      data-testid="data-grid"
      className={editable ? 'dg-root dg-editable' : 'dg-root'}
      style={{ height: height ?? 480 }}
      {...keyboard}
      // Capture: RevoGrid stops the event from bubbling out of its cells. The row comes from the cell
      // itself: RevoGrid reports the focus a frame later, after a quick double-click has already landed.
      onDoubleClickCapture={(e) => {
        const cell = (e.target as Element).closest('revogr-data[type="rgRow"] [data-rgrow]');
        const index = cell ? view[Number(cell.getAttribute('data-rgrow'))] : undefined;
        if (onRowOpen && index !== undefined) onRowOpen(index);
      }}
    >
      <RevoGrid
        ref={grid}
        source={source}
        columns={revoColumns}
        range
        resize
        filter={false}
        useClipboard
        readonly={!editable}
        canMoveColumns={false}
        hideAttribution
        theme="compact"
        style={{ height: '100%' }}
        onAfterfocus={(e) => {
          const { rowIndex, colIndex, colType } = e.detail;
          const offset = groups
            .slice(0, groups.indexOf(colType as ColGroup))
            .reduce((n, g) => n + ordered.filter((c) => groupOf(c.fixed) === g).length, 0);
          current.current = { row: rowIndex, col: offset + colIndex };
          if (view[rowIndex] !== undefined) onActiveRowChange?.(view[rowIndex]!);
        }}
        onBeforeedit={(e) => {
          const coerced = coerce(e.detail.val, typeOf(String(e.detail.prop)));
          if (coerced.ok) e.detail.val = coerced.value;
          else {
            e.preventDefault();
            void message.error(coerced.error);
          }
        }}
        onBeforerangeedit={(e) => {
          // Pasted, filled and cleared areas: values arrive as strings; keep the ones the column accepts.
          const rejected: string[] = [];
          for (const data of Object.values(e.detail.data) as Record<string, unknown>[]) {
            for (const [prop, value] of Object.entries(data)) {
              const coerced = coerce(value, typeOf(prop));
              if (coerced.ok) data[prop] = coerced.value;
              else {
                rejected.push(coerced.error);
                delete data[prop];
              }
            }
          }
          if (rejected.length) void message.warning(t('editRejected', { count: rejected.length, first: rejected[0] }));
        }}
        onBeforeautofill={(e) => {
          const { newRange, colType, newData } = e.detail;
          const group = ordered.filter((c) => groupOf(c.fixed) === colType);
          const targets = newRange ? group.slice(newRange.x, newRange.x1 + 1) : [];
          let reason = !newRange || targets.some((c) => c.readonly) ? t('extendReadonly') : '';
          for (const data of Object.values(newData ?? {}) as Record<string, unknown>[]) {
            for (const [prop, value] of Object.entries(data)) {
              const coerced = coerce(value, typeOf(prop));
              if (!coerced.ok) reason ||= coerced.error;
            }
          }
          if (reason) {
            e.preventDefault();
            void message.error(t('extendRange', { reason }));
          }
        }}
        onAfteredit={(e) => {
          const detail = e.detail as { rowIndex?: number; prop?: string; val?: unknown; data?: Record<number, Record<string, unknown>> };
          const edits: GridEdit[] = [];
          if (detail.data) {
            for (const [r, data] of Object.entries(detail.data)) {
              for (const [prop, value] of Object.entries(data))
                edits.push({ rowIndex: view[Number(r)]!, field: prop, value: String(value ?? '') });
            }
          } else if (detail.rowIndex !== undefined && detail.prop !== undefined) {
            edits.push({ rowIndex: view[detail.rowIndex]!, field: String(detail.prop), value: String(detail.val ?? '') });
          }
          if (edits.length) onEdit?.(edits);
        }}
      />
      {loading && <Spin className="dg-loading" />}
      <ConfigProvider theme={{ token: { zIndexPopupBase: 3000 } }}>
        {menu && menuColumn && (
          <FilterMenu
            key={menu.field}
            column={menuColumn}
            anchor={menu}
            filter={filters[menu.field] ?? emptyFilter()}
            values={menuValues}
            onSort={(order) => changeSort({ field: menu.field, order })}
            onPin={(side) => setPins({ ...pins, [menu.field]: side })}
            onApply={(f) => changeFilters({ ...filters, [menu.field]: f })}
            onClose={closeMenu}
          />
        )}
        {/* Mounted when first opened: a closed Modal still builds its styles, here under the grid's own theme. */}
        <Deferred when={find.open}>
          <FindDialog
            open={find.open}
            tab={find.tab}
            onTab={(tab) => setFind({ open: true, tab })}
            onClose={() => setFind({ ...find, open: false })}
            actions={actions}
          />
        </Deferred>
      </ConfigProvider>
    </div>
  );
}
