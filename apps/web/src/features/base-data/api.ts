// Calls of the base data pages with their query keys; saves are mutations that refresh what they change.
import { type AccUnitForm, type BrandForm, type BusOption, type CallBody, type CategoryForm, baseInfo } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { treeQuery } from '../../components/pickers/lookups';

export type BrandListQuery = CallBody<typeof baseInfo.getBrandPage>;
export type DeptListQuery = CallBody<typeof baseInfo.getDeptPage>;
export type AccUnitListQuery = CallBody<typeof baseInfo.getAccUnitPage>;

export const baseDataKeys = {
  brands: ['base-data', 'brands'] as const,
  depts: ['base-data', 'depts'] as const,
  categories: ['base-data', 'categories'] as const,
  busOptions: ['base-data', 'bus-options'] as const,
  accUnits: ['base-data', 'acc-units'] as const,
};

export const brandPageQuery = (query: BrandListQuery) =>
  queryOptions({
    queryKey: [...baseDataKeys.brands, query],
    queryFn: () => call(baseInfo.getBrandPage, { body: query }),
    placeholderData: (previous) => previous,
  });

export async function brandColumnValues(query: BrandListQuery, field: string): Promise<string[]> {
  const { page: _page, limit: _limit, sort: _sort, ...search } = query;
  return (await call(baseInfo.getBrandColumnValues, { body: { ...search, field } }, { silent: true })).values;
}

export const deptPageQuery = (query: DeptListQuery) =>
  queryOptions({
    queryKey: [...baseDataKeys.depts, query],
    queryFn: () => call(baseInfo.getDeptPage, { body: query }),
    placeholderData: (previous) => previous,
  });

export async function deptColumnValues(query: DeptListQuery, field: string): Promise<string[]> {
  const { page: _page, limit: _limit, sort: _sort, ...search } = query;
  return (await call(baseInfo.getDeptColumnValues, { body: { ...search, field } }, { silent: true })).values;
}

export const categoryTreeQuery = queryOptions({
  queryKey: baseDataKeys.categories,
  queryFn: () => call(baseInfo.getCategoryTreeInfo, {}),
});

export const busOptionsQuery = queryOptions({
  queryKey: baseDataKeys.busOptions,
  queryFn: () => call(baseInfo.queryBusOption, { body: {} }),
});

/** Saves a brand (new or changed) and refreshes what lists brands. */
export function useSaveBrand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: BrandForm) => call(baseInfo.saveBrand, { body: form }),
    // The brand pickers read the legacy tree: it changes with the brands.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: baseDataKeys.brands }),
        client.invalidateQueries({ queryKey: treeQuery('brand').queryKey }),
      ]),
  });
}

export function useSaveCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: CategoryForm) => call(baseInfo.saveCategory, { body: form }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: baseDataKeys.categories }),
        client.invalidateQueries({ queryKey: treeQuery('category').queryKey }),
      ]),
  });
}

export function useSaveBusOption() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (option: BusOption) => call(baseInfo.saveBusOption, { body: option }),
    onSuccess: () => client.invalidateQueries({ queryKey: baseDataKeys.busOptions }),
  });
}

export const accUnitPageQuery = (query: AccUnitListQuery) =>
  queryOptions({
    queryKey: [...baseDataKeys.accUnits, query],
    queryFn: () => call(baseInfo.getAccUnitPage, { body: query }),
    placeholderData: (previous) => previous,
  });

export async function accUnitColumnValues(query: AccUnitListQuery, field: string): Promise<string[]> {
  const { page: _page, limit: _limit, sort: _sort, ...search } = query;
  return (await call(baseInfo.getAccUnitColumnValues, { body: { ...search, field } }, { silent: true })).values;
}

export function useSaveAccUnit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: AccUnitForm) => call(baseInfo.saveAccUnit, { body: form }),
    onSuccess: () => client.invalidateQueries({ queryKey: baseDataKeys.accUnits }),
  });
}
