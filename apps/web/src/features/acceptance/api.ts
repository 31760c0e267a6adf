// Calls of the receiving statistics (module ms0021), with query keys.
import { type AccCondition, type CallBody, acceptance } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';

export type GroupQuery = CallBody<typeof acceptance.getAccCountByCondition>;
export type DetailQuery = CallBody<typeof acceptance.getAccDetailInfo>;
export type Dimension = GroupQuery['groupBy'];

const keys = { all: ['acceptance'] as const };

export const totalsQuery = (condition: AccCondition) =>
  queryOptions({
    queryKey: [...keys.all, 'totals', condition],
    queryFn: () => call(acceptance.getAccCountSumByCondition, { body: condition }),
  });

export const groupsQuery = (query: GroupQuery) =>
  queryOptions({
    queryKey: [...keys.all, 'groups', query],
    queryFn: () => call(acceptance.getAccCountByCondition, { body: query }),
    placeholderData: (previous) => previous,
  });

export const detailQuery = (query: DetailQuery) =>
  queryOptions({
    queryKey: [...keys.all, 'details', query],
    queryFn: () => call(acceptance.getAccDetailInfo, { body: query }),
    placeholderData: (previous) => previous,
  });

/** A detail column's texts across every page under the condition and the other filters (the grid's checklist). */
export async function detailColumnValues(query: DetailQuery, field: string): Promise<string[]> {
  const { page: _page, limit: _limit, sort: _sort, ...rest } = query;
  return (await call(acceptance.getAccDetailColumnValues, { body: { ...rest, field } }, { silent: true })).values;
}
