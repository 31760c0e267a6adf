// A server-paged list declared once — its table and the scope by tenant and supplier, its columns (SQL,
// type, sortable, filterable), its default order — and everything a list call needs made from it: the
// page with its total, the sort check, the grid's column filters, the value checklist and the export.
import { setImmediate } from 'node:timers/promises';
import type { ColumnFilter } from '@portal/contract';
import { type AliasedRawBuilder, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiError } from '../errors';
import { type DataScope, inScope } from '../scope';
import { type FilterColumn, columnFilterSql, distinctTexts, filterColumnOf, othersThan } from './column-filter';

export type SortOrder = 'asc' | 'desc';

export interface ListColumn {
  /** The value the list sorts by. */
  value: RawBuilder<unknown>;
  /** The cell text as the grid shows it, which column filters and the checklist compare (default: the value). */
  text?: RawBuilder<unknown>;
  /** Holds numbers: filter conditions compare numerically. */
  numeric?: boolean;
  sortable?: boolean;
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
  /** Orders after the sort, so that pages never overlap. */
  then: RawBuilder<unknown>[];
  /** Empty values last in both directions (default: PostgreSQL's, last ascending and first descending). */
  nullsLast?: boolean;
  /** The fields of a page's rows, selected from the matching rows. */
  select(matching: SelectQueryBuilder<D, TB, object>, db: Kysely<DB>, scope: Scope): RowQuery<Row>;
  /** Exports: lines in this order (unique), read in keyset batches or as one query. */
  exportOrder?: RawBuilder<unknown>[];
}

export interface PageRequest {
  page: number;
  limit: number;
  sort?: { field: string; order: SortOrder } | undefined;
  filters?: Record<string, ColumnFilter> | undefined;
}

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

  /** The order of a page: a sortable column of the list by its own name, or a 400 naming the field. */
  function orderOf(sort: PageRequest['sort']): RawBuilder<unknown> {
    const { field, order } = sort ?? list.defaultSort;
    const column = ownColumn(list.columns, field);
    if (!column?.sortable) throw ApiError.badRequest(`body.sort.field: 不能按 ${field} 排序`);
    const direction = order === 'asc' ? sql`ASC` : sql`DESC`;
    return list.nullsLast ? sql`${column.value} ${direction} NULLS LAST` : sql`${column.value} ${direction}`;
  }

  function ordered(query: RowQuery<Row>, order: RawBuilder<unknown>[]) {
    return order.reduce((q, o) => q.orderBy(o), query);
  }

  function exportOrder() {
    if (!list.exportOrder) throw new Error('this list has no export');
    return list.exportOrder;
  }

  return {
    matching,

    async page(db: Kysely<DB>, scope: Scope, search: Search, request: PageRequest) {
      const order = orderOf(request.sort);
      const rows = matching(db, scope, search, request.filters);
      const { n } = await rows
        .select(sql<number>`count(*)::int`.as('n'))
        .$castTo<{ n: number }>()
        .executeTakeFirstOrThrow();
      const page = await ordered(list.select(rows, db, scope), [order, ...list.then])
        .limit(request.limit)
        .offset((request.page - 1) * request.limit)
        .execute();
      return { total: n, list: page };
    },

    /** A column's distinct texts under the search and the other columns' filters (the grid's checklist). */
    columnValues(db: Kysely<DB>, scope: Scope, search: Search, filters: Record<string, ColumnFilter> | undefined, field: string) {
      const column = filterColumnOf(filterColumns, field);
      return distinctTexts(matching(db, scope, search, othersThan(filters, field)), column);
    },

    /** Every matching row in export order, as one query (for COPY). */
    exportQuery(db: Kysely<DB>, scope: Scope, search: Search, select = list.select) {
      return ordered(select(matching(db, scope, search), db, scope), exportOrder());
    },

    /**
     * Every matching row in export order, in keyset batches: memory stays flat. The keys are read from the
     * table, not from the fields (an exported field may have been rewritten).
     */
    async *exportBatches(db: Kysely<DB>, scope: Scope, search: Search, select = list.select, batchSize = 2000): AsyncGenerator<Row[]> {
      const keys = exportOrder();
      const names = keys.map((_, i) => `exportKey${i}`);
      let after: unknown[] | undefined;
      for (;;) {
        let q = select(matching(db, scope, search), db, scope).select(keys.map((k, i) => sql`${k}`.as(names[i]!)));
        if (after) q = q.where(sql<SqlBool>`(${sql.join(keys)}) > (${sql.join(after)})`);
        const rows = await ordered(q, keys).limit(batchSize).execute();
        if (rows.length === 0) return;
        yield rows;
        if (rows.length < batchSize) return;
        // PGlite runs queries on this thread and answers through promises alone: without a turn of the
        // event loop between batches, one export would hold every other request, health and signals.
        await setImmediate();
        const last = rows[rows.length - 1] as Record<string, unknown>;
        after = names.map((name) => last[name]);
      }
    },
  };
}
