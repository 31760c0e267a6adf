// Calls of the query pages and of the designer, with their query keys.
import { type CallBody, type CallData, type QueryDefinition, type ResultRow, dynamicQuery, menu } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useChange } from '../../lib/react-query';
import { useUserStore } from '../../stores/user';
import { searchOf } from '../../components/server-list/search-of';

export type RunBody = CallBody<typeof dynamicQuery.run>;

export const dynamicQueryKeys = {
  all: ['dynamic-query'] as const,
  page: ['dynamic-query', 'page'] as const,
  run: ['dynamic-query', 'run'] as const,
  designer: ['dynamic-query', 'designer'] as const,
};

/** The tenant of a signed-out caller (public definitions); signed-in callers send none. */
const tenantQuery = (tenantid: string | undefined) => (tenantid ? { tenantid } : {});

export const pageDefinitionQuery = (queryCode: string, tenantid: string | undefined) =>
  queryOptions({
    queryKey: [...dynamicQueryKeys.page, queryCode, tenantid ?? ''],
    queryFn: () => call(dynamicQuery.getPageDefinition, { query: { queryCode, ...tenantQuery(tenantid) } }, { silent: true }),
    retry: false,
  });

/** A page of a run in the list machinery's shape; the answer also says `capped` (see cappedOf). */
export interface RunPage {
  total: number;
  list: ResultRow[];
}

/** Whether a run's rows passed the server's row cap. */
export const cappedOf = (page: RunPage | undefined): boolean =>
  page !== undefined && (page as Partial<CallData<typeof dynamicQuery.run>>).capped === true;

export const runQuery = (body: RunBody, tenantid: string | undefined) =>
  queryOptions<RunPage, Error, RunPage, readonly unknown[]>({
    queryKey: [...dynamicQueryKeys.run, body, tenantid ?? ''],
    queryFn: () => call(dynamicQuery.run, { query: tenantQuery(tenantid), body }),
    placeholderData: (previous: RunPage | undefined) => previous,
    retry: false,
  });

export async function runColumnValues(body: RunBody, field: string, tenantid: string | undefined): Promise<string[]> {
  return (await call(dynamicQuery.runColumnValues, { query: tenantQuery(tenantid), body: { ...searchOf(body), field } }, { silent: true }))
    .values;
}

export const definitionsQuery = queryOptions({
  queryKey: [...dynamicQueryKeys.designer, 'list'],
  queryFn: () => call(dynamicQuery.listDefinitions, { body: {} }),
});

export const definitionQuery = (queryCode: string) =>
  queryOptions({
    queryKey: [...dynamicQueryKeys.designer, 'one', queryCode],
    queryFn: () => call(dynamicQuery.getDefinition, { query: { queryCode } }),
  });

export const publishOptionsQuery = queryOptions({
  queryKey: [...dynamicQueryKeys.designer, 'publish-options'],
  queryFn: () => call(dynamicQuery.publishTargetOptions, {}),
  staleTime: 60_000,
});

/**
 * After a change to definitions: the designer's lists (the query fetches them again), and the signed-in user's own
 * menu, which holds a published definition's entry and title when the user's role is one it was published to (no
 * new sign-in needed).
 */
async function reloadMenu(): Promise<void> {
  const routes = await call(menu.queryMerchantsModuleList, { query: {} }, { silent: true }).catch(() => null);
  if (routes) useUserStore.getState().setMenu(routes);
}

export const useSaveDefinition = () =>
  useChange(
    (body: QueryDefinition & { isNew: boolean }) => call(dynamicQuery.saveDefinition, { body }),
    [dynamicQueryKeys.all],
    reloadMenu,
  );

export const useDeleteDefinition = () =>
  useChange((queryCode: string) => call(dynamicQuery.deleteDefinition, { body: { queryCode } }), [dynamicQueryKeys.all], reloadMenu);

export const usePublish = () =>
  useChange((body: CallBody<typeof dynamicQuery.publish>) => call(dynamicQuery.publish, { body }), [dynamicQueryKeys.all], reloadMenu);

/** A test run changes nothing: no query is read afresh. */
export const useTestRun = () =>
  useChange((body: CallBody<typeof dynamicQuery.testRun>) => call(dynamicQuery.testRun, { body }, { silent: true }), []);
