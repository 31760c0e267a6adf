// Calls of supplier performance (ms0118, ms0119) with their query keys.
import { type CallBody, type CallQuery, type RankingRow, performance } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';

export type OverviewQuery = CallQuery<typeof performance.getSupplierPerformance>;
export type RankingQuery = CallBody<typeof performance.getPerformanceRanking>;

const keys = { all: ['performance'] as const };

export const overviewQuery = (query: OverviewQuery) =>
  queryOptions({
    queryKey: [...keys.all, 'supplier', query],
    queryFn: () => call(performance.getSupplierPerformance, { query }),
    placeholderData: (previous) => previous,
  });

export const rankingQuery = (body: RankingQuery) =>
  queryOptions({
    queryKey: [...keys.all, 'ranking', body],
    queryFn: (): Promise<{ total: number; list: RankingRow[] }> => call(performance.getPerformanceRanking, { body }),
    placeholderData: (previous) => previous,
  });
