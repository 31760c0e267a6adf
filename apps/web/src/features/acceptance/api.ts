// Calls of the receiving statistics (module ms0021) and the base data its filters offer, with query keys.
import { type AccCondition, type CallBody, acceptance, baseInfo } from '@portal/contract';
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

/** Base data changes rarely: fetched once per visit. */
const lookup = { staleTime: 10 * 60_000 } as const;

export const deptsQuery = queryOptions({
  queryKey: ['base-info', 'depts'],
  queryFn: () => call(baseInfo.getAllDeptInfo, { body: null }),
  ...lookup,
});
export const brandsQuery = queryOptions({
  queryKey: ['base-info', 'brands'],
  queryFn: () => call(baseInfo.getAllBrandInfo, { body: null }),
  ...lookup,
});
export const categoryTreeQuery = queryOptions({
  queryKey: ['base-info', 'category-tree'],
  queryFn: () => call(baseInfo.getCategoryTreeInfo),
  ...lookup,
});
