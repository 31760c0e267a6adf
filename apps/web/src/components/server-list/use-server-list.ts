// One server-paged list in the browser: the search form's state, the DataGrid in server mode (sort and
// column filters go to the server), page and page size, the value checklist and the grid's height. A page
// declares how its search becomes the call's body and renders the props this hook gives.
import { type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Form } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchQuery } from '../../lib/use-search-query';
import { type DataGridProps, type GridQuery, type GridRow, gridHeight } from '../data-grid';

/** What a list call's body carries beside its search. */
export interface ListBody {
  page: number;
  limit: number;
  sort?: { field: string; order: 'asc' | 'desc' };
  filters?: GridQuery['filters'];
  /** The previous page's `next` (lists with `keyset`): the server reads the page after it by keyset, not OFFSET. */
  after?: string;
  /** The next page's `prev` (lists with `keyset`): the server reads the page before it by keyset. */
  before?: string;
}

export interface ListPage<Item> {
  total: number;
  /** The server's count stopped at its cap: more than `total` rows match. */
  totalCapped?: boolean | undefined;
  list: Item[];
  /** The cursor of the page after this one. */
  next?: string | undefined;
  /** The cursor of the page before this one. */
  prev?: string | undefined;
}

export interface ServerListOptions<Search, Body extends ListBody, Item, Key extends QueryKey> {
  /** The search the form starts with (and goes back to on reset). */
  initialSearch: Search;
  /**
   * A search owned by the page instead (one form above several lists): paging restarts and the page is fetched
   * again when it is a new object (so keep it in state; an object built in render would be a new search each time).
   */
  search?: Search;
  /** The call's body of a search, without paging, sort and filters. */
  bodyOf(search: Search): Omit<Body, keyof ListBody>;
  pageQuery(body: Body): UseQueryOptions<ListPage<Item>, Error, ListPage<Item>, Key>;
  /** The grid's checklist: a column's texts across every page (lists whose filters run on the server). */
  columnValues?(body: Body, field: string): Promise<string[]>;
  row(item: Item): GridRow;
  /** Page sizes the user picks from (the first is the default), or one fixed size. */
  pageSizes: number[];
  /** Columns the server sorts by; the grid's sort of another column is not sent (default: every column). */
  sortable?(field: string): boolean;
  /** Rows shown before the grid scrolls. */
  maxRows?: number;
  /** The call reads the page after or before the one shown by its cursors (`after`, `before`): deep pages by keyset. */
  keyset?: boolean;
}

const noGrid: GridQuery = { sort: null, filters: {} };

/** Where a keyset page is read from: after a row of the page shown, or before one. */
type Cursor = { after: string } | { before: string };

export function useServerList<Search extends object, Body extends ListBody, Item, Key extends QueryKey>(
  options: ServerListOptions<Search, Body, Item, Key>,
) {
  const { initialSearch, bodyOf, pageQuery, columnValues, row, pageSizes, sortable, maxRows, keyset } = options;
  const [form] = Form.useForm<Search>();
  const [ownSearch, setOwnSearch] = useState(initialSearch);
  const search = options.search ?? ownSearch;
  // Paging restarts with every new search, sort or filter.
  const [paging, setPaging] = useState<{ of: Search; grid: GridQuery; page: number; limit: number; cursor?: Cursor | undefined }>({
    of: search,
    grid: noGrid,
    page: 1,
    limit: pageSizes[0]!,
  });
  const current = paging.of === search ? paging : { ...paging, of: search, page: 1, cursor: undefined };
  const { grid, page, limit, cursor } = current;

  const sort = grid.sort && (!sortable || sortable(grid.sort.field)) ? { sort: { field: grid.sort.field, order: grid.sort.order } } : {};
  const exportBody = { ...bodyOf(search), ...sort, ...(columnValues ? { filters: grid.filters } : {}) } as Omit<Body, 'page' | 'limit'>;
  const body = { ...exportBody, page, limit, ...cursor } as Body;
  const { data, isFetching, isPlaceholderData } = useSearchQuery(pageQuery(body), search);
  const list = useMemo(() => data?.list ?? [], [data]);
  /**
   * The cursor to page `to` from the page shown, when it is the next or the previous one (and not page 1), and the
   * rows shown are that page's (not the last page's, kept on screen while the page asked for is on its way).
   */
  const cursorTo = (to: number): Cursor | undefined => {
    if (isPlaceholderData) return undefined;
    if (to === page + 1 && data?.next) return { after: data.next };
    if (to === page - 1 && to > 1 && data?.prev) return { before: data.prev };
    return undefined;
  };
  const rows = useMemo(() => list.map(row), [list, row]);

  /** A new search (the form's values, or some of them): back to page 1, asked of the server even when unchanged. */
  const apply = (next: Partial<Search>) => setOwnSearch((previous) => ({ ...previous, ...next }));
  const gridProps = {
    rows,
    loading: isFetching,
    serverSide: true,
    onQueryChange: (next: GridQuery) => setPaging({ ...current, grid: next, page: 1, cursor: undefined }),
    ...(columnValues ? { columnValues: (field: string) => columnValues(body, field) } : {}),
    height: gridHeight(rows.length, maxRows),
  } satisfies Partial<DataGridProps>;

  return {
    search,
    body,
    /** The body of the list's export: the search, sort and filters of the page the grid shows, without paging. */
    exportBody,
    list,
    total: data?.total,
    totalCapped: data?.totalCapped === true,
    apply,
    form: {
      form,
      initialValues: initialSearch,
      onFinish: apply,
    },
    /** The form back to its first values, and the list with it (state outside the form stays). */
    reset: () => {
      form.resetFields();
      apply(form.getFieldsValue());
    },
    grid: gridProps,
    pagination: {
      page,
      limit,
      total: data?.total ?? 0,
      totalCapped: data?.totalCapped === true,
      ...(pageSizes.length > 1 ? { sizes: pageSizes } : {}),
      // The page after or before the one shown, of a keyset list: read after its last row or before its first; any
      // other page (a jump, page 1, a new size) by its number.
      onChange: (next: number, size: number) =>
        setPaging({ ...current, page: next, limit: size, cursor: keyset && size === limit ? cursorTo(next) : undefined }),
    },
  };
}
