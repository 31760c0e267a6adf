// The query of a search form's result: 查询 always asks the server. Each press of 查询 gives the page a new search
// object, even with unchanged values; the query cache would answer an unchanged key from memory (and a key seen
// shortly before, within its staleTime), so a new search fetches again. A fetch already on its way is joined.
import { type QueryKey, type UseQueryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

export function useSearchQuery<QueryFnData, Error, Data, Key extends QueryKey>(
  options: UseQueryOptions<QueryFnData, Error, Data, Key>,
  /** The search the result is of: a new object is a new search (keep it in state, never build it in render). */
  search: unknown,
): UseQueryResult<Data, Error> {
  const result = useQuery(options);
  const { refetch } = result;
  const searched = useRef(search);
  const enabled = options.enabled !== false;
  useEffect(() => {
    if (searched.current === search) return;
    searched.current = search;
    if (enabled) void refetch({ cancelRefetch: false });
  }, [search, refetch, enabled]);
  return result;
}
