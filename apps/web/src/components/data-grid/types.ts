// Shapes of the DataGrid's public API: columns, the filter state of spec section 3, the query a page gets.
export type ColumnType = 'text' | 'number' | 'date' | 'money';

export interface GridColumn {
  field: string;
  title: string;
  type?: ColumnType;
  width?: number;
  fixed?: 'left' | 'right';
  /** Not editable even in an editable grid. */
  readonly?: boolean;
  /**
   * How a read-only cell shows its value (a state code in the user's language); find, filters and the
   * server keep comparing the value itself.
   */
  display?(value: string): string;
  /** Extra class of a cell from its row (a page's own styles mark states or shortfalls). */
  cellClass?(row: GridRow): string | undefined;
  /** The column menu offers sorting (default); false where a server-side grid cannot sort by it. */
  sortable?: boolean;
  /** The directions the column menu offers when not both (a sort the server serves one way only). */
  sortOrders?: readonly ('asc' | 'desc')[];
  /** The column menu offers filters (default); false where a server-side grid cannot filter by it. */
  filterable?: boolean;
}

export type GridRow = Record<string, string | number | null | undefined>;

/** A cell's text as the user sees it and as find and filters compare it. */
export const cellText = (value: GridRow[string]): string => (value === null || value === undefined ? '' : String(value));

export type TextCondition = 'contains' | 'notContains' | 'equals' | 'notEquals' | 'beginsWith' | 'endsWith' | 'empty' | 'notEmpty';
export type NumberCondition = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le' | 'between';
export type Condition = TextCondition | NumberCondition;

/** The column filter of spec section 3, field names kept so that pages can save and restore it. */
export interface FilterState {
  /** Text conditions compare case-sensitively when set. */
  isSensitive: boolean;
  /** Values ticked in the checklist; null: no checklist filter. */
  checks: string[] | null;
  /** Search text of the checklist. */
  sVal: string;
  /** The quick condition chosen in the menu ('' for none). */
  sMenu: Condition | '';
  fType1: Condition | '';
  fVal1: string;
  fMode: 'and' | 'or';
  fType2: Condition | '';
  fVal2: string;
}

export const emptyFilter = (): FilterState => ({
  isSensitive: false,
  checks: null,
  sVal: '',
  sMenu: '',
  fType1: '',
  fVal1: '',
  fMode: 'and',
  fType2: '',
  fVal2: '',
});

export interface GridSort {
  field: string;
  order: 'asc' | 'desc';
}

export interface GridQuery {
  sort: GridSort | null;
  filters: Record<string, FilterState>;
}
