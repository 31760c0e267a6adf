// A server-paged list declared once — its table and the scope by tenant and supplier, its columns (SQL,
// type, sortable, filterable), its default order — and everything a list call needs made from it: the
// page with its total, the sort check, the grid's column filters, the value checklist and the export (the
// same rows in the same order as the grid shows: its sort and filters, then the list's unique tail).
import type { ColumnFilter, SortOrder } from '@portal/contract';
import { type AliasedRawBuilder, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiError } from '../errors';
import { type DataScope, inScope } from '../scope';
import { type FilterColumn, columnFilterSql, distinctTexts, filterColumnOf, othersThan } from './column-filter';

export type { SortOrder };

/** One key of a list's order. */
export interface OrderKey {
  value: RawBuilder<unknown>;
  order?: SortOrder;
}

export interface ListColumn {
  /** The value the list sorts by. */
  value: RawBuilder<unknown>;
  /** The cell text as the grid shows it, which column filters and the checklist compare (default: the value). */
  text?: RawBuilder<unknown>;
  /** Holds numbers: filter conditions compare numerically. */
  numeric?: boolean;
  sortable?: boolean;
  /** The directions it sorts in, when not both (a 400 for the other). */
  orders?: readonly SortOrder[];
  filterable?: boolean;
}

/** A query of a page's rows: the list orders and slices it. */
export interface RowQuery<Row> {
  orderBy(expression: RawBuilder<unknown>): RowQuery<Row>;
  limit(limit: number): RowQuery<Row>;
  offset(offset: number): RowQuery<Row>;
  select(selection: AliasedRawBuilder<unknown, string>[]): RowQuery<Row>;
  where(expression: RawBuilder<SqlBool>): RowQuery<Row>;
  execute(): Promise<Row[]>;
  compile(): ReturnType<SelectQueryBuilder<DB, keyof DB, object>['compile']>;
}

export interface ListDefinition<D, TB extends keyof D, Search, Scope extends DataScope, Row> {
  /** The list's table; `alias` names it (its tenant_id and supp_code take the scope). */
  from(db: Kysely<DB>): SelectQueryBuilder<D, TB, object>;
  alias: string;
  /** The search form's conditions, and any further ones of the caller (a main account's own children). */
  where?(query: SelectQueryBuilder<D, TB, object>, search: Search, scope: Scope): SelectQueryBuilder<D, TB, object>;
  /** Columns by wire field. */
  columns: Record<string, ListColumn>;
  defaultSort: { field: string; order: SortOrder };
  /** Orders after the sort, unique together (never null), so that pages never overlap and exports read in keyset batches. */
  then: OrderKey[];
  /** Empty values last in both directions (default: PostgreSQL's, last ascending and first descending). */
  nullsLast?: boolean;
  /**
   * Sorts whose ties (the `then` keys) run in the sort's own direction, each `then` key reversed when the sort
   * is descending: one index on (sort, then...) serves both directions without sorting the ties (a code of
   * thousands of lines). The other sorts keep the `then` keys' own directions.
   */
  tiesFollowSort?: readonly string[];
  /**
   * Sorts whose ties run reversed (each `then` key the other way) whichever the sort's direction: ties that grow with
   * time (bill numbers) newest first, so that a page of a recent window reads its rows at once in either direction
   * (two indexes: (sort, then reversed) forward, (sort, then) backward).
   */
  tiesReversed?: readonly string[];
  /** The fields of a page's rows, selected from the matching rows. */
  select(matching: SelectQueryBuilder<D, TB, object>, db: Kysely<DB>, scope: Scope): RowQuery<Row>;
  /**
   * How a page counts a list that grows with the business (default: every matching row, exactly). `cap`:
   * the count stops after `cap` rows and the page says `totalCapped` (the grid shows "10,000+"); `exact`:
   * an exact count when one is cheap for the search (a rollup), or undefined when it is not.
   */
  count?: {
    cap: number;
    exact?(db: Kysely<DB>, scope: Scope, search: Search, filters: Record<string, ColumnFilter> | undefined): Promise<number> | undefined;
  };
}

/** The grid's state that a page and an export of it share. */
export interface GridRequest {
  sort?: { field: string; order: SortOrder } | undefined;
  filters?: Record<string, ColumnFilter> | undefined;
}

export interface PageRequest extends GridRequest {
  page: number;
  limit: number;
  /** A page's `next`: the page after that page's last row (keyset, whatever `page` says). */
  after?: string | undefined;
  /** A page's `prev`: the page before that page's first row (keyset; the first page when fewer rows are left). */
  before?: string | undefined;
}

/** A page of a list: its rows, the count of all (a floor when `totalCapped`), and the cursor of the page after it. */
export interface ListPage<Row> {
  total: number;
  list: Row[];
  /** More rows match than `total`: the count stopped there. */
  totalCapped?: boolean;
  /** Send as `after` for the page after this one (present when the page is full). */
  next?: string;
  /** Send as `before` for the page before this one (present when this is not the first page). */
  prev?: string;
}

/** The lists that grow with the business count up to this many rows for a page. */
export const listCountCap = 10_000;

/**
 * The count of `rows` (a query of the matching rows, any columns), read no further than `cap` + 1 rows: a list
 * that grows with the business counts up to the cap and says so (`totalCapped`; the pager shows "10,000+").
 */
export async function cappedCount(
  db: Kysely<DB>,
  rows: RawBuilder<unknown>,
  cap: number = listCountCap,
): Promise<{ total: number; totalCapped: boolean }> {
  const counted = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (${rows} LIMIT ${cap + 1}) AS capped`.execute(db);
  const n = counted.rows[0]?.n ?? 0;
  return n > cap ? { total: cap, totalCapped: true } : { total: n, totalCapped: false };
}

interface Key {
  value: RawBuilder<unknown>;
  descending: boolean;
  nullsLast: boolean;
}

const orderSql = (k: Key) =>
  sql`${k.value} ${k.descending ? sql`DESC` : sql`ASC`}${k.nullsLast === k.descending ? sql` NULLS ${k.nullsLast ? sql`LAST` : sql`FIRST`}` : sql``}`;

/** Rows of `k` strictly after the value `v` in the key's order (`v` as text, or null). */
function after(k: Key, v: string | null): RawBuilder<SqlBool> {
  if (v === null) return k.nullsLast ? sql<SqlBool>`FALSE` : sql<SqlBool>`${k.value} IS NOT NULL`;
  const beyond = k.descending ? sql<SqlBool>`${k.value} < ${v}` : sql<SqlBool>`${k.value} > ${v}`;
  return k.nullsLast ? sql<SqlBool>`(${beyond} OR ${k.value} IS NULL)` : beyond;
}

/** Rows of `k` at or after `v`: a range an index on the first key can serve. */
function from(k: Key, v: string | null): RawBuilder<SqlBool> {
  if (v === null) return k.nullsLast ? sql<SqlBool>`${k.value} IS NULL` : sql<SqlBool>`TRUE`;
  const reach = k.descending ? sql<SqlBool>`${k.value} <= ${v}` : sql<SqlBool>`${k.value} >= ${v}`;
  return k.nullsLast ? sql<SqlBool>`(${reach} OR ${k.value} IS NULL)` : reach;
}

/** Rows after the row whose keys are `values`, in the order of `keys` (directions and empty values as ORDER BY has them). */
export function afterRow(keys: readonly Key[], values: readonly (string | null)[]): RawBuilder<SqlBool> {
  let rest: RawBuilder<SqlBool> = sql<SqlBool>`FALSE`;
  for (let i = keys.length - 1; i >= 0; i--) {
    const k = keys[i]!;
    const v = values[i]!;
    const same = v === null ? sql<SqlBool>`${k.value} IS NULL` : sql<SqlBool>`${k.value} = ${v}`;
    rest = sql<SqlBool>`(${after(k, v)} OR (${same} AND ${rest}))`;
  }
  return sql<SqlBool>`(${from(keys[0]!, values[0]!)} AND ${rest})`;
}

/** A keyset cursor: the sort it was read in and the keys of the row it follows, as text. */
interface Cursor {
  s: string;
  k: (string | null)[];
}

const sortName = (sort: { field: string; order: SortOrder }) => `${sort.field}:${sort.order}`;
/** The same key read the other way: the rows before a row, nearest first. */
const reversed = (k: Key): Key => ({ value: k.value, descending: !k.descending, nullsLast: !k.nullsLast });

const badCursor = () =>
  ApiError.badRequest({
    'zh-CN': 'body.after: 翻页位置无效，请从第一页重新查询',
    en: 'body.after: invalid page position; start again from page 1',
  });

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string, sort: string, keys: number): (string | null)[] {
  let cursor: unknown;
  try {
    cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  const { s, k } = (cursor ?? {}) as Partial<Cursor>;
  if (s !== sort || !Array.isArray(k) || k.length !== keys || !k.every((v) => v === null || typeof v === 'string')) throw badCursor();
  return k;
}

/**
 * `columns` with only `fields` sortable (a list's sorts that its indexes serve; issue #34): the others still filter,
 * and a sort by them is refused with a 400 naming the field.
 */
export function sortableOnly(fields: readonly string[], columns: Record<string, ListColumn>): Record<string, ListColumn> {
  return Object.fromEntries(Object.entries(columns).map(([field, c]) => [field, { ...c, sortable: fields.includes(field) }]));
}

/** A value of the cursor the column's type does not take (PostgreSQL's class 22, data exception) is the caller's mistake. */
const isDataException = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  typeof (err as { code?: unknown }).code === 'string' &&
  (err as { code: string }).code.startsWith('22');

const ownColumn = (columns: Record<string, ListColumn>, field: string) => (Object.hasOwn(columns, field) ? columns[field] : undefined);

export function serverList<D, TB extends keyof D, Search, Scope extends DataScope, Row>(list: ListDefinition<D, TB, Search, Scope, Row>) {
  const filterColumns: Record<string, FilterColumn> = Object.fromEntries(
    Object.entries(list.columns)
      .filter(([, c]) => c.filterable)
      .map(([field, c]) => [field, { text: c.text ?? c.value, ...(c.numeric ? { numeric: true } : {}) }]),
  );

  /** The rows of the scope that match the search and the column filters (unknown columns and bad numbers: 400). */
  function matching(db: Kysely<DB>, scope: Scope, search: Search, filters?: Record<string, ColumnFilter>) {
    let q = list.from(db).where(inScope(scope, list.alias));
    if (list.where) q = list.where(q, search, scope);
    const columns = columnFilterSql(filters, filterColumns);
    return columns ? q.where(columns) : q;
  }

  /** The grid's order: a sortable column of the list by its own name (else a 400 naming the field), then the tail. */
  function orderOf(sort: GridRequest['sort']): Key[] {
    const { field, order } = sort ?? list.defaultSort;
    return orderBy(field, order);
  }

  function orderBy(field: string, order: SortOrder): Key[] {
    const column = ownColumn(list.columns, field);
    if (!column?.sortable)
      throw ApiError.badRequest({ 'zh-CN': `body.sort.field: 不能按 ${field} 排序`, en: `body.sort.field: cannot sort by ${field}` });
    const descending = order === 'desc';
    // Offered one way only: the refusal names the other way, the one it sorts in.
    if (column.orders && !column.orders.includes(order))
      throw ApiError.badRequest({
        'zh-CN': `body.sort.order: ${field} 只能${descending ? '升序' : '降序'}排序`,
        en: `body.sort.order: ${field} sorts ${descending ? 'ascending' : 'descending'} only`,
      });
    const flip = (descending && list.tiesFollowSort?.includes(field) === true) || list.tiesReversed?.includes(field) === true;
    return [
      { value: column.value, descending, nullsLast: list.nullsLast === true || !descending },
      ...list.then.map((k) => {
        const tieDescending = (k.order === 'desc') !== flip;
        return { value: k.value, descending: tieDescending, nullsLast: !tieDescending };
      }),
    ];
  }

  function ordered(query: RowQuery<Row>, keys: Key[]) {
    return keys.reduce((q, k) => q.orderBy(orderSql(k)), query);
  }

  /** The page's count: exact by default; for a list with `count`, its cheap exact count or at most the cap. */
  async function count(
    db: Kysely<DB>,
    scope: Scope,
    search: Search,
    filters: Record<string, ColumnFilter> | undefined,
    rows: SelectQueryBuilder<D, TB, object>,
  ): Promise<{ total: number; totalCapped?: boolean }> {
    if (!list.count) {
      const { n } = await rows
        .select(sql<number>`count(*)::int`.as('n'))
        .$castTo<{ n: number }>()
        .executeTakeFirstOrThrow();
      return { total: n };
    }
    const exact = list.count.exact?.(db, scope, search, filters);
    if (exact) return { total: await exact, totalCapped: false };
    return cappedCount(db, sql`${rows.select(sql`1`.as('one'))}`, list.count.cap);
  }

  return {
    matching,

    /**
     * One page in the grid's order, and the count: exact, or (lists with `count`) cheap-exact or capped. A
     * request with `after` reads the page after that row by keyset, one with `before` the page before it (the
     * rows before it nearest first, turned round; the first page when fewer than a page are left); every full
     * page gives its `next`, every page but the first its `prev`. Any other page is read by its number (OFFSET):
     * a jump, bounded by the count's cap where the list has one (10,000 rows).
     */
    async page(db: Kysely<DB>, scope: Scope, search: Search, request: PageRequest): Promise<ListPage<Row>> {
      if (request.after !== undefined && request.before !== undefined)
        throw ApiError.badRequest({ 'zh-CN': 'body.before: 不能与 after 同时给出', en: 'body.before: give after or before, not both' });
      const sort = request.sort ?? list.defaultSort;
      const keys = orderBy(sort.field, sort.order);
      const rows = matching(db, scope, search, request.filters);
      const names = keys.map((_, i) => `pageKey${i}`);
      const base = list.select(rows, db, scope).select(keys.map((k, i) => sql`(${k.value})::text`.as(names[i]!)));
      const read = (q: RowQuery<Row>, order: Key[], cursor?: string, limit = request.limit) =>
        ordered(q, order)
          .limit(limit)
          .execute()
          .catch((err: unknown) => {
            throw cursor !== undefined && isDataException(err) ? badCursor() : err;
          });
      const cursorOf = (text: string) => decodeCursor(text, sortName(sort), keys.length);
      /** The page's rows in the grid's order, and whether they are the first page. */
      const readPage = async (): Promise<{ found: Row[]; first: boolean }> => {
        if (request.after !== undefined)
          return { found: await read(base.where(afterRow(keys, cursorOf(request.after))), keys, request.after), first: false };
        if (request.before !== undefined) {
          const back = keys.map(reversed);
          // One row more than a page: whether any row is left before the page read.
          const found = await read(base.where(afterRow(back, cursorOf(request.before))), back, request.before, request.limit + 1);
          if (found.length > request.limit) return { found: found.slice(0, request.limit).reverse(), first: false };
          if (found.length === request.limit) return { found: found.reverse(), first: true };
          // Fewer than a page before it (rows came or went since): the first page, as page 1 shows it.
          return { found: await read(base, keys), first: true };
        }
        return { found: await read(base.offset((request.page - 1) * request.limit), keys), first: request.page === 1 };
      };
      const [{ found, first }, counted] = await Promise.all([readPage(), count(db, scope, search, request.filters, rows)]);
      const cursorAt = (row: Row | undefined) => {
        const keyed = row as Record<string, string | null> | undefined;
        return keyed && encodeCursor({ s: sortName(sort), k: names.map((n) => keyed[n] ?? null) });
      };
      const next = found.length === request.limit ? cursorAt(found[found.length - 1]) : undefined;
      const prev = first ? undefined : cursorAt(found[0]);
      const page = found.map((row) => {
        const out = { ...row } as Record<string, unknown>;
        for (const name of names) delete out[name];
        return out as Row;
      });
      return { ...counted, list: page, ...(next ? { next } : {}), ...(prev ? { prev } : {}) };
    },

    /** A column's distinct texts under the search and the other columns' filters (the grid's checklist). */
    columnValues(db: Kysely<DB>, scope: Scope, search: Search, filters: Record<string, ColumnFilter> | undefined, field: string) {
      const column = filterColumnOf(filterColumns, field);
      return distinctTexts(matching(db, scope, search, othersThan(filters, field)), column);
    },

    /** Every row the grid shows (its filters, in its order), as one query (for COPY). */
    exportQuery(db: Kysely<DB>, scope: Scope, search: Search, grid: GridRequest = {}, select = list.select) {
      const keys = orderOf(grid.sort);
      return ordered(select(matching(db, scope, search, grid.filters), db, scope), keys);
    },

    /**
     * Every row the grid shows, in its order, in keyset batches: memory stays flat. The keys are read from
     * the table, not from the fields (an exported field may have been rewritten), as text, so that they
     * come back exact (a timestamp's microseconds, a numeric's digits).
     */
    async *exportBatches(
      db: Kysely<DB>,
      scope: Scope,
      search: Search,
      grid: GridRequest = {},
      select = list.select,
      batchSize = 2000,
    ): AsyncGenerator<Row[]> {
      const keys = orderOf(grid.sort);
      const names = keys.map((_, i) => `exportKey${i}`);
      let last: (string | null)[] | undefined;
      for (;;) {
        let q = select(matching(db, scope, search, grid.filters), db, scope).select(
          keys.map((k, i) => sql`(${k.value})::text`.as(names[i]!)),
        );
        if (last) q = q.where(afterRow(keys, last));
        const rows = await ordered(q, keys).limit(batchSize).execute();
        if (rows.length === 0) return;
        yield rows;
        if (rows.length < batchSize) return;
        const end = rows[rows.length - 1] as Record<string, string | null>;
        last = names.map((name) => end[name] ?? null);
      }
    },
  };
}
