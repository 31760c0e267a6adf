// Runs a definition's SQL: wrapped as a subquery that the grid's sort and column filters apply to, inside a
// read-only transaction with a statement timeout, the report role and the caller's scope set for the views.
import { type ColumnFilter, type QueryColumn, type QueryParam, ResultCode, maxColumnValues } from '@portal/contract';
import { createHash } from 'node:crypto';
import { type CompiledQuery, type Kysely, type RawBuilder, sql } from 'kysely';
import type pg from 'pg';
import type { ConnectionSource } from '../../db/database';
import type { DB } from '../../db/schema';
import { reportRole } from '../../db/migrations/0018-dynamic-query';
import { ApiError } from '../../platform/errors';
import { type FilterColumn, cellText, columnFilterSql, filterColumnOf, othersThan } from '../../platform/list/column-filter';
import type { SplitSql } from './sql-check';

/** Whose rows the report views show: a tenant, and '*' (every supplier), a supplier code, or '' (none: public). */
export interface ReportScope {
  tenantId: string;
  supplier: string;
}

export interface RunnerSettings {
  timeoutMs: number;
  rowCap: number;
  maxCost: number;
  concurrency: number;
  /** Runs that may wait for one of the `concurrency` (each at most `timeoutMs`); more answer 429. */
  queue: number;
}

/** A parameter's bound value: text, a number as text, a date, a date range [from, to], or a list. */
export type BoundValue = string | null | [string | null, string | null] | string[];

/** A definition ready to run: its SQL split at the parameters, the parameters' types and values, its columns. */
export interface Runnable {
  split: SplitSql;
  params: readonly QueryParam[];
  values: ReadonlyMap<string, BoundValue>;
  columns: readonly QueryColumn[];
}

/** The definition's SQL with each `:name` a typed, bound parameter (never text spliced in). */
export function definitionSql(r: Pick<Runnable, 'split' | 'params' | 'values'>): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql.raw(r.split.pieces[0]!)];
  r.split.names.forEach((name, i) => {
    const param = r.params.find((p) => p.name === name)!;
    const value = r.values.get(name) ?? null;
    parts.push(boundParam(param, value), sql.raw(r.split.pieces[i + 1]!));
  });
  return sql.join(parts, sql``);
}

function boundParam(param: QueryParam, value: BoundValue): RawBuilder<unknown> {
  switch (param.type) {
    case 'number':
      return sql`(${value}::numeric)`;
    case 'date':
      return sql`(${value}::date)`;
    case 'dateRange': {
      const [from, to] = Array.isArray(value) ? value : [null, null];
      return sql`daterange(${from}::date, ${to}::date, '[]')`;
    }
    case 'multiSelect':
      return sql`(${Array.isArray(value) && value.length ? value : null}::text[])`;
    default:
      return sql`(${value}::text)`;
  }
}

const columnRef = (field: string) => sql.ref(`q.${field}`);

function filterColumns(columns: readonly QueryColumn[]): Record<string, FilterColumn> {
  return Object.fromEntries(
    columns.map((c) => [
      c.field,
      { text: c.type === 'number' ? columnRef(c.field) : sql`${columnRef(c.field)}::text`, numeric: c.type === 'number' },
    ]),
  );
}

/** A cell as JSON: numbers and texts as the driver gives them (numeric stays an exact string), times as ISO text. */
function cellOf(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
}

export type ResultRow = Record<string, string | number | boolean | null>;

/** The window count's column beside a page's rows (not a column of any definition: they are checked names). */
const totalField = '__portal_total';

const rowOf = (fields: readonly string[], row: Record<string, unknown>): ResultRow =>
  Object.fromEntries(fields.map((f) => [f, cellOf(row[f])]));

const timedOut = (ms: number) =>
  new ApiError(400, ResultCode.badRequest, {
    'zh-CN': `查询超时（超过 ${ms / 1000} 秒），已停止。请缩小查询条件或简化查询`,
    en: `The query timed out (over ${ms / 1000} seconds) and was stopped. Please narrow the conditions or simplify the query.`,
  });

const tooMany = () =>
  new ApiError(429, ResultCode.throttled, {
    'zh-CN': '查询任务过多，请稍后再试',
    en: 'Too many queries are running. Please try again later.',
  });

/** A prepared statement's name for a query text: the same text, the same name on every connection. */
function statementName(text: string): string {
  return `portal_report_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
}

/**
 * Runs at once (`concurrency`), and runs waiting their turn in order (up to `queue`, each at most `waitMs`): a burst
 * of people opening query pages waits milliseconds for a connection instead of meeting a 429; only a backlog beyond
 * the queue, or a wait longer than a run may take, is refused.
 */
export class Slots {
  private running = 0;
  private readonly waiting: { start(): void; timer: NodeJS.Timeout }[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
    private readonly waitMs: number,
  ) {}

  async take(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running++;
      return;
    }
    if (this.waiting.length >= this.queue) throw tooMany();
    await new Promise<void>((resolve, reject) => {
      const waiter = {
        start: resolve,
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(tooMany());
        }, this.waitMs),
      };
      this.waiting.push(waiter);
    });
  }

  /** Hands the slot to the longest waiting run, or frees it. */
  give(): void {
    const next = this.waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.start();
    } else this.running--;
  }
}

/** How long a query's cost estimate is trusted, and how many are kept (the oldest dropped first). */
const estimateTtlMs = 60_000;
const estimatesKept = 500;

export class ReportRunner {
  private readonly slots: Slots;
  private readonly estimates = new Map<string, { cost: number; at: number }>();
  private readonly compiled = new WeakMap<RawBuilder<unknown>, CompiledQuery>();
  private role: Promise<boolean> | undefined;

  constructor(
    private readonly pool: ConnectionSource,
    private readonly db: Kysely<DB>,
    readonly settings: RunnerSettings,
  ) {
    this.slots = new Slots(settings.concurrency, settings.queue, settings.timeoutMs);
  }

  /** Whether this database user may take the report role (migration 0018 could not create it without CREATEROLE). */
  private roleUsable(client: pg.PoolClient): Promise<boolean> {
    this.role ??= client
      .query<{ usable: boolean }>(
        `SELECT CASE WHEN EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1) THEN pg_has_role(current_user, $1, 'MEMBER') ELSE false END AS usable`,
        [reportRole],
      )
      .then((r) => r.rows[0]?.usable === true);
    return this.role;
  }

  /**
   * Work inside one read-only transaction of the report role, the scope set for the views, time-limited. The
   * queries of `estimate` are first planned against the unscoped views (report_estimate) and refused when too costly.
   * The transaction, the scope and the role are one round trip when every estimate is already known (a page opened
   * again, or by another supplier): each statement of a run is a round trip of the database's CPU and this process's.
   */
  async session<T>(scope: ReportScope, work: (client: pg.PoolClient) => Promise<T>, estimate: RawBuilder<unknown>[] = []): Promise<T> {
    const plans = estimate.map((query) => this.costOf(query));
    // A query known to be too costly is refused before it waits for a slot or a connection.
    for (const plan of plans) if (plan.cost !== undefined) this.refuseCostly(plan.cost);
    await this.slots.take();
    let client: pg.PoolClient | undefined;
    let broken: Error | undefined;
    try {
      client = await this.pool.connect();
      const role = (await this.roleUsable(client)) ? `; SET LOCAL ROLE ${reportRole}` : '';
      const begin = 'BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY';
      const literal = client.escapeLiteral.bind(client);
      const settings = (path: string) =>
        `SELECT set_config('portal.report_tenant', ${literal(scope.tenantId)}, true), set_config('portal.report_supplier', ${literal(scope.supplier)}, true),
           set_config('search_path', '${path}', true), set_config('statement_timeout', ${literal(String(this.settings.timeoutMs))}, true)`;
      const unplanned = plans.filter((plan) => plan.cost === undefined);
      if (unplanned.length === 0) await client.query(`${begin}; ${settings('report')}${role}`);
      else {
        await client.query(`${begin}; ${settings('report_estimate')}`);
        for (const plan of unplanned) this.refuseCostly(await this.plan(client, plan));
        await client.query(`SELECT set_config('search_path', 'report', true)${role}`);
      }
      return await work(client);
    } catch (err) {
      throw this.explain(err);
    } finally {
      if (client) {
        await client.query('ROLLBACK').catch((err: Error) => {
          broken = err;
        });
        client.release(broken);
      }
      this.slots.give();
    }
  }

  /** Database errors of a report as the caller's 400 (its SQL or values), timeouts with their own message. */
  private explain(err: unknown): unknown {
    const code = (err as { code?: unknown }).code;
    if (typeof code !== 'string') return err;
    if (code === '57014') return timedOut(this.settings.timeoutMs);
    if (/^(42|22|2F|0A|25)/.test(code) || code === '21000') {
      return ApiError.badRequest({ 'zh-CN': `查询出错：${(err as Error).message}`, en: `The query failed: ${(err as Error).message}` });
    }
    return err;
  }

  /** A query's SQL and parameters, compiled once (a run's estimate key and its execution use the same). */
  private compile(query: RawBuilder<unknown>) {
    let compiled = this.compiled.get(query);
    if (!compiled) this.compiled.set(query, (compiled = query.compile(this.db)));
    return compiled;
  }

  /**
   * Runs a query; `named`: as a named prepared statement where the pool keeps them, so that a page run again on the
   * connection is not parsed and planned again (planning a definition over the scoped views took 4-6 ms of the
   * database's time, as much as running it). Only for texts of a bounded set (a definition's page in one of its
   * orders, no column filters): each stays prepared on every connection of the report pool until it closes.
   */
  private async execute(client: pg.PoolClient, query: RawBuilder<unknown>, named = false) {
    const compiled = this.compile(query);
    const name = named && this.pool.namedStatements ? statementName(compiled.sql) : undefined;
    return client.query({ text: compiled.sql, values: [...compiled.parameters], ...(name ? { name } : {}) });
  }

  /**
   * A query's cost as the planner estimates it, from the last `estimateTtlMs` when planned then (undefined: to plan).
   * The estimate is of the unscoped views, so it is the same for every caller of a definition with the same values: it
   * is kept (the latest `estimatesKept` queries), and a page opened again, or by another supplier, is planned once
   * instead of twice.
   */
  private costOf(query: RawBuilder<unknown>): { query: RawBuilder<unknown>; key: string; cost?: number } {
    const compiled = this.compile(query);
    const key = JSON.stringify([compiled.sql, compiled.parameters]);
    const kept = this.estimates.get(key);
    return kept && Date.now() - kept.at < estimateTtlMs ? { query, key, cost: kept.cost } : { query, key };
  }

  /** Plans a query (inside the session, against report_estimate) and keeps its cost. */
  private async plan(client: pg.PoolClient, { query, key }: { query: RawBuilder<unknown>; key: string }) {
    const explain = this.compile(sql`EXPLAIN (FORMAT JSON) ${query}`);
    const plan = await client.query({ text: explain.sql, values: [...explain.parameters] });
    const first = plan.rows[0] as { 'QUERY PLAN': [{ Plan: { 'Total Cost': number } }] } | undefined;
    const cost = first?.['QUERY PLAN'][0].Plan['Total Cost'] ?? 0;
    this.estimates.delete(key);
    this.estimates.set(key, { cost, at: Date.now() });
    if (this.estimates.size > estimatesKept) this.estimates.delete(this.estimates.keys().next().value!);
    return cost;
  }

  /** Refuses up front a query the planner expects to be too costly, rather than holding a connection until the timeout. */
  private refuseCostly(cost: number) {
    if (cost > this.settings.maxCost)
      throw ApiError.badRequest({
        'zh-CN': `查询预计开销过大（估算 ${Math.round(cost)}，上限 ${this.settings.maxCost}），请缩小查询条件或简化查询`,
        en: `The query is estimated to be too costly (estimate ${Math.round(cost)}, limit ${this.settings.maxCost}). Please narrow the conditions or simplify the query.`,
      });
  }

  /** The names of the columns the SQL returns, from the database planning it (`WHERE false`: nothing runs). */
  async describe(scope: ReportScope, r: Pick<Runnable, 'split' | 'params' | 'values'>): Promise<string[]> {
    return this.session(scope, async (client) => {
      const result = await this.execute(client, sql`SELECT * FROM (\n${definitionSql(r)}\n) AS q WHERE false LIMIT 0`);
      return result.fields.map((f) => f.name);
    });
  }

  private matching(r: Runnable, filters: Record<string, ColumnFilter> | undefined) {
    const where = columnFilterSql(filters, filterColumns(r.columns));
    return sql`FROM (\n${definitionSql(r)}\n) AS q${where ? sql` WHERE ${where}` : sql``}`;
  }

  private selection(r: Runnable) {
    return sql.join(r.columns.map((c) => columnRef(c.field)));
  }

  /**
   * The one order of a page and an export: the grid's sort, else the definition's own (its ORDER BY, which the
   * subquery keeps), so an export reads exactly as the screen.
   */
  private orderOf(r: Runnable, sort: { field: string; order: 'asc' | 'desc' } | undefined) {
    if (!sort) return sql``;
    const column = r.columns.find((c) => c.field === sort.field);
    if (!column)
      throw ApiError.badRequest({
        'zh-CN': `body.sort.field: 不能按 ${sort.field} 排序`,
        en: `body.sort.field: cannot sort by ${sort.field}`,
      });
    // The other columns break ties, so pages never overlap.
    const ties = r.columns.map((_, i) => sql.raw(String(i + 1)));
    return sql` ORDER BY ${columnRef(column.field)} ${sort.order === 'asc' ? sql`ASC` : sql`DESC`} NULLS LAST, ${sql.join(ties)}`;
  }

  /**
   * A page of rows and the total (counted up to the row cap). In the definition's own order (no grid sort), the
   * definition runs once: the first cap + 1 rows, counted by a window over them, and the page cut from them (the
   * same rows and count as a count and a page apart, for half the work). A grid sort orders every row, so its page
   * and the count of up to cap + 1 rows are two queries; a page past the last row counts apart too.
   */
  async page(
    scope: ReportScope,
    r: Runnable,
    request: {
      page: number;
      limit: number;
      sort?: { field: string; order: 'asc' | 'desc' } | undefined;
      filters?: Record<string, ColumnFilter> | undefined;
    },
  ) {
    const cap = this.settings.rowCap;
    const matching = this.matching(r, request.filters);
    const order = this.orderOf(r, request.sort);
    const offset = (request.page - 1) * request.limit;
    const limit = Math.max(0, Math.min(request.limit, cap - offset));
    const count = sql`SELECT count(*)::int AS n FROM (SELECT 1 ${matching} LIMIT ${cap + 1}) AS c`;
    const rows = request.sort
      ? sql`SELECT ${this.selection(r)} ${matching}${order} LIMIT ${limit} OFFSET ${offset}`
      : sql`SELECT ${this.selection(r)}, count(*) OVER ()::int AS ${sql.ref(totalField)}
          FROM (SELECT q.* ${matching} LIMIT ${cap + 1}) AS q LIMIT ${limit} OFFSET ${offset}`;
    const fields = r.columns.map((c) => c.field);
    return this.session(
      scope,
      async (client) => {
        const named = !request.filters || Object.keys(request.filters).length === 0;
        const list = limit > 0 ? ((await this.execute(client, rows, named)).rows as Record<string, unknown>[]) : [];
        const counted = request.sort || list.length === 0 ? undefined : (list[0]![totalField] as number);
        const n = counted ?? ((await this.execute(client, count, named)).rows[0] as { n: number }).n;
        return { total: Math.min(n, cap), capped: n > cap, list: list.map((row) => rowOf(fields, row)) };
      },
      request.sort ? [count, rows] : [rows],
    );
  }

  /** The first rows with every returned field (the designer's test run), the total up to the cap. */
  async sample(scope: ReportScope, r: Runnable, rows: number) {
    const cap = this.settings.rowCap;
    const base = sql`FROM (\n${definitionSql(r)}\n) AS q`;
    const count = sql`SELECT count(*)::int AS n FROM (SELECT 1 ${base} LIMIT ${cap + 1}) AS c`;
    const first = sql`SELECT q.* ${base} LIMIT ${rows}`;
    return this.session(
      scope,
      async (client) => {
        const result = await this.execute(client, first);
        const n = ((await this.execute(client, count)).rows[0] as { n: number }).n;
        const fields = result.fields.map((f) => f.name);
        return {
          fields,
          rows: result.rows.map((row) => rowOf(fields, row as Record<string, unknown>)),
          total: Math.min(n, cap),
          capped: n > cap,
        };
      },
      [count, first],
    );
  }

  /** A column's distinct texts under the other columns' filters (the grid's checklist). */
  async columnValues(scope: ReportScope, r: Runnable, filters: Record<string, ColumnFilter> | undefined, field: string) {
    const column = filterColumnOf(filterColumns(r.columns), field);
    const query = sql`SELECT DISTINCT ${cellText(column)} AS value ${this.matching(r, othersThan(filters, field))} ORDER BY 1 LIMIT ${maxColumnValues + 1}`;
    return this.session(
      scope,
      async (client) => {
        const rows = (await this.execute(client, query)).rows as { value: string }[];
        return { values: rows.slice(0, maxColumnValues).map((row) => row.value), more: rows.length > maxColumnValues };
      },
      [query],
    );
  }

  /**
   * Every matching row up to the row cap, in the order of the screen's pages, in batches, each its own short
   * transaction: a download read slowly holds no connection of the report pool between batches.
   */
  async *batches(
    scope: ReportScope,
    r: Runnable,
    request: { sort?: { field: string; order: 'asc' | 'desc' } | undefined; filters?: Record<string, ColumnFilter> | undefined },
    batchSize = 2000,
  ): AsyncGenerator<ResultRow[]> {
    const cap = this.settings.rowCap;
    const matching = this.matching(r, request.filters);
    const order = this.orderOf(r, request.sort);
    const fields = r.columns.map((c) => c.field);
    for (let offset = 0; offset < cap; offset += batchSize) {
      const limit = Math.min(batchSize, cap - offset);
      const query = sql`SELECT ${this.selection(r)} ${matching}${order} LIMIT ${limit} OFFSET ${offset}`;
      const rows = await this.session(scope, async (client) => (await this.execute(client, query)).rows as Record<string, unknown>[], [
        query,
      ]);
      if (rows.length === 0) return;
      yield rows.map((row) => rowOf(fields, row));
      if (rows.length < limit) return;
    }
  }
}
