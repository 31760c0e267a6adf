// The DataGrid and its types: the one table every list page uses.
export { DataGrid, type DataGridHandle, type DataGridProps, type GridEdit } from './data-grid';
export type { CellMatch, FindOptions } from './find';
export { gridHeight } from './grid-height';
export { fitTitles, sortableOnly, titleWidth } from './title-width';
export { emptyFilter, type ColumnType, type FilterState, type GridColumn, type GridQuery, type GridRow, type GridSort } from './types';
