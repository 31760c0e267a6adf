// Calls of the base data pages with their query keys; saves are mutations that refresh what they change.
import { type AccUnitForm, type BrandForm, type BusOption, type CallBody, type CategoryForm, baseInfo } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useChange } from '../../lib/react-query';
import { treeQuery } from '../../components/pickers/lookups';
import { searchOf } from '../../components/server-list/search-of';

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
  return (await call(baseInfo.getBrandColumnValues, { body: { ...searchOf(query), field } }, { silent: true })).values;
}

export const deptPageQuery = (query: DeptListQuery) =>
  queryOptions({
    queryKey: [...baseDataKeys.depts, query],
    queryFn: () => call(baseInfo.getDeptPage, { body: query }),
    placeholderData: (previous) => previous,
  });

export async function deptColumnValues(query: DeptListQuery, field: string): Promise<string[]> {
  const search = searchOf(query);
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

/** Saves a brand (new or changed) and refreshes what lists brands; the brand pickers read the legacy tree, which changes with them. */
export const useSaveBrand = () =>
  useChange((form: BrandForm) => call(baseInfo.saveBrand, { body: form }), [baseDataKeys.brands, treeQuery('brand').queryKey]);

export const useSaveCategory = () =>
  useChange((form: CategoryForm) => call(baseInfo.saveCategory, { body: form }), [baseDataKeys.categories, treeQuery('category').queryKey]);

export const useSaveBusOption = () =>
  useChange((option: BusOption) => call(baseInfo.saveBusOption, { body: option }), [baseDataKeys.busOptions]);

export const accUnitPageQuery = (query: AccUnitListQuery) =>
  queryOptions({
    queryKey: [...baseDataKeys.accUnits, query],
    queryFn: () => call(baseInfo.getAccUnitPage, { body: query }),
    placeholderData: (previous) => previous,
  });

export async function accUnitColumnValues(query: AccUnitListQuery, field: string): Promise<string[]> {
  const search = searchOf(query);
  return (await call(baseInfo.getAccUnitColumnValues, { body: { ...search, field } }, { silent: true })).values;
}

export const useSaveAccUnit = () => useChange((form: AccUnitForm) => call(baseInfo.saveAccUnit, { body: form }), [baseDataKeys.accUnits]);
