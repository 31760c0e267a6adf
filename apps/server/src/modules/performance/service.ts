// Supplier performance: a supplier's twelve months (its own, from the session) and the staff ranking. The figures'
// definitions live in migration 0040 (perf_compute) and docs/performance.md; this reads their sums.
import type { performance } from '@portal/contract';
import { type CallBody, type CallQuery, type PerformanceFigures, type SupplierPerformance, businessDay } from '@portal/contract';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { scopeOf } from '../../platform/scope';
import type { SessionContext } from '../../platform/session-context';
import * as repo from './repo';

/** YYYY-MM shifted by whole months. */
function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}

const firstDay = (month: string) => `${month}-01`;

function figuresOf(row: repo.FigureRow | undefined): PerformanceFigures {
  if (!row)
    return {
      lines: 0,
      fullLines: 0,
      onTimeLines: 0,
      otifLines: 0,
      committedQty: '0',
      filledQty: '0',
      acceptedQty: '0',
      rejectedQty: '0',
      orders: 0,
      answeredOrders: 0,
      inTimeOrders: 0,
      declinedOrders: 0,
      inFullRate: null,
      fillRate: null,
      onTimeRate: null,
      otifRate: null,
      confirmRate: null,
      rejectionRate: null,
      avgConfirmHours: null,
    };
  const { key: _key, ...figures } = row;
  return figures;
}

type OverviewQuery = CallQuery<typeof performance.getSupplierPerformance>;

/** A supplier's figures: twelve months ending with the asked one (default: this month), the year and the month per store/DC. */
export async function supplierOverview(ctx: AppContext, session: SessionContext, query: OverviewQuery): Promise<SupplierPerformance> {
  if (session.kind === 'supplier' && query.suppCode && query.suppCode !== session.suppCode)
    throw ApiError.forbidden({ 'zh-CN': '只能查看本供应商的绩效', en: "Only your own supplier's performance can be shown" });
  const scope = scopeOf(session, query.suppCode);
  if (!scope.suppCode) throw ApiError.badRequest({ 'zh-CN': 'query.suppCode: 请选择供应商', en: 'query.suppCode: choose a supplier' });
  const suppName = await repo.supplierName(ctx.readDb, scope.tenantId, scope.suppCode);
  if (suppName === undefined)
    throw ApiError.notFound({ 'zh-CN': `供应商 ${scope.suppCode} 不存在`, en: `Supplier ${scope.suppCode} does not exist` });
  const today = businessDay(ctx.now());
  const month = query.month ?? today.slice(0, 7);
  const first = shiftMonth(month, -11);
  const base = { today, deptCode: query.deptCode, categoryCode: query.categoryCode };
  const yearFilter = { ...base, startMonth: firstDay(first), endMonth: firstDay(month) };
  const monthFilter = { ...base, startMonth: firstDay(month), endMonth: firstDay(month) };
  const [byMonth, year, byDept, median] = await Promise.all([
    repo.figuresBy(ctx.readDb, scope, yearFilter, 'month'),
    repo.figuresBy(ctx.readDb, scope, yearFilter, 'all'),
    repo.figuresBy(ctx.readDb, scope, monthFilter, 'dept'),
    repo.medianConfirmHours(ctx.readDb, scope, yearFilter),
  ]);
  const names = await repo.deptNames(
    ctx.readDb,
    scope.tenantId,
    byDept.map((r) => r.key),
  );
  const found = new Map(byMonth.map((r) => [r.key, r]));
  return {
    today,
    suppCode: scope.suppCode,
    suppName,
    month,
    months: Array.from({ length: 12 }, (_, i) => shiftMonth(first, i)).map((m) => ({ month: m, ...figuresOf(found.get(m)) })),
    year: figuresOf(year[0]),
    medianConfirmHours: median,
    byDept: byDept.map((r) => ({ deptCode: r.key, deptName: names.get(r.key) ?? '', ...figuresOf(r) })),
  };
}

type RankingQuery = CallBody<typeof performance.getPerformanceRanking>;

/** Staff: the tenant's suppliers ranked over a month range, one page. */
export async function ranking(ctx: AppContext, session: SessionContext, query: RankingQuery) {
  const scope = scopeOf(session);
  const today = businessDay(ctx.now());
  const filter = {
    today,
    startMonth: firstDay(query.startMonth),
    endMonth: firstDay(query.endMonth),
    deptCode: query.deptCode,
    categoryCode: query.categoryCode,
  };
  const page = await repo.ranking(ctx.readDb, scope, filter, query.sort, { page: query.page, limit: query.limit });
  return {
    today,
    total: page.total,
    list: page.list.map(({ key, rank, suppName, total: _total, ...row }) => ({
      rank,
      suppCode: key,
      suppName,
      ...figuresOf({ key, ...row }),
    })),
  };
}
