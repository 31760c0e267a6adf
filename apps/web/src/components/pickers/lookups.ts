// The legacy common lookups the pickers read (spec section 7), with their query keys. The server scopes each:
// a supplier account gets its own goods and the stores it deals with, staff their tenant's.
import { type CallBody, common } from '@portal/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';

/** Base data changes rarely: fetched once per visit. */
const lookup = { staleTime: 10 * 60_000 } as const;
const keys = ['common'] as const;

/** Stores and DCs the caller deals with, or (storesOnly) the open stores a store picker offers. */
export const storesQuery = (storesOnly: boolean) =>
  queryOptions({
    queryKey: [...keys, storesOnly ? 'pick-stores' : 'depts'],
    queryFn: () => (storesOnly ? call(common.getPickStoreList, { body: null }) : call(common.getDeptList, { body: null })),
    ...lookup,
  });

export type TreeKind = 'category' | 'brand' | 'supplier';
const treeCalls = { category: common.getCatalogClassInfo, brand: common.getBrandInfo, supplier: common.getSupplierCateInfo } as const;

/** A picker's tree under its root ('所有类别', '所有品牌', '所有供应商'). */
export const treeQuery = (kind: TreeKind) =>
  queryOptions({ queryKey: [...keys, 'tree', kind], queryFn: () => call(treeCalls[kind]), ...lookup });

/** Every supplier the caller may pick (the legacy list's page size 9999): staff their tenant's, a supplier account itself. */
export const suppliersQuery = queryOptions({
  queryKey: [...keys, 'suppliers'],
  queryFn: async () => (await call(common.getSupplierInfo, { body: { page: 1, pageSize: 9999 } })).list,
  ...lookup,
});

export type GoodsSearch = NonNullable<CallBody<typeof common.getGoodInfo>>;

/** Goods matching a code, barcode or part of a name (the first page). */
export const goodsQuery = (search: GoodsSearch) =>
  queryOptions({
    queryKey: [...keys, 'goods', search],
    queryFn: () => call(common.getGoodInfo, { body: search }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** A picker's width: pixels, or a share of its container ('100%' in a form's column). */
export type PickerWidth = number | `${number}%`;

/**
 * A picker's list may be wider than the picker to show its texts whole; on a phone, or when the picker already
 * fills its container, it keeps the picker's width.
 */
export const popupWidth = (width: PickerWidth, wide: number): number | true =>
  typeof width !== 'number' || (typeof window !== 'undefined' && window.innerWidth < 576) ? true : Math.max(width, wide);
